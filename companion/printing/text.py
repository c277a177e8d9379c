"""Text fitted to a box: wrap at word boundaries, shrink the font, ellipsis as a last resort.

Word widths are measured once per (text, font) at 1 pt and scaled, and whole fits are
cached, so a print run of thousands of cards measures each distinct text once.
"""

from __future__ import annotations

import functools

from reportlab.pdfbase.pdfmetrics import stringWidth

ELLIPSIS = "\u2026"


@functools.lru_cache(maxsize=65536)
def _width1(word: str, font: str) -> float:
    return stringWidth(word, font, 1.0)


def _wrap(paragraphs: tuple[str, ...], font: str, size: float, width: float) -> list[str]:
    space = _width1(" ", font) * size
    lines: list[str] = []
    for para in paragraphs:
        words = para.split()
        if not words:
            lines.append("")
            continue
        line: list[str] = []
        used = 0.0
        for word in words:
            ww = _width1(word, font) * size
            if ww > width:  # a single over-long word: break it by characters
                if line:
                    lines.append(" ".join(line))
                    line, used = [], 0.0
                chunk = ""
                for ch in word:
                    if _width1(chunk + ch, font) * size > width and chunk:
                        lines.append(chunk)
                        chunk = ""
                    chunk += ch
                line, used = [chunk], _width1(chunk, font) * size
                continue
            extra = ww + (space if line else 0.0)
            if line and used + extra > width:
                lines.append(" ".join(line))
                line, used = [word], ww
            else:
                line.append(word)
                used += extra
        lines.append(" ".join(line))
    return lines


@functools.lru_cache(maxsize=16384)
def fit_text(text: str, font: str, max_size: float, min_size: float, width: float, height: float,
             leading: float = 1.18) -> tuple[float, tuple[str, ...]]:
    """The largest font size (step 0.5 pt) at which ``text`` wraps into ``width`` x ``height`` (pt).

    Returns ``(size, lines)``. Paragraphs are separated by newlines. If even ``min_size``
    overflows, the lines that fit are kept and the last one ends with an ellipsis.
    """
    paragraphs = tuple(p.strip() for p in text.split("\n"))
    size = max_size
    while True:
        lines = _wrap(paragraphs, font, size, width)
        if len(lines) * size * leading <= height + 1e-6 or size <= min_size:
            break
        size = max(min_size, size - 0.5)
    max_lines = max(1, int((height + 1e-6) // (size * leading)))
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and _width1(last + ELLIPSIS, font) * size > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + ELLIPSIS
    return size, tuple(lines)


@functools.lru_cache(maxsize=16384)
def fit_line(text: str, font: str, max_size: float, min_size: float, width: float) -> tuple[float, str]:
    """One line: shrink to fit ``width``; below ``min_size`` cut with an ellipsis."""
    w1 = _width1(text, font)
    if w1 * max_size <= width or not text:
        return max_size, text
    size = width / w1
    if size >= min_size:
        return size, text
    cut = text
    while cut and _width1(cut + ELLIPSIS, font) * min_size > width:
        cut = cut[:-1]
    return min_size, cut.rstrip() + ELLIPSIS
