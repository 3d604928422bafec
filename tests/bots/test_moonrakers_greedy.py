"""The Moonrakers greedy bot: games end with a winner at 10+ Prestige (7.1), solo games end by turn 10
(8.9), greedy clearly beats random, and its choices never depend on hidden information."""

from __future__ import annotations

from typing import Any

import pytest

from spacetable.bots.base import make_bot
from spacetable.bots.moonrakers_greedy import GreedyBot
from spacetable.engine.rng import Rng
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import new_game
from spacetable.sim.runner import play_out
from tests.bots.moonrakers_helpers import MAX_DECISIONS, config, execution, planning, positions


def test_registered_as_greedy() -> None:
    bot = make_bot("moonrakers", "greedy")
    assert isinstance(bot, GreedyBot) and bot.name == "greedy"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_end_with_a_winner_at_10_prestige_7_1(players: int) -> None:
    """7.1: the game ends at the end of a turn in which someone has 10+ Prestige; greedy gets there."""
    bot = GreedyBot()
    for seed in range(3):
        s = new_game(config(players), seed)
        result = play_out(s, [bot] * players, Rng(seed), max_decisions=MAX_DECISIONS)
        assert result.finished and result.winners, (players, seed)
        best = max(p.prestige for p in s.players)
        assert best >= 10
        assert all(s.players[w].prestige == best for w in result.winners)
        assert s.turn <= 80  # a reasonable number of turns


def test_solo_game_ends_by_turn_10_8_9() -> None:
    """8.9: a solo game ends with a win at 10+ Prestige or a loss after turn 10, with a score."""
    bot = GreedyBot()
    merc_played = 0
    for seed in range(6):
        s = new_game(config(1), seed)
        s.events = []
        result = play_out(s, [bot], Rng(seed), max_decisions=MAX_DECISIONS)
        assert result.finished and s.turn <= 10
        assert (result.winners == [0]) == (s.players[0].prestige >= 10)
        assert s.game_stats()["solo_score"] >= 10 * s.players[0].prestige
        merc_played += sum(1 for e in s.take_events() if e.key == "merc-play")
    assert merc_played > 0  # 8.4: the bot uses the Mercenary row


@pytest.mark.parametrize("cfg", [
    config(3, expansions=["binding-ties"]),
    config(5, modules=["first-encounter"], expansions=["binding-ties"]),
    config(2, modules=["first-encounter"]),
])
def test_games_with_modules_and_binding_ties_end(cfg: dict[str, Any]) -> None:
    bot = GreedyBot()
    s = new_game(cfg, 7)
    result = play_out(s, [bot] * cfg["players"], Rng(7), max_decisions=MAX_DECISIONS)
    assert result.finished and result.winners
    assert max(p.prestige for p in s.players) >= 10


def _win_rate(players: int, greedy_seats: set[int], games: int) -> float:
    greedy, random = GreedyBot(), make_bot("moonrakers", "random")
    bots = [greedy if i in greedy_seats else random for i in range(players)]
    won = 0.0
    for seed in range(games):
        s = new_game(config(players), 100 + seed)
        result = play_out(s, bots, Rng(seed), max_decisions=MAX_DECISIONS)
        assert result.finished
        won += sum(s.returns()[i] for i in greedy_seats)
    return won / games


def test_greedy_beats_random_two_players() -> None:
    assert _win_rate(2, {0}, 40) >= 0.8  # measured: 1.0


def test_greedy_beats_random_four_players() -> None:
    """One greedy seat against three random seats wins far more than its 1/4 share."""
    assert _win_rate(4, {1}, 24) >= 0.6  # measured: about 0.9


# ---------------------------------------------------------------------------------------- no peeking
def _mismatches(bot: Any, cfg: dict[str, Any], seeds: int = 3) -> tuple[int, int]:
    """(positions where the choice from the real state differs from the one from `determinize(seat)`,
    positions checked)."""
    bad = checked = 0
    for seed in range(seeds):
        for state, seat in positions(GreedyBot(), cfg, seed, every=3, limit=60):
            for k in range(2):
                other = state.determinize(seat, Rng(1000 * seed + k))
                assert other.view(seat) == state.view(seat)
                real = bot.choose(state, seat, Rng(k))
                seen = bot.choose(other, seat, Rng(k))
                bad += real != seen
                checked += 1
    return bad, checked


@pytest.mark.parametrize("cfg", [
    config(1), config(2), config(4),
    config(3, expansions=["binding-ties"]),
    config(5, modules=["first-encounter"], expansions=["binding-ties"]),
])
def test_choice_never_depends_on_hidden_information(cfg: dict[str, Any]) -> None:
    """The bot chooses the same from the real state and from `determinize(seat)`: other hands,
    objectives and every deck order (its own draw pile included) are resampled there."""
    bad, checked = _mismatches(GreedyBot(), cfg)
    assert checked >= 60 and bad == 0


class _PeekingBot(GreedyBot):
    """Reads the next player's hand: the check above must catch it."""

    def choose(self, state: Any, seat: int, rng: Rng) -> Any:
        legal = state.legal_actions()
        other = state.players[(seat + 1) % state.n].hand
        return legal[-1] if other and other[0] == 0 else legal[0]


def test_the_no_peek_check_catches_a_peeking_bot() -> None:
    bad, _ = _mismatches(_PeekingBot(), config(2), seeds=1)
    assert bad > 0


