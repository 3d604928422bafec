"""The shipped trained policy (`policy:moonrakers-2p`) plays a whole Moonrakers game on the server
against a person, in a real browser.

The person creates the game in the lobby (2 captains, seat 2 "Bot: policy:moonrakers-2p", the base
game, shared for research) and keeps the table open in Chromium. To keep the test short (a whole
game of a person's clicks would take minutes), the person's decisions are scripted — a random legal
action each, sent through the same API the page uses — for the first `PERSON_MOVES`, then the person
hands the seat to the heuristic bot (the page's "hand to a bot" call) and the server plays the rest
at bot speed while the page follows the game to its end. The policy's decisions all go through the
server's bot loop, as against anyone.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import httpx
from playwright.sync_api import Browser, expect

from tests.server.e2e.conftest import VIEWPORT

TIMEOUT = 15_000
PERSON_MOVES = 60


def test_the_shipped_policy_plays_a_whole_game_against_a_person(browser: Browser, base_url: str,
                                                               shots: Path) -> None:
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    page.goto(base_url + "/")
    page.locator("select[name=game]").select_option("moonrakers")
    page.locator("select[name=players]").select_option("2")
    page.locator("select[name=seat-0]").select_option("human")
    page.locator("select[name=seat-1]").select_option("policy:moonrakers-2p")
    page.locator("input[name=name-0]").fill("Ada")
    page.locator("input[name=first-encounter]").uncheck()
    page.locator("input[name=seed]").fill("11")
    page.locator("input[name=share-for-research]").check()
    page.get_by_role("button", name="Create game").click()
    links = page.locator("code.link.invite")
    expect(links).to_have_count(1, timeout=TIMEOUT)
    page.screenshot(path=str(shots / "policy-lobby.png"))
    invite = links.first.get_attribute("data-url") or ""
    found = re.search(r"/game/([^#]+)#token=(.+)$", invite)
    assert found, invite
    game_id, token = found.group(1), found.group(2)
    page.get_by_text("Open my seat").click()
    expect(page.locator(".table")).to_be_visible(timeout=TIMEOUT)
    page.screenshot(path=str(shots / "policy-table-start.png"))
    headers = {"Authorization": f"Bearer {token}"}
    url = f"{base_url}/api/games/{game_id}"
    rng = random.Random(3)
    moves = 0
    end = time.monotonic() + 60
    with httpx.Client(timeout=10) as c:
        while moves < PERSON_MOVES and time.monotonic() < end:
            v = c.get(f"{url}/view", headers=headers).json()
            assert not v["terminal"]
            if not v["legal_actions"]:
                time.sleep(0.02)
                continue
            choice = rng.choice(v["legal_actions"])["text"]
            r = c.post(f"{url}/actions", headers=headers, json={"action": choice, "version": v["version"]})
            assert r.status_code in (200, 409), r.text
            moves += 1
        assert moves == PERSON_MOVES
        page.screenshot(path=str(shots / "policy-table-mid.png"))
        r = c.post(f"{url}/seats/0/bot", headers=headers, json={"bot": "heuristic"})
        assert r.status_code == 200, r.text
        while time.monotonic() < end + 60:
            summary = c.get(f"{url}/summary", headers=headers).json()
            if summary["status"] == "finished":
                break
            time.sleep(0.2)
        replay = c.get(f"{url}/replay", headers=headers).json()
    assert summary["status"] == "finished" and summary["winners"], summary
    policy_moves = [s for s in replay["steps"] if s["kind"] == "action" and s["seat"] == 1]
    assert len(policy_moves) > PERSON_MOVES // 2
    status = page.locator(".topbar .status")
    expect(status).to_contain_text(re.compile("won|wins|over", re.I), timeout=TIMEOUT)
    page.screenshot(path=str(shots / "policy-table-end.png"))
    print(f"the person made {moves} moves; screenshots in {shots}")
    ctx.close()
