"""Keep numba's on-disk cache of the compiled code honest: ``refresh()``.

numba caches a compiled function next to its source and reuses it while that one
source file is unchanged, but it does not notice when a function it calls, or a
constant it froze in, changed in another file. The compiled modules call each other
and the rules core, and freeze in constants of the layouts and tables they import,
so an edit to one of them could leave stale machine code in the cache of another: a
policy or an engine that silently plays the old rules.

``refresh()`` records a digest of all of those sources (this package and what it
imports from ``stud``) and, when it changed, deletes
every cached file of theirs, so the next call compiles afresh. Nothing runs it at
import: ``python -m stud.compiled.warmup`` (run by ``make`` after installing) and the test
suite call it before any compiled function is loaded. An installed release never
changes, so there it only hashes a few files.
"""

from __future__ import annotations

import ast
import hashlib
from pathlib import Path

__all__ = ["compiled_sources", "refresh"]

_DIGEST = "stud-compiled.digest"
_HERE = Path(__file__).parent
_PACKAGE = _HERE.parent


def compiled_sources() -> list[Path]:
    """Every source that compiled code is built from: each module of this package and
    every module of ``stud`` that one of its compiling modules (those that import numba)
    imports: the rules core, and the layouts and tables whose constants numba freezes in;
    and the learned bot's weights, frozen into its compiled policy."""
    own = sorted(_HERE.rglob("*.py"))
    found = set(own) | set(_HERE.rglob("*.npz"))  # weights a policy freezes in
    for path in own:
        names = _imports(path)
        if any(n == "numba" or n.startswith("numba.") for n in names):
            found.update(p for n in names if n.startswith("stud.") for p in _source_of(n))
    return sorted(found)


def _imports(path: Path) -> set[str]:
    """The modules (or names in them) that the file at ``path`` imports."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _source_of(name: str) -> list[Path]:
    """The file of module ``name`` (``stud.core.codes``), if it is one of stud's."""
    base = _PACKAGE.joinpath(*name.split(".")[1:])
    return [p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()]


def refresh(sources: list[Path] | None = None) -> bool:
    """Drop the numba cache of ``sources`` (default: ``compiled_sources()``) when any of
    them changed since the last call; whether it did."""
    paths = compiled_sources() if sources is None else sorted(sources)
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    value = digest.hexdigest()
    stamps = {path.parent / "__pycache__" / _DIGEST for path in paths}
    try:
        if all(s.is_file() and s.read_text() == value for s in stamps):
            return False
        for path in paths:
            for cached in path.parent.glob(f"__pycache__/{path.stem}.*.nb[ic]"):
                cached.unlink(missing_ok=True)
        for stamp in stamps:
            stamp.parent.mkdir(exist_ok=True)
            stamp.write_text(value)
    except OSError:
        pass  # a read-only install: numba then caches elsewhere, or not at all
    return True
