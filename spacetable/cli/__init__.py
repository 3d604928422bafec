"""Command-line faces: the terminal client and the tool commands."""
