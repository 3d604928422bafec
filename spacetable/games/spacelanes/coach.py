"""The coach's reasons for Space Lanes: one plain sentence saying why a recommended action is a good
choice now, for every kind of decision (the start, the turn, trades, fuel, card targets, response
windows, engagements, PvP).

`reason(state, seat, action)` reads only what `seat` may know: the public board and ships, the prices
of the settlements face up (L20), its own hand, goal and ship. So the sentence is the same on a
`determinize(seat)` copy. The recommendation itself comes from a bot (`spacetable.advice`); this
module says why, in words. Pure, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacetable.engine.action import Action
from spacetable.games.spacelanes import text
from spacetable.games.spacelanes.action_text import describe, pending_card
from spacetable.games.spacelanes.advisor import engagement_odds, known_dist, trade_run
from spacetable.games.spacelanes.board import ENDS, LANE_BETWEEN, dijkstra
from spacetable.games.spacelanes.common import GOALS, mod
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS
from spacetable.games.spacelanes.goals import goal_reached
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.trade import buy_price, sell_price

CT = CONTENT.card_types


def _best_buyer(s: SpaceLanesState, g: int, skip: int = -1) -> tuple[int, int]:
    """(price, slot) of the best sale price for good `g` at a face-up settlement (other than `skip`)."""
    best = (0, -1)
    for y in range(len(s.rev_set)):
        if y != skip and s.rev_set[y]:
            price = sell_price(s, y, g)
            if price > best[0]:
                best = (price, y)
    return best


def _card(a: Action) -> Any:
    slug = str(a.args[0]) if a.args else ""
    return text.SLUG.get(slug)


def _goal_words(s: SpaceLanesState, p: int) -> str:
    goal = GOALS[s.goal[p]]
    return text.goal_text(goal, s.n, s.exploration)


def reason(state: Any, seat: int, action: Action, advice: Mapping[str, Any] | None = None) -> str:
    """Why `action` is a good choice for `seat` now, in one sentence (`advice`: the advisor's figures
    for this position, unused here: the sentences read the state's public and own facts)."""
    s: SpaceLanesState = state
    p = seat
    k = action.kind
    d = s.decision_name()
    what = describe(s, action)
    if d == "setup.start":
        slot = int(action.args[0])
        st = CONTENT.settlements[s.slot_set[slot]] if s.rev_set[slot] else None
        if st is None:
            return ("Start on an unexplored settlement: landing there reveals it, and your goal may lie "
                    "behind it.")
        return (f"Start at {st.name}: its market and feature ({st.ftext.rstrip('.')}) give you a good first "
                f"trade towards your goal ({_goal_words(s, p)}).")
    if d.startswith("engage") or d == "chain":
        return _engagement(s, p, action, what)
    if d == "respond":
        if k == "pass":
            return ("Pass: nothing in your hand changes what just happened, and your cards are worth more "
                    "on your own turn.")
        t = _card(action)
        name = t.name if t is not None else str(action)
        return f"Play {name} now: it answers what {text.seats([s.active])} just did while it still matters."
    if d == "fuel":
        t = _card(action)
        name = t.name if t is not None else str(action.args[0])
        return f"Burn {name} as fuel: of the cards in your hand it is the one you can best spare."
    if d == "target":
        t = pending_card(s)
        where = describe(s, action).split(":")[0]
        if t is not None and t.kind in ("pirates", "patrol", "asteroids"):
            return f"{t.name} on {where}: a rival must cross it, and your own route does not."
        if t is not None and t.kind == "bounty":
            return f"The Bounty on {where}: the card you are most likely to beat pays you the reward."
        if t is not None and t.kind == "economic":
            return f"{t.name} at {where}: there it helps your trades or hurts a rival's most."
        return f"{where}: there the card does the most for you."
    if d.startswith("pvp"):
        return _pvp(s, p, action, what)
    if k in ("buy", "sell", "draw", "toss", "pawn", "repair", "feature", "done"):
        return _trade(s, p, action, what)
    return _turn(s, p, action, what)


def _trade(s: SpaceLanesState, p: int, a: Action, what: str) -> str:
    k = a.kind
    here = s.node[p]
    if k == "buy":
        g = GOODS.index(str(a.args[0]))
        bp = buy_price(s, here, g)
        price, y = _best_buyer(s, g, skip=here)
        if y >= 0 and price > bp:
            return (f"Buy {text.good_name(g)} at {text.credits(bp)}: it sells for {text.credits(price)} at "
                    f"{text.settlement(s, y)}, {text.credits(price - bp)} a unit more.")
        return f"Buy {text.good_name(g)} at {text.credits(bp)}: the good here that serves your goal best."
    if k == "sell":
        g = GOODS.index(str(a.args[0]))
        sp = sell_price(s, here, g) + mod(s, p, "sell_bonus")
        price, y = _best_buyer(s, g, skip=here)
        if y >= 0 and price > sp:
            return (f"Sell {text.good_name(g)} here for {text.credits(sp)}: {text.settlement(s, y)} pays "
                    f"{text.credits(price)}, but the trip there costs more than the difference.")
        return f"Sell {text.good_name(g)} for {text.credits(sp)}: the best price you know for it."
    if k == "draw":
        n = int(a.args[0])
        return (f"Buy {text.plural(n, 'action card')}: every move after the first burns a card as fuel, and "
                "a full hand carries you across the map in one turn.")
    if k == "toss":
        return "Discard it now: the cards you keep are worth more as plays and as fuel."
    if k == "pawn":
        return "Pawn it: the credits do more for your goal than the card does on your ship."
    if k == "repair":
        return "Repair now: a Damaged ship can play no action card but a Repair Kit."
    if k == "feature":
        return f"{what.split(':')[0]}: this settlement's feature helps your goal ({_goal_words(s, p)})."
    run = trade_run(s, p)
    if run is not None:
        return (f"Finish trading: next, the best run within reach is {run['name']} ({run['moves']} moves), "
                f"worth about {text.credits(int(run['expected_profit']))} credits.")
    return "Finish trading: nothing more here is worth its price to you this turn."


def _turn(s: SpaceLanesState, p: int, a: Action, what: str) -> str:
    k = a.kind
    if k in ("move", "jump"):
        dest = int(a.args[0])
        run = trade_run(s, p)
        if run is not None and _toward(s, p, dest, run["destination"]):
            return (f"Head for {run['name']}: the best trade run within reach ({run['moves']} moves), worth "
                    f"about {text.credits(int(run['expected_profit']))} credits.")
        if goal_reached(s, p):
            return "Head for a settlement: your goal is reached and you win by ending a turn on one."
        return (f"Move toward {text.settlement(s, dest)}: it brings you closer to your goal "
                f"({_goal_words(s, p)}).")
    if k == "trade":
        return "Trade here first: sell what fetches a good price and buy for your next run before you travel."
    if k == "end":
        if s.node[p] >= 0 and goal_reached(s, p):
            return ("End your turn on this settlement: your goal is reached, so you win once the round is "
                    "played out.")
        if s.lane[p] >= 0:
            return "End your turn here: moving further would burn cards you need more than the distance."
        return "End your turn: nothing more this turn is worth its cost."
    if k == "odd_jobs":
        return "Take Odd Jobs: 500 credits and a full hand of cards are worth more than a trip this turn."
    if k == "skip":
        return ("Skip the turn to repair: a Damaged ship can play no action card, and this repair costs "
                "nothing.")
    if k == "attack":
        return (f"{what.split(':')[0]}: your Win bonus makes the fight good odds, and the winner takes the "
                "loser's goods.")
    if k == "offer":
        return (f"{what.split('(')[0].strip()}: you share a Space, and a trade may give you what your goal "
                "needs.")
    if k in ("play", "use"):
        t = _card(a)
        if t is not None and t.kind in ("crew", "upgrade"):
            return f"{what.split(':')[0]}: its bonus lasts the whole game, and you can afford it now."
        if t is not None and t.kind in ("pirates", "patrol"):
            return f"Play {t.name}: put it where a rival must meet it and you need not."
        if t is not None and t.kind == "transport":
            return f"Load {t.name}: it takes no cargo space and pays when delivered."
        return f"{what.split(':')[0]}: it does the most for you at this moment."
    return f"{what}: the coach's pick at this step."


def _toward(s: SpaceLanesState, p: int, dest: int, goal: int) -> bool:
    """Does a move to slot `dest` head toward slot `goal` (on a known shortest route)?"""
    if dest == goal:
        return True
    dist = known_dist(s)
    here = s.node[p]
    if here >= 0:
        ls = LANE_BETWEEN.get((here, dest))
        if ls is None:
            return False
        return dijkstra(dest, dist)[0][goal] < dijkstra(here, dist)[0][goal]
    a, b = ENDS[s.lane[p]]
    return dijkstra(dest, dist)[0][goal] <= dijkstra(a if dest == b else b, dist)[0][goal]


def _engagement(s: SpaceLanesState, p: int, a: Action, what: str) -> str:
    k = a.kind
    eng = engagement_odds(s, p)
    if k == "pass":
        return "Pass: let the chain resolve as it stands; answering would cost a card for nothing."
    if eng is None:
        if k == "use":
            return f"{what.split(':')[0]}: it decides this engagement in that captain's favour."
        return f"{what}: the coach's pick at this step."
    opts = {o["option"]: o for o in eng["options"]}
    text_of = {("engage", "win"): "engage win", ("engage", "escape"): "engage escape"}
    key = text_of.get((k, str(a.args[0]) if a.args else ""), str(a))
    o = opts.get(key)
    if k == "engage" and o is not None:
        word = "Win" if a.args[0] == "win" else "Escape"
        return (f"Try to {word}: {o['odds']:.0%} to succeed, the smallest expected loss of your options "
                f"(about {text.credits(int(o['expected_loss']))} credits).")
    if k == "parlay":
        return f"{what}: a sure way out at a known price, cheaper than the risk of losing your hold."
    if k == "accept":
        return f"{what}: no card in your hand changes this roll."
    if k == "use":
        t = _card(a)
        name = t.name if t is not None else "it"
        return f"Use {name}: a sure result beats the dice here, unless another captain answers it."
    if k == "relocate":
        return f"{what}: move it where a rival must meet it and off your own route."
    if k in ("keep", "dismiss", "fence"):
        return f"{what}: the best use of your escape."
    return f"{what}: the coach's pick at this step."


def _pvp(s: SpaceLanesState, p: int, a: Action, what: str) -> str:
    k = a.kind
    if k == "loot":
        return f"{what}: of the loser's goods and cards, this is worth the most to you."
    if k == "accept":
        return "Accept: what you get is worth more to your goal than what you give."
    if k == "decline":
        return "Decline: the trade helps them more than it helps you."
    if k == "done":
        return "Stop here: nothing more is worth taking."
    return f"{what}: the coach's pick for this trade."
