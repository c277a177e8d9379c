"""Shared fixtures: every test runs with an empty user data folder of its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory: pytest.TempPathFactory,
                        monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep the developer's own ~/.companion cards out of the tests."""
    folder = tmp_path_factory.mktemp("user-data")
    monkeypatch.setenv("COMPANION_USER_DATA", str(folder))
    return folder


# Property tests judge behaviour, not speed: no per-example deadline (CI machines are shared
# and noisy; speed is measured in benchmarks/), and a fixed example budget per test.
settings.register_profile("companion", deadline=None, max_examples=100,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("companion")
