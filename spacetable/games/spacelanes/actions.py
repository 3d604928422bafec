"""The fixed Space Lanes action space, built once at import. Every compound choice is a sequence of
these small actions (e.g. `play scavenger-gang` then `lane 7`; `buy ore` one unit at a time)."""

from __future__ import annotations

from spacetable.engine.action import ActionSpace
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS, SINGLE_USE

SPACE = ActionSpace()
A = SPACE.add

START = [A("start", (s,)) for s in range(15)]
FIRST = [A("first", (p,)) for p in range(5)]
TRADE = A("trade")
DONE = A("done")
END = A("end")
ODD_JOBS = A("odd_jobs")
SKIP = A("skip")
BUY = [A("buy", (g,)) for g in GOODS]
SELL = [A("sell", (g,)) for g in GOODS]
SLUGS = [t.slug for t in CONTENT.card_types]
TOSS = [A("toss", (s,)) for s in SLUGS]
DRAW = [A("draw", (n,)) for n in range(11)]
PAWN = {t.index: A("pawn", (t.slug,)) for t in CONTENT.card_types if t.kind in SINGLE_USE + ("upgrade",)}
FEATURE = A("feature")
FEATURE_UNION = A("feature", ("union",))
FEATURE_PIRATE = A("feature", ("pirate",))
REPAIR = A("repair")
MOVE = [A("move", (s,)) for s in range(15)]
JUMP = [A("jump", (s,)) for s in range(15)]
FUEL = [A("fuel", (s,)) for s in SLUGS]
PLAY = [A("play", (s,)) for s in SLUGS]
USE = {t.index: A("use", (t.slug,)) for t in CONTENT.card_types if t.kind in SINGLE_USE}
LANE = [A("lane", (ls,)) for ls in range(24)]
WORLD = [A("world", (s,)) for s in range(15)]
CANCEL = A("cancel")
ENGAGE_WIN = A("engage", ("win",))
ENGAGE_ESCAPE = A("engage", ("escape",))
PARLAY_FACTION = A("parlay", ("faction",))
PARLAY_TOLL = A("parlay", ("toll",))
ROLL = {n: A("roll", (n,)) for n in range(2, 13)}
ACCEPT = A("accept")
PASS = A("pass")
KEEP = A("keep")
DISMISS = A("dismiss")
RELOCATE = [A("relocate", (ls,)) for ls in range(24)]
FENCE = A("fence")
ATTACK = [A("attack", (p,)) for p in range(5)]
LOOT = [A("loot", (g,)) for g in GOODS]
LOOT_CARD = A("loot", ("card",))

OFFER = [A("offer", (p,)) for p in range(5)]
GIVE_GOOD = [A("give", (g,)) for g in GOODS]
GIVE_CARD = {t.index: A("give", (t.slug,)) for t in CONTENT.card_types
             if t.kind in SINGLE_USE + ("upgrade", "crew")}
PRICES = (0, 100, 250, 500, 1000, 2000)
PRICE = {n: A("price", (n,)) for n in PRICES}
DECLINE = A("decline")

ROLL_PROBS = [(ROLL[n], (6 - abs(n - 7)) / 36) for n in range(2, 13)]
ROLLS = [a for a, _ in ROLL_PROBS]
"""The outcomes of a 2d6 roll (a chance step: an engagement's dice, L15; an attack's, L19)."""

# Player vs Player (L19): the winner of a combat picks the hand card it takes; a trade is an exchange
# built one item at a time by either captain ("give"/"ask"), then accepted, declined or countered.
LOOT_TYPE = [A("loot", (s,)) for s in SLUGS]
GIVE_HAND = [A("give_hand", (s,)) for s in SLUGS]
ASK_GOOD = [A("ask", (g,)) for g in GOODS]
ASK_SHIP = {ti: A("ask", (CONTENT.card_types[ti].slug,)) for ti in GIVE_CARD}
TRADE_KINDS = tuple(dict.fromkeys(t.kind for t in CONTENT.card_types))
ASK_KIND = {k: A("ask_kind", (k,)) for k in TRADE_KINDS}
ASK_HAND = [A("ask_hand", (s,)) for s in SLUGS]
CREDIT_STEPS = (100, 500, 1000)
PAY = {n: A("pay", (n,)) for n in CREDIT_STEPS}
CHARGE = {n: A("charge", (n,)) for n in CREDIT_STEPS}
PROPOSE = A("propose")
COUNTER = A("counter")

USE_REUSABLE = {t.index: A("use", (t.slug,)) for t in CONTENT.card_types if t.use}
"""Using a reusable Equipment or Crew card on one's ship (rulebook, Reusable cards); appended, and merged
into `USE` so that `USE[card type]` covers single-use and reusable cards alike."""
USE.update(USE_REUSABLE)
