"""The page's own words in its HTML, for ``pybabel extract`` (a Babel extraction method).

``babel.cfg`` names it for ``static/*.html``. A message is a text node with a letter
in it, whitespace collapsed, and the text of a ``title``, ``placeholder``,
``aria-label``, ``alt`` or ``data-empty``; nothing in ``<script>``, ``<style>`` or ``<code>``. The
page (``static/i18n.js``) translates the same nodes and attributes the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import IO, Any

__all__ = ["ATTRIBUTES", "extract_html", "messages_of"]

ATTRIBUTES = ("title", "placeholder", "aria-label", "alt", "data-empty")
"""The attributes whose text is said to the player (``data-empty``: what the stylesheet
writes in an empty list)."""

_SKIP = {"script", "style", "code"}
_LETTER = re.compile(r"[^\W\d_]")
_SPACE = re.compile(r"\s+")


def _message(text: str) -> str | None:
    said = _SPACE.sub(" ", text).strip()
    return said if _LETTER.search(said) else None


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            self.skipping += 1
        for name, value in attrs:
            if name in ATTRIBUTES and value and (said := _message(value)):
                self.found.append((self.getpos()[0], said))

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping and (said := _message(data)):
            self.found.append((self.getpos()[0], said))


def messages_of(html: str) -> list[tuple[int, str]]:
    """Each message of a page, with its line."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.found


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction interface: ``(line, function, message, comments)``."""
    encoding = options.get("encoding", "utf-8")
    for line, said in messages_of(fileobj.read().decode(encoding)):
        yield line, None, said, []
