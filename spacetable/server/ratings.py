"""Ratings: per game, one multi-player rating for every player profile and every bot name, updated
once at the end of every rated game.

The model is openskill's Plackett-Luce (Weng and Lin's Bayesian approximation for games of any
number of players; `spacetable ladder` rates bots with it too): each subject has a mean `mu` and
an uncertainty `sigma`, starting at 25 and 25/3; the number shown is the ordinal ``mu - 3·sigma``, a
conservative estimate that grows as games are played. A game's seats are ranked by their results
(the engine's returns; equal results tie). A seat counts as it was created: a person's seat rates the
profile it is attached to (a seat without a profile takes part at the default rating, and nothing is
kept for it), a bot's seat rates the bot's name.

A game is rated when it finishes with two seats or more, unless it is a tutorial or its creator chose
the seed (they knew the deal). The finishing process marks the game rated and updates the ratings in
one transaction (``games.rated``, revision 0008): a game is rated exactly once, whichever process
writes its last record, and two games finishing at once on PostgreSQL lock the rating rows they
share, in one order, so neither update is lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from spacetable.server.db import GameRow, RatingRow, SeatRow
from spacetable.server.store import now
from spacetable.server.tables import HUMAN

if TYPE_CHECKING:
    from spacetable.server.store import Store
    from spacetable.server.tables import Table



@dataclass(frozen=True)
class Entry:
    """One seat of a finished game: its subject (``player:<id>``, ``bot:<name>``, or None for a
    person without a profile) and its result."""

    subject: str | None
    score: float


def rated(table: Table) -> bool:
    """Whether the finished game counts for the ratings (module docstring)."""
    return len(table.seats) >= 2 and not table.tutorial and not table.fixed_seed


def subject(kind: str, player_id: str | None) -> str | None:
    """Whom a seat (as created) rates: its player profile, or its bot; None for a person without one."""
    if kind != HUMAN:
        return f"bot:{kind}"
    return None if player_id is None else f"player:{player_id}"


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3.0 * sigma


def rate_game(store: Store, game_id: str, scores: Sequence[float]) -> bool:
    """Rate a finished game once: False when it was rated before (by this process or another)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    with store.engine.begin() as conn:
        res = conn.execute(update(GameRow).where(GameRow.id == game_id, GameRow.rated.is_(False))
                           .values(rated=True))
        if res.rowcount != 1:
            return False
        game = conn.scalar(select(GameRow.game).where(GameRow.id == game_id))
        seats = conn.execute(select(SeatRow.seat, SeatRow.kind, SeatRow.player_id)
                             .where(SeatRow.game_id == game_id).order_by(SeatRow.seat)).all()
        entries = [Entry(subject(s.kind, s.player_id), float(scores[s.seat]) if s.seat < len(scores) else 0.0)
                   for s in seats]
        subjects = sorted({e.subject for e in entries if e.subject is not None})
        start = model.rating()
        if subjects:  # every subject's row exists before the rows are locked (a first game inserts it)
            insert = pg_insert if store.shared else sqlite_insert
            fresh = {"game": game, "mu": start.mu, "sigma": start.sigma, "games": 0, "updated_at": now()}
            conn.execute(insert(RatingRow).values([{**fresh, "subject": s} for s in subjects])
                         .on_conflict_do_nothing())
        q = select(RatingRow).where(RatingRow.game == game, RatingRow.subject.in_(subjects)) \
            .order_by(RatingRow.subject)
        if store.shared:
            q = q.with_for_update()
        held = {r.subject: r for r in conn.execute(q)}
        teams = []
        for e in entries:
            r = held.get(e.subject or "")
            teams.append([model.rating(mu=r.mu, sigma=r.sigma) if r is not None else start])
        new = model.rate(teams, scores=[e.score for e in entries])
        t = now()
        done: set[str] = set()
        for e, team in zip(entries, new, strict=True):
            if e.subject is None or e.subject in done:  # a bot in two seats: its first seat counts
                continue
            done.add(e.subject)
            mu, sigma = float(team[0].mu), float(team[0].sigma)
            conn.execute(update(RatingRow).where(RatingRow.game == game, RatingRow.subject == e.subject)
                         .values(mu=mu, sigma=sigma, games=RatingRow.games + 1, updated_at=t))
        return True


def _row(r: Any) -> dict[str, Any]:
    return {"rating": round(ordinal(r.mu, r.sigma), 2), "mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
            "games": r.games}


def bot_ratings(store: Store, game: str) -> list[dict[str, Any]]:
    """Every bot's rating in a game, best first: ``{"bot", "rating", "mu", "sigma", "games"}``."""
    with store.engine.connect() as conn:
        rows = conn.execute(select(RatingRow).where(RatingRow.game == game,
                                                    RatingRow.subject.startswith("bot:"))).all()
    out = [{"bot": r.subject[4:], **_row(r)} for r in rows]
    out.sort(key=lambda x: -float(x["rating"]))
    return out


def player_ratings(store: Store, player_id: str) -> dict[str, dict[str, Any]]:
    """A player's rating in each game they have one: game → ``{"rating", "mu", "sigma", "games"}``."""
    with store.engine.connect() as conn:
        rows = conn.execute(select(RatingRow).where(RatingRow.subject == f"player:{player_id}")).all()
    return {r.game: _row(r) for r in rows}
