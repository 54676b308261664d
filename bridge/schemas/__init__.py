"""Marshmallow schemas of the wire protocol; JSON Schema exported from them."""
