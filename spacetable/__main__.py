"""`python -m spacetable …` runs the command line (the same as the `spacetable` command)."""

from spacetable.cli.main import app

app()
