"""spacetable: rules engines, bots, simulators and clients for space-themed tabletop games."""

__version__ = "0.1.0"
