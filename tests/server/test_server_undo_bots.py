"""Undo where every other seat is a bot: a person's undo crosses the bots' answers (engine.undo).

The policy (docs/server.md "Undo"): with only bots at the other seats, a person may take back their
last decision together with the bots' answers that followed it, unless one of those answers is a
chance outcome (a hazard die, 1.1.3), showed the person something hidden (a bot's card played from
its hidden hand), or is final under the rules. The bots are seeded by their position in the action
log, so the same decision after an undo meets the same answers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from spacetable.engine.record import entries_of, replay_actions
from spacetable.engine.state import CHANCE
from spacetable.engine.undo import undo_check
from spacetable.sim.setup import build_config, load_game
from tests.server.server_helpers import auth, client, create, view, wait_for


def _deciders(state: Any) -> list[int]:
    """Who decided each entry of the state's log (CHANCE for a draw)."""
    entries = entries_of(state)
    s = replay_actions(state.spec.name, dict(state.config), state.seed, [])
    out = []
    for e in entries:
        out.append(s.current_player())
        if s.current_player() == CHANCE:
            s.sample_chance()
        else:
            s.apply(e if isinstance(e, str) else e["forced"])
    return out


def test_engine_crosses_bot_answers_but_never_a_chance_step() -> None:
    spec = load_game("moonrakers")
    crossed = refused_chance = refused_other = 0
    for seed in range(3):
        state = spec.new_game(build_config(spec, 3), seed)
        pick = random.Random(seed)
        for _ in range(250):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                state.sample_chance()
            else:
                state.apply(pick.choice(state.legal_actions()))
            if pick.random() > 0.2:
                continue
            check = undo_check(state, 0, bots={1, 2})
            who = _deciders(state)
            if 0 not in who:
                continue
            last_own = max(i for i, p in enumerate(who) if p == 0)
            if check.allowed:
                assert check.keep == last_own  # back to exactly seat 0's last decision
                assert CHANCE not in who[last_own + 1:]  # never across a die or a draw
                crossed += len(who) - 1 - last_own > 0
                plain = undo_check(state, 0)
                assert plain.allowed == (last_own == len(who) - 1)  # without bots: nothing crossed
            elif CHANCE in who[last_own + 1:]:
                refused_chance += 1
            else:
                refused_other += 1
    assert crossed >= 3 and refused_chance >= 3 and refused_other >= 1


def test_undo_at_a_table_of_bots_takes_back_their_answers_and_they_answer_the_same(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "greedy", "random"], seed=31)
        tok = g["seats"][0]["token"]
        pick = random.Random(3)
        for _ in range(300):
            before = wait_for(c, g, tok, lambda v: bool(v["legal_actions"]) or v["terminal"])
            assert not before["terminal"], "no undo across bot answers happened"
            choice = pick.choice(before["legal_actions"])["text"]
            r = c.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                       json={"action": choice, "version": before["version"]})
            assert r.status_code == 200, r.text
            after = wait_for(c, g, tok, lambda v: bool(v["legal_actions"]) or v["terminal"])
            if not after["undo"]["allowed"] or "bot answer" not in after["undo"]["reason"]:
                continue
            answered = [line["text"] for line in after["log"] if line["n"] >= before["version"]]
            r = c.post(f"/api/games/{g['id']}/undo", headers=auth(tok), json={"version": after["version"]})
            assert r.status_code == 200, r.text
            back = r.json()
            assert back["view"] == before["view"] and back["legal_actions"] == before["legal_actions"]
            # the same decision again: the bots, seeded by log position, give the same answers
            r = c.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                       json={"action": choice, "version": back["version"]})
            assert r.status_code == 200, r.text
            again = wait_for(c, g, tok, lambda v: bool(v["legal_actions"]) or v["terminal"])
            assert again["view"] == after["view"]
            assert [line["text"] for line in again["log"] if line["n"] >= back["version"]] == answered
            return
        raise AssertionError("undo across bot answers was never offered")


def _seat_0_decides_at_random(c: Any, g: dict[str, Any], seed: int, limit: int) -> Iterator[dict[str, Any]]:
    """Each view at which seat 0 is to decide (the caller looks, and may stop), then a random legal
    action for it; ends with the game."""
    tok = g["seats"][0]["token"]
    pick = random.Random(seed)
    for _ in range(limit):
        v = wait_for(c, g, tok, lambda v: bool(v["legal_actions"]) or v["terminal"])
        if v["terminal"]:
            return
        yield v
        r = c.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                   json={"action": pick.choice(v["legal_actions"])["text"], "version": v["version"]})
        assert r.status_code in (200, 409), r.text


def test_undo_refused_after_a_die_even_among_bots(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        g = create(c, ["human", "greedy"], seed=32)
        for _ in _seat_0_decides_at_random(c, g, 4, 300):
            last = view(c, g, g["seats"][0]["token"])
            if "hazard die" in " ".join(line["text"].lower() for line in last["log"][-3:]) \
                    and not last["undo"]["allowed"]:
                assert "die" in last["undo"]["reason"] or "hidden" in last["undo"]["reason"] \
                    or "final" in last["undo"]["reason"]
                return
        raise AssertionError("no die was rolled")


def test_a_refusal_names_the_bot_as_the_table_shows_it(sqlite_url: str) -> None:
    """A reason that names the seat whose answer blocks the undo uses the display name the page
    shows for that seat (its `seats` entry), not the engine's default "Seat N"."""
    with client(sqlite_url) as c:
        g = create(c, ["human", "greedy", "random"], seed=33)
        for v in _seat_0_decides_at_random(c, g, 5, 400):
            reason = v["undo"]["reason"]
            if "answer since then" in reason:
                names = {s["name"] for s in v["seats"] if s["seat"] != 0}
                assert reason.split("'s answer")[0] in names, (reason, names)
                assert not reason.startswith("Seat ")
                return
        raise AssertionError("no bot answer ever blocked an undo")
