"""The documentation says what the code does: the CLI reference is the commands'
own help, README stays a short guide, and every page it links to exists."""

from __future__ import annotations

import re

import pytest
from cli_reference import REFERENCE, ROOT, commands, made_here

README = ROOT / "README.md"
MOST_README_LINES = 400


def test_cli_reference_is_every_command_help() -> None:
    """docs/cli.md is what ``stud <command> --help`` prints, for every command."""
    assert REFERENCE.read_text() == made_here(), "docs/cli.md is out of date: `make cli-docs`"


@pytest.mark.parametrize("args", list(commands()), ids=lambda a: " ".join(["stud", *a]))
def test_cli_reference_has_the_command(args: list[str]) -> None:
    title = " ".join(["stud", *args])
    assert f"\n## `{title}`\n\n```text\nUsage: {title} " in REFERENCE.read_text()


def test_readme_is_a_short_guide() -> None:
    lines = README.read_text().splitlines()
    assert len(lines) <= MOST_README_LINES
    text = "\n".join(lines)
    for command in ("make run", "make test"):
        assert command in text


def test_readme_links_lead_somewhere() -> None:
    text = README.read_text()
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if "://" not in t]
    assert local
    for target in local:
        assert (ROOT / target).exists(), f"README links to {target}, which does not exist"


def test_every_docs_page_is_in_the_site() -> None:
    """Each page of docs/ is reachable from mkdocs.yml's navigation."""
    nav = (ROOT / "mkdocs.yml").read_text()
    pages = {
        str(path.relative_to(ROOT / "docs"))
        for path in (ROOT / "docs").rglob("*.md")
        if "seeds" not in path.parts
    }
    missing = {page for page in pages if f" {page}" not in nav}
    assert not missing, f"pages not in mkdocs.yml's nav: {sorted(missing)}"
