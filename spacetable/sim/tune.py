"""A search that proposes card changes (``spacetable tune GAME tune.toml``).

The designer names parameters (any card field an override may change, within bounds) and a target;
each trial is one card-override document built from the parameters, played for `games` games of the
configuration on the same seeds as the shipped cards (run ``tune: current``), so every trial is paired
with the current cards. The search is Optuna's TPE sampler: it handles whole-number and real
parameters within bounds, proposes from the trials so far, and keeps its study in a journal file beside
the results (``<out>.optuna.log``), so an interrupted search resumes where it stopped. NTBEA (the
N-tuple bandit of TAG's balance competition) has no maintained Python implementation; Optuna is
maintained, records every trial with its parameters and score, and lets several processes share one
study. Games run on the simulator's backends (every core, or Ray).

Every trial's games are in the results file (run ``tune: <digest>``, each row carrying its override
document), so the file alone replays the search; a trial cut short by Ctrl-C is asked again on resume
with the same parameters and plays only its missing games. A finished trial is never played again.

The score is the sum of each target's distance outside its band, in units of that band's width (0 when
every target is met). Targets (`TARGETS`): ``goal_share`` (every goal's win rate over the fair share
1/players within [low, high]), ``first_seat`` (seat 1's win rate within that many points of fair),
``median_turns`` ([low, high]) and ``card_effect`` (a card's adjusted effect within ±`within` of 0).
"""

from __future__ import annotations

import copy
import json
import math
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa

from spacetable.engine.errors import ConfigError, DataError
from spacetable.sim.backends import Backend
from spacetable.sim.catalog import records
from spacetable.sim.overrides import CardOverrides, card_kinds, parse_overrides
from spacetable.sim.progress import ProgressFile
from spacetable.sim.report_figures import Config, group
from spacetable.sim.setup import game_study, games_with_cards
from spacetable.sim.simulate import Job, make_job, run_jobs

CURRENT = "tune: current"
TARGETS = ("goal_share", "first_seat", "median_turns", "card_effect")
TOP_KEYS = ("game", "players", "bots", "games", "seed", "trials", "modules", "expansions", "modes",
            "turn_limit", "param", "target")
MAX_TRIALS = 10_000


@dataclass(frozen=True)
class Param:
    """One parameter: a card field (``field`` dotted into an object, e.g. ``targets.3``) in [low, high]."""

    kind: str
    slug: str
    field: str
    low: float
    high: float
    step: float | None
    integer: bool

    @property
    def name(self) -> str:
        return f"{self.kind}/{self.slug}.{self.field}"


@dataclass(frozen=True)
class Target:
    goal_share: tuple[float, float] | None = None
    first_seat: float | None = None
    median_turns: tuple[float, float] | None = None
    card_effects: tuple[tuple[str, str, float], ...] = ()
    """(kind, slug, within)."""


@dataclass
class TuneSpec:
    game: str
    players: int
    bots: list[str]
    games: int
    seed: int
    trials: int
    params: list[Param]
    target: Target
    modules: list[str] = field(default_factory=list)
    expansions: list[str] = field(default_factory=list)
    modes: list[str] = field(default_factory=list)
    turn_limit: int | None = None
    file: str = "tune.toml"

    def job(self, cards: CardOverrides | None, run: str) -> Job:
        return make_job(self.game, self.games, self.players, self.bots, self.seed, self.modules,
                        self.expansions, self.modes, turn_limit=self.turn_limit, cards=cards, run=run)


def _band(value: Any, where: str) -> tuple[float, float]:
    """`value` as a [low, high] band (`ConfigError` naming `where` otherwise)."""
    if (not isinstance(value, list) or len(value) != 2 or not all(_is_num(v) for v in value)
            or value[0] > value[1]):
        raise ConfigError(f"{where}: must be [low, high] with low ≤ high")
    return float(value[0]), float(value[1])


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def read_tune(game: str, path: str | Path) -> TuneSpec:
    """The checked tune file at `path` (`ConfigError` naming the file and key before any game)."""
    file = Path(path)
    try:
        doc = tomllib.loads(file.read_text(encoding="utf-8"))
    except OSError as e:
        raise ConfigError(f"{file}: cannot read the tune file ({e.strerror or e})") from e
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ConfigError(f"{file}: not valid TOML ({e})") from e
    return parse_tune(game, doc, str(file))


