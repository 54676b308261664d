"""Running the service: the web server, the embedded Redis, the process lineage, the CLI."""
