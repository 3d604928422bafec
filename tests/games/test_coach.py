"""The coach answers at every decision of both games (issue: "a coach at every decision"): at each
decision of whole bot games, `advice(state, seat)` for the deciding seat names a legal action as
``recommended`` and says why in one plain sentence (``reason``: no rule code, never empty), from the
seat's view only: the same answer on a `determinize(seat)` copy. A seat with no decision gets no
recommendation and a reason saying whom the table waits for. (The 20-game benchmark with timings is
benchmarks/advisor_coverage.py.)
"""

from __future__ import annotations

from typing import Any

import pytest

from spacetable.advice import advice
from spacetable.bots.base import make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.sim.setup import load_game
from tests.plain_words import bare_codes

CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("moonrakers", {"players": 3}, 260),
    ("moonrakers", {"players": 4, "expansions": ["binding-ties"]}, 260),
    ("spacelanes", {"players": 3, "modes": ["pvp"]}, 260),
]
DETERMINIZE_EVERY = 9
"""The determinized comparison at every ninth decision (it doubles the cost of an answer)."""


@pytest.mark.parametrize(("game", "config", "decisions"), CONFIGS,
                         ids=["moonrakers-3p", "binding-ties-4p", "spacelanes-3p-pvp"])
def test_the_coach_recommends_a_legal_action_at_every_decision(game: str, config: dict[str, Any],
                                                               decisions: int) -> None:
    s = load_game(game).new_game(dict(config), 7)
    bots = [make_bot(game, "greedy" if i % 2 else "random") for i in range(s.num_players)]
    rng = Rng(7)
    kinds: set[str] = set()
    asked = 0
    while not s.is_terminal() and asked < decisions:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        answer = advice(s, p)
        legal = [str(a) for a in s.legal_actions()]
        assert answer["recommended"] in legal, (s.decision_name(), answer)
        reason = answer["reason"]
        assert isinstance(reason, str) and len(reason) > 12 and reason.endswith("."), reason
        assert not bare_codes(reason) and not any(bare_codes(line) for line in answer["lines"]), answer
        other = (p + 1) % s.num_players
        waiting = advice(s, other)
        assert waiting["recommended"] is None and waiting["reason"]
        if asked % DETERMINIZE_EVERY == 0:
            twin = s.determinize(p, Rng(asked))
            again = advice(twin, p)
            same = (again["recommended"], again["reason"]) == (answer["recommended"], reason)
            assert same, s.decision_name()
        kinds.add(s.decision_name().split(".")[0])
        s.apply_fast(bots[p].choose(s, p, rng))
        asked += 1
    assert asked >= 60 and len(kinds) >= 4, kinds
