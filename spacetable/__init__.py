"""spacetable: rules engines, bots, simulators and clients for space-themed tabletop games."""

__version__ = "0.1.0"

from spacetable import buildinfo as _buildinfo

_buildinfo.activate()  # the compiled modules when SPACETABLE_BUILD=compiled asks (docs/performance.md)
