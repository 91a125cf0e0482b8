"""Shared test setup.

This directory holds ``helpers.py`` (the small language rule tests are written in)
and ``strategies.py`` (shared hypothesis strategies); pytest puts the directory of
this ``conftest.py`` on the import path, so tests import them as ``helpers`` and
``strategies``.
"""

from stud.numba_cache import refresh


def pytest_configure() -> None:
    """Compiled code is built from many modules; drop its cache when any changed."""
    refresh()
