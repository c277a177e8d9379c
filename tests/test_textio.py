"""Saving a file is all or nothing: a crash or a full disk never leaves half a save."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion import textio


def test_a_save_replaces_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "deeper" / "table.json"
    textio.write_text_atomic(target, "first\n")
    textio.write_bytes_atomic(target, b"second")
    assert target.read_bytes() == b"second"
    assert [p.name for p in target.parent.iterdir()] == ["table.json"]  # no temporary file left


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_save_that_fails_leaves_the_old_file_and_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"the earlier PDF")

    def full_disk(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, full_disk)
    with pytest.raises(OSError, match="No space left"):
        textio.write_bytes_atomic(target, b"%PDF half")
    assert target.read_bytes() == b"the earlier PDF"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_a_staged_file_is_flushed_beside_its_target_and_leaves_the_target_alone(tmp_path: Path) -> None:
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")
    with textio.staged_bytes(target, b"new"):
        (staged,) = [p for p in tmp_path.iterdir() if p != target]
        assert staged.read_bytes() == b"new" and target.read_bytes() == b"old"
    assert target.read_bytes() == b"new" and list(tmp_path.iterdir()) == [target]
    with pytest.raises(ValueError, match="the layout failed"), textio.staged_bytes(target, b"newer"):
        raise ValueError("the layout failed")  # what is saved with it fails: nothing changes
    assert target.read_bytes() == b"new" and list(tmp_path.iterdir()) == [target]
    with pytest.raises(FileNotFoundError), \
            textio.staged_bytes(tmp_path / "no-such-folder" / "x.pdf", b"x", parents=False):
        pass  # the command line does not make missing folders


@pytest.mark.skipif(os.name != "posix", reason="permissions, links and devices as on POSIX")
def test_a_save_keeps_permissions_links_and_writes_devices_straight(tmp_path: Path) -> None:
    private = tmp_path / "private.json"
    private.write_text("old")
    private.chmod(0o600)
    textio.write_text_atomic(private, "new")
    assert private.read_text() == "new" and (private.stat().st_mode & 0o777) == 0o600
    before = os.umask(0o077)
    try:
        fresh = textio.write_bytes_atomic(tmp_path / "fresh.pdf", b"%PDF")
    finally:
        os.umask(before)
    assert (fresh.stat().st_mode & 0o777) == 0o600  # a new file as the umask allows
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    textio.write_text_atomic(link, "through the link")
    assert link.is_symlink() and real.read_text() == "through the link"
    assert textio.write_bytes_atomic(os.devnull, b"discarded") == Path(os.devnull)
    assert not Path(os.devnull).is_file()  # still the device


def test_a_save_over_a_folder_is_refused_before_what_is_saved_with_it(tmp_path: Path) -> None:
    # a PDF named like a folder: the layout saved with it must not be written either
    folder = tmp_path / "sheet.pdf"
    folder.mkdir()
    layout = tmp_path / "layout.json"
    layout.write_text("the earlier layout")
    assert not textio.is_special(folder)  # a folder is no device to write straight through
    with pytest.raises(IsADirectoryError), textio.staged_bytes(folder, b"%PDF"):
        layout.write_text("the new layout")
    assert layout.read_text() == "the earlier layout" and folder.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["layout.json", "sheet.pdf"]


def test_a_write_protected_file_is_not_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # what open() would refuse, the atomic save refuses too (the test may run as root, who may
    # write anything: the check is os.access's, as the system answers it for this user)
    target = tmp_path / "kept.txt"
    target.write_text("protected")
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if Path(p) == target and mode == os.W_OK
                        else real(p, mode, **kw))
    with pytest.raises(PermissionError):
        textio.write_text_atomic(target, "replaced")
    assert target.read_text() == "protected" and [p.name for p in tmp_path.iterdir()] == ["kept.txt"]
    textio.write_text_atomic(tmp_path / "other.txt", "a new file is fine")


@pytest.mark.parametrize(("text", "shown"), [
    ("  Pip \n\t the\u2028Bold ", "Pip the Bold"),  # breaks, tabs and runs of spaces: one space
    ("a\x00 b\x1bc", "a b c"),  # other control characters too
    ("x" * 12, "x" * 12),
    ("x" * 13, "x" * 11 + "…"),  # cut at the limit, "…" included
])
def test_logged_text_is_one_line_cut_at_the_limit(text: str, shown: str) -> None:
    assert textio.logged_text(text, 12) == shown


def test_number_text_shortens_and_survives_a_number_python_will_not_write_out() -> None:
    from companion.textio import number_text

    assert number_text(-42) == "-42"
    assert number_text(10**20) == "100000000000... (a number of 21 digits)"
    assert number_text(10**5000) == "a number of thousands of digits"


def test_number_text_takes_typed_digits_as_it_takes_a_number() -> None:
    """The digits typed for a number (too many for Python to read) are shortened as the number is."""
    from companion.textio import number_text

    assert number_text("123") == number_text(123) == "123"
    assert number_text("9" * 5000) == "999999999999... (a number of 5000 digits)"