def test_determinize_really_changes_hidden_cards() -> None:
    """Guard for the test above: a determinized copy differs in what the seat cannot see."""
    s = new_game(config(3), 5)
    other = s.determinize(0, Rng(3))
    hidden = [(p.hand, p.draw) for p in s.players[1:]] + [(s.contract_deck, s.objective_deck)]
    resampled = [(p.hand, p.draw) for p in other.players[1:]] + [(other.contract_deck, other.objective_deck)]
    assert hidden != resampled


# ---------------------------------------------------------------------------------------- decisions



def test_plays_a_reactor_first_while_actions_are_short_2_3() -> None:
    """2.3: a Reactor gives +2 Actions; with 1 Action the bot plays it before the cards it needs."""
    s, ml = execution(["damage-1", "damage-1", "shield", "reactor", "miss"], "rival-pirate-gang")
    assert str(GreedyBot().choose(s, ml, Rng(0))) == "play reactor"
    s.apply("play reactor")
    # then the cards that fill unmet requirements, never the Miss
    assert str(GreedyBot().choose(s, ml, Rng(0))) in ("play shield", "play damage-1")


def test_passes_once_requirements_are_met_3_4_4() -> None:
    s, ml = execution(["thruster", "damage-1", "shield", "miss", "reactor"], "kill-slavers")
    bot = GreedyBot()
    for _ in range(6):
        a = bot.choose(s, ml, Rng(0))
        if a.kind == "pass":
            break
        s.apply(a)
    assert s.ex is not None and all(
        s.ex.pool[t] >= s.ex.target(t, A.CAT.contracts[s.ex.contract].req) for t in range(5))
    assert "shield" not in [A.CARD_SLUGS[c] for c in s.ex.seats[ml].play]  # no die: no need to block


def test_blocks_an_unblocked_die_when_met_3_4_8() -> None:
    """3.4.8: with the contract met and an unblocked die targeting it, a Shield still helps."""
    s, ml = execution(["shield", "shield", "reactor", "miss", "miss"], "pirate-treasure", dice=2)
    ex = s.ex
    assert ex is not None
    ex.pool = [2, 0, 1, 0, 0]  # requirements met (R2 S1)
    s.players[ml].prestige = 3
    assert str(GreedyBot().choose(s, ml, Rng(0))) == "play shield"
    ex.seats[ml].dice = [0]
    assert str(GreedyBot().choose(s, ml, Rng(0))) == "pass"


def test_reduces_the_largest_unmet_requirement_3_4_6() -> None:
    from spacetable.games.moonrakers.choices import Choice

    s, ml = execution(["reactor", "miss"], "claim-bounty")  # R2 D3
    s.stack.append(Choice(ml, "crew.reduce", [A.REDUCE[t] for t in range(5)]))
    assert str(GreedyBot().choose(s, ml, Rng(0))) == "reduce damage"


def test_stays_at_base_when_nothing_is_feasible_3_2_4() -> None:
    s = planning(3)
    hard = [A.CONTRACT_ID[x] for x in ("admirals-flagship", "black-hole", "royal-cargo", "prison-moon",
                                         "elite-squadron", "bomber-screen", "emergency-meds", "nova-bloom")]
    s.contracts = hard
    s.players[s.ml].hand = [A.CARD_ID["miss"]] * 5
    assert str(GreedyBot().choose(s, s.ml, Rng(0))) == "stay"


def test_scraps_the_weakest_of_four_older_parts_5_3() -> None:
    from spacetable.bots.moonrakers_greedy import PART_VALUE
    from spacetable.games.moonrakers.execution import Scrap

    s = planning(2)
    parts = [A.PART_ID[x] for x in ("flash", "jump-jets-e2", "daburu-mk1", "cloaking-device", "duo-1000")]
    s.players[s.ml].parts = parts
    s.stack.append(Scrap(s.ml))
    weakest = min(parts[:4], key=lambda p: PART_VALUE[p])
    assert str(GreedyBot().choose(s, s.ml, Rng(0))) == f"scrap {A.PART_SLUGS[weakest]}"


def test_invitee_will_not_hand_the_leader_the_game_7_1() -> None:
    """An invitee declines a deal after which the Mission Leader reaches 10 Prestige ahead of it."""
    s = planning(3)
    ml = s.ml
    c = A.CONTRACT_ID["scout-cruiser"]  # 3 Prestige, 6 credits
    if c not in s.contracts:
        s.contracts[0] = c
    s.apply("take scout-cruiser")
    s.apply("propose")
    while s.decision_name() != "negotiation.answer":
        legal = s.legal_actions()
        name = s.decision_name()
        if name == "negotiation.invite":
            s.apply(legal[0])  # invite
        elif name == "negotiation.credits":
            s.apply(next(a for a in legal if a.kind == "credits" and a.args[1] == 2))
        elif name == "negotiation.dice":
            s.apply(next(a for a in legal if a.kind == "die" and a.args[1] == A.SEATS[ml]))
        else:
            s.apply(next(a for a in legal if a.kind != "solo"))
    seat = s.current_player()
    assert seat != ml
    s.players[ml].prestige = 2
    assert str(GreedyBot().choose(s, seat, Rng(0))) == "accept"  # 2 credits, no risk
    s.players[ml].prestige = 8
    assert str(GreedyBot().choose(s, seat, Rng(0))) == "decline"
