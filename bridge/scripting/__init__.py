"""Python scripting: a world's GM macros and house rules (docs/scripting.md).

``api`` is what scripts import; ``loader`` runs them (in a worker's child
process only); ``shelf`` keeps what the table needs of them in Redis;
``applied`` makes a macro's recorded effects by the rules."""
