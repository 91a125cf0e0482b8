"""Keep numba's on-disk cache of the compiled code honest: ``refresh()``.

numba caches a compiled function next to its source and reuses it while that one
source file is unchanged, but it does not notice when a function it calls, or a
constant it froze in, changed in another file. The engine, the policies, the batched
environment and the odds kernels call across many modules (the rules core,
observation layouts, features, evaluators), so an edit to one of them could leave
stale machine code in the cache of another: a policy or an engine that silently
plays the old rules.

``refresh()`` records a digest of all of those sources and, when it changed, deletes
every cached file of theirs, so the next call compiles afresh. Nothing runs it at
import: ``python -m stud.warmup`` (run by ``make`` after installing) and the test
suite call it before any compiled function is loaded. An installed release never
changes, so there it only hashes a few files.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__ = ["compiled_sources", "refresh"]

_DIGEST = "stud-compiled.digest"
_PACKAGE = Path(__file__).parent


def compiled_sources() -> list[Path]:
    """Every source that compiled code is built from (the core included), and the
    learned bot's weights, which its compiled policy freezes in."""
    folders = ("core", "bots", "sim", "evaluation", "env", "equity", "equity/kernels", "learned")
    singles = ("rng.py", "jitted.py")
    found = [p for f in folders for p in (_PACKAGE / f).glob("*.py")]
    found += (_PACKAGE / "bots" / "weights").glob("*.npz")  # frozen into the learned bot
    return sorted(found + [_PACKAGE / name for name in singles])


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
