"""Space Lanes: no message the server builds for a seat or a spectator shows what that viewer may not know.

Hidden in Space Lanes: another captain's Goal ("Goals stay secret until then", L21), another captain's
hand (L3; only its size is public), and in Exploration mode the settlements and lanes still face down
("prices and features of a face-down settlement are unknown to every player until then", L20). A card,
goal, settlement or lane is *hidden from* viewer p at version v when it is one of those and never
appeared in an engine view p had (`state.view(p)`) up to v. Every body the server sends (GET /view, the
WebSocket pushes, the action replies: all `view_body`, with its log, legal actions and offered intent,
as `view_text` sends it, checked here as sent) must not name it, by slug or by display name. Played with
random people and greedy bots, in Exploration and PvP mode, so reveals, loot and trades happen.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from spacetable.bots.base import make_bot
from spacetable.games.spacelanes.content import CONTENT
from spacetable.server.tables import HUMAN, Seat, Table
from spacetable.server.views import view_body, view_text
from spacetable.sim.setup import load_game
from tests.engine.engine_helpers import json_strings

Item = tuple[str, str]  # (slug, display name)
TYPE = CONTENT.deck
ALL_NAMES = ({t.name for t in CONTENT.card_types} | {g.name for g in CONTENT.goals}
             | {s.name for s in CONTENT.settlements} | {ln.name for ln in CONTENT.lanes})
LONGER = {n: sorted((m for m in ALL_NAMES if n in m and m != n), key=len, reverse=True) for n in ALL_NAMES}
ALL_SLUGS = ({t.slug for t in CONTENT.card_types} | {g.slug for g in CONTENT.goals}
             | {s.slug for s in CONTENT.settlements} | {ln.slug for ln in CONTENT.lanes})


def fixed_menus() -> set[str]:
    """The PvP trade's ask menus as the legal actions of a view body carry them: "ask_kind <kind>" for
    every kind and, once a kind is picked, "ask_hand <card>" for every card of it. They are the same
    whatever the other captain holds ("only the hand size is public, so any kind may be asked for"),
    but kinds and cards share some slugs ("missiles"): they are taken out before the check."""
    from spacetable.games.spacelanes import actions as A

    state = load_game("spacelanes").new_game({"players": 2, "modes": ["pvp"]}, 1)
    menus = [*A.ASK_KIND.values(), *A.ASK_HAND]
    return {json.dumps({"text": str(a), "description": state.describe(a), "rule": state.action_rule(a)},
                       separators=(",", ":"))
            for a in menus}


FIXED_MENUS = fixed_menus()


def hidden_items(state: Any, p: int | None) -> set[Item]:
    """What `p` (None: a spectator) must not learn from the state as it is now."""
    out: set[Item] = set()
    if state.phase != 3:
        for q in range(state.n):
            if q != p:
                g = CONTENT.goals[state.goal[q]]
                out.add((g.slug, g.name))
    for q in range(state.n):
        if q != p:
            for c in state.hand[q]:  # by slug: card names ("Missiles") are words of other cards' texts
                out.add((CONTENT.card_types[TYPE[c]].slug, ""))
    for slot in range(15):
        if not state.rev_set[slot]:
            st = CONTENT.settlements[state.slot_set[slot]]
            out.add((st.slug, st.name))
    for ls in range(24):
        if not state.rev_lane[ls]:
            ln = CONTENT.lanes[state.lane_of[ls]]
            out.add((ln.slug, ln.name))
    return out


class Knowledge:
    """What each viewer has legitimately seen (every string of its engine views so far)."""

    def __init__(self, n: int) -> None:
        self.viewers: list[int | None] = [None, *range(n)]
        self.known: dict[int | None, set[str]] = {p: set() for p in self.viewers}

    def observe(self, state: Any) -> None:
        for p in self.viewers:
            json_strings(state.view(p).to_json(), self.known[p])

    def check(self, state: Any, viewer: int | None, text: str) -> int:
        """Assert `text` names nothing hidden from `viewer`; the number of hidden items checked."""
        items = [it for it in hidden_items(state, viewer) if it[0] not in self.known[viewer]
                 and it[1] not in self.known[viewer]]
        for menu in FIXED_MENUS:
            text = text.replace(menu, "")
        for slug, name in items:
            if slug in text:
                for m in re.finditer(rf"(?<![\w-]){re.escape(slug)}(?![\w-])", text):
                    where = text[m.start() - 80:m.end() + 80]
                    raise AssertionError(f"{slug!r} reaches viewer {viewer}: …{where}…")
            if name and name in text:
                scrubbed = text
                for longer in LONGER.get(name, ()):  # "Courier" inside the crew card "Courier Nim"
                    scrubbed = scrubbed.replace(longer, "")
                m2 = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", scrubbed)
                if m2 is not None:
                    where = scrubbed[m2.start() - 80:m2.end() + 80]
                    raise AssertionError(f"{name!r} reaches viewer {viewer}: …{where}…")
        return len(items)


def _table(rng: random.Random, no: int) -> tuple[Table, dict[int, Any]]:
    n = rng.randint(2, 4)
    modes = ["exploration", "pvp"] if no % 2 == 0 else ["exploration"]
    spec = load_game("spacelanes")
    config = spec.make_config(n, modes=modes)
    seed = rng.randrange(1 << 30)
    kinds = [HUMAN, HUMAN] + [rng.choice([HUMAN, "greedy"]) for _ in range(n - 2)]
    state = spec.new_game(dict(config), seed)
    state.events = []
    table = Table(f"slleak{no}", "spacelanes", config, seed, "test",
                  [Seat(i, f"S{i}", k) for i, k in enumerate(kinds)], state)
    bots = {i: make_bot("spacelanes", k) for i, k in enumerate(kinds) if k != HUMAN}
    return table, bots


def test_no_goal_hand_or_face_down_space_reaches_another_viewer() -> None:
    rng = random.Random(11)
    checked = 0
    for no in range(3):
        table, bots = _table(rng, no)
        k = Knowledge(len(table.seats))
        table.commit(table.plan_advance())
        k.observe(table.state)
        for step in range(220):
            current = table.current_player()
            if current is None:
                break
            if current in bots:
                action = bots[current].choose(table.state.copy(), current, table.bot_rng())
                plan = table.plan_bot(current, action)
            else:
                legal = table.state.legal_actions()
                plan = table.plan_actions(current, [str(rng.choice(legal))])
            table.commit(plan)
            k.observe(table.state)
            deciding = table.current_player()
            for viewer in k.viewers:
                body = view_body(table, viewer)
                you = body["view"].get("you")
                assert (you is None) == (viewer is None) and (you is None or you["seat"] == viewer)
                if viewer != deciding:
                    assert body["legal_actions"] == [] and body["intent"] is None
                start = None if step % 25 == 0 else max(0, len(body["log"]) - 20)
                text = view_text(table, viewer, (), start)  # the text sent (values shared between seats)
                sent = json.loads(text)
                if start is not None:
                    assert sent.pop("log_start") == start
                    body["log"] = body["log"][start:]
                assert sent == body
                checked += k.check(table.state, viewer, text)
    assert checked > 1000  # hidden items were there to leak: the check is not vacuous


def test_the_checker_catches_a_planted_leak() -> None:
    """Another captain's goal, or a face-down settlement's name, in a message is caught."""
    spec = load_game("spacelanes")
    state = spec.new_game(spec.make_config(2, modes=["exploration"]), 3)
    k = Knowledge(2)
    k.observe(state)
    other_goal = CONTENT.goals[state.goal[1]]
    down = CONTENT.settlements[state.slot_set[next(s for s in range(15) if not state.rev_set[s])]]
    k.check(state, 1, json.dumps({"you": {"goal": other_goal.slug}}))  # its own goal: fine
    for planted in (f"goal {other_goal.slug}", f"lands on {down.name}"):
        try:
            k.check(state, 0, json.dumps({"log": [{"n": 0, "text": planted}]}))
        except AssertionError:
            continue
        raise AssertionError(f"the planted leak {planted!r} was not caught")
