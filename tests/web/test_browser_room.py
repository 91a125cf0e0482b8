"""The table as a player of online cardrooms expects it: a clock in seconds with its
time bank and a notice after a time-out, pre-actions, hotkeys, bots seated on a new
table, your hand named, a seat kept to the end of its hand, and no serious
accessibility fault (npm's axe-core) on the lobby, the table or a replay.

Playwright drives Debian's chromium against the real ``stud serve`` (see
``test_browser.py``); every wait is for something on the page. Set
``STUD_SCREENSHOTS`` to a directory to keep the screenshots.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from test_browser import ARGS, CHROMIUM, MY_BUTTONS, MY_TURN, OVER, _act, _guest, _sit, _turn
from test_browser_replay import needs_chromium
from test_browser_table import _shots
from web_harness import serving

playwright = pytest.importorskip("playwright.sync_api")

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
needs_axe = pytest.mark.skipif(
    not AXE.exists(), reason="axe-core is missing (make web-tools runs npm install)"
)
NO = "Number(document.body.dataset.no)"


@contextmanager
def _browser(tmp_path: Path, *options: str) -> Iterator[tuple[Any, str]]:
    """Chromium and the address of a cardroom started with ``options``."""
    with (
        serving(str(tmp_path / "cardroom.sqlite3"), *options) as (_, port),
        playwright.sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser, f"http://127.0.0.1:{port}"
        browser.close()


def _new_page(browser: Any, **options: Any) -> Any:
    page = browser.new_context(viewport={"width": 1100, "height": 900}, **options).new_page()
    page.set_default_timeout(120_000)
    return page


def _open_table(page: Any, name: str, variant: str, bots: bool) -> str:
    """Open a new table from the lobby's form; its address."""
    page.fill("#create input[name='name']", name)
    page.select_option("#create select[name='variant']", variant)
    if not bots:
        page.uncheck("#create input[name='bots']")
    page.click("#create button[type='submit']")
    page.wait_for_selector("#room:not([hidden]) .seat")
    url: str = page.url
    return url


def _sit_here(page: Any, seat: int) -> None:
    page.click(f".seat[data-seat='{seat}'] button")
    page.fill("#buyin[open] #buyin-chips", "200")
    page.click("#buyin-sit")
    page.wait_for_selector(f".seat.me[data-seat='{seat}']")


def _my_name(page: Any) -> str:
    """The name in your seat (without the badges after it)."""
    name: str = page.eval_on_selector(".seat.me .name", "(n) => n.firstChild.textContent")
    return name


@needs_chromium
def test_the_clock_shows_seconds_then_the_time_bank_and_a_time_out_offers_back(
    tmp_path: Path,
) -> None:
    """Your turn: the tab's title and a tone say so, the seconds run, the time bank
    shows once the turn's own time is spent, the clock changes colour at the end, and
    a time-out says what happened with a "Back" button that sits you in again."""
    shots = _shots(tmp_path)
    with _browser(tmp_path, "--bot", "station", "--turn-time", "2", "--time-bank", "6") as (
        browser,
        base,
    ):
        page = _new_page(browser)
        _guest(page, base)
        page.click("#tables button[data-table='2']")
        assert not page.is_checked("#sound")
        page.check("#sound")  # sounds are off until the player turns them on
        page.click(".seat[data-seat='4'] button")
        page.fill("#buyin[open] #buyin-chips", "200")
        page.click("#buyin-sit")
        page.wait_for_function(f"() => {MY_TURN}")
        assert page.title().startswith("\u25b6 Your turn")
        assert "turn" in page.evaluate("sounds.played")
        assert re.fullmatch(
            r"(time bank )?\d+ s( \u2013 hurry)?", page.inner_text(".seat.me .clock-left")
        )
        page.wait_for_selector(".seat.me .clock.bank:not(.low)")
        assert re.fullmatch(r"time bank \d+ s", page.inner_text(".seat.me .clock-left"))
        page.screenshot(path=str(shots / "room-clock-bank.png"))
        page.wait_for_selector(".seat.me .clock.low")
        colours = page.eval_on_selector(
            ".seat.me .clock-bar", "(bar) => getComputedStyle(bar).backgroundColor"
        )
        assert colours == "rgb(255, 92, 92)"  # red, beside the word "hurry"
        assert "hurry" in page.inner_text(".seat.me .clock-left")
        page.wait_for_selector("#notice:not([hidden]) button:has-text('Back')")
        assert "time ran out" in page.inner_text("#notice")
        assert "sitting out" in page.inner_text(".seat.me .meta")
        page.screenshot(path=str(shots / "room-timed-out.png"))
        page.click("#notice button:has-text('Back')")
        page.wait_for_function(
            "() => !document.querySelector('.seat.me .meta').textContent.includes('sitting out')"
        )
        assert page.locator("#notice").is_hidden()


