"""In the browser: "verified" beside a hand the player played, worked out by the page
itself (WebCrypto, ``static/verify.js``) from the openings; a changed opening fails
there as in ``stud verify``; the help page the link leads to is served."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from test_browser import ARGS, CHROMIUM, MY_BUTTONS, _act, _guest, _sit, _turn
from web_harness import serving

from stud.verify import verify_proof

playwright = pytest.importorskip("playwright.sync_api")


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is missing (make web-tools)")
def test_the_page_shows_verified_beside_a_hand_and_catches_a_changed_salt(
    tmp_path: Path,
) -> None:
    shots = Path(os.environ.get("STUD_SCREENSHOTS") or tmp_path)
    with (
        serving(str(tmp_path / "cardroom.sqlite3"), "--bot", "station") as (_, port),
        playwright.sync_playwright() as p,
    ):
        base = f"http://127.0.0.1:{port}"
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
        page.set_default_timeout(120_000)
        _guest(page, base)
        _sit(page, 3, 4)  # the sit carries the page's seed into this first hand
        while _turn(page) != "over":
            if page.locator(MY_BUTTONS).count():
                _act(page)
        mark = page.wait_for_selector("#history .verdict.verified")
        assert mark is not None
        assert "verified" in mark.inner_text()
        title = mark.get_attribute("title") or ""
        assert "open the deck committed before the deal" in title
        assert "your seed was mixed in" in title
        assert "this page saw that deck committed before the hand" in title
        page.screenshot(path=str(shots / "cardroom-verified.png"))
        # The page's check and the standalone one agree, and a changed salt fails both.
        proofs = page.evaluate(
            "async () => (await (await fetch(`/api/tables/3/hands`)).json()).hands"
            ".map((h) => h.proof)"
        )
        proof = proofs[0]
        assert (
            verify_proof(
                proof["root"], proof["leaves"], proof["seeds"], proof["salts"], proof["actions"]
            ).cards
            >= 3
        )
        n = next(i for i, s in enumerate(proof["salts"]) if s)
        proof["salts"][n] = ("1" if proof["salts"][n][0] == "0" else "0") + proof["salts"][n][1:]
        result = page.evaluate(f"verifyProof({json.dumps(proof)})")
        assert result["ok"] is False
        assert f"deal position {n + 1}" in result["error"]
        with page.context.expect_page() as opened:
            page.click("#history .verdict a")
        help_page = opened.value
        help_page.wait_for_selector("h1")
        assert "verified" in help_page.inner_text("h1")
        browser.close()
