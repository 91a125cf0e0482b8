"""numba's cache is kept honest only for the sources ``compiled_sources`` lists."""

from __future__ import annotations

import re
from pathlib import Path

import stud
from stud.compiled.numba_cache import compiled_sources


def test_every_module_with_compiled_code_is_listed() -> None:
    root = Path(stud.__file__).parent
    uses_numba = re.compile(r"^\s*(from|import) numba\b", re.MULTILINE)
    compiled = {
        path for path in root.rglob("*.py") if uses_numba.search(path.read_text(encoding="utf-8"))
    }
    assert root / "compiled" / "equity" / "scoring.py" in compiled  # the search finds them
    assert compiled <= set(compiled_sources())
