"""Moment of Truth's jobs on the workers: odds, simulations and hazards (``bridge.systems.moment_of_truth`` queues them by name)."""
