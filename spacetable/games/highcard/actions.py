"""Highcard's fixed action space, built once at import.

``roll 1``…``roll 6`` are the chance outcomes of the prize die (H2); ``play N`` plays card N (H3);
``swap N`` / ``keep`` answer the salvage decision after a prize of 6 (H5).
"""

from __future__ import annotations

from spacetable.engine.action import Action, ActionSpace
from spacetable.games.highcard.cards import CARDS

DIE_FACES = (1, 2, 3, 4, 5, 6)
SALVAGE_FACE = 6

SPACE = ActionSpace()
ROLL: dict[int, Action] = {f: SPACE.add("roll", (f,)) for f in DIE_FACES}
PLAY: dict[int, Action] = {c.value: SPACE.add("play", (c.value,)) for c in CARDS}
SWAP: dict[int, Action] = {c.value: SPACE.add("swap", (c.value,)) for c in CARDS}
KEEP: Action = SPACE.add("keep")
