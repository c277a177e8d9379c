"""Text fitted to a box: wrap at word boundaries, shrink the font, ellipsis as a last resort.

Word widths are measured once per (text, font) at 1 pt and scaled, and whole fits are
cached, so a print run of thousands of cards measures each distinct text once.
:func:`undrawable` finds the characters a font cannot draw (ReportLab prints them as ■).
"""

from __future__ import annotations

import functools
import unicodedata

from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

ELLIPSIS = "\u2026"
#: Below this font size (pt) printed text is hard to read: a warning names the cards that have it
#: (:meth:`.render.PrintResult.small_text_note`), and a sheet's footer drops words rather than go below
#: it. 5 pt: on mini-american cards the Mice and Mystics type lines (4.0 to 4.6 pt) were hard to read in
#: print and went unwarned under the 3 pt it had been. A card face's footer (the set's name, 3.8 to 4.3 pt
#: at the mini sizes) is not counted (:data:`.render.UNCOUNTED`). Every bundled printable, at its size
#: (poker), is above it.
SMALL_TEXT_PT = 5.0


def printable(text: str) -> str:
    """``text`` as it is drawn: composed (NFC: the font has "é", not "e" and a combining accent,
    which it draws as ■) and without soft hyphens (U+00AD marks where a word may break; this wrapping
    breaks between words only, so drawn it would be a stray hyphen mid-line)."""
    return unicodedata.normalize("NFC", str(text)).replace("\u00ad", "")


@functools.lru_cache(maxsize=4096)
def _drawable(ch: str, font: str) -> bool:
    """Whether ``font`` or one of its substitution fonts (Symbol, ZapfDingbats for the standard
    fonts) has a glyph for ``ch``; ReportLab draws any other character as a black box."""
    f = getFont(font)
    for cand in (f, *getattr(f, "substitutionFonts", ())):
        enc = cand.encName
        try:
            ch.encode("UTF16" if "UCS-2" in enc else enc)
            return True
        except (UnicodeEncodeError, LookupError):
            continue
    return False


@functools.lru_cache(maxsize=16384)
def undrawable(text: str, font: str = "Helvetica") -> str:
    """The distinct characters of ``text`` (in order) that ``font`` cannot draw; ``""`` if none.

    Whitespace is not counted (a line break is never drawn as a character).
    """
    out: dict[str, None] = {}
    for ch in text:
        if ch not in out and not ch.isspace() and not _drawable(ch, font):
            out[ch] = None
    return "".join(out)


def show_chars(chars: str) -> str:
    """Characters for a message: each as itself, or ``U+XXXX`` when it is invisible (a joiner,
    a variation selector, a control character)."""
    return " ".join(ch if unicodedata.category(ch)[0] in "LNPS" else f"U+{ord(ch):04X}" for ch in chars)


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


def fit_text(text: str, font: str, max_size: float, min_size: float, width: float, height: float,
             leading: float = 1.18) -> tuple[float, tuple[str, ...]]:
    """The largest font size (0.5 pt steps) at which ``text`` wraps into ``width`` x ``height`` (pt).

    Returns ``(size, lines)``. Paragraphs are separated by newlines. If even ``min_size``
    overflows, the lines that fit are kept and the last one ends with an ellipsis
    (:func:`fit_text_checked` also says whether that happened).
    """
    size, lines, _cut = fit_text_checked(text, font, max_size, min_size, width, height, leading)
    return size, lines


@functools.lru_cache(maxsize=16384)
def fit_text_checked(text: str, font: str, max_size: float, min_size: float, width: float, height: float,
                     leading: float = 1.18) -> tuple[float, tuple[str, ...], bool]:
    """:func:`fit_text` plus whether the text was cut off (``(size, lines, cut)``)."""
    paragraphs = tuple(p.strip() for p in text.split("\n"))

    def fits(sz: float) -> list[str] | None:
        lines = _wrap(paragraphs, font, sz, width)
        return lines if len(lines) * sz * leading <= height + 1e-6 else None

    # sizes max, max - 0.5, ..., min: binary search for the largest that fits (fewer lines
    # at a smaller size, so "fits" is monotonic)
    steps = max(0, int((max_size - min_size) / 0.5 + 1e-9))
    sizes = [max_size - 0.5 * k for k in range(steps + 1)]
    if sizes[-1] > min_size + 1e-9:
        sizes.append(min_size)
    lines = fits(sizes[0])
    size = sizes[0]
    if lines is None:
        lo, hi = 1, len(sizes) - 1  # the answer is in sizes[lo..hi], or none fits
        best: tuple[float, list[str]] | None = None
        while lo <= hi:
            mid = (lo + hi) // 2
            got = fits(sizes[mid])
            if got is not None:
                best = (sizes[mid], got)
                hi = mid - 1
            else:
                lo = mid + 1
        if best is None:
            size, lines = sizes[-1], _wrap(paragraphs, font, sizes[-1], width)
        else:
            size, lines = best
    max_lines = max(1, int((height + 1e-6) // (size * leading)))
    cut = len(lines) > max_lines
    if cut:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and _width1(last + ELLIPSIS, font) * size > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + ELLIPSIS
    return size, tuple(lines), cut


@functools.lru_cache(maxsize=16384)
def fit_line(text: str, font: str, max_size: float, min_size: float, width: float) -> tuple[float, str]:
    """One line: shrink to fit ``width``; below ``min_size`` cut with an ellipsis (the line returned
    then differs from ``text``)."""
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
