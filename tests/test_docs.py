"""docs/ guides a newcomer in the present tense: no line names an issue number, a date or a machine
load (dated measurements live in benchmarks/results/, one study a file, and the docs link to a study
by its name in that folder's index, benchmarks/results/README.md), and docs/bots.md stays under 200
lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]

MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|December|"
          "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec")
FORBIDDEN: dict[str, re.Pattern[str]] = {
    # (a standard's number, "UTS #39", is not an issue)
    "an issue number": re.compile(r"\bissues?[ -]?#?\d+|(?<!UTS )(?<!Standard )#\d+\b", re.IGNORECASE),
    "a date": re.compile(rf"\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}} (?:{MONTHS})\b|\b(?:{MONTHS}) \d{{1,2}}\b"
                         r"|\b\d{1,2}:\d{2}(?:[–-]\d{1,2}:\d{2})? UTC\b"),
    "a machine load": re.compile(r"\bload(?: average)?(?: of)? [~≈]?\d|\bload average\b"
                                 r"|(?<!validated )(?<!checked )\bat (?:a |the )?load\b"
                                 r"|\b(?:lighter|heavier|higher|lower) load\b", re.IGNORECASE),
}
RESULTS = ROOT / "benchmarks" / "results"
INDEX_LINK = re.compile(r"benchmarks/results/README\.md#([\w-]+)")
"""A doc's link to a study: its name in the index (a study's file name starts with its date)."""

OWNED_ELSEWHERE: set[str] = set()
"""Docs another branch is rewriting now: expected to fail until that work is merged, then this entry
goes (the strict xfail fails as soon as the doc is clean, so it cannot be forgotten)."""


def offences(text: str) -> list[str]:
    """'line N names <what>: <line>' for every line of `text` that names an issue, a date or a load."""
    out = []
    for n, line in enumerate(text.splitlines(), start=1):
        for what, pattern in FORBIDDEN.items():
            if pattern.search(line):
                out.append(f"line {n} names {what}: {line.strip()}")
    return out


def test_offences_finds_issues_dates_and_loads_but_not_links_to_studies_by_name() -> None:
    line = "Measured at load 1.8–6.0 (" + "issue" + " 10)."  # built, so that a grep of the tests stays clean
    assert offences(line) == [f"line 1 names an issue number: {line}", f"line 1 names a machine load: {line}"]
    assert len(offences("on 1 December, 12:30–13:25 UTC\n2026-12-01\nrun at load\nload average 7")) == 4
    assert offences("see [the study](../benchmarks/results/README.md#bot-strength)") == []
    assert len(offences("see [the study](../benchmarks/results/2026-12-01-bot-strength.md)")) == 1
    assert len(offences("figures in `benchmarks/results/2026-12-01-bot-strength.md`")) == 1
    assert offences("a save loads; `--load FILE`; the load benchmark; cards validated at load") == []
    assert len(offences("measured at load\nat the lighter load")) == 2


@pytest.mark.parametrize("doc", [
    pytest.param(d, marks=pytest.mark.xfail(strict=True, reason="rewritten on another branch"))
    if d.name in OWNED_ELSEWHERE else d for d in DOCS], ids=[d.name for d in DOCS])
def test_no_doc_line_names_an_issue_a_date_or_a_machine_load(doc: Path) -> None:
    found = offences(doc.read_text(encoding="utf-8"))
    assert not found, (f"{doc.relative_to(ROOT)}: move dated measurements to benchmarks/results/"
                       "<date>-<study>.md and name the rule or the decision, not the issue:\n"
                       + "\n".join(found))


def test_bots_doc_is_a_guide_under_200_lines() -> None:
    lines = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8").count("\n")
    assert lines < 200, f"docs/bots.md has {lines} lines; studies belong in benchmarks/results/"


def test_the_studies_index_lists_every_study_and_every_name_the_docs_link_to() -> None:
    index = (RESULTS / "README.md").read_text(encoding="utf-8")
    names = set(re.findall(r"^## ([\w-]+)$", index, re.MULTILINE))
    for study in RESULTS.glob("[0-9]*.md"):
        assert f"]({study.name})" in index, f"benchmarks/results/README.md does not list {study.name}"
        assert re.sub(r"^\d{4}-\d{2}-\d{2}-", "", study.stem) in names, study.name
    for doc in DOCS:
        for name in INDEX_LINK.findall(doc.read_text(encoding="utf-8")):
            assert name in names, f"{doc.relative_to(ROOT)} links to a study {name!r} the index does not name"
