"""The report's sections on trustworthy figures: game metrics, card effects, paired comparisons and the
bot ladder (HTML fragments for `spacetable.sim.report`)."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from spacetable.sim import report_plots as plots
from spacetable.sim.card_effects import CardEffect, method
from spacetable.sim.game_figures import Paired, paired
from spacetable.sim.ladder import Ladder
from spacetable.sim.report_figures import Config
from spacetable.sim.setup import game_study, studies

SHOWN = 12
"""Strongest and weakest estimated cards drawn in a configuration's effect plot (the table lists all)."""


def _kind_name(game: str) -> Callable[[str], str]:
    """One card of a kind in the report's words (the game's study's ``names``; else the kind itself)."""
    names = game_study(game).names
    return lambda kind: names.get(kind, kind)




def _e(value: Any) -> str:
    return html.escape(str(value))


def _pct(v: float | None, signed: bool = False) -> str:
    if v is None:
        return "—"
    return f"{v:+.1%}" if signed else f"{v:.1%}"


def _num(v: float | None, fmt: str = "{:.1f}") -> str:
    return "—" if v is None else fmt.format(v)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], numeric: Sequence[int] = (),
          classes: Sequence[str] | None = None) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = []
    for k, row in enumerate(rows):
        cls = f' class="{classes[k]}"' if classes and classes[k] else ""
        cells = "".join(f"<td class=num>{_e(v)}</td>" if i in numeric else f"<td>{_e(v)}</td>"
                        for i, v in enumerate(row))
        body.append(f"<tr{cls}>{cells}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def figure(png: str, caption: str) -> str:
    return (f'<figure><img alt="{_e(caption)}" src="data:image/png;base64,{png}">'
            f"<figcaption>{_e(caption)}</figcaption></figure>")


def game_metrics(configs: Sequence[Config]) -> str:
    """One table of every configuration's whole-game figures, grouped by player count."""
    rows = []
    for c in sorted(configs, key=lambda c: c.players):
        f = c.figures()
        first = ("—" if f.first_player is None else f"{f.first_player:.1%} [{f.first_player_low:.1%}, "
                 f"{f.first_player_high:.1%}] vs {f.fair:.0%}")
        rows.append([c.label, c.players, f.finished, first, _pct(f.balance), _pct(f.drawishness),
                     _num(f.median_turns), _num(f.lead_changes, "{:.2f}"), _pct(f.lead_change_rate),
                     _pct(f.decisiveness), _pct(f.decided_before_last_turn), f.everyone_lost])
    progress = [f"{spec.title} {s.progress}" for spec, s in studies() if s.progress]
    nobody = [s.nobody_wins for _, s in studies() if s.nobody_wins]
    measures = f" — {_e(', '.join(progress))} —" if progress else ""
    example = f" ({_e('; '.join(nobody))})" if nobody else ""
    return ("<h2>Game figures</h2><p class=note>After Ludii's metrics: the first player's win rate against "
            "the fair share (AdvantageP1); balance, 1 − (best − worst seat's win rate); drawishness, games "
            "with a shared win; lead changes per game and as a share of turns (LeadChange: the one seat "
            f"with the highest score{measures} at the end of each turn); decisiveness, the share of the game "
            "during which the eventual winner already led alone to the end (after DecisivenessMoves); "
            "decided before the last turn, games whose winner led alone at the end of the turn before the "
            f"last; everyone lost, finished games nobody won{example}.</p>"
            + table(["configuration", "players", "finished", "first player", "balance", "shared wins",
                     "median turns", "lead changes", "lead change rate", "decisiveness",
                     "decided before last turn", "everyone lost"], rows, numeric=(1, 2, 6, 7, 11)))


def _effect_text(e: CardEffect) -> str:
    if e.effect is None or e.low is None or e.high is None:
        return "too few games"
    return f"{e.effect:+.1%} [{e.low:+.1%}, {e.high:+.1%}]"


def _raw_text(e: CardEffect) -> str:
    if e.raw_win is None:
        return "—"
    return f"{e.raw_win:.1%} ({e.rows_with})"


def card_effects(c: Config) -> str:
    """A configuration's card effects: the method, a plot of the strongest and weakest, every card."""
    effects = c.card_effects()
    if not effects:
        return ""
    known = [e for e in effects if e.effect is not None]
    kind_name = _kind_name(c.game)
    out = ["<h3>Card effects, adjusted for who buys them</h3>", f"<p class=note>{_e(method())}</p>"]
    if known:
        shown = known if len(known) <= 2 * SHOWN else known[:SHOWN] + known[-SHOWN:]
        png = plots.effect_bars([f"{kind_name(e.kind)} {e.name or e.card}" for e in shown],
                                [e.effect or 0.0 for e in shown], [e.low or 0.0 for e in shown],
                                [e.high or 0.0 for e in shown], "Adjusted effect on winning")
        which = "all" if len(shown) == len(known) else "the strongest and weakest"
        out.append(figure(png, f"Adjusted effect on the win probability of the seat-games with the card, "
                               f"95% intervals: {which} of the {len(known)} with enough games"))
    rows = []
    classes = []
    for e in effects:
        rows.append([kind_name(e.kind), e.name or e.card, _effect_text(e), _pct(e.buy_rate),
                     _raw_text(e)])
        sure = e.low is not None and e.high is not None and (e.low > 0 or e.high < 0)
        classes.append(("better" if (e.low or 0) > 0 else "worse") if sure else "")
    out.append(f"<details open><summary>every card ({len(effects)}), strongest first</summary>"
               + table(["kind", "card", "adjusted effect [95% interval]", "buy rate",
                        "raw win rate (seat-games)"], rows, classes=classes) + "</details>")
    split_rows = []
    for e in effects:
        for b in e.by_bot:
            if b.offered:
                split_rows.append([e.name or e.card, b.bot, b.offered, _pct(b.buy_rate),
                                   f"{_pct(b.win_bought)} ({b.bought})",
                                   f"{_pct(b.win_passed)} ({b.passed})"])
    if split_rows:
        out.append("<details><summary>by bot: win rate when bought against when offered and passed</summary>"
                   + table(["card", "bot", "offered", "buy rate", "win rate when bought",
                            "win rate when passed"], split_rows, numeric=(2,)) + "</details>")
    return "".join(out)


def paired_section(a: Config, b: Config) -> tuple[str, list[Paired]]:
    """The paired differences of two configurations sharing seeds ("" and [] when they share none)."""
    diffs = paired(a.rows, b.rows)
    if not diffs:
        return "", []
    n = diffs[0].pairs
    rows = []
    classes = []
    for p in diffs:
        f, d = ("{:.1%}", "{:+.1%}") if p.figure != "turns" else ("{:.1f}", "{:+.1f}")
        rows.append([p.figure, f.format(p.a), f.format(p.b),
                     f"{d.format(p.diff)} [{d.format(p.low)}, {d.format(p.high)}]"])
        classes.append("changed" if p.low > 0 or p.high < 0 else "")
    return (f"<h3>Paired: the same {n} deals in both</h3><p class=note>Games of A and B played from the "
            "same seed with the same seating, compared game by game: each difference is the mean of the "
            "per-game differences with a 95% interval from their spread. Highlighted: intervals that "
            "exclude 0.</p>" + table(["figure", a.label, b.label, "difference (B − A) [95% interval]"], rows,
                                     classes=classes)), diffs


def touched_cards(a: Config, b: Config) -> str:
    """The cards the overrides of either configuration change or add: figures side by side."""
    touched = {(kind, str(x.get("slug"))) for c in (a, b) for kind, cards in c.cards.items() for x in cards}
    if not touched or a.game != b.game:
        return ""
    kind_name = _kind_name(a.game)
    ea = {(e.kind, e.card): e for e in a.card_effects()}
    eb = {(e.kind, e.card): e for e in b.card_effects()}
    rows = []
    for kind, slug in sorted(touched):
        x, y = ea.get((kind, slug)), eb.get((kind, slug))
        either = x or y
        name = either.name if either is not None else slug
        rows.append([kind_name(kind), name,
                     "not in play" if x is None else f"{_effect_text(x)}, buy rate {_pct(x.buy_rate)}",
                     "not in play" if y is None else f"{_effect_text(y)}, buy rate {_pct(y.buy_rate)}"])
    return ("<h3>Cards the overrides change</h3><p class=note>Only the cards an override file names (changed "
            "or added); their adjusted effect and buy rate in each configuration.</p>"
            + table(["kind", "card", a.label, b.label], rows))


def ladder_section(result: Ladder | None) -> str:
    if result is None:
        return ""
    bots = [str(r["bot"]) for r in result.ratings]
    png = plots.ladder_plot(bots, [float(r["rating"]) for r in result.ratings],
                            [float(r["low"]) for r in result.ratings],
                            [float(r["high"]) for r in result.ratings])
    ratings = table(["bot", "rating (μ)", "95% interval"],
                    [[r["bot"], f"{r['rating']:.2f}", f"[{r['low']:.2f}, {r['high']:.2f}]"]
                     for r in result.ratings], numeric=(1,))
    matrix = table(["win rate of ↓ against →", *bots],
                   [[a, *("—" if a == b else _pct(result.matrix[a].get(b)) for b in bots)] for a in bots])
    return (f"<h2>Bot ladder</h2><p class=note>A round-robin of {result.games} games: every pair of bots "
            "on the same seeds, seats rotated. Ratings: openskill's Plackett-Luce model (μ after all the "
            "games, averaged over shuffled orders): the median and 95% interval over bootstrap replays of "
            "the games.</p>"
            f'<div class="grid">{figure(png, "Ratings, best first")}<div>{ratings}{matrix}</div></div>')
