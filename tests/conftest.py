"""Shared test setup.

This directory holds ``helpers.py`` (the small language rule tests are written in)
and ``strategies.py`` (shared hypothesis strategies); pytest puts the directory of
this ``conftest.py`` on the import path, so tests import them as ``helpers`` and
``strategies``.
"""

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from stud.compiled.numba_cache import refresh

# The suite shares its machine with other work: how fast hypothesis makes its examples
# says nothing about stud, so neither a slow example nor slow generation fails a test.
settings.register_profile(
    "shared-machine",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("shared-machine")


def pytest_configure() -> None:
    """Compiled code is built from many modules; drop its cache when any changed."""
    refresh()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Under CI nothing may skip: a check that did not run is a failure there, not a pass.

    Away from CI a test skips, saying what to install, when its tool (chromium,
    PostgreSQL, tmux) is missing and ``make test`` could not install it.
    """
    report = yield
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped under CI, where every check must run: {report.longrepr}"
    return report
