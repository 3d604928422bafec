"""Imports every bot module so that each registers itself. Add new bot modules here."""

from __future__ import annotations

import importlib

BOT_MODULES = (
    "spacetable.bots.moonrakers_random",
    "spacetable.bots.moonrakers_greedy",
    "spacetable.bots.spacelanes_greedy",
)

for _name in BOT_MODULES:
    try:
        importlib.import_module(_name)
    except ModuleNotFoundError as e:  # a game whose bots are not written yet
        if e.name != _name:
            raise
