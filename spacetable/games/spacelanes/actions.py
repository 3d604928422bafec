"""The fixed Space Lanes action space, built once at import. Every compound choice is a sequence of
these small actions (e.g. `play scavenger-gang` then `lane 7`; `buy ore` one unit at a time)."""

from __future__ import annotations

from spacetable.engine.action import ActionSpace
from spacetable.games.spacelanes.content import CONTENT, GOODS, SINGLE_USE

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