@needs_chromium
def test_pre_actions_act_on_the_turn_and_a_completion_cancels_a_check(tmp_path: Path) -> None:
    """Two people: the one not first to act chooses "Check" (or "Call 1") before the
    turn; the bring-in completes, which cancels it, and nothing is sent for them. The
    completer then chooses "Call any", and when the other raises it calls at once."""
    shots = _shots(tmp_path)
    with _browser(tmp_path, "--hand-pause", "5") as (browser, base):
        ann, bob = _new_page(browser), _new_page(browser)
        _guest(ann, base)
        url = _open_table(ann, "Heads up", "stud", bots=False)
        _sit_here(ann, 0)
        _guest(bob, base)
        bob.goto(url)
        _sit_here(bob, 1)
        for page in (ann, bob):
            page.wait_for_function(f"() => {MY_TURN} || document.querySelector('.seat.acting')")
        first, second = (ann, bob) if ann.locator(MY_BUTTONS).count() else (bob, ann)
        first.wait_for_selector(f"{MY_BUTTONS}[data-action='complete']")
        second.wait_for_selector("#pre-buttons button")
        kinds = second.eval_on_selector_all(
            "#pre-buttons button", "(bs) => bs.map((b) => b.dataset.pre)"
        )
        chosen = "check" if "check" in kinds else "call"
        second.click(f"#pre-buttons button[data-pre='{chosen}']")
        assert (
            second.get_attribute(f"#pre-buttons button[data-pre='{chosen}']", "aria-pressed")
            == "true"
        )
        second.screenshot(path=str(shots / "room-pre-chosen.png"))
        before = second.evaluate(NO)
        first.click(f"{MY_BUTTONS}[data-action='complete']")
        second.wait_for_function(f"() => {MY_TURN}")
        assert "was cancelled" in second.inner_text("#pre-note")
        assert second.evaluate(NO) == before + 1  # only the completion: nothing sent for them
        second.screenshot(path=str(shots / "room-pre-cancelled.png"))
        first.wait_for_selector("#pre-buttons button[data-pre='call_any']")
        first.click("#pre-buttons button[data-pre='call_any']")
        second.click(f"{MY_BUTTONS}[data-action='raise']")
        first.wait_for_function(
            "() => document.querySelector('#pre-note').textContent.includes('Call any')"
        )
        name = _my_name(first)
        first.wait_for_function(
            "(name) => [...document.querySelectorAll('#log li')]"
            ".some((li) => li.textContent.startsWith(`${name} calls`))",
            arg=name,
        )


