"""Moonrakers (IV Studio) with the first-encounter module and the Binding Ties expansion.

Rules follow shared/rules/moonrakers-base.md (rule numbers such as 3.4.9 and rulings R1–R25 are cited
in the code) and the Binding Ties rulebook.
"""

from spacetable.engine.game import register
from spacetable.games.moonrakers.game import SPEC, Moonrakers, new_game

register(SPEC)

__all__ = ["SPEC", "Moonrakers", "new_game"]
