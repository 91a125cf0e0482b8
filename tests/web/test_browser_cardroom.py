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


SEEN_GAMES = """
window.__games = new Set();
new MutationObserver(() => {
  const title = document.getElementById('title');
  if (title && title.textContent) window.__games.add(title.textContent.split(' \\u00b7 ')[1]);
}).observe(document, { childList: true, subtree: true, characterData: true });
"""
"""Every game the table's title names, as the page changes."""


@needs_chromium
def test_r10_1_a_mixed_sit_and_go_rotates_every_game_with_capped_levels_shown(
    tmp_path: Path,
) -> None:
    shots = _shots(tmp_path)
    with _browser(tmp_path, "--bot", "station") as (browser, base):
        page = _new_page(browser)
        page.add_init_script(SEEN_GAMES)
        _guest(page, base)
        fields = {
            "name": "Mixed three",
            "players": "3",
            "table_size": "3",
            "stack": "100",
            "level_length": "1",
            "hands_per_game": "1",
            "payouts": "100",
        }
        form = "#create-tournament"
        for name, value in fields.items():
            page.fill(f"{form} input[name='{name}']", value)
        page.select_option(f"{form} select[name='game']", "mixed")
        assert page.input_value(f"{form} select[name='structure']") == "rising"
        page.check(f"{form} input[name='bots']")
        page.click(f"{form} button[type='submit']")
        page.wait_for_selector("#tourney-register:not([hidden])")
        # The whole structure is shown: rising, and capped once the big bet is a tenth
        # of the 300 chips in play (16/32), not doubling for ever.
        page.click("#tourney-structure summary")
        levels = page.eval_on_selector_all(
            "#tourney-structure li", "items => items.map((i) => i.textContent)"
        )
        assert levels == [
            "1/2/4/8",
            "2/3/6/12",
            "2/4/8/16",
            "3/6/12/24",
            "4/8/16/32 (to the end)",
        ]
        assert (
            "Razz, Seven-Card Stud, Seven-Card Stud Hi-Lo (8 or better): 1 hand each"
            in page.inner_text("#tourney-structure")
        )
        assert "1 hand each, rising to 4/8/16/32" in page.inner_text("#tourney-structure")
        page.click("#tourney-register")
        page.wait_for_selector("#tourney-level:has-text('Level 1')")
        page.screenshot(path=str(shots / "tournament-structure.png"))
        page.click("#leave")  # the clock folds an absent player's hands
        page.wait_for_selector("#tourney-you:has-text('You finish')")
        # Out of the money: said plainly, not in the winners' green.
        you = page.locator("#tourney-you")
        assert "out of the money" in you.inner_text()
        assert "paid" not in (you.get_attribute("class") or "")
        page.wait_for_selector("#tourney-head:has-text('finished')")
        page.screenshot(path=str(shots / "tournament-out-of-the-money.png"))
        assert page.is_hidden("#notice")  # no "time ran out" to sit back in from
        games = set(page.evaluate("[...window.__games]"))
        assert {"Razz", "Seven-Card Stud", "Seven-Card Stud Hi-Lo (8 or better)"} <= games
        page.goto(base)
        row = page.locator("#tournaments tbody tr", has_text="Mixed three")
        row.wait_for()
        assert "seats" not in row.inner_text()  # a finished one has no seats to offer
        assert "(1 hand each)" in row.inner_text()
        page.screenshot(path=str(shots / "tournament-lobby-finished.png"), full_page=True)