@needs_chromium
def test_hotkeys_are_on_the_buttons_can_be_changed_and_keep_the_focus(tmp_path: Path) -> None:
    """The action buttons show their keys; a key acts; the keys can be changed (kept
    in the browser); focus stays on the action bar; Tab reaches the actions before
    the named "Remove ... bot" buttons; your own hand is named as it is dealt."""
    shots = _shots(tmp_path)
    with _browser(tmp_path, "--bot", "station") as (browser, base):
        page = _new_page(browser)
        _guest(page, base)
        _sit(page, 2, 4)
        page.wait_for_function(f"() => {MY_TURN}")
        passive = page.locator(
            ", ".join(f"{MY_BUTTONS}[data-action='{a}']" for a in ("call", "check", "bring_in"))
        ).first
        action = passive.get_attribute("data-action")
        key = {"call": "C", "check": "C", "bring_in": "B"}[action]
        assert passive.locator("kbd").inner_text() == key
        assert passive.get_attribute("aria-keyshortcuts") == key
        assert re.match(r"^Your hand: \w", page.inner_text("#made"))
        removes = page.locator("#bots button")
        assert removes.count() >= 1
        assert re.fullmatch(r"Remove Station bot \d", removes.first.inner_text())
        before_remove = page.evaluate(
            "() => Boolean(document.querySelector('#actions button').compareDocumentPosition("
            "document.querySelector('#bots button')) & Node.DOCUMENT_POSITION_FOLLOWING)"
        )
        assert before_remove
        page.screenshot(path=str(shots / "room-hotkeys.png"))
        before = page.evaluate(NO)
        page.keyboard.press(key.lower())
        page.wait_for_function(f"() => {NO} > {before}")
        focused = "document.activeElement.closest('#actions')"
        assert page.evaluate(f"() => Boolean({focused})")
        # Another key for checking and calling, kept in this browser.
        page.click("#keys summary")
        page.fill("#keys-form input[data-group='passive']", "f")
        page.click("#keys-form button[type='submit']")
        assert "chosen twice" in page.inner_text("#keys-error")
        page.fill("#keys-form input[data-group='passive']", "k")
        page.click("#keys-form button[type='submit']")
        assert page.evaluate("JSON.parse(localStorage.getItem('stud.keys')).passive") == "k"
        while True:
            state = _turn(page)
            if state == "mine":
                break
            if state == "over":
                page.wait_for_function(f"() => !({OVER})")
        buttons = page.locator(
            f"{MY_BUTTONS}[data-action='call'], {MY_BUTTONS}[data-action='check']"
        )
        if buttons.count():
            assert buttons.first.locator("kbd").inner_text() == "K"
            before = page.evaluate(NO)
            page.keyboard.press("k")
            page.wait_for_function(f"() => {NO} > {before}")
            assert page.evaluate(f"() => Boolean({focused})")
        page.reload()
        page.wait_for_selector(".seat.me")
        page.click("#keys summary")
        assert page.input_value("#keys-form input[data-group='passive']") == "k"


@needs_chromium
def test_a_new_tables_bots_sit_for_visitors_and_a_seat_left_stays_to_the_hands_end(
    tmp_path: Path,
) -> None:
    """A visitor not signed in sees the bots of a table just opened in their seats;
    a player who leaves during a hand keeps their name in the seat to its end."""
    shots = _shots(tmp_path)
    with _browser(tmp_path, "--bot", "station", "--hand-pause", "5") as (browser, base):
        ann = _new_page(browser)
        _guest(ann, base)
        url = _open_table(ann, "Bots waiting", "razz", bots=True)
        visitor = _new_page(browser)
        visitor.goto(url)
        visitor.wait_for_selector(".seat .name")
        names = visitor.eval_on_selector_all(".seat .name", "(ns) => ns.map((n) => n.textContent)")
        assert len(names) == 4, names
        assert all("bot" in n for n in names), names
        assert "bot" in visitor.inner_text(".seat:not(.empty) .meta")
        visitor.screenshot(path=str(shots / "room-visitor-bots.png"))
        # Two people heads up: Ann leaves during the hand and folds.
        ann.goto(base)
        heads = _open_table(ann, "Heads up", "stud", bots=False)
        _sit_here(ann, 0)
        bob = _new_page(browser)
        _guest(bob, base)
        bob.goto(heads)
        _sit_here(bob, 1)
        ann_name = _my_name(ann)
        ann.wait_for_function(f"() => {MY_TURN} || document.querySelector('.seat.acting')")
        ann.click("#leave")
        while (state := _turn(ann)) != "over":
            if state == "mine":
                _act(ann, ("fold", "bring_in"))
            elif _turn(bob) == "mine":
                _act(bob)
        bob.wait_for_selector(".seat.gone[data-seat='0']")
        assert ann_name in bob.inner_text(".seat.gone[data-seat='0'] .name")
        assert "left the table" in bob.inner_text(".seat.gone[data-seat='0'] .meta")
        assert "Seat 1" not in bob.inner_text("#log")
        bob.screenshot(path=str(shots / "room-seat-left.png"))


