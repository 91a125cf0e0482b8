"""The text of a hand-history file, whatever encoding the site or tool wrote it in.

PokerStars writes UTF-8 with or without a byte-order mark; Windows tools that joined
or converted files write UTF-16 (with its mark, or without one, when every other
byte is zero); older clients wrote Windows-1252. One reader for all of them, used
by ``stud import``, ``stud stats`` and the cardroom's replay upload.
"""

from __future__ import annotations

import codecs

__all__ = ["HistoryEncodingError", "decode_history"]


class HistoryEncodingError(ValueError):
    """The bytes are not text in any encoding a hand history comes in."""


def decode_history(data: bytes) -> str:
    """The text of a history: UTF-16 (by its mark, or by its zero bytes), UTF-8, else
    Windows-1252; ``HistoryEncodingError`` says why when it is none of them."""
    encoding = "utf-8-sig"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    elif len(data) >= 2 and data[1::2].count(0) * 2 > len(data) // 2:
        encoding = "utf-16-le"
    elif len(data) >= 2 and data[0::2].count(0) * 2 > len(data) // 2:
        encoding = "utf-16-be"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        if encoding.startswith("utf-16"):
            raise HistoryEncodingError(
                f"UTF-16 text that does not decode (byte {error.start})"
            ) from None
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        raise HistoryEncodingError(
            "not a text file (neither UTF-8, UTF-16 nor Windows-1252)"
        ) from None