@needs_chromium
def test_the_lobby_changes_as_the_room_does_marks_your_tables_and_filters(
    tmp_path: Path,
) -> None:
    shots = _shots(tmp_path)
    with _browser(tmp_path, "--bot", "station", "--hand-pause", "60") as (browser, base):
        ann, bob = _new_page(browser), _new_page(browser)
        _guest(ann, base)
        ann.wait_for_selector("#tables button[data-table='1']")
        razz = ann.locator("#tables tbody tr", has_text="Razz")
        assert razz.locator("td[data-label='Seats']").inner_text() == "4/6"
        # Bob opens a table and sits at the Razz table; Ann's lobby shows both as they
        # happen, with no reload.
        _guest(bob, base)
        _open_table(bob, "Bob's stud", "stud", bots=False)
        ann.wait_for_selector('#tables tbody tr:has-text("Bob\'s stud")')
        bob.goto(base)
        bob.click("#tables button[data-table='3']")
        _sit_here(bob, 4)
        ann.wait_for_function(
            "() => [...document.querySelectorAll('#tables tbody tr')].some((r) =>"
            " r.textContent.includes('Razz') && r.textContent.includes('5/6'))"
        )
        # Ann sits at Razz too, and back in the lobby that table is marked as hers.
        ann.click("#tables button[data-table='3']")
        _sit_here(ann, 5)
        ann.click("#back")
        mine = ann.locator("#tables tr.mine")
        mine.wait_for()
        assert mine.count() == 1
        assert "Razz" in mine.inner_text()
        assert "you sit here" in mine.inner_text()
        assert "6/6" in mine.inner_text()
        ann.screenshot(path=str(shots / "lobby-live-marked.png"), full_page=True)
        # Filters: a game, stakes, seats free.
        names = (
            "[...document.querySelectorAll('#tables tbody tr td:first-child')]"
            ".map(c => c.firstChild.textContent)"
        )
        ann.select_option("#f-game", "stud")
        assert set(ann.evaluate(names)) == {"Seven-Card Stud", "Bob's stud"}
        ann.select_option("#f-game", "")
        ann.check("#f-free")
        assert "Razz" not in ann.evaluate(names)  # full now
        ann.select_option("#f-game", "razz")
        assert ann.is_visible("#no-tables")
        ann.screenshot(path=str(shots / "lobby-filtered.png"))
        ann.select_option("#f-game", "")
        ann.uncheck("#f-free")
        ann.select_option("#f-stakes", "1/1/5/10")
        assert len(ann.evaluate(names)) == 4


STARS = (
    Path(__file__).resolve().parents[1] / "data" / "pokerstars" / "Razz-USD-0.04-0.08-200911.txt"
)


@needs_chromium
def test_an_uploaded_pokerstars_history_replays_with_its_players_and_hands(
    tmp_path: Path,
) -> None:
    shots = _shots(tmp_path)
    with _browser(tmp_path) as (browser, base):
        page = _new_page(browser)
        _guest(page, base)
        assert ".txt" in (page.get_attribute("#upload", "accept") or "")
        page.set_input_files("#upload", str(STARS))
        page.wait_for_selector("#replay:not([hidden]) #r-seats .seat")
        assert page.is_hidden("#upload-error")
        title = page.inner_text("#r-title")
        assert title.startswith(f"{STARS.name} [35874566077] ")
        assert "Razz" in title
        names = page.locator("#r-seats .seat .name").all_inner_texts()
        assert names == ["kobreli", "willy32948", "meg100", "Hero", "SilkZone"]
        # The file's nine hands, each to choose by its hand number.
        assert page.locator("#r-hand option").count() == 9
        page.click("#r-end")
        page.wait_for_selector("#r-awards div")
        assert "wins" in page.inner_text("#r-awards")
        page.screenshot(path=str(shots / "replay-pokerstars.png"))
        page.select_option("#r-hand", "35874590575")
        page.wait_for_function(
            "() => document.querySelector('#r-title').textContent.includes('[35874590575]')"
        )


@needs_chromium
def test_a_practice_table_tells_your_odds_and_a_raked_one_does_not(tmp_path: Path) -> None:
    shots = _shots(tmp_path)
    with _browser(tmp_path, "--bot", "station") as (browser, base):
        page = _new_page(browser)
        _guest(page, base)
        _open_table(page, "Practice stud", "stud", bots=True)
        _sit_here(page, 5)
        page.wait_for_selector("#odds:not([hidden])")
        text = page.inner_text("#odds")
        assert re.fullmatch(
            r"Your odds: \d{1,3}% of the pot, against the cards you can see\.", text
        ), text
        page.screenshot(path=str(shots / "table-odds-practice.png"))
        # A table played for the house's rake is a cash table: no odds, asked or shown.
        page.goto(base)
        page.fill("#create input[name='name']", "Raked stud")
        page.fill("#create input[name='rake']", "5%:3")
        page.click("#create button[type='submit']")
        page.wait_for_selector("#room:not([hidden]) .seat")
        raked = page.url.rsplit("/", 1)[1]
        assert page.request.get(f"{base}/api/tables/{raked}/odds").status == 403
        _sit_here(page, 5)
        page.wait_for_selector(MY_BUTTONS)
        assert page.is_hidden("#odds")
