"""Art images: read with Pillow (any format it reads), turned as their EXIF orientation says (a phone
photo prints as it is viewed), embed each distinct image once per PDF.

ReportLab's ``drawImage`` re-reads and re-hashes an image on every call (milliseconds
at card size). Here every distinct image (by content hash) is drawn once into a form
XObject of unit size; cards place the form, scaled, as often as they like.
"""

from __future__ import annotations

import hashlib
import io
import struct
import warnings
from pathlib import Path
from typing import Any

from ..errors import os_reason
from .faces import Art
from .geometry import PrintError

#: Longest side in pixels kept for embedded art (about 400 dpi on a poker card): small files.
MAX_PIXELS = 1400

#: What Pillow raises reading an EXIF block it cannot make sense of (a damaged or odd one, of many kinds:
#: not a TIFF header, a value of the wrong type or length, a zero denominator...). Anything else (a
#: MemoryError, a bug) is not an EXIF block to pass over, and is not caught.
EXIF_ERRORS = (OSError, SyntaxError, ValueError, TypeError, KeyError, IndexError, ZeroDivisionError,
               struct.error)


def check_image(path: str | Path) -> None:
    """Refuse an image that cannot be read or that Pillow does not know, from its header alone (a
    :class:`PrintError` worded as :meth:`ImageCache.get` words it): cheap enough for every image of a run
    before anything is drawn."""
    from PIL import Image, UnidentifiedImageError

    p = Path(path)
    try:
        with p.open("rb") as f, Image.open(f):
            return
    except UnidentifiedImageError:
        raise PrintError("not an image Pillow can read", where=str(p)) from None
    except (OSError, ValueError) as exc:  # ValueError: a path with a NUL in it
        raise PrintError(f"cannot be read ({os_reason(exc)})", where=str(p)) from None


class ImageCache:
    """Images of one canvas: path -> :class:`Art` (a form drawn once). :attr:`notes` are the warnings
    Pillow gave reading them (``Corrupt EXIF data``), each naming its file, for the print run's
    warnings instead of raw on standard error."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self._by_path: dict[str, Art] = {}
        self._by_hash: dict[str, Art] = {}
        self.notes: list[str] = []

    def get(self, path: str | Path) -> Art:
        key = str(path)
        if key in self._by_path:
            return self._by_path[key]
        p = Path(path)
        try:
            raw = p.read_bytes()
        except (OSError, ValueError) as exc:  # ValueError: a path with a NUL in it
            raise PrintError(f"cannot be read ({os_reason(exc)})", where=str(p)) from None
        digest = hashlib.sha1(raw).hexdigest()[:16]
        art = self._by_hash.get(digest)
        if art is None:
            art = self._embed(raw, digest, p)
            self._by_hash[digest] = art
        self._by_path[key] = art
        return art

    def _embed(self, raw: bytes, digest: str, where: Path) -> Art:
        from PIL import Image, ImageOps, UnidentifiedImageError
        from reportlab.lib.utils import ImageReader

        said: list[str] = []
        im: Image.Image  # (opened as an ImageFile, then turned and converted)
        try:
            with warnings.catch_warnings(record=True) as caught, Image.open(io.BytesIO(raw)) as im:
                warnings.simplefilter("always")
                im.load()
                # as the photo is viewed: a phone stores it as the sensor saw it, with an EXIF
                # Orientation saying how to turn it (the digest is of the file's bytes, which hold
                # the orientation, so the same file still gives the same form and PDF)
                try:
                    im = ImageOps.exif_transpose(im)
                except EXIF_ERRORS as exc:  # an EXIF block Pillow cannot read: the image as stored
                    said.append(f"its EXIF data cannot be read ({type(exc).__name__}: {exc}), so it is "
                                "placed as stored, not turned as a photo's orientation may say")
                has_alpha = im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info)
                im = im.convert("RGBA" if has_alpha else "RGB")
        except UnidentifiedImageError:
            raise PrintError("not an image Pillow can read", where=str(where)) from None
        except (OSError, ValueError, Image.DecompressionBombError) as exc:
            raise PrintError(f"not an image Pillow can read ({exc})", where=str(where)) from None
        # Pillow's own warnings about the file ("Corrupt EXIF data. Expecting to read 12 bytes but only got
        # 8."), once each; any other kind (a DeprecationWarning) goes on as it came
        for w in caught:
            if not issubclass(w.category, (UserWarning, Image.DecompressionBombWarning)):
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
                continue
            text = f"Pillow warned: {' '.join(str(w.message).split())}"
            if text not in said:
                said.append(text)
        self.notes += [f"image {str(where)!r}: {s}" for s in said]
        # the proportions of the image as made: a very stretched one shrunk to MAX_PIXELS rounds its
        # short side to whole pixels (6000 x 5 becomes 1400 x 1: 1400 to 1 instead of 1200)
        width, height = im.size
        if max(im.size) > MAX_PIXELS:
            im.thumbnail((MAX_PIXELS, MAX_PIXELS), Image.Resampling.LANCZOS)
        if has_alpha:
            reader = ImageReader(im)
            mask: Any = "auto"
        else:  # JPEG bytes pass straight into the PDF (DCTDecode): small files
            buf = io.BytesIO()
            im.save(buf, format="JPEG", quality=88, optimize=True)
            buf.seek(0)
            reader = ImageReader(buf)
            mask = None
        name = f"img{digest}"
        c = self.canvas
        c.beginForm(name, 0, 0, 1, 1)
        c.drawImage(reader, 0, 0, 1, 1, mask=mask)
        c.endForm()
        return Art(name, width / height)
