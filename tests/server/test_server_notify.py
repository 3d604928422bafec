"""What one server process tells the others of an append (the NOTIFY payload), and the bot lease.

The payload carries the appended records when they fit, so a listener that holds the game at the
version before applies them without reading the database; anything it cannot trust is read instead.
The lease is taken, renewed and refused in one statement that also says who holds it until when.
"""

from __future__ import annotations

from spacetable.server.migrate import upgrade
from spacetable.server.notify import parse
from spacetable.server.store import NOTIFY_LIMIT, NewRecord, Store, make_engine, notify_payload


def test_a_payload_carries_the_records_after_the_version_before() -> None:
    recs = [NewRecord("action", "buy 2 parts", 1), NewRecord("chance", "Ω 3", None),
            NewRecord("auto", "pass", 0)]
    note = parse(notify_payload("g1", 40, recs, "host:12:ab"))
    assert note is not None
    assert (note.game_id, note.version, note.writer, note.base) == ("g1", 43, "host:12:ab", 40)
    assert note.records == recs


def test_a_payload_too_long_for_postgresql_names_the_version_only() -> None:
    recs = [NewRecord("action", "x" * 100, 0) for _ in range(100)]
    payload = notify_payload("g1", 0, recs, "host:12:ab")
    assert len(payload.encode()) <= NOTIFY_LIMIT and payload == "g1:100:host:12:ab"
    note = parse(payload)
    assert note is not None and note.version == 100 and note.records is None and note.base is None


def test_records_that_do_not_add_up_or_do_not_parse_are_not_trusted() -> None:
    for tail in ("\n5\n[[\"action\",\"a\",0]]",       # one record from 5 is 6, not 7
                 "\n6\n[[\"action\",\"a\"]]",          # a record without its seat
                 "\n6\n[[\"action\",\"a\",\"0\"]]",     # a seat that is not a number
                 "\n6\n[[\"action\",\"a\",true]]",      # nor a boolean
                 "\n6\n{\"kind\": 1}", "\n6\nnot json", "\nsix\n[]"):
        note = parse("g1:7:host:1:x" + tail)
        assert note is not None and note.version == 7 and note.records is None, tail
    assert parse("g1:seven:host") is None and parse(":7:host") is None and parse("x" * 65 + ":1:h") is None


def test_the_lease_is_one_holders_at_a_time_and_taken_over_once_expired(db_url: str) -> None:
    engine = make_engine(db_url)
    upgrade(engine)
    store = Store(engine)
    store.create("g", "moonrakers", {"players": 2}, 1, "r", [], [], [], "running")
    assert store.claim_lease("g", "A", 1000, 5000) == ("A", 6000)
    refused = store.claim_lease("g", "B", 2000, 5000)
    assert refused is None or refused == ("A", 6000)  # PostgreSQL also says who holds it, until when
    assert store.take_lease("g", "B", 2000, 5000) is None
    assert store.claim_lease("g", "A", 3000, 5000) == ("A", 8000)  # the holder renews
    assert store.claim_lease("g", "B", 7999, 5000) in (None, ("A", 8000))
    assert store.claim_lease("g", "B", 8001, 5000) == ("B", 13001)  # expired: taken over
    assert store.lease_owner("g") == ("B", 13001)
    assert store.take_lease("g", "A", 9000, 5000) is None
    store.release_lease("g", "B")
    assert store.lease_owner("g") is None and store.take_lease("g", "A", 9000, 5000) == 14000
    store.close()


def test_an_append_notifies_after_it_commits_and_a_stale_one_never(pg_url: str) -> None:
    """The NOTIFY is part of the append's transaction: a listener hears the new version with its
    records once it commits, and a stale append (the version check refused it) sends nothing."""
    import psycopg

    from spacetable.server.notify import conninfo
    from spacetable.server.store import CHANNEL, VersionConflict

    engine = make_engine(pg_url)
    upgrade(engine)
    store = Store(engine)
    store.origin = "host:1:ab"
    store.create("g", "moonrakers", {"players": 2}, 1, "r", [], [], [NewRecord("setup", "x", None)],
                 "running")
    with psycopg.connect(conninfo(engine.url), autocommit=True) as listen:
        listen.execute(f"LISTEN {CHANNEL}")
        assert store.append("g", 1, [NewRecord("action", "a", 0), NewRecord("action", "b", 1)]) == 3
        try:
            store.append("g", 1, [NewRecord("action", "stale", 0)])
        except VersionConflict:
            pass
        else:
            raise AssertionError("a stale append was accepted")
        heard = [parse(n.payload) for n in listen.notifies(timeout=1.0)]
    assert len(heard) == 1 and heard[0] is not None
    note = heard[0]
    assert (note.game_id, note.version, note.base, note.writer) == ("g", 3, 1, "host:1:ab")
    assert note.records == [NewRecord("action", "a", 0), NewRecord("action", "b", 1)]
    stored = store.records_since("g", 1)
    assert stored is not None and stored[0] == 3 and [r.text for r in stored[2]] == ["a", "b"]
    store.close()
