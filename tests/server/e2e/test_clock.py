"""Clocks on the page (docs/server.md, "Clocks"): the lobby offers the clock choice; the table shows each
person's time beside their seat (ticking for the one the table waits on, hours and minutes on a
turn clock) and, when an absent person's time runs out, the log says the bot decided for them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from tests.server.e2e.conftest import VIEWPORT

TIMEOUT = 15_000


def _create(base: str, clock: dict[str, Any]) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/games", json={"game": "moonrakers", "players": 2, "seats": ["human", "human"],
                                              "names": ["Ada", "Bo"], "clock": clock}, timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def test_the_clock_on_the_lobby_and_at_the_table(browser: Browser, base_url: str, shots: Path) -> None:
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    page.goto(base_url + "/")
    choice = page.locator("select[name=clock]")
    expect(choice).to_be_visible(timeout=TIMEOUT)
    labels = choice.locator("option").all_inner_texts()
    assert labels[0] == "No clock" and any("30 s a decision + 5 min reserve" in t for t in labels)
    assert [t for t in labels if t.startswith("Turn-based")] == [
        f"Turn-based: {h} hours a turn" for h in (12, 24, 72)]
    choice.select_option(label="Turn-based: 24 hours a turn")
    page.locator("form[aria-label='Create a game']").screenshot(path=str(shots / "01-lobby-clock.png"))
    with page.expect_request(re.compile(r".*/api/games$")) as sent:
        page.get_by_role("button", name="Create game").click()
    assert json.loads(sent.value.post_data or "{}")["clock"] == {"kind": "turn", "seconds": 86400}

    # a turn clock in hours and minutes; a 3-second one runs out for Ada, who is not there
    day = _create(base_url, {"kind": "turn", "seconds": 86400})
    page.goto(f"{base_url}/game/{day['id']}#token={day['seats'][1]['token']}")
    expect(page.locator("[data-clock='0']")).to_contain_text(re.compile(r"2[34] h \d\d min"), timeout=TIMEOUT)
    expect(page.locator("[data-clock='1']")).to_have_text("24 h 00 min")  # Bo's next turn starts with
    page.screenshot(path=str(shots / "02-table-turn-clock.png"))

    quick = _create(base_url, {"kind": "turn", "seconds": 3})
    page.goto(f"{base_url}/game/{quick['id']}#token={quick['seats'][1]['token']}")
    ada = page.locator("[data-clock='0']")
    expect(ada).to_contain_text(re.compile(r"0:0[0-3]"), timeout=TIMEOUT)
    assert "running" in (ada.get_attribute("class") or "")
    page.screenshot(path=str(shots / "03-table-clock-running.png"))
    log = page.locator("[aria-label='Game log']")
    expect(log).to_contain_text("Ada ran out of time: the mcts:200it bot makes this decision for them",
                                timeout=TIMEOUT)
    page.screenshot(path=str(shots / "04-table-time-out.png"))
    ctx.close()
    print(f"\nscreenshots: {shots}")
