"""Table chat on the page (docs/server.md, "Table chat"): Ada writes markup and right-to-left marks in
the Moonrakers chat tab; Bo's table counts it unread and shows it as text (no element made of it, the
rest of the line unturned); the spectator reads without a box; a flood is refused in words; muting
hides the chat on that device. Space Lanes' table has the same tab."""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Browser, expect

from tests.server.e2e.conftest import VIEWPORT

TIMEOUT = 15_000
MARKUP = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> <b>bold?</b>'
RTL = "\u202egnirts desrever\u202c then \u05e9\u05dc\u05d5\u05dd"


def _game(base: str, game: str) -> dict[str, object]:
    body = {"game": game, "players": 2, "seed": 3, "seats": ["human", "human"], "names": ["Ada", "Bo"]}
    r = httpx.post(f"{base}/api/games", json=body, timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, object] = r.json()
    return out


def test_chat_shows_text_as_text_counts_unread_and_mutes(browser: Browser, base_url: str,
                                                         shots: Path) -> None:
    g = _game(base_url, "moonrakers")
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]  # type: ignore[attr-defined]
    ctx_a, ctx_b, ctx_s = (browser.new_context(viewport=VIEWPORT) for _ in range(3))
    ada, bo, spectator = ctx_a.new_page(), ctx_b.new_page(), ctx_s.new_page()
    ada.goto(f"{base_url}/game/{gid}#token={tokens[0]}")
    bo.goto(f"{base_url}/game/{gid}#token={tokens[1]}")
    spectator.goto(f"{base_url}/game/{gid}#token={g['spectator']}")
    for page in (ada, bo, spectator):
        expect(page.locator("[data-tab=chat]")).to_be_visible(timeout=TIMEOUT)

    ada.click("[data-tab=chat]")
    box = ada.get_by_role("textbox", name="Chat message")
    for text in (MARKUP, RTL):
        box.fill(text)
        ada.get_by_role("button", name="Send").click()
        expect(box).to_have_value("", timeout=TIMEOUT)  # sent: the box is cleared
        ada.wait_for_timeout(1100)  # one message a second

    unread = bo.locator("[data-tab=chat] .badge")
    expect(unread).to_have_text("2", timeout=TIMEOUT)  # pushed live, counted until read
    bo.screenshot(path=str(shots / "chat-unread.png"))
    bo.click("[data-tab=chat]")
    said = bo.locator(".chat-lines .said")
    expect(said).to_have_count(2, timeout=TIMEOUT)
    assert said.nth(0).inner_text() == MARKUP and said.nth(1).inner_text() == RTL
    assert bo.locator(".chat-lines script, .chat-lines img, .chat-lines b").count() == 0
    assert bo.evaluate("() => window.__pwned === undefined")
    expect(unread).to_have_count(0)  # read now
    bo.screenshot(path=str(shots / "chat-open.png"))

    spectator.click("[data-tab=chat]")
    expect(spectator.locator(".chat-lines .said")).to_have_count(2, timeout=TIMEOUT)
    expect(spectator.get_by_role("textbox", name="Chat message")).to_have_count(0)  # spectators read
    expect(spectator.get_by_text("Spectators read the chat")).to_be_visible()

    bo_box = bo.get_by_role("textbox", name="Chat message")
    refused = False
    for i in range(6):  # faster than one a second: the server's refusal in words
        bo_box.fill(f"flood {i}")
        bo.get_by_role("button", name="Send").click()
        if bo.locator(".chat .error").count():
            refused = True
            break
        bo.wait_for_timeout(50)
    expect(bo.locator(".chat .error")).to_contain_text("too fast", timeout=TIMEOUT)
    assert refused or bo.locator(".chat .error").count()

    bo.click("[data-chat=mute]")
    expect(bo.locator(".chat-lines")).to_have_count(0)
    expect(bo.locator("[data-tab=chat]")).to_contain_text("muted")
    bo.reload()  # muted on this device, across tables and reloads
    expect(bo.locator("[data-tab=chat]")).to_contain_text("muted", timeout=TIMEOUT)


def test_space_lanes_table_has_the_chat_tab(browser: Browser, base_url: str, shots: Path) -> None:
    g = _game(base_url, "spacelanes")
    tokens = [s["token"] for s in g["seats"]]  # type: ignore[attr-defined]
    r = httpx.post(f"{base_url}/api/games/{g['id']}/chat", headers={"Authorization": f"Bearer {tokens[1]}"},
                   json={"text": "Fair winds, Ada"}, timeout=10)
    assert r.status_code == 201, r.text
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.goto(f"{base_url}/game/{g['id']}#token={tokens[0]}")
    expect(page.locator("[data-tab=chat] .badge")).to_have_text("1", timeout=TIMEOUT)
    page.click("[data-tab=chat]")
    expect(page.locator(".chat-lines .said")).to_have_text("Fair winds, Ada")
    page.screenshot(path=str(shots / "chat-spacelanes.png"))
