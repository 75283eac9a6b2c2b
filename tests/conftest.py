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


def pytest_collection_modifyitems(items):
    """The tests marked slow first: started last on parallel workers, a long test
    would run on alone at the end while the other workers wait."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
