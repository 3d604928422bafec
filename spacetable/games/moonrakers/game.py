"""The Moonrakers game object: binds the state to its rules, wires the card abilities into the rules'
hooks and registries (`wiring.wire`), and declares the game (GameSpec)."""

from __future__ import annotations

from typing import Any, Final

from spacetable.engine.action import Action
from spacetable.engine.errors import ConfigError
from spacetable.engine.events import Event
from spacetable.engine.game import Chance, GameSpec, Information, Manifest
from spacetable.games.moonrakers import reputation, reputation_rewards, text, wiring
from spacetable.games.moonrakers.actions import SPACE
from spacetable.games.moonrakers.cards import catalog_json
from spacetable.games.moonrakers.execution import HAZARD_OUTCOMES, PlayTurn
from spacetable.games.moonrakers.rules import advance, setup
from spacetable.games.moonrakers.state import MoonrakersState
from spacetable.games.texts import load_texts

wiring.wire()

HAZARD_FACES: Final = [a for a, _ in HAZARD_OUTCOMES]
MODULES: Final = ("first-encounter",)
EXPANSIONS: Final = ("binding-ties",)


class Moonrakers(MoonrakersState):
    """A Moonrakers game: the decision on top of the stack says who acts and what is legal."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        """The decision's options (at a chance step: the die faces). One dispatch, for speed."""
        if not self.stack:  # game over (7.1): nothing is legal
            return []
        top = self.stack[-1]
        if top.chance:
            return HAZARD_FACES
        if self.bt and top.name in reputation.EXTRA_FRAMES:  # as `_legal_actions`, with one dispatch
            extra = reputation.offers(self, top.player)
            if extra:
                return top.legal(self) + extra
        return top.legal(self)

    def _legal_actions(self) -> list[Action]:
        if not self.stack:  # game over (7.1): nothing is legal
            return []
        top = self.stack[-1]
        if self.bt and not top.chance:  # Binding Ties "any time" spends and trades (docs/binding-ties.md)
            extra = reputation.extra_actions(self, top.player)
            if extra:
                return top.legal(self) + extra
        return top.legal(self)

    def _apply(self, action: Action) -> None:
        if self.bt and action.kind in reputation.EXTRA_KINDS:
            top = self.stack[-1]
            reputation_rewards.apply_extra(self, action)
            if isinstance(top, PlayTurn) and reputation.takes_step(action):
                top.step_taken(self)  # 3.4.3b: an in-contract reward is the step; "any time" ones are not
        else:
            self.stack[-1].apply(self, action)
        stack = self.stack
        if not stack or stack[-1].can_vanish and stack[-1].vacuous(self):
            advance(self)

    def sample_chance(self) -> Action:
        """Roll the hazard die with the state's generator (faces 0,0,1,1,2,2 → 0/1/2 icons, 1.1.3)."""
        a = HAZARD_FACES[self.rng.below(3)]
        self.apply_fast(a)
        return a

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return HAZARD_OUTCOMES if self.stack and self.stack[-1].chance else []

    def describe(self, action: Action) -> str:
        return text.describe(self, action)

    def render_event(self, event: Event) -> str:
        return text.render_event(self, event)

    def action_rule(self, action: Action) -> str | None:
        return text.action_rule(self, action)

    def event_level(self, event: Event) -> str:
        return text.event_level(event)


def new_game(config: dict[str, Any], seed: int) -> Moonrakers:
    """A new game from a config made by `SPEC.make_config` (players, modules, expansions)."""
    for key, allowed in (("modules", MODULES), ("expansions", EXPANSIONS)):
        values = config.get(key, [])
        if not isinstance(values, list) or any(v not in allowed for v in values):
            raise ConfigError(f"moonrakers: {key} must be a list drawn from {list(allowed)}, not {values!r}")
    s = Moonrakers()
    setup(s, config, seed)
    return s


SPEC: Final = GameSpec(
    name="moonrakers",
    title="Moonrakers",
    min_players=1,
    max_players=5,
    chance=Chance.EXPLICIT,
    information=Information.IMPERFECT,
    params={"modules": [], "expansions": []},
    new_state=new_game,
    num_actions=len(SPACE),
    catalog=catalog_json,
    options={"modules": MODULES, "expansions": EXPANSIONS},
    about={"binding-ties": "Binding Ties (3–5 captains): allies earn reputation with each other's "
                           "factions and spend it on credits, cards, Actions and Prestige.",
           "first-encounter": "First Encounter: more contracts, crew and ship parts (the promo set)."},
    defaults={"modules": (), "expansions": ()},
    table_players=4,
    sim_batch=50,
    episode_steps=3000,  # uniformly random play never reaches 10 Prestige
    default_bot="mcts:200it",
    coach_bot="heuristic",
    pitch="Take contracts with rival captains, split the rewards, race to 10 Prestige.",
    tutorial=load_texts("spacetable.games.moonrakers", "tutorial"),
    manifest=Manifest(bots=("spacetable.bots.moonrakers_random", "spacetable.bots.moonrakers_greedy",
                            "spacetable.bots.moonrakers_heuristic"),
                      intents="spacetable.games.moonrakers.intents",
                      advisor="spacetable.games.moonrakers.advisor",
                      coach="spacetable.games.moonrakers.coach",
                      guide="spacetable.games.moonrakers.guide",
                      renderer="spacetable.cli.render_moonrakers", observation="spacetable.rl.obs_moonrakers",
                      page="moonrakers/table.js", lobby="moonrakers/lobby.js",
                      study="spacetable.games.moonrakers.study"),
)

Moonrakers.spec = SPEC
Moonrakers.space = SPACE
