"""The bridge: the web service that answers the tables' requests (see README.md, Layout)."""
