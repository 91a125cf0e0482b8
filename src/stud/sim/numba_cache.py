"""Keep numba's on-disk cache of the compiled policies and engine honest.

numba caches a compiled function next to its source and reuses it while that one
source file is unchanged, but it does not notice when a function it calls, or a
constant it froze in, changed in another file. The policies and the engine call
across several modules (observation layout, features, policies, evaluators), so an
edit to one of them could leave stale machine code in the cache of another: a
policy that silently plays the old way.

``check(modules)`` records a digest of all of those sources and, when it changes,
deletes the cached files of the dependent modules before anything loads them. It
runs at import, before any compiled function is called. An installed release never
changes, so this costs one hash of a few files per process.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__ = ["check"]

_DIGEST = "stud-compiled.digest"


def check(sources: list[Path], dependents: list[Path]) -> None:
    """Drop the numba cache of ``dependents`` when any of ``sources`` changed."""
    digest = hashlib.sha256()
    for path in sorted(sources):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    value = digest.hexdigest()
    stamps = {path.parent / "__pycache__" / _DIGEST for path in dependents}
    try:
        if all(s.is_file() and s.read_text() == value for s in stamps):
            return
        for path in dependents:
            for cached in path.parent.glob(f"__pycache__/{path.stem}.*.nb[ic]"):
                cached.unlink(missing_ok=True)
        for stamp in stamps:
            stamp.parent.mkdir(exist_ok=True)
            stamp.write_text(value)
    except OSError:
        pass  # a read-only install: numba then caches elsewhere, or not at all
