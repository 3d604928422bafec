"""Plain-language text for Space Lanes: event templates and one-line action descriptions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine.action import Action
from spacetable.engine.events import Event
from spacetable.games.spacelanes.content import CONTENT

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState

TEMPLATES = {
    "first": "Seat {0} goes first",
    "start": "Seat {0} starts at slot {1}",
    "turn": "Seat {0} begins turn {1}",
    "trade": "Seat {0} trades at slot {1}",
    "trade_done": "Seat {0} ends trading",
    "buy": "Seat {0} buys 1 {1} for {2}",
    "sell": "Seat {0} sells 1 good for {2}",
    "toss": "Seat {0} discards {1}",
    "draw": "Seat {0} buys {1} action cards for {2}",
    "pawn": "Seat {0} pawns {1} for {2}",
    "repair": "Seat {0} repairs for {1}",
    "feature": "Seat {0} uses the feature of {1}: {2}",
    "odd_jobs": "Seat {0} takes Odd Jobs: draws {1} cards and gains {2}",
    "skip_repair": "Seat {0} skips the turn to repair",
    "launch": "Seat {0} launches from slot {1} into lane {2}",
    "advance": "Seat {0} moves along lane {1} to marker {2}",
    "land": "Seat {0} lands on slot {1}",
    "jump": "Seat {0} jumps through the Wormhole to slot {1}",
    "adrift": "Seat {0} is Adrift and Damaged",
    "reveal_lane": "lane {0} is revealed",
    "reveal_world": "slot {0} is revealed",
    "reshuffle": "the discard pile is shuffled into a new deck",
    "place": "Seat {0} plays {1} to {2} {3}",
    "to_ship": "Seat {0} plays {1} to its ship for {2}",
    "fuel_burn": "Seat {0} burns fuel: 3 free moves",
    "repaired": "Seat {0} repairs with {1}",
    "load": "Seat {0} loads Transport {1} at slot {2}",
    "deliver": "Seat {0} delivers {1} for {2}",
    "engage": "Seat {0} is engaged by {1} in lane {2}",
    "choose": "Seat {0} tries to {1}",
    "roll": "Seat {0} rolls {1} (+{2})",
    "win": "Seat {0} wins against {1}",
    "escape": "Seat {0} escapes {1}",
    "lose_pirates": "Seat {0} loses to {1}: Damaged, all goods and transports lost",
    "lose_patrol": "Seat {0} loses to {1}: Damaged, contraband lost, sent back to slot {2}",
    "parlay": "Seat {0} parlays with {1} ({2})",
    "relocate": "Seat {0} moves {1} to lane {2}",
    "bounty": "Seat {0} collects {1}: {2} credits and {3} faction",
    "chain": "Seat {0} plays {1}",
    "cancelled": "the chain cancels out",
    "attack": "Seat {0} attacks Seat {1}",
    "pvp_roll": "Seat {0} totals {1}, Seat {2} totals {3}",
    "loot": "Seat {0} takes 1 {2} from Seat {1}",
    "loot_card": "Seat {0} takes a card from Seat {1}",
    "win_game": "Seat {0} wins",
    "turn_limit": "turn limit reached; winners {0}",
    "offer": "Seat {0} offers Seat {1} item {2} for {3}",
    "offer_off": "no deal between Seat {0} and Seat {1}",
    "deal": "Seat {0} and Seat {1} trade: Seat {0} {2}",
    "offer_open": "Seat {0} opens a trade with Seat {1}",
    "propose": "Seat {0} proposes to Seat {1}: {2}",
    "counter": "Seat {0} counters Seat {1}'s proposal",
    "event_ends": "{0} ends and is discarded ({1} {2})",
    "used": "Seat {0} uses {1}",
    "refresh": "Seat {0} refreshes {1}",
    "reroll": "Seat {0} rolls again with {1}",
}
TEMPLATES_WIN = "Seat {0} reaches the goal {1} and wins the game"


SEAT_ARGS: dict[str, tuple[int, ...]] = {
    "attack": (0, 1), "pvp_roll": (0, 2), "loot": (0, 1), "loot_card": (0, 1), "offer": (0, 1),
    "offer_off": (0, 1), "deal": (0, 1), "offer_open": (0, 1), "propose": (0, 1), "counter": (0, 1),
    "reveal_lane": (), "reveal_world": (), "reshuffle": (),
    "cancelled": (), "turn_limit": (), "event_ends": (),
}


def render_event(event: Event) -> str:
    """Plain language, with seats counted from 1 as the terminal client shows them."""
    seats = SEAT_ARGS.get(event.key, (0,))
    args = tuple(a + 1 if i in seats and isinstance(a, int) else a for i, a in enumerate(event.args))
    if event.rule == "L21" and event.key == "win":
        return Event(event.rule, "w", args).render({"w": TEMPLATES_WIN})
    return Event(event.rule, event.key, args).render(TEMPLATES)


_KINDS = {
    "trade": "Trade here (buy/sell goods, buy cards, discard, pawn, feature, repair)",
    "done": "Finish", "end": "End your turn", "odd_jobs": "Odd Jobs: draw up to 10 cards and gain 500",
    "skip": "Skip the turn to repair", "cancel": "Cancel", "accept": "Accept the roll", "pass": "Pass",
    "keep": "Leave the card where it is", "dismiss": "Discard the card",
    "fence": "Sell 1 Contraband for 1000",
}


def describe(s: SpaceLanesState, a: Action) -> str:
    from spacetable.games.spacelanes import rules

    k = a.kind
    if k in ("accept", "decline", "counter") and s.stack and s.stack[-1][0] == rules.OFFER:
        o = rules.offer_info(s)
        assert o is not None
        verb = {"accept": "Accept", "decline": "Decline", "counter": "Counter"}[k]
        return f"{verb} Seat {o['from'] + 1}'s proposal (Seat {o['from'] + 1} {o['text']})"
    if k == "cancel" and s.stack and s.stack[-1][0] == rules.OFFER:
        return "Ask for nothing of this kind" if s.decision_name() == "pvp.pick" else "Withdraw: no trade"
    if k in _KINDS and not a.args:
        return _KINDS[k]
    slugs = {t.slug: t for t in CONTENT.card_types}
    if k in ("move", "jump", "start", "world"):
        slot = int(a.args[0])
        name = CONTENT.settlements[s.slot_set[slot]].name if s.rev_set[slot] else f"unknown world {slot}"
        verbs = {"move": "Move toward ", "jump": "Jump to ", "start": "Start at ", "world": "Target "}
        return verbs[k] + name
    if k in ("lane", "relocate"):
        ls = int(a.args[0])
        nm = CONTENT.lanes[s.lane_of[ls]].name if s.rev_lane[ls] else f"unknown lane {ls}"
        return ("Target lane " if k == "lane" else "Move the card to ") + nm
    if k in ("play", "use", "toss", "fuel", "pawn") and str(a.args[0]) in slugs:
        t = slugs[str(a.args[0])]
        verb = {"play": "Play", "use": "Use stored", "toss": "Discard", "fuel": "Burn as fuel",
                "pawn": "Pawn"}[k]
        if k == "use" and t.use:
            verb = "Use"  # a reusable card on the ship
        elif k == "use" and s.current_player() != s.active:  # from hand into the engaged ship's chain (L17)
            return f"Play {t.name} into Seat {s.active + 1}'s engagement: {t.text}"
        return f"{verb} {t.name}: {t.text}"
    if k in ("buy", "sell"):
        p = s.active
        g = ("ore", "supplies", "parts", "medicine", "luxury", "contraband").index(str(a.args[0]))
        price = rules.buy_price(s, s.node[p], g) if k == "buy" else rules.sell_price(s, s.node[p], g)
        return f"{k.capitalize()} 1 {a.args[0]} for {price}"
    if k == "draw":
        return f"Buy {a.args[0]} action card(s) for {100 * int(a.args[0])}"
    if k == "engage":
        return "Try to Win" if a.args[0] == "win" else "Try to Escape"
    if k == "parlay":
        return "Parlay with a Faction token" if a.args[0] == "faction" else "Parlay by paying the toll"
    if k == "roll":
        return f"Dice show {a.args[0]}"
    if k == "attack":
        return f"Attack Seat {int(a.args[0]) + 1}"
    if k == "loot":
        arg = str(a.args[0])
        return f"Take {slugs[arg].name} from the loser's hand" if arg in slugs else f"Take 1 {arg}"
    if k == "feature":
        return "Use this Settlement's feature" + (f" ({a.args[0]})" if a.args else "")
    if k == "offer":
        return f"Trade with Seat {int(a.args[0]) + 1} (goods, credits, equipment, crew, action cards)"
    if k == "give":
        arg = str(a.args[0])
        return f"Give {slugs[arg].name} from your ship" if arg in slugs else f"Give 1 {arg}"
    if k == "give_hand":
        return f"Give {slugs[str(a.args[0])].name} from your hand"
    if k == "ask":
        arg = str(a.args[0])
        return f"Ask for {slugs[arg].name} from their ship" if arg in slugs else f"Ask for 1 {arg}"
    if k == "ask_kind":
        return f"Ask for a {str(a.args[0]).replace('_', ' ')} card from their hand"
    if k == "ask_hand":
        return f"Ask for {slugs[str(a.args[0])].name} from their hand"
    if k == "pay":
        return f"Give {a.args[0]} credits"
    if k == "charge":
        return f"Ask for {a.args[0]} credits"
    if k == "propose":
        return "Send the proposal"
    if k == "counter":
        return "Counter with a proposal of your own"
    if k == "price":
        return f"Ask {a.args[0]} credits"
    if k == "decline":
        return "Decline the offer"
    if k == "first":
        return f"p{a.args[0]} goes first"
    return str(a)
