"""Print and play in a real browser: make a PDF of a deck and download it."""

from __future__ import annotations

from .conftest import ARTIFACTS, open_tool


def test_make_a_card_sheet_pdf_and_download_it(page) -> None:
    open_tool(page, "printables.ipynb")
    page.wait_for_selector(".cmp-print-make")
    page.locator(".cmp-print-make").click()
    link = page.locator("a.cmp-print-download-link")
    link.wait_for(timeout=90_000)
    with page.expect_download() as info:
        link.click()
    download = info.value
    target = ARTIFACTS.parent / "downloads" / download.suggested_filename
    target.parent.mkdir(parents=True, exist_ok=True)
    download.save_as(str(target))
    data = target.read_bytes()
    assert data.startswith(b"%PDF-") and len(data) > 1000
    assert download.suggested_filename.endswith(".pdf")
    # The preview image of the first sheet is shown too.
    assert page.locator(".cmp-print-preview img, img.cmp-print-preview").count() >= 1
