"""Notices (docs/server.md, "Notices"): one per waiting decision through each channel a player chose
(a webhook, e-mail over SMTP, Web Push), none while the table is open and visible, retried with
backoff without delaying the game, fired once across processes (the job table's row locks); nothing
of the game's state reaches any of them. Every receiver is a real one on loopback."""

from __future__ import annotations

import email
import json
import random
import threading
import time
from datetime import UTC
from typing import Any

from sqlalchemy import create_engine

from spacetable.server.notices import LOCK_MS
from spacetable.server.store import Store
from tests.server.notice_receivers import PushSubscription, b64u, http_receiver, smtp_receiver
from tests.server.server_helpers import auth, client, create, view
from tests.server.test_server_leaks import ALL_NAMES


def _profile(c: Any, name: str) -> str:
    r = c.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    key: str = r.json()["key"]
    return key


def _claim(c: Any, g: dict[str, Any], seat: int, token: str, key: str) -> None:
    r = c.post(f"/api/games/{g['id']}/seats/{seat}/claim", headers=auth(token), json={"player_key": key})
    assert r.status_code == 200, r.text


def _no_card_named(text: str) -> None:
    """A notice names no card at all (so none of another seat's hand, objectives or the decks)."""
    low = text.lower()
    for name in ALL_NAMES:
        if len(name) >= 5:
            assert name.lower() not in low, f"a notice names the card {name!r}: {text!r}"


