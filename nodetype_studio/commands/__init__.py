"""Sub-commands of the `nodetype-studio` command line (one module each)."""
