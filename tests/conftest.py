"""Shared fixtures: every test runs with an empty user data folder of its own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory: pytest.TempPathFactory,
                        monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep the developer's own ~/.companion cards out of the tests."""
    folder = tmp_path_factory.mktemp("user-data")
    monkeypatch.setenv("COMPANION_USER_DATA", str(folder))
    return folder
