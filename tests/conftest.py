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


@pytest.fixture
def leo_replaced(_isolated_user_data: Path) -> Path:
    """A card file of the user's own holding {"id": "leo-new", "replaces": "leonardo-1"}: the
    demo set's first Leonardo replaced by a card of a new id (its old id must still read)."""
    import json

    from companion.cards import DATA_DIR

    demo = json.loads((DATA_DIR / "tmnt" / "demo.json").read_text(encoding="utf-8"))
    leo = next(c for c in demo["cards"] if c["id"] == "leonardo-1")
    mine = _isolated_user_data / "tmnt" / "mine.json"
    mine.parent.mkdir(parents=True)
    mine.write_text(json.dumps({"game": "tmnt", "set": "Mine", "cards": [
        {**leo, "id": "leo-new", "replaces": "leonardo-1", "source": "mine"}]}), encoding="utf-8")
    return mine


# Property tests judge behaviour, not speed: no per-example deadline (CI machines are shared
# and noisy; speed is measured in benchmarks/), and a fixed example budget per test.
settings.register_profile("companion", deadline=None, max_examples=100,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("companion")