def parse_tune(game: str, doc: dict[str, Any], file: str = "tune.toml") -> TuneSpec:
    """The checked spec of a parsed tune document (see docs/workbench.md for the format)."""
    def fail(key: str, message: str) -> ConfigError:
        return ConfigError(f"{file}: {key}: {message}")

    for key in doc:
        if key not in TOP_KEYS:
            raise fail(key, f"unknown key (allowed: {', '.join(TOP_KEYS)})")
    if doc.get("game", game) != game:
        raise fail("game", f"this file tunes {doc.get('game')!r}, not {game!r}")
    if not card_kinds(game):
        raise ConfigError(f"{game} has no card data to tune (games with card data: "
                          f"{', '.join(games_with_cards())})")
    for key in ("players", "games", "seed", "bots"):
        if key not in doc:
            raise fail(key, "missing")
    values = {k: doc.get(k, d) for k, d in (("players", 0), ("games", 0), ("seed", 0), ("trials", 20))}
    for key, v in values.items():
        if isinstance(v, bool) or not isinstance(v, int):
            raise fail(key, f"must be a whole number, not {v!r}")
    if not 1 <= values["trials"] <= MAX_TRIALS:
        raise fail("trials", f"must be from 1 to {MAX_TRIALS}")
    bots = doc["bots"]
    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",") if b.strip()]
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) and b for b in bots):
        raise fail("bots", "must be a bot name, a comma list or a list of names")
    params = _params(game, doc.get("param"), fail)
    target = _target(doc.get("target"), fail)
    lists: dict[str, list[str]] = {}
    for key in ("modules", "expansions", "modes"):
        v = doc.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise fail(key, "must be a list of names")
        lists[key] = v
    turn_limit = doc.get("turn_limit")
    if turn_limit is not None and (isinstance(turn_limit, bool) or not isinstance(turn_limit, int)):
        raise fail("turn_limit", "must be a whole number")
    spec = TuneSpec(game, values["players"], bots, values["games"], values["seed"], values["trials"], params,
                    target, lists["modules"], lists["expansions"], lists["modes"], turn_limit, file)
    spec.job(None, CURRENT)  # refuses a bad game, player count, bot or option now
    for corner in ("low", "high"):  # both ends of every range must make valid cards
        try:
            overrides_for(spec, {p.name: getattr(p, corner) for p in params})
        except DataError as e:
            raise fail("param", f"the {corner} ends of the ranges make invalid cards: {e}") from e
    return spec


def _params(game: str, raw: Any, fail: Callable[[str, str], ConfigError]) -> list[Param]:
    if not isinstance(raw, list) or not raw or not all(isinstance(p, dict) for p in raw):
        raise fail("param", "give at least one [[param]] table")
    known = records(game)
    kinds = card_kinds(game)
    out: list[Param] = []
    for k, p in enumerate(raw, start=1):
        where = f"param {k}"
        extra = sorted(set(p) - {"card", "field", "low", "high", "step"})
        if extra:
            raise fail(where, f"unknown key {extra[0]!r} (allowed: card, field, low, high, step)")
        card, fld = p.get("card"), p.get("field")
        if not isinstance(card, str) or card.count("/") != 1:
            raise fail(where, "card must be 'kind/slug', e.g. 'goals/tycoon'")
        kind, slug = card.split("/")
        if kind not in kinds:
            raise fail(where, f"unknown card kind {kind!r} (allowed: {', '.join(kinds)})")
        record = next((c for c in known[kind] if c.get("slug") == slug), None)
        if record is None:
            raise fail(where, f"no {kind} card {slug!r}")
        if not isinstance(fld, str) or not fld:
            raise fail(where, "field must name a number field of the card, e.g. 'cost' or 'targets.3'")
        current = _get(record, fld)
        if not _is_num(current):
            raise fail(where, f"{card} has no number field {fld!r}")
        low, high = p.get("low"), p.get("high")
        if not _is_num(low) or not _is_num(high) or low > high:
            raise fail(where, "low and high must be numbers with low ≤ high")
        step = p.get("step")
        if step is not None and (not _is_num(step) or step <= 0):
            raise fail(where, "step must be a positive number")
        integer = isinstance(current, int) and isinstance(low, int) and isinstance(high, int)
        out.append(Param(kind, slug, fld, float(low), float(high), None if step is None else float(step),
                         integer))
    names = [p.name for p in out]
    if len(set(names)) != len(names):
        raise fail("param", "a card field is named twice")
    return out


