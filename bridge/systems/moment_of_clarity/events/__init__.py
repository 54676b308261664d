"""Moment of Clarity's ``moc.`` requests: validate (schemas), call the pure
rules and ``state`` changes, publish cards (docs/systems/moment_of_clarity.md).
One module per area, each with ``init_app(app)``: ``characters`` (and
sessions), ``rolls`` (splits, augments and opposed actions), ``cards``
(cards, chips and beads), ``combat`` (and recovery); ``common``, what they share."""

from . import cards, characters, checks, combat, fate, rolls

#: The areas, each registering its handlers with ``init_app(app)``.
AREAS = (characters, rolls, checks, cards, combat, fate)
