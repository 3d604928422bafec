"""Saves and replays: a game is (config, seed, generator, action log), with a digest that detects damage.

A save (format version 3) is the JSON document::

    {"format": "spacetable-save", "version": 3, "game", "config", "seed", "rng",
     "actions": [text | {"forced": text} …],
     "digest": {"encoding": "spacetable-state-3", "header": hex, "every": K,
                "checkpoints": [[n, hex] …], "final": hex},
     "practice"?, "table"?}

``rng`` names the generator stream (`rng.STREAM`, or `rng.LEGACY_STREAM` for a game begun before
it). ``{"forced": text}`` is a chance outcome a caller chose with ``apply`` (tests and analysis tools
do); every other chance entry is re-drawn from the seeded generator on load and checked against the
log. The digest covers every key spacetable reads from a save (`COVERED`): ``header`` is a SHA-256
over the settings (format, version, game, config, seed, rng, practice and the terminal's ``table``,
each present or absent), and each checkpoint after move n is a SHA-256 over the previous checkpoint
(the first: the header), the action entries since it and a canonical encoding of the state after
move n (`canonical_state`: who decides, the decision, the legal actions, the generator; not the
views, so a version that words its screens differently still checks it). So a damaged or edited
setting is refused before anything replays, and a swapped, deleted or edited action, or a build
whose rules replay differently, is refused with the first checkpoint where the replay departs.
Keys other clients add are neither read nor covered.

Older saves still load, on the splitmix64 stream they were recorded with: version 2 (its digest
covers the actions but not ``practice`` and ``table``, and its state encoding holds the views as that
version rendered them: where those have changed since, the save loads unvouched, every move still
replayed by the rules, and says so) and version 1 (no digest: reported
unverified). Saving such a game again writes version 3 with ``"rng": "splitmix64"``.

Every malformed document raises `SaveError` naming what is wrong, never another exception.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacetable.engine.action import MAX_TEXT, Action
from spacetable.engine.errors import SaveError, SpacetableError
from spacetable.engine.game import get_game
from spacetable.engine.rng import LEGACY_STREAM, STREAM, STREAMS
from spacetable.engine.state import CHANCE, State

FORMAT = "spacetable-save"
VERSION = 3
VERSIONS = (1, 2, 3)
ENCODING = "spacetable-state-3"
"""The digest of version 3: its chain begins from the header; a state is encoded by the flow of the
game (who decides, the decision, the legal actions, the generator), not by what the screens show,
so a later version that words its views differently still checks the save."""
ENCODING_V2 = "spacetable-state-1"
"""The digest of version 2: its chain begins from this string; a state is encoded with every seat's
view as that version rendered it."""
CLIENT_KEYS = ("table",)
"""Keys a spacetable client adds to its saves and reads back (the terminal's seating): covered by
the digest, their contents checked by the client."""
COVERED = ("format", "version", "game", "config", "seed", "rng", "practice", *CLIENT_KEYS)
"""Every key spacetable reads from a save besides ``actions`` and ``digest``: the digest's header."""
CHECKPOINT_EVERY = 50
MAX_DOCUMENT = 16 * 1024 * 1024
"""The largest save accepted, in bytes (a long game is well under 1 MB)."""
MAX_ACTIONS = 1_000_000

Entry = str | dict[str, str]
"""One action-log entry of a save: the action's text, or ``{"forced": text}``."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """A loaded save: its final state, whether a digest vouched for it, and its flags."""

    state: State
    verified: bool
    version: int
    practice: bool
    stale_from: int | None = None
    """A format-2 save whose digest departs at this move: its digest encodes the screens as the
    version that wrote it showed them, and they have changed since (every move replayed legally)."""

    @property
    def note(self) -> str:
        """One line for people about the save's integrity ('' for a current save)."""
        if self.stale_from is not None:
            return (f"older save (format version {self.version}) written by an earlier spacetable: every "
                    "move replays by the rules, but its digest covers screens that have changed since "
                    f"(from move {self.stale_from}), so it cannot vouch for the file; saving the game "
                    "again writes the current format")
        if not self.verified:
            return f"unverified save (format version {self.version} carries no digest)"
        if self.version < VERSION:
            return (f"older save (format version {self.version}): its digest does not cover the seating "
                    "or the practice flag; saving the game again writes the current format")
        return ""


# ----- canonical encoding and digests ---------------------------------------------------------
def canonical_state(state: State, views: bool = False) -> bytes:
    """A canonical, build-independent encoding of a state for digests.

    Built only from the public API: who decides, the decision, the legal actions' texts and the
    generator's state, as sorted, compact, ASCII JSON; with `views` (the encoding of format 2) also
    every seat's and the spectator's view.
    """
    n = state.num_players
    doc: dict[str, Any] = {
        "player": state.current_player(),
        "decision": state.decision_name(),
        "legal": [str(a) for a in state.legal_actions()] if not state.is_terminal() else [],
        "rng": state.rng.state,
    }
    if views:
        doc["views"] = [state.view(p).to_json() for p in range(n)] + [state.view(None).to_json()]
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      default=str).encode("ascii")


