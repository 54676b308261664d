"""Moment of Clarity, a draft rules text, as pure functions (dice injected).
docs/rules/moment_of_clarity.md settles the Effect Number,
the levels and open-ended dice; each module says what it leaves to the GM.

- ``effect`` (natural values, bonus dice, the Effect Number), ``levels``
  (the six levels of success, TNs), ``rolls`` (d6 and d10 pools, open-ended
  10s, cards' augments re-judged), ``odds`` (exact chances of each level);
- actions: ``skills`` (untrained skills, extended actions), ``splitting``
  (a pool split among actions, failures pre-empting), ``opposed``
  (successes rolled in secret, declared and spent);
- effect modifiers: ``elements`` (Elements, suits, the five archetypes),
  ``cards`` (the deck, the session's draw, cards as beads and on dice),
  ``trumps``, ``chips``, ``beads`` (per scene, allocation, what they buy);
- combat: ``combat`` (initiative, to-hit raises into the damage pool),
  ``health`` (damage, pain and fatigue, dazing, resisting damage, recovery).
"""
