"""The designer's workbench in the browser (``spacetable serve --designer``): off unless asked.

Routes under ``/api/designer`` (every one needs ``Authorization: Bearer <designer key>``) and the page
at ``/designer``: browse the cards (``/api/catalog``, the form overrides take), check an edited card
against the same validators as ``--cards`` (``POST /api/designer/validate``: the error names the file,
card and field), and launch simulate, ladder and tune runs and comparisons of two runs
(`spacetable.server.designer_runs`: the same CLI commands, in child processes), with their progress,
cancel and report. Request bodies are strict models with bounded sizes; the handlers are plain
functions (FastAPI runs them in its thread pool), so nothing here blocks the event loop.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Header, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt

from spacetable.engine.errors import SpacetableError
from spacetable.server.designer_runs import RunManager
from spacetable.server.errors import ApiError
from spacetable.sim.overrides import card_kinds, parse_overrides
from spacetable.sim.setup import games_with_cards, load_game, make_bots, split_bots
from spacetable.sim.tune import TARGETS, parse_tune

STATIC = Path(__file__).with_name("static") / "designer"
MAX_GAMES = 100_000
MAX_TRIALS = 500
GameName = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9-]+$")]
Names = Annotated[str, Field(min_length=1, max_length=200)]


@dataclass(frozen=True)
class DesignerSettings:
    """`key`: the admin key every designer route needs; `folder`: where runs keep their files."""

    key: str
    folder: Path
    max_running: int = 1

    @staticmethod
    def new_key() -> str:
        return secrets.token_urlsafe(18)


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ValidateBody(Model):
    game: GameName
    overrides: dict[str, Any] = Field(description="a card-override document, as --cards takes it")


class Param(Model):
    card: str = Field(min_length=3, max_length=120, examples=["goals/tycoon"])
    field: str = Field(min_length=1, max_length=80, examples=["targets.3"])
    low: StrictInt | StrictFloat
    high: StrictInt | StrictFloat
    step: StrictInt | StrictFloat | None = None


class TuneBody(Model):
    trials: StrictInt = Field(ge=1, le=MAX_TRIALS)
    params: list[Param] = Field(min_length=1, max_length=8)
    target: dict[str, Any] = Field(description=f"any of {', '.join(TARGETS)}, as in a tune file")


class RunBody(Model):
    kind: Literal["simulate", "ladder", "tune"]
    game: GameName
    players: StrictInt = Field(ge=1, le=8)
    bots: Names = Field(examples=["heuristic,greedy"])
    games: StrictInt = Field(ge=1, le=MAX_GAMES)
    seed: StrictInt = Field(default=1, ge=0, le=2**63 - 1)
    overrides: dict[str, Any] | None = Field(default=None, description="card overrides (null: shipped cards)")
    tune: TuneBody | None = None
    title: str = Field(default="", max_length=120)


class CompareBody(Model):
    a: str = Field(min_length=1, max_length=64)
    b: str = Field(min_length=1, max_length=64)


def _settings(request: Request) -> DesignerSettings:
    settings: DesignerSettings = request.app.state.designer_settings
    return settings


def _manager(request: Request) -> RunManager:
    manager: RunManager = request.app.state.designer_runs
    return manager


def require_key(request: Request, authorization: Annotated[str | None, Header()] = None) -> None:
    """401 unless the request carries the designer key (``Authorization: Bearer <key>``)."""
    scheme, _, value = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not secrets.compare_digest(value.strip().encode(),
                                                                _settings(request).key.encode()):
        raise ApiError(401, "the designer needs its key: open the link `spacetable serve --designer` printed")


router = APIRouter(prefix="/api/designer", dependencies=[Depends(require_key)])


def _refuse(e: SpacetableError) -> ApiError:
    return ApiError(400, str(e))


@router.get("/meta")
def meta() -> JSONResponse:
    """The games with card data, their card kinds (with each kind's title on the page and the catalog
    fields the data derives, shown but never edited), bot names and player counts."""
    from spacetable.bots.base import bot_names

    games = []
    for name in games_with_cards():
        spec = load_game(name)
        kinds = card_kinds(name)
        games.append({"name": name, "title": spec.title, "kinds": list(kinds), "bots": bot_names(name),
                      "min_players": spec.min_players, "max_players": spec.max_players,
                      "kind_titles": {k.name: k.title or k.name for k in kinds.values()},
                      "derived": {k.name: sorted(k.derived) for k in kinds.values() if k.derived}})
    return JSONResponse({"games": games, "targets": list(TARGETS)})


@router.post("/validate")
def validate(body: ValidateBody) -> JSONResponse:
    """Check a card-override document with the validators ``--cards`` uses (400: the field at fault)."""
    try:
        found = parse_overrides(body.game, body.overrides, "edited cards")
    except SpacetableError as e:
        raise _refuse(e) from e
    return JSONResponse({"ok": True, "digest": found.digest, "cards": found.summary()})


def _check_bots(game: str, text: str) -> list[str]:
    names = split_bots(text)
    make_bots(game, names)
    return names


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise ValueError(f"cannot write {value!r} as TOML")


def tune_file(body: RunBody) -> str:
    """The tune file (TOML) of a tune run."""
    assert body.tune is not None
    lines = [f"players = {body.players}", f"bots = {_toml(body.bots)}", f"games = {body.games}",
             f"seed = {body.seed}", f"trials = {body.tune.trials}", ""]
    for p in body.tune.params:
        lines.append("[[param]]")
        lines += [f"{k} = {_toml(v)}" for k, v in p.model_dump().items() if v is not None]
        lines.append("")
    lines.append("[target]")
    effects = body.tune.target.get("card_effect") or []
    for key, value in body.tune.target.items():
        if key != "card_effect":
            lines.append(f"{key} = {_toml(value)}")
    for e in effects if isinstance(effects, list) else []:
        lines.append("[[target.card_effect]]")
        lines += [f"{k} = {_toml(v)}" for k, v in dict(e).items()]
    return "\n".join(lines) + "\n"


def commands_for(body: RunBody) -> tuple[list[list[str]], dict[str, str]]:
    """The CLI steps of a run and the input files they read (names relative to the run's folder)."""
    files: dict[str, str] = {}
    common = ["--players", str(body.players), "--bots", body.bots, "--seed", str(body.seed)]
    cards: list[str] = []
    if body.overrides:
        files["cards.json"] = json.dumps(body.overrides, indent=1)
        cards = ["--cards", "cards.json"]
    progress = ["--progress-file", "progress.json", "--json"]
    if body.kind in ("simulate", "ladder"):
        first = [body.kind, body.game, "--games", str(body.games), *common, *cards,
                 "--out", "results.parquet"]
    else:
        files["tune.toml"] = tune_file(body)
        first = ["tune", body.game, "tune.toml", "--out", "results.parquet"]
    steps = [first + progress]
    if body.kind != "tune":  # tune writes its own report, best against current (results.html)
        steps.append(["report", "results.parquet", "--out", "report.html", "--json"])
    return steps, files


@router.post("/runs", status_code=201)
def create_run(body: RunBody, request: Request) -> JSONResponse:
    """Queue a run (checked first: a bad game, bot, player count or card is a 400 naming it)."""
    try:
        spec = load_game(body.game)
        if not card_kinds(body.game):
            raise ApiError(400, f"{spec.title} has no card data for the designer")
        if not spec.min_players <= body.players <= spec.max_players:
            raise ApiError(400, f"{spec.title} takes {spec.min_players}–{spec.max_players} players")
        _check_bots(body.game, body.bots)
        if body.overrides:
            parse_overrides(body.game, body.overrides, "edited cards")
        if body.kind == "tune":
            if body.tune is None:
                raise ApiError(400, "a tune run needs its parameters and target (tune)")
            import tomllib

            parse_tune(body.game, tomllib.loads(tune_file(body)), "tune.toml")
    except SpacetableError as e:
        raise _refuse(e) from e
    steps, files = commands_for(body)
    title = body.title.strip() or (f"{body.kind} {body.game} {body.players}p {body.bots} × {body.games}"
                                   + (" (edited cards)" if body.overrides else ""))
    run = _manager(request).create(body.kind, title, body.game, steps, body.model_dump(), files)
    return JSONResponse(_manager(request).describe(run), status_code=201)


@router.post("/compare", status_code=201)
def compare(body: CompareBody, request: Request) -> JSONResponse:
    """Queue a report of two finished runs side by side (paired where they share seeds)."""
    manager = _manager(request)
    runs = [manager.get(body.a), manager.get(body.b)]
    if any(r is None for r in runs):
        raise ApiError(404, "no such run")
    for r in runs:
        assert r is not None
        if not (manager.dir(r.id) / "results.parquet").is_file():
            raise ApiError(409, f"run {r.title!r} has no results yet")
    a, b = (r for r in runs if r is not None)
    files = [f"../{a.id}/results.parquet", f"../{b.id}/results.parquet"]
    steps = [["report", *files, "--out", "report.html", "--json"]]
    run = manager.create("compare", f"compare: {a.title} vs {b.title}", a.game, steps,
                         {"a": a.id, "b": b.id}, {})
    return JSONResponse(manager.describe(run), status_code=201)


@router.get("/runs")
def list_runs(request: Request) -> JSONResponse:
    """Every run, newest first, with its progress."""
    return JSONResponse({"runs": _manager(request).list()})


def _run(request: Request, run_id: str) -> Any:
    run = _manager(request).get(run_id)
    if run is None:
        raise ApiError(404, f"no run {run_id!r}")
    return run


@router.get("/runs/{run_id}")
def get_run(run_id: Annotated[str, Field(max_length=64)], request: Request) -> JSONResponse:
    return JSONResponse(_manager(request).describe(_run(request, run_id)))


@router.post("/runs/{run_id}/cancel")
def cancel_run(run_id: Annotated[str, Field(max_length=64)], request: Request) -> JSONResponse:
    """Stop a run: a queued one never starts; a running one keeps the games it finished."""
    _run(request, run_id)
    run = _manager(request).cancel(run_id)
    assert run is not None
    return JSONResponse(_manager(request).describe(run))


@router.get("/runs/{run_id}/report")
def report(run_id: Annotated[str, Field(max_length=64)], request: Request) -> Response:
    """The run's HTML report (self-contained)."""
    run = _run(request, run_id)
    path = _manager(request).report(run)
    if path is None:
        raise ApiError(409, "this run has no report yet")
    return FileResponse(path, media_type="text/html")


def mount(app: FastAPI, settings: DesignerSettings) -> None:
    """Add the designer's routes and page to `app` (only when the server was started with it)."""
    app.state.designer_settings = settings
    app.state.designer_runs = RunManager(settings.folder, settings.max_running)
    app.include_router(router)

    @app.get("/designer", include_in_schema=False)
    def page() -> Response:
        index = STATIC / "index.html"
        return FileResponse(index, media_type="text/html") if index.is_file() else HTMLResponse("no page")
