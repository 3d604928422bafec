"""The report's plots: matplotlib figures (Agg, no pyplot state) rendered to base64 PNG text."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from spacetable.sim.report_figures import Rate

BLUE, ORANGE, GREY = "#3465a4", "#e07b22", "#888888"


def _png(fig: Figure) -> str:
    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _errors(rates: Sequence[Rate]) -> list[list[float]]:
    return [[max(0.0, r.value - r.low) for r in rates], [max(0.0, r.high - r.value) for r in rates]]


def rate_bars(labels: Sequence[str], rates: Sequence[Rate], title: str, fair: float | None = None,
              xlabel: str = "win rate") -> str:
    """Horizontal bars of rates with 95% intervals; a dashed line at the fair share if given."""
    fig = Figure(figsize=(6.4, 0.45 * len(labels) + 1.1))
    ax = fig.add_subplot()
    ys = list(range(len(labels)))[::-1]
    ax.barh(ys, [r.value for r in rates], xerr=_errors(rates), color=BLUE, capsize=3, height=0.6)
    ax.set_yticks(ys, labels)
    if fair is not None:
        ax.axvline(fair, color=GREY, linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
        ax.legend(loc="lower right", fontsize=8)
    ax.set_xlim(0, min(1.0, max([r.high for r in rates] + [fair or 0.0]) * 1.15 + 0.02))
    ax.xaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    return _png(fig)


def paired_rate_bars(labels: Sequence[str], a: Sequence[Rate], b: Sequence[Rate], names: tuple[str, str],
                     title: str) -> str:
    """Two configurations' rates side by side per label, with 95% intervals."""
    fig = Figure(figsize=(6.4, 0.6 * len(labels) + 1.2))
    ax = fig.add_subplot()
    ys = [2 * i for i in range(len(labels))][::-1]
    ax.barh([y + 0.4 for y in ys], [r.value for r in a], xerr=_errors(a), color=BLUE, capsize=3, height=0.75,
            label=names[0])
    ax.barh([y - 0.4 for y in ys], [r.value for r in b], xerr=_errors(b), color=ORANGE, capsize=3,
            height=0.75, label=names[1])
    ax.set_yticks(ys, labels)
    ax.xaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
    ax.set_xlabel("win rate")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, fontsize=8, frameon=False)
    ax.set_title(title, fontsize=10, pad=20)
    return _png(fig)


def histogram(series: Sequence[Sequence[int]], names: Sequence[str], title: str,
              xlabel: str = "turns") -> str:
    """The distribution of game lengths (one or two configurations overlaid, as shares of games)."""
    fig = Figure(figsize=(6.4, 3.0))
    ax = fig.add_subplot()
    values = [v for s in series for v in s]
    lo, hi = (min(values), max(values)) if values else (0, 1)
    step = max(1, (hi - lo + 24) // 25)
    bins = list(range(lo, hi + step + 1, step))
    for s, name, color in zip(series, names, (BLUE, ORANGE), strict=False):
        if s:
            ax.hist(s, bins=bins, weights=[1 / len(s)] * len(s), alpha=0.6 if len(series) > 1 else 0.9,
                    color=color, label=name)
    ax.yaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    if len(series) > 1:
        ax.legend(fontsize=8)
    ax.set_title(title, fontsize=10)
    return _png(fig)


def value_bars(labels: Sequence[str], values: Sequence[float], title: str, xlabel: str) -> str:
    """Horizontal bars of plain values (profits, counts)."""
    fig = Figure(figsize=(6.4, 0.45 * len(labels) + 1.1))
    ax = fig.add_subplot()
    ys = list(range(len(labels)))[::-1]
    ax.barh(ys, list(values), color=[BLUE if v >= 0 else ORANGE for v in values], height=0.6)
    ax.set_yticks(ys, labels)
    ax.axvline(0, color=GREY, linewidth=0.8)
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    return _png(fig)


def effect_bars(labels: Sequence[str], values: Sequence[float], lows: Sequence[float],
                highs: Sequence[float], title: str, xlabel: str = "change in win probability") -> str:
    """Horizontal bars of effects around 0 with their 95% intervals (blue above 0, orange below)."""
    fig = Figure(figsize=(6.4, 0.36 * len(labels) + 1.2))
    ax = fig.add_subplot()
    ys = list(range(len(labels)))[::-1]
    err = [[max(0.0, v - lo) for v, lo in zip(values, lows, strict=True)],
           [max(0.0, hi - v) for v, hi in zip(values, highs, strict=True)]]
    ax.barh(ys, list(values), xerr=err, color=[BLUE if v >= 0 else ORANGE for v in values], capsize=3,
            height=0.6)
    ax.set_yticks(ys, labels)
    ax.axvline(0, color=GREY, linewidth=0.8)
    ax.xaxis.set_major_formatter(lambda v, _: f"{v:+.0%}")
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    return _png(fig)


def ladder_plot(bots: Sequence[str], ratings: Sequence[float], lows: Sequence[float],
                highs: Sequence[float]) -> str:
    """Ratings with their 95% bootstrap intervals, best at the top."""
    fig = Figure(figsize=(6.4, 0.5 * len(bots) + 1.1))
    ax = fig.add_subplot()
    ys = list(range(len(bots)))[::-1]
    ax.errorbar(list(ratings), ys, xerr=[[r - lo for r, lo in zip(ratings, lows, strict=True)],
                                         [hi - r for r, hi in zip(ratings, highs, strict=True)]],
                fmt="o", color=BLUE, capsize=4)
    ax.set_yticks(ys, bots)
    ax.set_xlabel("rating (openskill μ), 95% bootstrap interval")
    ax.set_title("Bot ladder", fontsize=10)
    return _png(fig)
