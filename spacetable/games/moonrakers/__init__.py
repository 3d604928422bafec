"""Moonrakers (IV Studio) with the first-encounter module and the Binding Ties expansion.

Rules follow shared/rules/moonrakers-base.md (rule numbers such as 3.4.9 and rulings R1–R25 are cited
in the code) and the Binding Ties rulebook. Importing the package registers the game with the engine
registry; its manifest (`game`) wires the card abilities into the rules' hooks and registries (`wiring`).

Layers, from the bottom up: each module imports only modules listed before it (imports under
`if TYPE_CHECKING:`, for annotations only, excepted; tests/games/test_package_layering.py checks it).
The rules call card abilities only through `effects`' hooks, which the manifest points at the
effect modules above them; every registry (choice handlers, crew and part hooks) is filled there too.

- `hints`: bot hints, the hand-set judgements about a card that the rules do not hold (validated)
- `cards`: the validating loader of `data/*.json`: crew, parts, contracts, objectives, factions
- `actions`: the fixed action space and the catalog's ids
- `names`: what the texts call seats and cards
- `records`: the phases, the game's constants, and the records `Player`, `Seat`, `Execution`
- `frames`: the engine's frame protocol for Moonrakers (`Frame`)
- `choices`: the follow-up choice frames of card effects (`Choice`, `CardChoice`, `AmountChoice`)
  and their handlers
- `dice`: hazard dice targeting a participant, and blocking one
- `zones`: moving cards between zones: draws, refills, displays, known deck bottoms
- `objectives`: objectives (§6) as data and their claims
- `effect_ops`: the one card-effect vocabulary: the compiled op type `Op` of crew and part effects
- `part_specs`: ship-part effects: trigger and payment specs, validation, compilation into `Op`s
- `crew_specs`: crew abilities: validation and compilation into `Op` lists
- `card_facts`: what the cards do, read from their data: the query API the advisor and bots read
- `effects`: the hooks through which the rules call crew, part and expansion abilities
- `ship`: installing a part and scrapping one (5.3); `Scrap`
- `reputation`: Binding Ties reputation rules: earning, losing, costs, windows, what may be spent now
- `reputation_rewards`: paying reputation and carrying out what it buys
- `reputation_window`: the "at any time" windows; `RepWindow`
- `mercenary`: the Mercenary deck for 1–2 players (§8)
- `execution`: the hazard roll, the play rounds and the end of a contract (3.4); `PlayTurn`, `HazardDie`
- `negotiation`: proposals and answers (3.3); `Negotiate`
- `instant_ops`: the ops every card kind shares (actions, draw, block, reduce, deal, play_as,
  gain_card), one implementation each; `Source`
- `part_instants`: the instant effects of ship parts: the shared ops and the part-only ones
- `part_payments`: card-by-card payments of activated parts, and hand triggers
- `part_effects`: the ship-part interpreter behind the part hooks
- `crew_interpreter`: the crew-ability interpreter: typed continuations (`Ctx`, `CrewChoice`), crew-only ops
- `crew_hooks`: crew abilities no op describes (built-in hooks)
- `crew_effects`: the crew hook behind `effects.crew_ability`, and choices' descriptions
- `bt_effects`: Binding Ties crew and part abilities, added to the registries by `register`
- `rules`: setup (1.3), the turn's flow, Planning, Stay at Base, Buying, the end of the turn
- `intents`: compound intents (a whole proposal) as the engine's small actions
- `text`: the words for actions, events and rules
- `views`: what each seat may know, and determinization
- `state`: `MoonrakersState`: its fields, copy, views and determinization
- `advisor`: odds of meeting the contract and the hazard dice's expected loss
- `coach`: the coach's sentence for a recommended action
- `guide`: how to win, the phases of a turn, the badges
- `proposal_syntax`: the one-line proposal a person types in the terminal, parsed into an intent
- `study`: what the simulator, its report, the tuner and the designer read of the game (columns,
  trackers, card kinds, report sections)
- `wiring`: the hooks and registries wired, explicitly and once
- `game`: the manifest: the game object, `wiring.wire()`, the `GameSpec`
"""

from spacetable.engine.game import register
from spacetable.games.moonrakers.game import SPEC, Moonrakers, new_game

register(SPEC)

__all__ = ["SPEC", "Moonrakers", "new_game"]
