"""Shared fixtures: every test gets its own private data folder, so no test
reads or writes the real user's saves. Long tests start first."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=25,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, max_examples=25)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("AXISALLIES_HOME", str(home))
    monkeypatch.delenv("AXISALLIES_GAMES_DIR", raising=False)
    return home


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: two workers a core. The interface tests spend about a third of
    their time asleep (Textual's Pilot sleeps until the app goes idle after each
    key, and the screen repaints on a timer), so one worker a core leaves the
    cores idle that long; with two, the other worker uses that time. Measured on
    2 cores: 293 s with 2 workers, 249 s with 4. PYTEST_XDIST_AUTO_NUM_WORKERS
    still decides when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return 2 * len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 2 * (os.cpu_count() or 1)


def pytest_collection_modifyitems(items):
    """The tests marked slow first: started last on parallel workers, a long test
    would run on alone at the end while the other workers wait."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
