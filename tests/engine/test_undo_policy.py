"""The engine's undo policy (spacetable.engine.undo, docs/saves-and-undo.md), checked on real
played games of every game: a seat takes back only its own last decision, never past a chance
outcome, another seat's decision, something revealed to it, or an irrevocable act."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import spacetable.games.highcard  # noqa: F401  (registers "highcard")
from spacetable.engine import record
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.engine.undo import undo_check
from spacetable.sim.setup import make_bots


def own_hand(s: State, seat: int) -> Counter[str]:
    data = s.view(seat).data
    players = data.get("players")
    if isinstance(players, list) and isinstance(players[seat], dict):
        return Counter(map(str, players[seat].get("hand", [])))
    return Counter(map(str, data.get("hand", [])))


def drew_hidden(before: State, after: State, seat: int) -> bool:
    """The decision brought into the seat's hand a card it could not know: for Moonrakers, a card
    drawn from its own draw pile (its order is hidden) while the pile held two different cards (a card
    taken from the seat's discard or play area, e.g. B3-AR's, is known to it); elsewhere any card
    gained (Highcard and Space Lanes hands fill from hidden decks)."""
    gained = own_hand(after, seat) - own_hand(before, seat)
    players = before.view(seat).data.get("players")
    if not (isinstance(players, list) and "draw_size" in players[seat]):
        return bool(gained)
    was, now = players[seat], after.view(seat).data["players"][seat]
    return bool(gained) and now["draw_size"] < was["draw_size"] and len(was["draw_contents"]) > 1


def decisions(game: str, config: dict[str, Any], seed: int, limit: int) -> list[tuple[State, State, int]]:
    """(before, after, seat) for the first `limit` seat decisions of a greedy game (copies)."""
    s = get_game(game).new_game(dict(config), seed)
    bots = make_bots(game, ["greedy" if game != "highcard" else "random"] * s.num_players)
    rng, out = Rng(seed), []
    while not s.is_terminal() and len(out) < limit:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        before = s.copy()
        s.apply(bots[p].choose(s, p, rng))
        out.append((before, s.copy(), p))
    return out


CASES = [("moonrakers", {"players": 3, "expansions": ["binding-ties"]}, 4),
         ("moonrakers", {"players": 2}, 9),
         ("spacelanes", {"players": 2, "modes": ["pvp"]}, 2),
         ("highcard", {"players": 3}, 5)]


@pytest.mark.parametrize("game, config, seed", CASES)
def test_undo_only_of_the_own_last_decision_that_revealed_nothing(
        game: str, config: dict[str, Any], seed: int) -> None:
    allowed = refused_draw = 0
    for before, after, seat in decisions(game, config, seed, 160)[::2]:
        check = undo_check(after, seat)
        other = (seat + 1) % after.num_players
        assert not undo_check(after, other).allowed  # never another seat's decision
        if drew_hidden(before, after, seat):  # the seat saw a card it could not know: no taking back
            # (the terminal's "play thruster, undo, play thruster" redraw)
            assert not check.allowed, (str(after.space[after.history[-1]]), check.reason)
            refused_draw += 1
        if check.allowed:
            allowed += 1
            assert check.keep == len(after.history) - 1
            kept = record.entries_of(after)[:check.keep]
            back = record.replay_actions(game, dict(after.config), after.seed, kept)
            assert back.view(seat).to_json() == before.view(seat).to_json()
    assert allowed > 0


def test_no_undo_past_hazard_dice_or_another_seat() -> None:
    """3.4.1: once the hazard dice are rolled (a chance outcome), going back to negotiation is
    refused for everyone; so is any undo after a bot's answer."""
    s = get_game("moonrakers").new_game({"players": 3}, 4)
    bots = make_bots("moonrakers", ["greedy"] * 3)
    rng, rolls = Rng(1), 0
    while not s.is_terminal() and rolls < 6:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            if s.decision_name() != "setup.first-player":
                rolls += 1
                for seat in range(3):
                    check = undo_check(s, seat)
                    assert not check.allowed and "die or a draw" in check.reason
        else:
            s.apply(bots[p].choose(s, p, rng))
            nxt = s.current_player()
            if nxt not in (CHANCE, p) and not s.is_terminal():
                s.apply(bots[nxt].choose(s, nxt, rng))
                assert "has decided since" in undo_check(s, p).reason
                # the reason names the seat as the asking face shows it (P2 in the terminal)
                named = undo_check(s, p, name=lambda seat: f"P{seat + 1}").reason
                assert named == f"P{nxt + 1} has decided since your last decision"
                assert undo_check(s, p).reason == f"Seat {nxt + 1} has decided since your last decision"
    assert rolls == 6


def test_binding_ties_reputation_spend_is_never_taken_back() -> None:
    """Binding Ties: spent reputation is gone, "a player cannot change their mind and recover it"."""
    seen = 0
    for seed in range(1, 6):
        for before, after, seat in decisions("moonrakers", {"players": 4, "expansions": ["binding-ties"]},
                                             seed, 400):
            action = after.space[after.history[-1]]
            if action.kind in ("spend", "trade"):
                assert before.irrevocable(action)
                check = undo_check(after, seat)
                assert not check.allowed
                seen += 1
        if seen >= 3:
            break
    assert seen >= 3


def test_practice_undo_goes_back_past_bots() -> None:
    steps = decisions("highcard", {"players": 2}, 5, 12)
    final = steps[-1][1]
    seat0 = [i for i, (_, _, seat) in enumerate(steps) if seat == 0]
    check = undo_check(final, 0, practice=True)
    assert check.allowed and check.keep is not None
    # the kept log ends just before seat 0's last decision, wherever it was
    back = record.replay_actions("highcard", dict(final.config), final.seed,
                                 record.entries_of(final)[:check.keep])
    assert back.current_player() == 0
    assert back.view(0).to_json() == steps[seat0[-1]][0].view(0).to_json()


def test_nothing_to_undo_at_the_start() -> None:
    s = get_game("highcard").new_game({"players": 2}, 1)
    assert not undo_check(s, 0).allowed and not undo_check(s, 0, practice=True).allowed
