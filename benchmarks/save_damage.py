"""How often a damaged save loads silently as another game (not a CI test).

    python benchmarks/save_damage.py [--games 30]

For random games of every game, every neighbouring swap of two different actions and every
single deletion is tried; a variant that loads without `SaveError` is a silent corruption.
"""

from __future__ import annotations

import argparse
import copy
import json

import spacetable.games.highcard  # noqa: F401  (registers "highcard")
from spacetable.bots.base import make_bot
from spacetable.engine import record
from spacetable.engine.errors import SaveError
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE

CASES = [("highcard", {"players": 3}), ("moonrakers", {"players": 3}),
         ("moonrakers", {"players": 4, "expansions": ["binding-ties"]}), ("spacelanes", {"players": 3})]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--steps", type=int, default=300, help="decisions per game (a game's opening)")
    args = ap.parse_args()
    for game, config in CASES:
        counts = {"swap": [0, 0], "delete": [0, 0]}
        for seed in range(args.games):
            s = get_game(game).new_game(dict(config), seed)
            bot, rng, n = make_bot(game, "random"), Rng(seed), 0
            while not s.is_terminal() and n < args.steps:
                if s.current_player() == CHANCE:
                    s.sample_chance()
                else:
                    s.apply_fast(bot.choose(s, s.current_player(), rng))
                n += 1
            doc = json.loads(record.dumps(s))
            actions = doc["actions"]
            for i in range(len(actions)):
                variants = []
                if i + 1 < len(actions) and actions[i] != actions[i + 1]:
                    d = copy.deepcopy(doc)
                    d["actions"][i], d["actions"][i + 1] = actions[i + 1], actions[i]
                    variants.append(("swap", d))
                d = copy.deepcopy(doc)
                del d["actions"][i]
                variants.append(("delete", d))
                for kind, variant in variants:
                    counts[kind][0] += 1
                    try:
                        record.from_document(variant)
                        counts[kind][1] += 1
                    except SaveError:
                        pass
        print(f"{game} {config}: " + ", ".join(
            f"{k}: {silent}/{tried} load silently ({100 * silent / max(1, tried):.1f}%)"
            for k, (tried, silent) in counts.items()))


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
