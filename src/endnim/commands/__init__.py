"""The ``endnim`` subcommands, one module each (loaded only when used)."""