def _wait(pred: Any, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def test_one_notice_per_waiting_decision_through_every_channel(sqlite_url: str) -> None:
    http = http_receiver()
    smtp, mailbox = smtp_receiver()
    sub = PushSubscription.make(http.base + "/push/bo")
    try:
        with client(sqlite_url, allow_private_webhooks=True, smtp_url=f"smtp://127.0.0.1:{smtp.port}",
                    smtp_from="table@example.org", public_url="http://table.example.org",
                    notice_poll=0.05) as c:
            g = create(c, ["human", "greedy", "greedy", "human"], seed=11,
                       names=["Ada", "Orion", "Rigel", "Bo"])
            ta, tb = (s["token"] for s in g["seats"])
            bo = _profile(c, "Bo")
            _claim(c, g, 3, tb, bo)
            r = c.put("/api/players/me/notify", headers=auth(bo), json={
                "webhook": http.base + "/hook", "webhook_format": "json", "email": "bo@example.org",
                "push": sub.json(), "reminder_hours": 12})
            assert r.status_code == 200, r.text
            info = r.json()
            assert info["push"] and info["email_available"] and info["push_key"]
            pick = random.Random(5)
            periods = 0
            deciding = False
            service = c.app.state.service  # type: ignore[attr-defined]

            def settled() -> bool:
                """Nothing queued or on its way: every your-turn job so far is sent (or dropped)."""
                jobs = service.store.notices(g["id"])
                return not service.notifier._pending and not any(
                    j["state"] == "pending" for j in jobs if j["event"] == "your-turn")
            for _ in range(300):
                va, vb = view(c, g, ta), view(c, g, tb)
                if va["terminal"] or periods >= 4:
                    break
                if vb["legal_actions"]:
                    if not deciding:
                        periods += 1
                    deciding = True
                    # Bo plays once the notices of this wait went out, as a player away would; a move
                    # made before them would rightly drop them (the decision no longer waits)
                    _wait(settled, 20.0)
                    text = pick.choice(vb["legal_actions"])["text"]
                    r = c.post(f"/api/games/{g['id']}/actions", headers=auth(tb),
                               json={"action": text, "version": vb["version"]})
                    assert r.status_code in (200, 409), r.text
                    continue
                deciding = False
                if va["legal_actions"]:
                    text = pick.choice(va["legal_actions"])["text"]
                    c.post(f"/api/games/{g['id']}/actions", headers=auth(ta),
                           json={"action": text, "version": va["version"]})
                else:
                    time.sleep(0.02)
            assert periods >= 3, "Bo was not waited on often enough"
            time.sleep(0.5)  # nothing more comes
            hooks = http.on("/hook")
            # Bo's waiting decisions, from the records: each run of Bo's own decisions (the draws
            # among them included) that another seat's decision came before, and the one waiting now
            records = service.store.fetch(g["id"]).records
            entries = [r for r in records if r.kind in ("action", "auto", "chance", "joined")]
            starts: set[str] = set()
            start = 0  # where the current run of one seat's entries began (draws between them included)
            for i, rec in enumerate(entries):
                if rec.kind == "chance":
                    continue
                before = next((e.seat for e in reversed(entries[:i]) if e.kind != "chance"), None)
                if i and rec.seat != before:
                    start = i
                    while start > 0 and entries[start - 1].kind == "chance":
                        start -= 1
                if rec.seat == 3 and rec.kind != "auto":  # Bo had a real choice in this run
                    starts.add(f"d{start}")
            if view(c, g, tb)["legal_actions"]:
                k = len(entries)
                if entries and next(e.seat for e in reversed(entries) if e.kind != "chance") == 3:
                    k = start
                else:
                    while k > 0 and entries[k - 1].kind == "chance":
                        k -= 1
                starts.add(f"d{k}")
            noticed = {j["decision"] for j in service.store.notices(g["id"])
                       if j["channel"] == "webhook" and j["event"] == "your-turn"}
            assert noticed == starts
            _wait(lambda: len(http.on("/hook")) >= len(starts))  # the last one may still be on its way
            time.sleep(0.3)  # and nothing more comes
            hooks = http.on("/hook")
            assert len(hooks) == len(starts)  # exactly one per waiting decision
            # each within 2 s of the record that made Bo's decision wait
            order = sorted(starts, key=lambda d: int(d[1:]))
            latencies = [hit.at - entries[int(d[1:]) - 1].created_at.replace(tzinfo=UTC).timestamp()
                         for d, hit in zip(order, sorted(hooks, key=lambda h: h.at), strict=True)]
            assert max(latencies) < 2.0, latencies
            n = len(starts)
            _wait(lambda: len(mailbox.messages) >= n and len(http.on("/push/bo")) >= n)
            time.sleep(0.3)
            assert len(mailbox.messages) == n and len(http.on("/push/bo")) == n
            # a run of bot moves before Bo's decision is still one notice: the records say how long
            jobs = service.store.notices(g["id"])
            runs = []
            for job in (j for j in jobs if j["event"] == "your-turn" and j["channel"] == "webhook"):
                start = int(job["decision"][1:])  # the action-log position where Bo's run began
                entries = [r for r in records if r.kind in ("action", "auto", "chance", "joined")]
                run = 0
                for rec in reversed(entries[:start]):
                    if rec.kind == "chance" or rec.seat in (1, 2):
                        run += rec.kind != "chance"
                    else:
                        break
                runs.append(run)
            assert max(runs) >= 10, runs
            reminders = [j for j in jobs if j["event"] == "reminder"]
            assert reminders and all(j["state"] in ("pending", "dropped") for j in reminders)

            push_key = info["push_key"]
            bodies = []
            for hit in hooks:
                body = json.loads(hit.body)
                assert {"game": g["id"], "seat": 3, "event": "your-turn",
                        "url": "http://table.example.org/"}.items() <= body.items()
                bodies.append(hit.body.decode())
            for hit in http.on("/push/bo"):
                assert hit.headers["content-encoding"] == "aes128gcm"
                assert f"k={push_key}" in hit.headers["authorization"]  # signed with the server's VAPID key
                plain = json.loads(sub.decrypt(hit.body))
                assert plain["event"] == "your-turn" and plain["game"] == g["id"] and plain["seat"] == 3
                bodies.append(json.dumps(plain))
            for raw in mailbox.messages:
                msg = email.message_from_bytes(raw)
                assert msg["To"] == "bo@example.org" and msg["From"] == "table@example.org"
                assert msg["Subject"] == "Your turn at Moonrakers"
                bodies.append(msg.as_string())
            secrets = [ta, tb, bo, g["spectator"]]
            for text in bodies:
                _no_card_named(text)
                assert not any(s in text for s in secrets)  # no token, no key
            print(f"\nnotice latency after Bo's decision appeared: max {max(latencies) * 1000:.0f} ms; "
                  f"bot moves before a noticed decision: {runs}")
    finally:
        smtp.stop()
        http.server.shutdown()


def test_no_notice_while_the_table_is_visible_and_one_once_hidden(sqlite_url: str) -> None:
    http = http_receiver()
    try:
        with client(sqlite_url, allow_private_webhooks=True, notice_poll=0.05) as c:
            g = create(c, ["human", "human"], seed=3, names=["Ada", "Bo"])
            ta, tb = (s["token"] for s in g["seats"])
            keys = [_profile(c, "Ada"), _profile(c, "Bo")]
            for seat, (tok, key) in enumerate(zip((ta, tb), keys, strict=True)):
                _claim(c, g, seat, tok, key)
                r = c.put("/api/players/me/notify", headers=auth(key),
                          json={"webhook": f"{http.base}/p{seat}"})
                assert r.status_code == 200, r.text
            sockets = [c.websocket_connect(f"/ws/games/{g['id']}", headers=auth(t)) for t in (ta, tb)]
            for ws in sockets:
                ws.__enter__()
                ws.receive_json()
                ws.send_json({"type": "visibility", "visible": True})
            pick = random.Random(1)

            def step() -> int:
                va, vb = view(c, g, ta), view(c, g, tb)
                me, v = (0, va) if va["legal_actions"] else (1, vb)
                r = c.post(f"/api/games/{g['id']}/actions", headers=auth((ta, tb)[me]),
                           json={"action": pick.choice(v["legal_actions"])["text"], "version": v["version"]})
                assert r.status_code == 200, r.text
                return me

            for _ in range(12):  # both look at the table: nothing is sent
                step()
            time.sleep(0.5)
            assert http.hits == []
            sockets[1].send_json({"type": "visibility", "visible": False})  # Bo's tab goes to the back
            time.sleep(0.2)
            for _ in range(60):
                if step() == 0 and view(c, g, tb)["legal_actions"]:
                    break
            _wait(lambda: len(http.on("/p1")) == 1, 2.0)
            assert http.on("/p0") == []  # Ada still looks
            for ws in sockets:
                ws.__exit__(None, None, None)
    finally:
        http.server.shutdown()


def test_a_failing_webhook_is_retried_with_backoff_and_never_delays_the_game(sqlite_url: str) -> None:
    http = http_receiver()
    http.fail = [500, 503]
    try:
        with client(sqlite_url, allow_private_webhooks=True, notice_poll=0.05) as c:
            g = create(c, ["human", "human"], seed=3)
            ta, tb = (s["token"] for s in g["seats"])
            bo = _profile(c, "Bo")
            _claim(c, g, 1, tb, bo)
            c.put("/api/players/me/notify", headers=auth(bo), json={"webhook": http.base + "/hook",
                                                                   "webhook_format": "discord"})
            pick = random.Random(2)
            slowest = 0.0
            for _ in range(60):
                va = view(c, g, ta)
                if not va["legal_actions"]:
                    break
                t0 = time.monotonic()
                c.post(f"/api/games/{g['id']}/actions", headers=auth(ta),
                       json={"action": pick.choice(va["legal_actions"])["text"], "version": va["version"]})
                slowest = max(slowest, time.monotonic() - t0)
            assert view(c, g, tb)["legal_actions"]
            _wait(lambda: len(http.hits) == 3, 10.0)  # 500, 503, then delivered
            gaps = [b.at - a.at for a, b in zip(http.hits, http.hits[1:], strict=False)]
            assert gaps[0] >= 0.9 and gaps[1] >= 1.9, gaps  # backoff: 1 s, then 2 s
            assert slowest < 1.0  # the moves were answered without waiting on the webhook
            body = json.loads(http.hits[-1].body)
            assert body["content"].startswith("**Your turn at Moonrakers**") and body["event"] == "your-turn"
            store = c.app.state.service.store  # type: ignore[attr-defined]
            _wait(lambda: store.notices(g["id"])[0]["state"] == "sent", 5.0)  # marked after the POST
            assert store.notices(g["id"])[0]["attempts"] == 3
    finally:
        http.server.shutdown()


def test_private_targets_are_refused_unless_allowed(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        key = _profile(c, "Ada")
        for url in ("http://127.0.0.1:9/hook", "http://10.1.2.3/x", "http://[::1]/x", "http://169.254.169.254/",
                    "ftp://example.org/x", "http://user:pw@example.org/"):
            r = c.put("/api/players/me/notify", headers=auth(key), json={"webhook": url})
            assert r.status_code == 400, (url, r.text)
        sub = PushSubscription.make("http://127.0.0.1:9/push").json()
        r = c.put("/api/players/me/notify", headers=auth(key), json={"push": sub})
        assert r.status_code == 400 and "--allow-private-webhooks" in r.json()["error"]
        r = c.put("/api/players/me/notify", headers=auth(key), json={"email": "not an address"})
        assert r.status_code == 400
        r = c.put("/api/players/me/notify", headers=auth(key), json={"email": "a@b.org\r\nBcc: x@y.org"})
        assert r.status_code == 400
        r = c.put("/api/players/me/notify", headers=auth(key), json={"reminder_hours": 2})
        after = r.json()
        assert after["reminder_hours"] == 2 and after["webhook"] is None and after["webhook_format"] == "json"
        r = c.put("/api/players/me/notify", headers=auth(key), json={"webhook_format": "slack"})
        assert r.status_code == 422


def test_the_job_table_hands_each_job_to_one_process(pg_url: str) -> None:
    """Two stores on one PostgreSQL database claim 200 due jobs at once: each is claimed exactly once
    (``FOR UPDATE SKIP LOCKED``)."""
    from spacetable.server.migrate import upgrade

    engine = create_engine(pg_url)
    upgrade(engine)
    engine.dispose()
    stores = [Store(create_engine(pg_url, pool_size=4)) for _ in range(2)]
    rows = [{"player_id": "p", "game_id": f"g{i}", "seat": 0, "event": "your-turn", "decision": "d1",
             "channel": "webhook", "due_ms": 0, "attempts": 0, "state": "pending", "locked_until_ms": 0}
            for i in range(200)]
    assert stores[0].queue_notices(rows) == 200
    assert stores[1].queue_notices(rows[:50]) == 0  # queued once: the same key again is ignored
    claimed: list[list[int]] = [[], []]
    barrier = threading.Barrier(2)

    def claim(k: int) -> None:
        barrier.wait()
        now = int(time.time() * 1000)
        while True:
            got = stores[k].claim_notices(now, LOCK_MS, limit=7)
            if not got:
                return
            claimed[k].extend(j.id for j in got)

    threads = [threading.Thread(target=claim, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    both = claimed[0] + claimed[1]
    assert len(both) == 200 and len(set(both)) == 200
    assert claimed[0] and claimed[1]  # both took part
    for s in stores:
        s.engine.dispose()
    assert b64u(b"x") == "eA"


def test_one_reminder_while_the_same_decision_still_waits(sqlite_url: str) -> None:
    http = http_receiver()
    try:
        with client(sqlite_url, allow_private_webhooks=True, notice_poll=0.05) as c:
            g = create(c, ["human", "human"], seed=3)
            ta, tb = (s["token"] for s in g["seats"])
            bo = _profile(c, "Bo")
            _claim(c, g, 1, tb, bo)
            r = c.put("/api/players/me/notify", headers=auth(bo),
                      json={"webhook": http.base + "/hook", "reminder_hours": 0.0005})  # 1.8 s
            assert r.status_code == 200, r.text
            pick = random.Random(2)
            for _ in range(60):
                va = view(c, g, ta)
                if not va["legal_actions"]:
                    break
                c.post(f"/api/games/{g['id']}/actions", headers=auth(ta),
                       json={"action": pick.choice(va["legal_actions"])["text"], "version": va["version"]})
            _wait(lambda: len(http.hits) == 2, 6.0)
            events = [json.loads(h.body)["event"] for h in http.hits]
            assert events == ["your-turn", "reminder"]
            assert 1.5 <= http.hits[1].at - http.hits[0].at <= 4.0
            time.sleep(2.5)
            assert len(http.hits) == 2  # one reminder only
    finally:
        http.server.shutdown()


def test_two_processes_on_postgresql_send_each_notice_once(pg_url: str) -> None:
    """Two real `spacetable serve` processes on one database, every move sent through either of them
    in turn: each of Bo's waiting decisions in six games reaches his webhook exactly once, whichever
    process queued it and whichever claimed it."""
    import httpx

    from tests.server.server_helpers import free_port, serve_process

    hook = http_receiver()
    ports = [free_port(), free_port()]
    args = ["--allow-private-webhooks"]
    try:
        with serve_process(pg_url, ports[0], args=args), serve_process(pg_url, ports[1], args=args):
            bases = [f"http://127.0.0.1:{p}" for p in ports]
            with httpx.Client(timeout=20, base_url=bases[0]) as h:
                r = h.post(bases[0] + "/api/players", json={"name": "Bo"})
                bo = r.json()["key"]
                r = h.put(bases[1] + "/api/players/me/notify", headers=auth(bo),
                          json={"webhook": hook.base + "/bo"})
                assert r.status_code == 200, r.text
                games = []
                for i in range(6):
                    g = create(h, ["human", "human"], seed=20 + i)
                    r = h.post(f"{bases[i % 2]}/api/games/{g['id']}/seats/1/claim",
                               headers=auth(g["seats"][1]["token"]), json={"player_key": bo})
                    assert r.status_code == 200, r.text
                    games.append(g)
                pick = random.Random(9)
                sent = 0
                for round_ in range(40):
                    for i, g in enumerate(games):
                        ta, tb = (s["token"] for s in g["seats"])
                        base = bases[(round_ + i) % 2]
                        for tok in (ta, tb):
                            v = h.get(f"{base}/api/games/{g['id']}/view", headers=auth(tok)).json()
                            if v["legal_actions"]:
                                choice = pick.choice(v["legal_actions"])["text"]
                                h.post(f"{base}/api/games/{g['id']}/actions", headers=auth(tok),
                                       json={"action": choice, "version": v["version"]})
                                sent += 1
                                break
                time.sleep(2.0)
            bodies = [json.loads(x.body) for x in hook.on("/bo")]
    finally:
        hook.server.shutdown()
    engine = create_engine(pg_url)
    store = Store(engine)
    jobs = [j for j in store.notices() if j["event"] == "your-turn"]
    engine.dispose()
    assert sent > 100 and len(jobs) >= 12
    assert all(j["state"] in ("sent", "dropped") for j in jobs), jobs
    assert len(bodies) == sum(j["state"] == "sent" for j in jobs)  # each sent job reached the hook once
    assert len({(j["game"], j["decision"]) for j in jobs}) == len(jobs)


def test_a_page_hidden_on_one_process_lets_another_send_the_notice(pg_url: str) -> None:
    """Bo's page is connected to process B: while it says it is visible, Ada's moves through process A
    send Bo nothing; once it says it is hidden (B tells A with its presence), A's next wait on Bo
    sends one notice."""
    import httpx
    from websockets.sync.client import connect

    from tests.server.server_helpers import free_port, serve_process

    hook = http_receiver()
    ports = [free_port(), free_port()]
    args = ["--allow-private-webhooks"]
    try:
        with serve_process(pg_url, ports[0], args=args), serve_process(pg_url, ports[1], args=args), \
                httpx.Client(timeout=20, base_url=f"http://127.0.0.1:{ports[0]}") as a:
            bo = a.post("/api/players", json={"name": "Bo"}).json()["key"]
            assert a.put("/api/players/me/notify", headers=auth(bo),
                         json={"webhook": hook.base + "/bo"}).status_code == 200
            g = create(a, ["human", "human"], seed=31, names=["Ada", "Bo"])
            ta, tb = (s["token"] for s in g["seats"])
            assert a.post(f"/api/games/{g['id']}/seats/1/claim", headers=auth(tb),
                          json={"player_key": bo}).status_code == 200
            pick = random.Random(4)

            def ada_until_bo_waits() -> None:
                for _ in range(80):
                    va, vb = view(a, g, ta), view(a, g, tb)
                    if vb["legal_actions"] and not va["legal_actions"]:
                        return
                    tok, v = (ta, va) if va["legal_actions"] else (tb, vb)
                    choice = pick.choice(v["legal_actions"])["text"]
                    r = a.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                               json={"action": choice, "version": v["version"]})
                    assert r.status_code in (200, 409), r.text
                raise AssertionError("Bo never waited")

            with connect(f"ws://127.0.0.1:{ports[1]}/ws/games/{g['id']}", additional_headers=auth(tb)) as ws:
                ws.recv(10)
                ws.send(json.dumps({"type": "visibility", "visible": True}))
                _wait(lambda: view(a, g, ta)["seats"][1]["connected"])  # A heard that Bo is on B
                ada_until_bo_waits()  # Bo looks at his table on B: A holds the notice back
                time.sleep(1.0)
                assert hook.on("/bo") == []
                ws.send(json.dumps({"type": "visibility", "visible": False}))  # Bo's tab goes to the back
                time.sleep(1.0)  # B's presence (seat 1 hidden) reaches A
                v = view(a, g, tb)  # Bo plays his waiting decision through A, then Ada plays on
                a.post(f"/api/games/{g['id']}/actions", headers=auth(tb),
                       json={"action": v["legal_actions"][0]["text"], "version": v["version"]})
                ada_until_bo_waits()
                _wait(lambda: len(hook.on("/bo")) == 1, 5.0)
                time.sleep(0.5)
                assert len(hook.on("/bo")) == 1
    finally:
        hook.server.shutdown()