def _serious(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page, each with its nodes.

    Read once the page is still: a card being dealt fades in, and axe measuring it
    mid-fade would see its colours half-transparent."""
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => { await Promise.all(document.getAnimations()"
        ".filter((a) => a.animationName === 'deal').map((a) => a.finished));"
        " return (await axe.run(document, { resultTypes: ['violations'] })).violations"
        ".filter((v) => v.impact === 'serious' || v.impact === 'critical')"
        ".map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) })); }"
    )
    return [f"{v['id']}: {v['nodes']}" for v in found]


@needs_chromium
@needs_axe
def test_axe_finds_nothing_serious_on_the_lobby_the_table_and_a_replay(tmp_path: Path) -> None:
    """Buttons named ("Open Razz 1/2/4/8"), cards announced, turn and winner in words,
    folded seats readable: axe-core reports no serious or critical violation."""
    shots = _shots(tmp_path)
    # A long pause between hands keeps the showdown on the table while axe reads it.
    with _browser(tmp_path, "--bot", "station", "--hand-pause", "600") as (browser, base):
        page = _new_page(browser, bypass_csp=True)  # the page's policy refuses injected scripts
        page.goto(base)
        page.wait_for_selector("#tables button[data-table]")
        label = page.get_attribute("#tables button[data-table='3']", "aria-label")
        assert re.fullmatch(r"Open .+ \d+/\d+/\d+/\d+", label or ""), label
        assert _serious(page) == []
        _guest(page, base)
        _sit(page, 3, 4)
        page.wait_for_function(f"() => {MY_TURN}")
        assert "down card" in (page.get_attribute(".seat.me .card.down", "aria-label") or "")
        assert page.locator(".seat:not(.me) .card.back[aria-label='face-down card']").count()
        assert page.inner_text("#announce") != ""
        assert "to act" in page.inner_text(".seat.acting .badge.turn")
        assert _serious(page) == []
        page.screenshot(path=str(shots / "room-axe-table.png"))
        while _turn(page) != "over":
            if page.locator(MY_BUTTONS).count():
                _act(page)
        assert "wins" in page.inner_text(".seat.winner .badge.won")
        assert _serious(page) == []
        page.screenshot(path=str(shots / "room-axe-showdown.png"))
        page.click("#history button[data-replay]")
        page.wait_for_selector("#replay:not([hidden]) .seat.me")
        assert _serious(page) == []


@needs_chromium
def test_a_player_who_busts_at_a_cash_table_is_offered_to_buy_in_again(tmp_path: Path) -> None:
    """Out of chips at a cash table: the seat stands after the hand, and the page says
    so with a button that opens the buy-in dialog; buying in seats the player again."""
    shots = _shots(tmp_path)
    with _browser(tmp_path, "--bot", "station") as (browser, base):
        page = _new_page(browser)
        _guest(page, base)
        page.click("#tables button[data-table='3']")  # razz against four calling stations
        page.click(".seat[data-seat='4'] button")
        page.fill("#buyin[open] #buyin-chips", "100")  # the least: raising all the way busts
        page.click("#buyin-sit")
        page.wait_for_selector(".seat.me[data-seat='4']")
        busted = "document.querySelector('#notice:not([hidden]) #notice-do')"
        while True:
            state = page.wait_for_function(
                f"() => ({busted} && 'bust') || ({MY_TURN} && 'mine')", timeout=120_000
            ).json_value()
            if state == "bust":
                break
            _act(page, ("raise", "bet", "complete", "call", "check", "bring_in"))
        assert page.inner_text("#notice").startswith("You are out of chips.")
        assert page.locator(".seat.me").count() == 0
        page.screenshot(path=str(shots / "room-busted.png"))
        page.click("#notice-do:has-text('Buy in again')")
        page.wait_for_selector("#buyin[open]")
        page.fill("#buyin[open] #buyin-chips", "100")
        page.click("#buyin-sit")
        page.wait_for_selector(".seat.me")
        assert page.locator("#notice").is_hidden()
