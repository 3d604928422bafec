"""Space Lanes: trade, travel and engagements on a map of 15 settlements and 24 lanes (L1).

Importing the package registers the game with the engine registry.

Layers, from the bottom up: each module imports only modules listed before it (imports under
`if TYPE_CHECKING:`, for annotations only, excepted; tests/games/test_package_layering.py checks it).

- `content_types`: the game's vocabulary (goods, card kinds, modifiers, features) and the records
  `Settlement`, `Lane`, `CardType`, `Goal`
- `content`: the validating loader of `data/*.json` and the loaded `CONTENT`
- `board`: the fixed map (L1, L2): lane ends, adjacency, shortest routes
- `actions`: the fixed action space
- `common`: shared tables and state helpers: modifiers (L11), cargo room (L5), drawing (L13), the hand
  cards other seats know of
- `frames`: the engine's frame protocol for Space Lanes; `Phase`, the engagement's `Stage` and `Aim`
- `chains`: Missiles and Countermeasures chains (L17), `ChainFrame`
- `card_play`: playing cards (L9-L13), events' end, reusable cards; `WindowFrame` (L10), `TargetFrame`
- `trade`: prices and quantities, the Trade (L5) and repairs (L9); `TradeFrame`
- `travel`: moves, fuel, landing, revealing (L2, L6, L20); `FuelFrame`
- `engagements`: Pirates and Patrols (L14-L18); `EngageFrame`
- `pvp`: Player vs Player (L19); `CombatFrame`, `LootFrame`, `OfferFrame`
- `goals`: Goals and the end of the game (L21)
- `rules`: setup (L1-L3), who decides, the turn (L4-L9), the automatic steps between decisions
- `evaluation`: the position's value for search bots
- `windows`: which response windows a captain needs to answer (L10)
- `text`: the words for numbers, goods, cards, goals and places
- `event_text`: log lines for events, and how much each matters
- `action_text`: menu lines for actions, and the rule each applies
- `state`: `SpaceLanesState`: its fields, copy, views and determinization
- `advisor`: odds and trade runs for a seat (from what it may know)
- `coach`: the coach's sentence for a recommended action
- `guide`: how to win, the phases of a turn, the badges
- `intents`: compound intents (a trade, a discard, a move, a proposal) as the engine's small actions
- `study`: what the simulator, its report, the tuner and the designer read of the game (columns,
  trackers, card kinds, report sections)
"""

from __future__ import annotations

from typing import Any

from spacetable.engine.game import Chance, GameSpec, Information, Manifest, register
from spacetable.games.spacelanes.actions import SPACE
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS, CardType, Goal
from spacetable.games.spacelanes.state import SpaceLanesState, new_state
from spacetable.games.spacelanes.text import goal_text
from spacetable.games.texts import load_texts


def _card_extras(t: CardType) -> dict[str, Any]:
    """The optional fields a card has: how an event ends, Economic quantities, a reusable card's Use."""
    out: dict[str, Any] = {}
    if t.rounds:
        out["rounds"] = t.rounds
    if t.jumps:
        out["jumps"] = t.jumps
    if t.limits:
        out["buy_limit_change"] = {g: v for g, v in zip(GOODS, t.limits, strict=True) if v}
    if t.stock:
        out["stock"] = {g: v for g, v in zip(GOODS, t.stock, strict=True) if v >= 0}
    if t.use:
        out["use"] = {"effect": t.use, **({"n": t.use_n} if t.use_n else {}), "refresh": list(t.refresh)}
    return out


def catalog(config: dict[str, Any]) -> dict[str, Any]:
    """Content lists for `spacetable cards spacelanes`."""
    return {
        "settlements": [{"name": s.name, "slug": s.slug, "homeworld": s.homeworld, "tags": list(s.tags),
                         "feature": s.ftext,
                         "prices": {g: [s.buy[i], s.sell[i]] for i, g in enumerate(GOODS)
                                    if s.buy[i] or s.sell[i]}}
                        for s in CONTENT.settlements],
        "lanes": [{"name": ln.name, "slug": ln.slug, "distance": ln.distance} for ln in CONTENT.lanes],
        "action_cards": [{"name": t.name, "slug": t.slug, "kind": t.kind, "copies": t.copies, "cost": t.cost,
                          "text": t.text, **_card_extras(t)} for t in CONTENT.card_types],
        "goals": [{"name": g.name, "slug": g.slug, "text": g.text, **_goal_conditions(g)}
                  for g in CONTENT.goals],
    }


def _goal_conditions(g: Goal) -> dict[str, dict[str, str]]:
    """What the goal asks at each table size in words (L21), and in Exploration where that differs: the
    card's text lists every size, a table shows the one that applies. (Not in the view: a view's every
    key is in a save's digest, so a new one would refuse every older save.)"""
    sizes = range(2, 6)
    out = {"conditions": {str(n): goal_text(g, n, False) for n in sizes}}
    explored = {str(n): goal_text(g, n, True) for n in sizes}
    if explored != out["conditions"]:
        out["exploration_conditions"] = explored
    return out


SPEC = register(GameSpec(
    name="spacelanes",
    title="Space Lanes",
    min_players=2,
    max_players=5,
    chance=Chance.EXPLICIT,
    information=Information.IMPERFECT,
    params={"modes": [], "turn_limit": 0},
    new_state=new_state,
    num_actions=len(SPACE),
    catalog=catalog,
    options={"modes": ("exploration", "pvp")},
    about={"exploration": "Exploration: settlements and lanes start face down and are revealed as ships "
                          "explore.",
           "pvp": "Player vs Player: ships that meet may trade goods and cards, or attack each other."},
    defaults={"modes": ()},
    table_players=3,
    sim_batch=10,
    episode_steps=2000,
    episode_config={"turn_limit": 30},  # L21: the captain closest to its Goal wins then
    default_bot="heuristic",
    coach_bot="heuristic",
    # docs/bots.md: a game has ~900 decisions and the value of a trade run shows only turns later, so the
    # search overrules the heuristic prior only on strong evidence (0.04 plus 2 standard errors won the
    # most of the tests tried; benchmarks/results/README.md, "spacelanes-mcts-overruling-test")
    search={"veto_margin": 0.04, "veto_z": 2.0},
    pitch="Haul goods between settlements, dodge Pirates, race to your secret Goal.",
    tutorial=load_texts("spacetable.games.spacelanes", "tutorial"),
    manifest=Manifest(bots=("spacetable.bots.spacelanes_greedy", "spacetable.bots.spacelanes_heuristic",
                            "spacetable.bots.spacelanes_heuristic_v1"),
                      intents="spacetable.games.spacelanes.intents",
                      advisor="spacetable.games.spacelanes.advisor",
                      coach="spacetable.games.spacelanes.coach",
                      guide="spacetable.games.spacelanes.guide",
                      renderer="spacetable.cli.render_spacelanes", observation="spacetable.rl.obs_spacelanes",
                      page="spacelanes/table.js", lobby="spacelanes/lobby.js",
                      study="spacetable.games.spacelanes.study"),
))
SpaceLanesState.spec = SPEC

__all__ = ["SPEC", "SpaceLanesState", "catalog", "new_state"]
