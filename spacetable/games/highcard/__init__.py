"""Highcard: a tiny example game for spacetable (the worked example of docs/adding-a-game.md).

2–4 captains bid crew cards for prestige. Rules, cited as H1–H7 in code and tests:

- H1 Setup: the 24 crew cards (values 1–24) are shuffled; each seat is dealt 3. Seat 1 leads round 1.
- H2 Each round begins with a roll of the prize die (faces 1–6): the prestige at stake this round.
- H3 From the lead, in seat order, each seat plays one card from its hand face up.
- H4 The highest card wins the round (in mode ``lowball`` the lowest) and scores the prize.
  The winner leads the next round.
- H5 Salvage: if the prize was 6, the deck is not empty and it is not the last round, the winner
  may swap one card from hand (discarded face up) for the top card of the deck, or keep.
- H6 Then, if the deck holds at least one card per seat, every seat draws one card.
- H7 The game ends after 5 rounds; the most prestige wins, tied seats share the win.

Hidden information: each hand (known only to its owner) and the deck order.
"""

from __future__ import annotations

from typing import Any

from spacetable.engine.game import Bounds, Chance, GameSpec, Information, Manifest, register
from spacetable.engine.state import State
from spacetable.games.highcard.actions import SPACE
from spacetable.games.highcard.cards import CARDS
from spacetable.games.highcard.state import ROUNDS, HighcardState


def new_state(config: dict[str, Any], seed: int) -> State:
    return HighcardState.new(config, seed)


def catalog(config: dict[str, Any]) -> dict[str, Any]:
    """The card list and the prize die, for ``spacetable cards highcard``."""
    return {
        "cards": [{"value": c.value, "name": c.name} for c in CARDS],
        "die": [{"face": f, "prize": f, "salvage": f == 6} for f in range(1, 7)],
    }


SPEC = register(GameSpec(
    name="highcard",
    title="Highcard",
    min_players=2,
    max_players=4,
    chance=Chance.EXPLICIT,
    information=Information.IMPERFECT,
    params={"modes": []},
    new_state=new_state,
    num_actions=len(SPACE),
    catalog=catalog,
    options={"modes": ("lowball",)},
    about={"lowball": "Lowball: the lowest card wins each round instead of the highest."},
    defaults={"modes": ()},
    sim_batch=500,
    episode_steps=100,  # H7: the game ends by itself after at most 5·(players + 1) decisions
    default_bot="heuristic",
    coach_bot="heuristic",
    example=True,
    bounds=Bounds(max_decisions=ROUNDS, per_player=ROUNDS),  # H7 rounds of H3 plays and an H5 salvage
    manifest=Manifest(bots=("spacetable.bots.highcard_bots",), renderer="spacetable.cli.render_highcard",
                      observation="spacetable.rl.obs_highcard", page="highcard/table.js"),
))
HighcardState.spec = SPEC

__all__ = ["SPEC", "HighcardState"]
