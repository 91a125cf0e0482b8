"""What a player from an online cardroom expects around the hand: a showdown that runs
itself, chat that survives a reload with times and a mute, a lobby that changes as
the tables do, and a history that names seats and cards as the table does.

Playwright drives Debian's chromium against the real ``stud serve`` (see
``test_browser.py``); every wait is for something on the page. Set
``STUD_SCREENSHOTS`` to a directory to keep the screenshots.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_browser import MY_BUTTONS, _act, _guest
from test_browser_replay import needs_chromium
from test_browser_room import _browser, _new_page, _open_table, _sit_here
from test_browser_table import _shots

playwright = pytest.importorskip("playwright.sync_api")

WATCH_SHOWDOWN = """
window.__showdown = { buttons: [], clocks: 0 };
new MutationObserver(() => {
  for (const b of document.querySelectorAll('#actions button')) {
    const name = b.dataset.action;
    if (name === 'show' || name === 'muck') window.__showdown.buttons.push(name);
  }
  const street = document.getElementById('street');
  const over = street && /Showdown|Hand over/.test(street.textContent);
  if (over && document.querySelector('#seats .clock')) {
    window.__showdown.clocks += 1;
  }
}).observe(document, { childList: true, subtree: true, characterData: true });
"""
"""Counts, as the page changes, any Show or Muck button and any clock at a showdown."""


@needs_chromium
def test_r6_7_a_showdown_in_the_browser_shows_by_itself_with_no_buttons_and_no_clock(
    tmp_path: Path,
) -> None:
    shots = _shots(tmp_path)
    with _browser(tmp_path, "--bot", "station", "--hand-pause", "60") as (browser, base):
        page = _new_page(browser)
        page.add_init_script(WATCH_SHOWDOWN)
        _guest(page, base)
        _open_table(page, "Showdown stud", "stud", bots=True)
        assert page.is_checked("#muck-losing")  # auto-muck losing hands: on by default
        _sit_here(page, 5)
        # Check and call to the end: the calling stations take the hand to a showdown.
        while True:
            state = page.wait_for_function(
                f"() => (document.querySelector('{MY_BUTTONS}') && 'mine')"
                " || (document.querySelector('#awards div') && 'over')"
                " || (document.querySelector('.seat.me.folded') && 'folded')"
            ).json_value()
            if state != "mine":
                break
            _act(page, prefer=("bet", "complete", "call", "check", "bring_in"))
        assert state == "over"
        page.wait_for_selector("#log li:has-text('shows')")
        page.screenshot(path=str(shots / "cardroom-auto-showdown.png"))
        seen = page.evaluate("window.__showdown")
        assert seen == {"buttons": [], "clocks": 0}
        assert page.locator(".seat.me .meta:has-text('sitting out')").count() == 0
        assert "timed out" not in page.inner_text("#log")
        # Shown hands are named at the table, in the order the rulebook shows them.
        assert page.locator(".seat .made").count() >= 1
        # The last street's bets went into the pot: none stays in front of a seat.
        assert page.locator("#seats .wager, #seats .bet").count() == 0
        # The log writes the cards as the felt does: "10\u2666", never "Td".
        log = page.inner_text("#log")
        shown = [line for line in log.splitlines() if " shows " in line]
        assert shown
        assert all(re.search("[\u2663\u2666\u2665\u2660]", line) for line in shown)
        assert not re.search(r"\b[2-9TJQKA][cdhs]\b", log)
        # The text history numbers you by the table's seat you sat in (the sixth).
        me = page.eval_on_selector(".seat.me .name", "(n) => n.firstChild.textContent")
        link = page.wait_for_selector("#history a[href$='.txt']")
        text = page.request.get(base + link.get_attribute("href")).text()
        assert f"Seat 6: {me} (" in text


@needs_chromium
def test_chat_survives_a_reload_with_times_and_a_muted_player_stays_muted(
    tmp_path: Path,
) -> None:
    shots = _shots(tmp_path)
    with _browser(tmp_path) as (browser, base):
        ann, bob = _new_page(browser), _new_page(browser)
        _guest(ann, base)
        url = _open_table(ann, "Chatty razz", "razz", bots=True)
        _guest(bob, base)
        bob.goto(url)
        bob.wait_for_selector("#room:not([hidden]) .seat")
        for page, text in ((ann, "good luck all"), (bob, "thanks, you too")):
            page.fill("#line", text)
            page.press("#line", "Enter")
            ann.wait_for_selector(f"#chat li:has-text('{text}')")
        # A reload keeps the talk so far, each line with the time it was said.
        ann.reload()
        ann.wait_for_selector("#chat li:has-text('thanks, you too')")
        lines = ann.locator("#chat li")
        assert lines.count() == 2
        for i in range(2):
            assert re.fullmatch(r"\d\d:\d\d( [AP]M)?", lines.nth(i).locator("time").inner_text())
        ann.screenshot(path=str(shots / "cardroom-chat-kept.png"))
        # Ann mutes Bob: his lines go, also after a reload, until she unmutes him.
        bob_name = bob.inner_text("#who").split(" \u00b7 ")[0]
        ann.click(f"#chat button[aria-label='Mute {bob_name}']")
        ann.wait_for_function("() => document.querySelectorAll('#chat li').length === 1")
        bob.fill("#line", "can you hear me")
        bob.press("#line", "Enter")
        bob.wait_for_selector("#chat li:has-text('can you hear me')")
        ann.reload()
        ann.wait_for_selector("#chat li:has-text('good luck all')")
        assert "thanks" not in ann.inner_text("#chat")
        assert "can you hear me" not in ann.inner_text("#chat")
        ann.locator("#chat").screenshot(path=str(shots / "cardroom-chat-muted.png"))
        ann.click(f"#muted button:has-text('Unmute {bob_name}')")
        ann.wait_for_selector("#chat li:has-text('can you hear me')")
        assert ann.locator("#chat li").count() == 3


@needs_chromium
def test_a_guest_chooses_a_name_and_then_changes_the_password(tmp_path: Path) -> None:
    shots = _shots(tmp_path)
    with _browser(tmp_path) as (browser, base):
        page = _new_page(browser)
        _guest(page, base)
        bankroll = page.inner_text("#who").split("bankroll ")[1]
        page.click("#account-box summary")
        assert page.is_hidden("#repass")  # a guest has no password to change
        page.fill("#claim input[name='name']", "Dana")
        page.fill("#claim input[name='password']", "secret12")
        page.click("#claim button[type='submit']")
        page.wait_for_selector(f"#who:has-text('Dana \u00b7 bankroll {bankroll}')")
        # Dana signs in on another device too; then changes her password here.
        other = _new_page(browser)
        other.goto(base)
        other.fill("#name", "Dana")
        other.fill("#password", "secret12")
        other.click("#signin button[type='submit']")
        other.wait_for_selector("#who:has-text('Dana')")
        page.click("#account-box summary")
        page.fill("#repass input[name='old']", "not-my-password")
        page.fill("#repass input[name='password']", "newsecret34")
        page.click("#repass button[type='submit']")
        page.wait_for_selector("#account-error:has-text('The present password is wrong')")
        page.screenshot(path=str(shots / "cardroom-password-wrong.png"))
        page.fill("#repass input[name='old']", "secret12")
        page.fill("#repass input[name='password']", "newsecret34")
        page.click("#repass button[type='submit']")
        page.wait_for_selector("#toast:has-text('Your password is changed')")
        page.screenshot(path=str(shots / "cardroom-password-changed.png"))
        assert page.request.get(f"{base}/api/me").ok  # this browser carries on
        assert other.request.get(f"{base}/api/me").status == 401  # the other is signed out
        other.reload()
        other.fill("#name", "Dana")
        other.fill("#password", "newsecret34")
        other.click("#signin button[type='submit']")
        other.wait_for_selector("#who:has-text('Dana')")