def _canonical_json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def header_digest(doc: dict[str, Any]) -> str:
    """The SHA-256 (hex) of a document's settings: each key of `COVERED` it holds, as canonical JSON."""
    h = hashlib.sha256(ENCODING.encode("ascii"))
    try:
        h.update(_canonical_json({k: doc[k] for k in COVERED if k in doc}))
    except RecursionError as e:
        raise SaveError("the save's settings are nested too deeply") from e
    except (TypeError, ValueError) as e:  # a document built in Python with values JSON cannot hold
        raise SaveError(f"the save's settings are not JSON data ({e})") from e
    return h.hexdigest()


def _chain(previous: str, entries: list[Entry], state: State, views: bool) -> str:
    h = hashlib.sha256()
    h.update(previous.encode("ascii"))
    h.update(json.dumps(entries, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii"))
    h.update(canonical_state(state, views))
    return h.hexdigest()


class _Digester:
    """Feeds the checkpoints of a replay: `step` after every entry, `finish` at the end."""

    def __init__(self, every: int, start: str, views: bool = False) -> None:
        self.views = views
        self.every = every
        self.last = start
        self.pending: list[Entry] = []
        self.checkpoints: list[tuple[int, str]] = []

    def step(self, n: int, entry: Entry, state: State) -> str | None:
        self.pending.append(entry)
        if n % self.every:
            return None
        self.last = _chain(self.last, self.pending, state, self.views)
        self.pending = []
        self.checkpoints.append((n, self.last))
        return self.last

    def finish(self, state: State) -> str:
        return _chain(self.last, self.pending, state, self.views)


# ----- writing --------------------------------------------------------------------------------
def entries_of(state: State) -> list[Entry]:
    """The action-log entries of a state, forced chance outcomes marked."""
    forced = set(state.forced)
    space = state.space
    return [{"forced": str(space[i])} if n in forced else str(space[i])
            for n, i in enumerate(state.history)]


def restart(state: State) -> State:
    """A fresh game with `state`'s game, config, seed and generator stream (its move 0)."""
    return state.spec.new_game(dict(state.config), state.seed, stream=state.rng.stream)


def to_document(state: State, *, practice: bool = False,
                client: dict[str, Any] | None = None) -> dict[str, Any]:
    """The save document of a state: config, seed, generator, full action log and its digest.

    `client` holds the keys of `CLIENT_KEYS` a client adds (the terminal's ``"table"``), which the
    digest then covers; any other key is refused (add it to the document afterwards, uncovered).
    """
    extra = dict(client or {})
    unknown = sorted(set(extra) - set(CLIENT_KEYS))
    if unknown:
        raise SaveError(f"the digest covers the client keys {', '.join(CLIENT_KEYS)} only, not {unknown}")
    entries = entries_of(state)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.spec.name,
        "config": state.config,
        "seed": state.seed,
        "rng": state.rng.stream,
        "actions": entries,
    }
    if practice:
        doc["practice"] = True
    doc.update(extra)
    header = header_digest(doc)
    digester = _Digester(CHECKPOINT_EVERY, header)
    replay = restart(state)
    for n, entry in enumerate(entries, 1):
        apply_entry(replay, entry, n)
        digester.step(n, entry, replay)
    doc["digest"] = {"encoding": ENCODING, "header": header, "every": CHECKPOINT_EVERY,
                     "checkpoints": [list(c) for c in digester.checkpoints],
                     "final": digester.finish(replay)}
    return doc


def dumps(state: State, *, practice: bool = False) -> str:
    return json.dumps(to_document(state, practice=practice), indent=1)


def save(state: State, path: str | Path, *, practice: bool = False) -> None:
    Path(path).write_text(dumps(state, practice=practice), encoding="utf-8")


# ----- checking a document --------------------------------------------------------------------
def _check_entry(n: int, entry: Any) -> None:
    text = entry.get("forced") if isinstance(entry, dict) and set(entry) == {"forced"} else entry
    if not isinstance(text, str):
        raise SaveError(f"action {n}: an entry must be an action text or {{\"forced\": text}}, "
                        f"not {type(entry).__name__}")
    if len(text) > MAX_TEXT:
        raise SaveError(f"action {n}: text of {len(text)} characters (at most {MAX_TEXT})")


def _check_document(doc: Any) -> int:
    """Check a document's shape; its format version."""
    if not isinstance(doc, dict):
        raise SaveError("save document is not a JSON object")
    if doc.get("format") != FORMAT:
        raise SaveError(f"not a spacetable save (format={str(doc.get('format'))[:40]!r})")
    version = doc.get("version")
    if isinstance(version, bool) or version not in VERSIONS:
        raise SaveError(f"unsupported save version {str(version)[:20]!r} (this build reads "
                        f"{', '.join(map(str, VERSIONS))})")
    for key, typ in (("game", str), ("config", dict), ("seed", int), ("actions", list)):
        value = doc.get(key)
        if not isinstance(value, typ) or isinstance(value, bool):
            raise SaveError(f"save field {key!r} missing or not a {typ.__name__}")
    if len(doc["actions"]) > MAX_ACTIONS:
        raise SaveError(f"save has {len(doc['actions'])} actions (at most {MAX_ACTIONS})")
    if version == 1 and not all(isinstance(a, str) for a in doc["actions"]):
        raise SaveError("save field 'actions' must be a list of strings")
    for n, entry in enumerate(doc["actions"], 1):
        _check_entry(n, entry)
    if "practice" in doc and not isinstance(doc["practice"], bool):
        raise SaveError("save field 'practice' must be true or false")
    if version >= 3 and doc.get("rng") not in STREAMS:
        raise SaveError(f"save field 'rng' must name a generator ({', '.join(STREAMS)}), "
                        f"not {str(doc.get('rng'))[:40]!r}")
    if version >= 2:
        _check_digest_shape(doc.get("digest"), version)
    return int(version)


def _check_digest_shape(digest: Any, version: int) -> None:
    if not isinstance(digest, dict):
        raise SaveError(f"save field 'digest' missing or not an object (format version {version} needs it)")
    encoding = ENCODING if version >= 3 else ENCODING_V2
    if digest.get("encoding") != encoding:
        raise SaveError(f"unknown digest encoding {str(digest.get('encoding'))[:40]!r} "
                        f"(format version {version} uses {encoding!r})")
    if version >= 3 and not isinstance(digest.get("header"), str):
        raise SaveError("digest field 'header' missing or not a string")
    every = digest.get("every")
    if isinstance(every, bool) or not isinstance(every, int) or not 1 <= every <= MAX_ACTIONS:
        raise SaveError("digest field 'every' must be a whole number of moves")
    cps = digest.get("checkpoints")
    if not isinstance(cps, list) or not all(
            isinstance(c, list) and len(c) == 2 and isinstance(c[0], int) and not isinstance(c[0], bool)
            and isinstance(c[1], str) for c in cps):
        raise SaveError("digest field 'checkpoints' must be a list of [move, hex] pairs")
    if not isinstance(digest.get("final"), str):
        raise SaveError("digest field 'final' missing or not a string")


def stream_of(doc: dict[str, Any], version: int) -> str:
    """The generator stream a checked document was recorded with (before version 3: splitmix64)."""
    return str(doc["rng"]) if version >= 3 else LEGACY_STREAM


def _start(doc: dict[str, Any], stream: str) -> State:
    try:
        spec = get_game(doc["game"])
        state = spec.new_game(dict(doc["config"]), doc["seed"], stream=stream)
    except SpacetableError as e:
        raise SaveError(f"cannot start the saved game: {e}") from e
    except RecursionError as e:  # a config nested too deeply for any check to walk
        raise SaveError("cannot start the saved game: its config is nested too deeply") from e
    state.events = []
    return state


def apply_entry(state: State, entry: Entry, n: int) -> str:
    """Apply log entry number `n` (1-based, for messages): re-draw a chance outcome from the
    seeded generator and check it, force a forced one, apply a decision's exact text. Its text."""
    forced = isinstance(entry, dict)
    text = entry["forced"] if isinstance(entry, dict) else entry
    try:
        at_chance = state.current_player() == CHANCE
        if forced and not at_chance:
            raise SaveError(f"action {n}: {text!r} is marked forced but no die or draw is due")
        if at_chance and not forced:
            drawn = state.sample_chance()
            if str(drawn) != text:
                raise SaveError(f"action {n}: log says {text!r} but the seeded dice give {str(drawn)!r}")
        else:
            state.apply(Action.parse(text))  # exact text only: no prefix matching in saves
    except SaveError:
        raise
    except SpacetableError as e:
        raise SaveError(f"action {n} ({text!r}) does not replay: {e}") from e
    return text


def _states(doc: dict[str, Any], version: int,
            stale: list[int] | None = None) -> Iterator[tuple[State, str | None]]:
    """The replay of a checked document. A format-2 digest encodes the screens as the version that
    wrote it rendered them: where it departs, with `stale` given, the move's number is put there and
    the replay goes on unvouched (every move is still checked as legal), else it is an error."""
    digest = doc.get("digest") if version >= 2 else None
    start = ENCODING_V2
    if version >= 3:
        start = header_digest(doc)
        if digest is None or digest["header"] != start:
            raise SaveError("save digest mismatch: the save's settings (one of "
                            f"{', '.join(k for k in COVERED)}) were damaged or edited")
    state = _start(doc, stream_of(doc, version))
    expected: dict[int, str] = {}
    digester: _Digester | None = None
    if digest is not None:
        expected = {int(n): h for n, h in digest["checkpoints"]}
        digester = _Digester(int(digest["every"]), start, views=version < 3)
    previous = 0
    for n, entry in enumerate(doc["actions"], 1):
        text = entry["forced"] if isinstance(entry, dict) else entry
        yield state, text
        apply_entry(state, entry, n)
        if digester is not None:
            got = digester.step(n, entry, state)
            if got is not None:
                if expected.get(n) != got:
                    if version < 3 and stale is not None:
                        stale.append(n)
                        digester = None
                        continue
                    raise SaveError(f"save digest mismatch: the replay departs from the recorded game "
                                    f"between moves {previous + 1} and {n} (checkpoint at move {n}); "
                                    "the file was damaged or edited, or these rules replay it differently")
                previous = n
    if digester is not None:
        if any(n > len(doc["actions"]) for n in expected) or len(expected) != len(digester.checkpoints):
            raise SaveError("save digest mismatch: the checkpoints do not match the length of the log "
                            "(actions were added or deleted)")
        if digester.finish(state) != digest["final"]:  # type: ignore[index]
            if version < 3 and stale is not None:
                stale.append(len(doc["actions"]))
            else:
                raise SaveError(f"save digest mismatch: the replay departs from the recorded game after "
                                f"move {previous} (final state)")
    yield state, None


def replay_states(doc: Any) -> Iterator[tuple[State, str | None]]:
    """Yield (state, action about to be applied) for every step, then (final state, None).

    The same state object is mutated between yields; copy it to keep one. A digest mismatch is
    raised at the first checkpoint where the replay departs.
    """
    version = _check_document(doc)
    try:
        yield from _states(doc, version)
    except RecursionError as e:
        raise SaveError("the save is nested too deeply to replay") from e


def open_document(doc: Any) -> Loaded:
    """Rebuild the state a save document describes, with whether its digest vouched for it."""
    version = _check_document(doc)
    final: State | None = None
    stale: list[int] = []
    for final, _ in _states(doc, version, stale):  # noqa: B007  (the last yielded state is the result)
        pass
    assert final is not None
    return Loaded(final, verified=version >= 2 and not stale, version=version,
                  practice=bool(doc.get("practice")), stale_from=stale[0] if stale else None)


def from_document(doc: Any) -> State:
    """Rebuild the state a save document describes."""
    return open_document(doc).state


def replay_actions(game: str, config: dict[str, Any], seed: int, entries: list[Entry],
                   *, stream: str = STREAM) -> State:
    """The state after `entries` from a fresh (config, seed) game on the generator `stream`
    (servers and the terminal's undo keep their own logs)."""
    doc = {"format": FORMAT, "version": 1, "game": game, "config": config, "seed": seed, "actions": entries}
    for n, entry in enumerate(entries, 1):
        _check_entry(n, entry)
    state = _start(doc, stream)
    for n, entry in enumerate(entries, 1):
        apply_entry(state, entry, n)
    return state


def parse_document(text: str | bytes) -> Any:
    """The JSON value of a save's text: `SaveError` for oversized, non-UTF-8, invalid or too deep JSON."""
    if len(text) > MAX_DOCUMENT:
        raise SaveError(f"save is {len(text)} bytes (at most {MAX_DOCUMENT})")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise SaveError(f"save is not UTF-8 text ({e.reason} at byte {e.start})") from e
    try:
        return json.loads(text)
    except RecursionError as e:
        raise SaveError("save is not valid JSON: nested too deeply") from e
    except json.JSONDecodeError as e:
        raise SaveError(f"save is not valid JSON: {e}") from e
    except ValueError as e:  # an integer past Python's digit limit
        raise SaveError("save holds a number with too many digits (no game number is that large)") from e


def read_text(path: str | Path) -> bytes:
    """The bytes of a save file (at most `MAX_DOCUMENT`); `SaveError` when it cannot be read."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_DOCUMENT + 1)
    except OSError as e:
        raise SaveError(f"cannot read save {path}: {e.strerror or e}") from e
    if len(data) > MAX_DOCUMENT:
        raise SaveError(f"save {path} is larger than {MAX_DOCUMENT} bytes")
    return data


def loads(text: str | bytes) -> State:
    return from_document(parse_document(text))


def load(path: str | Path) -> State:
    return loads(read_text(path))
