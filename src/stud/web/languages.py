"""The cardroom page's languages: English, French and Bahasa Indonesia.

The translations are gettext catalogues (``stud/locale/<lang>/LC_MESSAGES/messages.po``),
extracted from the Python, the page's scripts and its HTML and updated with Babel
(docs/translations.md). The page is translated in the browser: it asks for its
language's catalogue once (``catalogue``, read from the ``.po`` file by Babel when
first asked, no compiled ``.mo`` needed), translates the page's own strings with it,
and says what the server sends as messages (``stud.said``: hand names, actions,
notes) in that language. The English is the message ids themselves.

Plurals follow the catalogue's gettext ``Plural-Forms``; as the page may not evaluate
an expression (its content security policy), the catalogue says which of its forms
each of the language's CLDR plural categories takes, which the browser's
``Intl.PluralRules`` names.
"""

from __future__ import annotations

import gettext
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale
from babel.messages.pofile import read_po

__all__ = ["DEFAULT", "LANGUAGES", "catalogue", "is_language"]

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "id": "Bahasa Indonesia"}
"""Each language the page speaks, by its BCP 47 code, named in itself."""

DEFAULT = "en"
"""The language of the message ids, and of the page when nothing else is asked."""


def is_language(code: object) -> bool:
    """Whether ``code`` is one of the page's languages."""
    return isinstance(code, str) and code in LANGUAGES


@cache
def catalogue(language: str) -> dict[str, Any]:
    """The page's catalogue for ``language``: ``messages`` (a message id, after its
    context and "\\x04" when it has one, to its translation, or to the list of its
    plural forms), ``plural_of`` (each CLDR plural category to the index of its form)
    and the language's ``name``. English has no messages: its ids are its text."""
    if not is_language(language):
        raise ValueError(f"no language {language!r}: the page speaks {', '.join(LANGUAGES)}")
    if language == DEFAULT:
        return {
            "language": language,
            "name": LANGUAGES[language],
            "messages": {},
            "plural_of": {"one": 0, "other": 1},
        }
    path = resources.files("stud") / "locale" / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as po:
        catalog = read_po(po, locale=language)
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        key: str = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
        if message.context:
            key = f"{message.context}\x04{key}"
        text = message.string
        if isinstance(text, tuple):
            if all(text):
                messages[key] = list(text)
        elif text:
            messages[key] = text
    return {
        "language": language,
        "name": LANGUAGES[language],
        "messages": messages,
        "plural_of": _plural_of(language, catalog.plural_expr),
    }


def _plural_of(language: str, expression: str) -> dict[str, int]:
    """Which gettext plural form (``expression``, the catalogue's) each CLDR category
    of ``language`` takes, checked on the counts 0 to 1000 and on powers of ten to a
    billion (French says "1 000 000 de jetons"): a category that would need two forms
    is a mistake in the catalogue's header."""
    form = gettext.c2py(expression)
    rule = Locale.parse(language).plural_form
    out: dict[str, int] = {}
    for n in (*range(1001), *(10**k for k in range(4, 10)), 2_000_000, 3_500_000):
        category, index = rule(n), form(n)
        if out.setdefault(category, index) != index:
            raise ValueError(f"{language}: Plural-Forms disagree with CLDR's {category!r} at {n}")
    return out
