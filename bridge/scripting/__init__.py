"""Python scripting: a world's GM macros and house rules (docs/scripting.md),
in a world of any rule system.

``api`` is what scripts import; ``loader`` runs them (in a worker's child
process only); ``shelf`` keeps what the table needs of them in Redis;
``hooks`` is the seam through which each rule system offers its table,
targets and effects; ``events`` and ``schemas`` are the ``macro.*`` requests."""
