"""Learning to play in a real browser: from the lobby, "Learn Moonrakers" and then "Learn Space Lanes" are
played to their ends by following the coach (its "Do it" button sends the recommendation the coach shows
with its reason), under 90 s for both. On the way: the welcome, the guide bar's phase lit, the rules
drawer opened from a rule link and searched, the Space Lanes tutorial left for the lobby and resumed
there, the ending; no text on the page holds a bare rule code. Screenshots at 1366×768 and 390×844.
"""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.plain_words import bare_codes
from tests.server.e2e.conftest import VIEWPORT

TIMEOUT = 20_000
PHONE = {"width": 390, "height": 844}


def version(page: Page) -> int:
    v = page.evaluate("() => window.__spacetable ? window.__spacetable.version() : -1")
    return int(v if v is not None else -1)


def no_codes(page: Page, where: str) -> None:
    text = page.evaluate("() => document.body.innerText")
    assert not bare_codes(text), f"{where}: {bare_codes(text)}"


def follow(page: Page, shots: Path, name: str, *, leave_after: int | None = None) -> int:
    """Click the coach's "Do it" until the tutorial says it is done; the number of clicks."""
    steps = 0
    while True:
        done = page.locator("[data-tutorial=done]")
        button = page.locator("[data-coach=do]:not([disabled])")
        page.wait_for_function("() => document.querySelector('[data-tutorial=done]') || "
                               "document.querySelector('[data-coach=do]:not([disabled])')", timeout=TIMEOUT)
        if done.count():
            return steps
        before = version(page)
        if steps in (1, 8):
            page.screenshot(path=str(shots / f"{name}-{steps}.png"))
            no_codes(page, f"{name} step {steps}")
        button.first.click()
        steps += 1
        page.wait_for_function(f"() => window.__spacetable && window.__spacetable.version() > {before}",
                               timeout=TIMEOUT)
        if leave_after is not None and steps == leave_after:
            return steps


def test_learn_both_games_by_following_the_coach(browser: Browser, base_url: str, shots: Path) -> None:
    page = browser.new_context(viewport=VIEWPORT).new_page()
    start = time.monotonic()
    page.goto(base_url + "/")
    page.click("[data-learn-start=moonrakers]")
    expect(page.locator("[data-welcome=start]")).to_be_visible(timeout=TIMEOUT)
    page.screenshot(path=str(shots / "moonrakers-welcome.png"))
    page.click("[data-welcome=start]")
    # the rules are one click away: a rule link opens its text, the drawer searches them all
    page.locator(".decision h3 .rule-link").first.click()  # the rule of the decision at hand
    expect(page.locator(".rule-text h3")).to_contain_text("1.3.5")
    page.get_by_label("Search the rules").fill("hazard dice")  # the same drawer searches every rule
    expect(page.locator(".rule-list a").first).to_be_visible()
    page.locator(".rule-list a").first.click()
    expect(page.locator(".rule-text h3")).to_be_visible()
    page.get_by_label("Close the rules").click()
    moon = follow(page, shots, "moonrakers")
    expect(page.locator("[data-tutorial=done]")).to_contain_text("complete")
    page.screenshot(path=str(shots / "moonrakers-done.png"))
    no_codes(page, "moonrakers done")
    assert 10 < moon < 60

    page.get_by_role("link", name="Back to the lobby").click()
    page.click("[data-learn-start=spacelanes]")
    page.click("[data-welcome=start]")
    first = follow(page, shots, "spacelanes", leave_after=5)
    expect(page.locator(".guidebar .phases li.on")).to_have_count(1, timeout=TIMEOUT)  # a step is lit
    page.goto(base_url + "/")  # leave the tutorial…
    page.click("[data-resume=spacelanes]")  # …and resume it from the lobby
    lanes = first + follow(page, shots, "spacelanes-resumed")
    expect(page.locator("[data-tutorial=done]")).to_be_visible()
    page.screenshot(path=str(shots / "spacelanes-done.png"))
    no_codes(page, "spacelanes done")
    elapsed = time.monotonic() - start
    assert elapsed < 90, f"both tutorials took {elapsed:.0f} s"
    print(f"tutorials: Moonrakers {moon} steps, Space Lanes {lanes} steps, {elapsed:.1f} s; shots in {shots}")


def test_the_tutorial_tables_on_a_phone(browser: Browser, base_url: str, shots: Path) -> None:
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    for game in ("moonrakers", "spacelanes"):
        page.goto(base_url + "/")
        page.screenshot(path=str(shots / "lobby-phone.png"), full_page=True)
        page.click(f"[data-learn-start={game}]")
        page.click("[data-welcome=start]")
        follow(page, shots, f"{game}-phone", leave_after=3)
        page.locator("[data-coach=do]").first.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"{game}-phone-coach.png"))
        box = page.locator(".coach").first.bounding_box()
        assert box is not None and box["width"] <= PHONE["width"]
        no_codes(page, f"{game} phone")
