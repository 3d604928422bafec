"""Shared helpers for the faces that start games: the game registry view, configs, bot lists and each
game's study plug-in (`study`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spacetable.bots.base import Bot, make_bot
from spacetable.engine.errors import ConfigError
from spacetable.engine.game import GameSpec, available_games, get_game
from spacetable.games.study import Study


def all_games() -> list[str]:
    """Every game name the clients offer (installed or not)."""
    return available_games()


def load_game(name: str) -> GameSpec:
    """The `GameSpec` of `name`; `ConfigError` when it is unknown or its package is not written yet."""
    try:
        return get_game(name)
    except ModuleNotFoundError as e:
        raise ConfigError(f"game {name!r} is not available yet ({e})") from e
    except KeyError as e:
        raise ConfigError(f"game {name!r} is not available yet (its package registers no game)") from e


def build_config(spec: GameSpec, players: int, modules: Sequence[str] = (),
                 expansions: Sequence[str] = (), modes: Sequence[str] = (),
                 turn_limit: int | None = None) -> dict[str, Any]:
    """A validated config from the generic CLI options (``--module``/``--expansion``/``--mode``).

    An option the game does not take, or a value outside ``spec.options``, raises `ConfigError`.
    """
    params: dict[str, Any] = {}
    for key, flag, values in (("modules", "--module", modules), ("expansions", "--expansion", expansions),
                              ("modes", "--mode", modes)):
        if not values:
            continue
        if key not in spec.params:
            raise ConfigError(f"{spec.title} has no {flag} option")
        allowed = spec.options.get(key)
        for v in values:
            if allowed is not None and v not in allowed:
                raise ConfigError(f"{spec.title}: unknown {flag} {v!r}; choose from {', '.join(allowed)}")
        params[key] = list(values)
    if turn_limit is not None:
        if "turn_limit" not in spec.params:
            raise ConfigError(f"{spec.title} has no --turn-limit option")
        if turn_limit < 0:
            raise ConfigError("--turn-limit must be 0 (none) or more")
        params["turn_limit"] = turn_limit
    return spec.make_config(players, **params)


NO_BOTS = "--bots names no bot: give one name (e.g. greedy) or one per seat (greedy,random)"


def split_bots(text: str) -> list[str]:
    """The names of ``"greedy,random,…"`` (blanks dropped); `ConfigError` when it names none."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise ConfigError(NO_BOTS)
    return names


def cycle_bots(names: Sequence[str], seats: int) -> list[str]:
    """One bot name per seat: fewer names than seats repeat in order (``heuristic,greedy`` at 4 seats is
    heuristic, greedy, heuristic, greedy); more names than seats are refused (`ConfigError`)."""
    if not names:
        raise ConfigError(NO_BOTS)
    if len(names) > seats:
        raise ConfigError(f"{len(names)} bot names for {seats} seats; give at most one name per seat "
                          "(fewer names repeat in order)")
    return [names[s % len(names)] for s in range(seats)]


def parse_bots(game: str, text: str, seats: int) -> list[str]:
    """``"greedy"`` (every seat), ``"greedy,random,…"`` (one per seat, repeated in order when there are
    fewer names than seats) → one bot name per seat."""
    return cycle_bots(split_bots(text), seats)


def make_bots(game: str, names: Sequence[str]) -> list[Bot]:
    """Bots by name; `ConfigError` listing the choices for an unknown name."""
    try:
        return [make_bot(game, n) for n in names]
    except ValueError as e:
        raise ConfigError(str(e)) from e


def check_bots(game: str, config: dict[str, Any], bots: Sequence[Bot]) -> None:
    """`ConfigError` from a bot that cannot play this configuration (a trained policy's `check`:
    another game, player count or tensor size); other bots play any."""
    for bot in bots:
        check = getattr(bot, "check", None)
        if check is not None:
            check(game, config)


NO_STUDY = Study()
"""The study of a game that declares none: the common figures, no card data."""


def study(spec: GameSpec) -> Study:
    """The game's study plug-in (`GameSpec.manifest.study`), or `NO_STUDY`."""
    module = spec.module("study")
    if module is None:
        return NO_STUDY
    found = getattr(module, "STUDY", None)
    if not isinstance(found, Study):
        raise ConfigError(f"{spec.title}: its study module {spec.manifest.study} defines no STUDY")
    return found


def game_study(game: str) -> Study:
    """The study plug-in of the game called `game` (`ConfigError` for an unknown game)."""
    return study(load_game(game))


def studies() -> list[tuple[GameSpec, Study]]:
    """Every registered game whose package loads, with its study, in the order of their names."""
    out = []
    for name in all_games():
        try:
            spec = load_game(name)
        except ConfigError:
            continue
        out.append((spec, study(spec)))
    return out


def games_with_cards() -> list[str]:
    """The games whose study declares card kinds (they take card overrides and tuning)."""
    return [spec.name for spec, s in studies() if s.card_kinds]