def _target(raw: Any, fail: Callable[[str, str], ConfigError]) -> Target:
    if not isinstance(raw, dict) or not raw:
        raise fail("target", f"give a [target] table with at least one of {', '.join(TARGETS)}")
    extra = sorted(set(raw) - set(TARGETS))
    if extra:
        raise fail("target", f"unknown target {extra[0]!r} (allowed: {', '.join(TARGETS)})")
    first = raw.get("first_seat")
    if first is not None and (not _is_num(first) or first < 0):
        raise fail("target.first_seat", "must be a number of win-rate points, e.g. 0.02")
    effects = []
    for k, e in enumerate(raw.get("card_effect", []) or [], start=1):
        if not isinstance(e, dict) or not isinstance(e.get("card"), str) or "/" not in e["card"]:
            raise fail(f"target.card_effect {k}", "needs card = 'kind/slug' and within = 0.03")
        within = e.get("within", 0.02)
        if not _is_num(within) or within < 0:
            raise fail(f"target.card_effect {k}", "within must be a number ≥ 0")
        kind, slug = e["card"].split("/", 1)
        effects.append((kind, slug, float(within)))
    return Target(_band(raw["goal_share"], "target.goal_share") if "goal_share" in raw else None,
                  None if first is None else float(first),
                  _band(raw["median_turns"], "target.median_turns") if "median_turns" in raw else None,
                  tuple(effects))


def _get(record: dict[str, Any], path: str) -> Any:
    value: Any = record
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def _set(record: dict[str, Any], path: str, value: Any) -> None:
    parts = path.split(".")
    node = record
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = value


def overrides_for(spec: TuneSpec, values: dict[str, float]) -> CardOverrides:
    """The validated override document of one trial (`DataError` for invalid cards)."""
    shipped = records(spec.game)
    adjust = game_study(spec.game).adjust
    cards: dict[tuple[str, str], dict[str, Any]] = {}
    for p in spec.params:
        key = (p.kind, p.slug)
        if key not in cards:
            cards[key] = copy.deepcopy(next(c for c in shipped[p.kind] if c.get("slug") == p.slug))
        value: float | int = int(round(values[p.name])) if p.integer else float(values[p.name])
        _set(cards[key], p.field, value)
        if adjust is not None:  # e.g. a goal keeps its targets and text in step
            adjust(p.kind, cards[key], p.field)
    doc: dict[str, list[dict[str, Any]]] = {}
    for (kind, _), card in cards.items():
        doc.setdefault(kind, []).append(card)
    return parse_overrides(spec.game, doc, "tune trial")


# ---------------------------------------------------------------- scoring

def _outside(value: float, low: float, high: float) -> float:
    return max(0.0, low - value, value - high)


def evaluate(spec: TuneSpec, config: Config) -> tuple[float, dict[str, Any]]:
    """The score of a configuration's games (0: every target met) and the figures it came from."""
    t = spec.target
    score = 0.0
    figures: dict[str, Any] = {}
    fair = 1.0 / spec.players
    if t.goal_share is not None:
        low, high = t.goal_share
        goal = game_study(spec.game).goal
        shares = {g: r.value / fair for g, r in (config.win_by(goal) if goal else []) if r.n}
        figures["goal_share"] = {g: round(v, 3) for g, v in sorted(shares.items())}
        score += sum(_outside(v, low, high) for v in shares.values()) / max(1e-9, high - low)
    if t.first_seat is not None:
        seat1 = config.first_player()[0].value
        figures["first_seat"] = round(seat1, 4)
        score += _outside(seat1 - fair, -t.first_seat, t.first_seat) / max(1e-9, 2 * t.first_seat)
    if t.median_turns is not None:
        low, high = t.median_turns
        median = config.figures().median_turns
        figures["median_turns"] = median
        score += (_outside(median, low, high) / max(1e-9, high - low)) if median is not None else 1.0
    if t.card_effects:
        effects = {(e.kind, e.card): e for e in config.card_effects()}
        got = {}
        for kind, slug, within in t.card_effects:
            e = effects.get((kind, slug))
            value = e.effect if e is not None else None
            got[f"{kind}/{slug}"] = value
            score += (_outside(value, -within, within) / max(1e-9, 2 * within)) if value is not None else 1.0
        figures["card_effect"] = got
    return round(score, 6), figures


# ---------------------------------------------------------------- the search

def journal(out: Path) -> Path:
    return out.with_name(out.name + ".optuna.log")


def run_name(overrides: CardOverrides) -> str:
    return f"tune: {overrides.digest[:8]}"


@dataclass
class TuneResult:
    best: dict[str, Any]
    trials: list[dict[str, Any]]
    """Every finished trial: number, params, score, run, figures."""
    target_met: bool
    current: dict[str, Any]
    played_trials: int
    best_files: list[str]
    report: str | None

    def to_json(self) -> dict[str, Any]:
        return {"best": self.best, "trials": self.trials, "target_met": self.target_met,
                "current": self.current, "played_trials": self.played_trials, "best_files": self.best_files,
                "report": self.report}


def _config_of(tables: list[pa.Table]) -> Config:
    configs = group(tables[-1])
    if len(configs) != 1:
        raise ConfigError("a tune run's games did not form one configuration")
    return configs[0]


