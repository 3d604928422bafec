"""Binding Ties: reputation spends and trades are final (`State.irrevocable`, read by the undo policy).

Faction Reputation (Binding Ties rulebook): "Once Faction Reputation is spent (i.e. the token moved
on their boards), a player cannot change their mind and recover it." So the spend and trade actions
and the choice of which faction pays are irrevocable; nothing else is, and nothing in the base game.
"""

from __future__ import annotations

from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers.game import Moonrakers
from tests.games.moonrakers.helpers import new, random_step


def _marks(s: Moonrakers, steps: int, seed: int) -> tuple[int, int, int]:
    """(spends and trades, faction payments, other decisions) seen; asserts irrevocable() on each."""
    rng = Rng(seed)
    spends = pays = others = 0
    for _ in range(steps):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s.sample_chance()
            continue
        legal = s.legal_actions()
        paying = getattr(s.stack[-1], "key", None) == "rep-pay"
        for a in legal:
            expected = s.bt and (a.kind in ("spend", "trade") or paying)
            assert s.irrevocable(a) == expected, (a, s.decision_name())
            if expected:
                spends += a.kind in ("spend", "trade")
                pays += paying
            else:
                others += 1
        random_step(s, rng)
    return spends, pays, others


def test_binding_ties_spends_trades_and_payments_are_irrevocable() -> None:
    """Binding Ties, Faction Reputation: a spend, a trade and the paying faction's token move are final."""
    totals = [0, 0, 0]
    for seed in range(4):
        for i, v in enumerate(_marks(new(4, seed=seed, bt=True), 600, seed)):
            totals[i] += v
    assert totals[0] > 0 and totals[1] > 0 and totals[2] > 0, totals


def test_base_game_has_no_irrevocable_act() -> None:
    """Without Binding Ties there is no reputation: every decision may be taken back by the rules."""
    for players in (1, 3):
        spends, pays, others = _marks(new(players, seed=players), 400, players)
        assert spends == pays == 0 and others > 0
