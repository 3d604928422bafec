"""No message to a seat or a spectator (view, log, legal actions, pushes) shows another seat's hidden cards.

A card is *hidden from* seat p at version v when it is in another seat's hand or held objectives
and never appeared in any engine view p had (``state.view(p)``, which includes all
public information) up to v. Every message to p at version v must not name such a card, by slug or
by display name. The engine's views are the reference; the server must add nothing to them.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from typing import Any

from spacetable.bots.base import make_bot
from spacetable.games.moonrakers import actions as A
from spacetable.server.store import NewRecord, StoredGame
from spacetable.server.tables import HUMAN, Seat, Table, apply_record, load_table
from spacetable.server.views import view_body
from spacetable.sim.setup import build_config, load_game
from tests.engine.engine_helpers import json_strings
from tests.server.server_helpers import auth, client, create, view

Card = tuple[str, str]  # (slug, display name)
ALL_NAMES = {c.name for kind in (A.CAT.contracts, A.CAT.crew, A.CAT.parts, A.CAT.objectives) for c in kind}
SLUG_OF = {c.name: c.slug for c in A.CAT.crew}
PUBLIC_DRAW = re.compile(r"takes bonus crew (.+)$")
"""A bonus crew card goes to its receiver's discard pile, a public zone (5.4), and may be shuffled
into the draw pile within the same record, so no view between records shows it: the event does (its
rule id travels as data, `rule` "5.4", not in the text)."""
LONGER_NAMES = {n: sorted((m for m in ALL_NAMES if n in m and m != n), key=len, reverse=True)
                for n in ALL_NAMES}


def _cards_of(state: Any, q: int) -> set[Card]:
    p = state.players[q]
    cards: set[Card] = set()
    for c in p.hand:
        if c >= A.CREW_BASE:
            crew = A.CAT.crew[c - A.CREW_BASE]
            cards.add((crew.slug, crew.name))
    for o in p.objectives:
        cards.add((A.CAT.objectives[o].slug, A.CAT.objectives[o].name))
    return cards


class Knowledge:
    """What each viewer legitimately knows at each version, and the cards it must never see."""

    def __init__(self, n: int) -> None:
        self.viewers: list[int | None] = [None, *range(n)]
        self.known: dict[int | None, set[str]] = {p: set() for p in self.viewers}
        self.forbidden: dict[int, dict[int | None, list[Card]]] = {}

    def observe(self, version: int, state: Any, log: list[Any] = ()) -> None:  # type: ignore[assignment]
        per: dict[int | None, list[Card]] = {}
        revealed = {SLUG_OF[m.group(1)] for line in log[-40:]
                    if line.rule == "5.4" and (m := PUBLIC_DRAW.search(line.text))}
        for p in self.viewers:
            self.known[p] |= revealed
            json_strings(state.view(p).to_json(), self.known[p])
            hidden: set[Card] = set()
            for q in range(len(state.players)):
                if q != p:
                    hidden |= _cards_of(state, q)
            per[p] = sorted(c for c in hidden if c[0] not in self.known[p])
        self.forbidden[version] = per

    def check(self, seat: int | None, version: int, text: str) -> None:
        for slug, name in self.forbidden[version][seat]:
            if slug not in text and name not in text:  # the common case, cheaply
                continue
            assert not re.search(rf"(?<![\w-]){re.escape(slug)}(?![\w-])", text), (seat, version, slug)
            scrubbed = text
            for longer in LONGER_NAMES.get(name, ()):  # "Ace" inside the contract "Core World Ace"
                scrubbed = scrubbed.replace(longer, "")
            assert not re.search(rf"\b{re.escape(name)}\b", scrubbed), (seat, version, name)


def knowledge_of(stored: StoredGame) -> Knowledge:
    """Replay a stored game record by record, observing every version."""
    table = load_table(StoredGame(stored.id, stored.game, stored.config, stored.seed, stored.rules_version,
                                  0, stored.status, stored.seats, []))
    k = Knowledge(len(stored.seats))
    plan = table._plan()
    k.observe(0, plan.state)
    for i, rec in enumerate(stored.records):
        apply_record(stored.game, stored.config, stored.seed, plan, NewRecord(rec.kind, rec.text, rec.seat))
        k.observe(i + 1, plan.state, plan.log)
    return k


def _random_table(rng: random.Random, game_no: int) -> tuple[Table, dict[int, Any]]:
    n = rng.randint(1, 5)
    expansions = ["binding-ties"] if n >= 3 and rng.random() < 0.6 else []
    modules = ["first-encounter"] if rng.random() < 0.4 else []
    spec = load_game("moonrakers")
    config = build_config(spec, n, modules, expansions)
    seed = rng.randrange(1 << 30)
    kinds = [rng.choice([HUMAN, HUMAN, "random", "greedy"]) for _ in range(n)]
    state = spec.new_game(dict(config), seed)
    state.events = []
    table = Table(f"leak{game_no}", "moonrakers", config, seed, "test", [Seat(i, f"S{i}", k)
                  for i, k in enumerate(kinds)], state)
    bots = {i: make_bot("moonrakers", k) for i, k in enumerate(kinds) if k != HUMAN}
    return table, bots


def _adopt(table: Table, k: Knowledge, plan: Any) -> None:
    """Commit a plan, observing every intermediate version (its records replayed on a copy)."""
    replay = table._plan()
    for rec in plan.records:
        apply_record(table.game, table.config, table.seed, replay, rec)
        k.observe(table.version + len(replay.records), replay.state, replay.log)
    table.commit(plan)


def _reader(ws: Any, seat: int | None, stop: threading.Event, received: list[tuple[int | None, str]]) -> None:
    while not stop.is_set():
        try:
            received.append((seat, ws.receive_text()))
        except Exception:  # noqa: BLE001 - closed at the end
            return


def test_no_view_or_log_leaks_over_random_games() -> None:
    rng = random.Random(2024)
    for game_no in range(8):
        table, bots = _random_table(rng, game_no)
        k = Knowledge(len(table.seats))
        k.observe(0, table.state)
        _adopt(table, k, table.plan_advance())
        for step in range(300):
            current = table.current_player()
            if current is None:
                break
            if current in bots:
                action = bots[current].choose(table.state.copy(), current, table.bot_rng())
                _adopt(table, k, table.plan_bot(current, action))
            else:
                legal = table.state.legal_actions()
                _adopt(table, k, table.plan_actions(current, [str(rng.choice(legal))]))
            full = step % 40 == 0
            for viewer in k.viewers:
                body = view_body(table, viewer)
                assert body["view"] == table.state.view(viewer).to_json()
                for q, player in enumerate(body["view"]["players"]):
                    if q != viewer:
                        assert not {"hand", "objectives", "draw_contents"} & set(player)
                if not full:
                    body["log"] = body["log"][-30:]
                k.check(viewer, table.version, json.dumps(body))
        for viewer in k.viewers:
            k.check(viewer, table.version, json.dumps(view_body(table, viewer)))


def test_no_push_leaks_over_live_games(sqlite_url: str) -> None:
    """Real WebSocket clients at every human seat and a spectator; every message they get is checked."""
    with client(sqlite_url) as c:
        for seed, seats, exp in ((51, ["human", "human", "greedy"], ["binding-ties"]),
                                 (52, ["human", "random", "human", "human"], []),
                                 (53, ["human", "human"], [])):
            g = create(c, seats, seed=seed, expansions=exp)
            listeners: list[tuple[str, int | None]] = [(s["token"], s["seat"]) for s in g["seats"]]
            listeners.append((g["spectator"], None))
            received: list[tuple[int | None, str]] = []
            socks = []
            stop = threading.Event()
            for tok, seat in listeners:
                cm = c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(tok))
                ws = cm.__enter__()
                socks.append((cm, ws, seat))
            threads = [threading.Thread(target=_reader, args=(ws, seat, stop, received), daemon=True)
                       for _, ws, seat in socks]
            for t in threads:
                t.start()
            pick = random.Random(seed)
            responses: list[tuple[int | None, str]] = []
            rounds, deadline = 0, time.monotonic() + 60
            while rounds < 150 and time.monotonic() < deadline:  # 150 rounds in which someone acted
                acted = False
                for tok, seat in listeners[:-1]:
                    v = view(c, g, tok)
                    responses.append((seat, json.dumps(v)))
                    if v["legal_actions"]:
                        r = c.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                                   json={"action": pick.choice(v["legal_actions"])["text"],
                                         "version": v["version"]})
                        if r.status_code == 200:
                            responses.append((seat, r.text))
                        acted = True
                if not acted and v["terminal"]:
                    break
                rounds += acted
                if not acted:
                    time.sleep(0.01)  # a bot is thinking (in a worker process)
            stop.set()
            for cm, ws, _ in socks:
                ws.send_text(json.dumps({"type": "ping"}))
                cm.__exit__(None, None, None)
            for t in threads:
                t.join(5)
            stored = c.app.state.service.store.fetch(g["id"])  # type: ignore[attr-defined]
            k = knowledge_of(stored)
            pushes = 0
            for seat, text in received + responses:
                msg = json.loads(text)
                if msg.get("type") in ("pong", "error"):
                    continue
                pushes += msg.get("type") == "view"
                assert msg["seat"] == seat
                k.check(seat, msg["version"], text)
            assert pushes > 10


def test_the_checker_catches_a_planted_leak() -> None:
    """The check is not vacuous: another seat's objective in a message to seat 0 is caught."""
    spec = load_game("moonrakers")
    state = spec.new_game(build_config(spec, 3), 5)
    pick = random.Random(1)
    while not state.players[1].objectives:  # through the setup: objectives kept (hidden)
        if state.current_player() < 0:
            state.sample_chance()
        else:
            state.apply(pick.choice(state.legal_actions()))
    k = Knowledge(3)
    k.observe(0, state)
    slug = A.CAT.objectives[state.players[1].objectives[0]].slug
    assert (slug, A.CAT.objectives[state.players[1].objectives[0]].name) in k.forbidden[0][0]
    k.check(1, 0, json.dumps({"log": [{"n": 0, "text": f"p2 keeps {slug}"}]}))  # its own: fine
    try:
        k.check(0, 0, json.dumps({"log": [{"n": 0, "text": f"p2 keeps {slug}"}]}))
    except AssertionError:
        return
    raise AssertionError("a planted leak was not caught")