def tune(spec: TuneSpec, out: str | Path, backend: Backend, trials: int | None = None,
         progress: Callable[[int, int], None] | None = None, keep: int = 3,
         report: bool = True, progress_file: str | Path | None = None,
         minutes: float | None = None) -> TuneResult:
    """Run (or resume) the search of `spec` into `out`; the best trials' override files beside it
    (``<out stem>.best1.json`` …) and a report comparing the best with the current cards. With
    `progress_file`, the games played so far of (trials + 1) × games are written there. With `minutes`,
    the whole run keeps to that time budget: a trial starts only while the longest run of games so far
    (the current cards' first) would still end within it (the search can be resumed later for more)."""
    import optuna
    from optuna.storages import JournalStorage
    from optuna.storages.journal import JournalFileBackend
    from optuna.trial import TrialState

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    out = Path(out)
    total = trials or spec.trials
    storage = JournalStorage(JournalFileBackend(str(journal(out))))
    sampler = optuna.samplers.TPESampler(seed=spec.seed, n_startup_trials=min(8, max(2, total // 3)))
    study = optuna.create_study(study_name="tune", storage=storage, direction="minimize", sampler=sampler,
                                load_if_exists=True)
    for t in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):  # cut short last time
        study.enqueue_trial(t.params, skip_if_exists=False)
        storage.set_trial_state_values(t._trial_id, TrialState.FAIL)
    games_total = (total + 1) * spec.games

    def sink(offset: int) -> ProgressFile | None:
        return None if progress_file is None else ProgressFile(Path(progress_file), offset, games_total)

    started = time.monotonic()
    deadline = None if minutes is None else started + 60 * minutes
    tables: list[pa.Table] = []
    run_jobs([spec.job(None, CURRENT)], backend, out, tables=tables, progress_file=sink(0))
    longest = time.monotonic() - started  # a trial's games take about as long as the current cards'
    current_config = _config_of(tables)
    current_score, current_figures = evaluate(spec, current_config)
    played = 0
    done = len(study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)))
    while done < total and (deadline is None or time.monotonic() + longest <= deadline):
        trial = study.ask()
        values: dict[str, float] = {}
        for p in spec.params:
            if p.integer:
                values[p.name] = trial.suggest_int(p.name, int(p.low), int(p.high), step=int(p.step or 1))
            else:
                values[p.name] = trial.suggest_float(p.name, p.low, p.high, step=p.step)
        try:
            overrides = overrides_for(spec, values)
        except DataError as e:  # a corner of the space the validators refuse: the search learns it
            trial.set_user_attr("error", str(e))
            study.tell(trial, state=TrialState.FAIL)
            continue
        tables = []
        began = time.monotonic()
        run_jobs([spec.job(overrides, run_name(overrides))], backend, out, tables=tables,
                 progress_file=sink((done + 1) * spec.games))
        longest = max(longest, time.monotonic() - began)
        score, figures = evaluate(spec, _config_of(tables))
        trial.set_user_attr("figures", figures)
        trial.set_user_attr("overrides", overrides.doc)
        trial.set_user_attr("run", run_name(overrides))
        study.tell(trial, score)
        played += 1
        done += 1
        if progress is not None:
            progress(done, total)
    end = sink(games_total)
    if end is not None:
        end.write(0, games_total)
    finished = sorted(study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)),
                      key=lambda t: (t.value if t.value is not None else math.inf, t.number))
    rows = [{"number": t.number, "params": dict(t.params), "score": t.value, "run": t.user_attrs.get("run"),
             "figures": t.user_attrs.get("figures", {})} for t in
            sorted(finished, key=lambda t: t.number)]
    if not finished:
        raise ConfigError("no trial finished")
    best = finished[0]
    files = []
    for rank, t in enumerate(finished[:keep], start=1):
        path = out.with_name(f"{out.stem}.best{rank}.json")
        path.write_text(json.dumps(t.user_attrs["overrides"], indent=1) + "\n", encoding="utf-8")
        files.append(str(path))
    page = None
    if report:
        from spacetable.sim.report import write_report

        page = str(out.with_suffix(".html"))
        write_report(out, page, (CURRENT, str(best.user_attrs["run"])))
    return TuneResult(
        best={"params": dict(best.params), "score": best.value, "overrides": best.user_attrs["overrides"],
              "figures": best.user_attrs.get("figures", {}), "run": best.user_attrs.get("run")},
        trials=rows, target_met=best.value == 0.0,
        current={"score": current_score, "figures": current_figures, "run": CURRENT},
        played_trials=played, best_files=files, report=page)
