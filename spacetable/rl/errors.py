"""The RL faces' own errors: a missing optional extra, and an environment used out of order."""

from __future__ import annotations

import importlib
from types import ModuleType

from spacetable.engine.errors import ConfigError, SpacetableError

INSTALL_HINT = "pip install 'spacetable[rl]'"


class MissingExtra(ConfigError):
    """A library of the optional ``rl`` extra (numpy, pettingzoo, gymnasium, open_spiel) is missing."""


class EnvNotReady(SpacetableError, RuntimeError):
    """`step()` before `reset()`, or after the episode ended. Also a RuntimeError, as it was before."""


def require(module: str, purpose: str) -> ModuleType:
    """Import `module` or raise `MissingExtra` naming the extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise MissingExtra(f"{purpose} needs the {module.split('.')[0]!r} package ({e.name or e}): "
                           f"{INSTALL_HINT}") from e
