"""A page's draft is kept in one place (:class:`companion.drafts.DraftKeeper`): written only when its text
changed, without fsync (``durable=False``, still atomic), a failure said and cleared by the next write."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion import textio
from companion.drafts import REQUIRED, DraftKeeper, Kept, draft_path, flag_field, text_field


def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record every fsync (none should happen) instead of making it."""
    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", synced.append)
    return synced


def test_a_keeper_writes_only_when_the_text_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    synced = _no_fsync(monkeypatch)
    path = draft_path("test-page")
    keeper = DraftKeeper(path, "as found\n")
    assert keeper.keep("as found\n") is Kept.UNCHANGED and not path.exists()  # what the file holds already
    assert keeper.keep("one\n") is Kept.WRITTEN and path.read_text(encoding="utf-8") == "one\n"
    path.unlink()
    assert keeper.keep("one\n") is Kept.UNCHANGED and not path.exists()  # written already: not again
    assert keeper.keep("two\n") is Kept.WRITTEN and path.read_text(encoding="utf-8") == "two\n"
    assert synced == []  # a draft is never fsync-ed
    assert [p.name for p in path.parent.iterdir()] == ["test-page.json"]  # no temporary file left


def test_a_keeper_says_a_failure_and_recovers_on_the_next_good_write() -> None:
    path = draft_path("test-page")
    path.parent.parent.mkdir(parents=True, exist_ok=True)
    path.parent.write_text("a file where the drafts folder goes", encoding="utf-8")
    keeper = DraftKeeper(path, "")
    assert keeper.keep("one\n") is Kept.FAILED
    assert isinstance(keeper.failure, OSError) and keeper.reason == "file exists"
    assert keeper.keep("one\n") is Kept.FAILED  # not written: the same text is tried again
    path.parent.unlink()
    assert keeper.keep("one\n") is Kept.RECOVERED and path.read_text(encoding="utf-8") == "one\n"
    assert keeper.failure is None and keeper.reason == ""
    assert keeper.keep("two\n") is Kept.WRITTEN  # the failure is over: a plain write again


def test_the_first_write_over_a_draft_that_could_not_be_read_recovers_from_it() -> None:
    keeper = DraftKeeper(draft_path("test-page"))  # (nothing known of the file: it could not be read)
    assert keeper.keep("") is Kept.RECOVERED and keeper.kept == ""
    assert keeper.keep("one\n") is Kept.WRITTEN


def test_a_write_that_is_not_durable_is_the_same_bytes_atomically(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    synced = _no_fsync(monkeypatch)
    target = tmp_path / "deeper" / "draft.json"
    textio.write_text_atomic(target, "first\n", durable=False)
    textio.write_bytes_atomic(target, "second é\r\n".encode(), durable=False)
    assert target.read_bytes() == "second é\r\n".encode() and synced == []
    assert [p.name for p in target.parent.iterdir()] == ["draft.json"]  # no temporary file left
    textio.write_bytes_atomic(target, b"durable")  # the default still syncs the file and its folder
    assert len(synced) == 2

    def refused(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refused)  # the rename fails: the old file stays, whole
    with pytest.raises(OSError, match="No space left"):
        textio.write_text_atomic(target, "third\n", durable=False)
    assert target.read_bytes() == b"durable"
    assert [p.name for p in target.parent.iterdir()] == ["draft.json"]


def test_a_drafts_fields_read_alike_on_every_page() -> None:
    doc = {"name": "Mice", "null": None, "number": 3, "on": True, "off": False, "word": "yes"}
    assert text_field(doc, "name", REQUIRED) == "Mice" and text_field(doc, "name") == "Mice"
    assert text_field(doc, "missing") == "" and text_field(doc, "null", None) is None
    for key in ("missing", "null", "number"):
        with pytest.raises(TypeError, match=f"'{key}' is not text"):
            text_field(doc, key, REQUIRED)
    with pytest.raises(TypeError, match="'number' is not text"):
        text_field(doc, "number")
    assert [flag_field(doc, key) for key in ("on", "off", "missing")] == [True, False, False]
    for key in ("word", "number", "null"):
        with pytest.raises(TypeError, match=f"'{key}' is not true or false"):
            flag_field(doc, key)
