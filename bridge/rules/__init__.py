"""Pure rules packages: no I/O, dice injected by the caller."""
