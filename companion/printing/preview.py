"""PNG previews of a PDF page, rendered in memory with pypdfium2 (notebook previews, image tests)."""

from __future__ import annotations

import io
from typing import Any


def page_image(pdf: bytes, page: int = 0, *, dpi: float = 40.0) -> Any:
    """Page ``page`` (0-based) of ``pdf`` as a Pillow RGB image at ``dpi``."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        bitmap = doc[page].render(scale=dpi / 72.0)
        return bitmap.to_pil().convert("RGB")
    finally:
        doc.close()


def page_png(pdf: bytes, page: int = 0, *, dpi: float = 40.0) -> bytes:
    """Page ``page`` (0-based) of ``pdf`` as PNG bytes at ``dpi``."""
    buf = io.BytesIO()
    page_image(pdf, page, dpi=dpi).save(buf, format="PNG", optimize=True)
    return buf.getvalue()
