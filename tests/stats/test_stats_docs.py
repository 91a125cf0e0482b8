"""docs/stats.md holds the table of definitions as the code renders it."""

from __future__ import annotations

from pathlib import Path

from stud.stats.table import definitions_markdown

DOC = Path(__file__).resolve().parents[2] / "docs" / "stats.md"


def test_the_documented_table_is_the_code_s() -> None:
    assert definitions_markdown() in DOC.read_text(), (
        "docs/stats.md is out of date: paste stud.stats.table.definitions_markdown()"
    )
