"""The RL faces' own errors: a missing optional extra, and an environment used out of order."""

from __future__ import annotations

import importlib
from types import ModuleType

from spacetable.engine.errors import ConfigError, SpacetableError

INSTALL_HINT = "pip install 'spacetable[rl]'"
EXTRAS = {"pyspiel": "openspiel"}
"""The extra that brings a module, where it is not ``rl``."""


def install_hint(module: str) -> str:
    return f"pip install 'spacetable[{EXTRAS.get(module.split('.')[0], 'rl')}]'"


class MissingExtra(ConfigError):
    """A library of an optional extra is missing: ``rl`` (pettingzoo, gymnasium) or ``openspiel``."""


class EnvNotReady(SpacetableError, RuntimeError):
    """`step()` before `reset()`, or after the episode ended. Also a RuntimeError, as it was before."""


def require(module: str, purpose: str) -> ModuleType:
    """Import `module` or raise `MissingExtra` naming the extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise MissingExtra(f"{purpose} needs the {module.split('.')[0]!r} package ({e.name or e}): "
                           f"{install_hint(module)}") from e
