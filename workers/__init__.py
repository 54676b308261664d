"""The workers: RQ jobs that compute odds, run simulations, hazards and GM scripts, and push their results to the table."""
