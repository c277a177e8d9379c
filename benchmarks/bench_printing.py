"""Print speed: card sheets against a bare ReportLab canvas, measured in one process.

Target (issue 7): at least 1,000 text-only cards per second for a 2,700-card sheet run,
process start included. Figures:

1. ``companion print cards`` as a fresh process (start, imports, card loading, PDF):
   2,700 different cards, and a 2,700-card run of the 36 Village demo cards.
2. In-process: our card sheets vs a bare ReportLab canvas drawing the same number of
   cards (a box, the name and the text lines, no fitting): the ratio is the cost of the
   faces, crop marks and form placement.
3. Art: 2,700 cards over 9 distinct images, our form-once embedding against calling
   ``drawImage`` for every card (ReportLab re-reads and hashes the image each call).

    .venv/bin/python benchmarks/bench_printing.py [N_CARDS]
"""

from __future__ import annotations

import io
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.cards import card_from_record  # noqa: E402
from companion.printing.render import MM, CardOptions, binary_streams, print_cards  # noqa: E402

TARGET = 1000.0
WORDS = ("mouse cheese acorn fruit draw card attack defend basic mega village field until end of "
         "turn your opponent gains loses each").split()


def records(n: int, seed: int = 7) -> list[dict]:
    rnd = random.Random(seed)
    return [{"id": f"bench-{i}", "name": f"Bench Mouse {i}",
             "type": rnd.choice(["basic-mouse", "mega-mouse"]),
             "atk": rnd.randint(0, 5), "def": rnd.randint(0, 5),
             "abilities": [{"name": "Ability", "fruit_cost": rnd.randint(0, 3),
                            "text": " ".join(rnd.choices(WORDS, k=rnd.randint(5, 40)))}],
             "source": "demo: benchmark card"} for i in range(n)]


def run_cli(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one ``companion`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "companion", *args], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL, env={**os.environ, "COMPANION_USER_DATA": tempfile.mkdtemp()})
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@binary_streams
def bare_reportlab(cards: list, out: io.BytesIO) -> None:
    """The baseline: a plain canvas, 3x3 cards per A4 page, a box, the name and wrapped-by-count text."""
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(out, pagesize=(210 * MM, 297 * MM), invariant=1, pageCompression=1)
    w, h = 63 * MM, 88 * MM
    for i, card in enumerate(cards):
        k = i % 9
        x, y = (10.5 + (k % 3) * 63) * MM, (192.5 - (k // 3) * 88) * MM
        c.rect(x, y, w, h)
        c.setFont("Helvetica-Bold", 9)
        c.drawString(x + 6, y + h - 14, card.name)
        c.setFont("Helvetica", 7)
        text = card.get("abilities")[0]["text"]
        for j in range(0, len(text), 40):
            c.drawString(x + 6, y + h - 30 - j // 40 * 9, text[j:j + 40])
        if k == 8:
            c.showPage()
    c.showPage()
    c.save()


def best(fn, repeat: int = 3) -> float:
    """Best CPU time of ``repeat`` runs (CPU, not wall: steadier on a shared machine)."""
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return min(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2700
    recs = records(n)
    tmp = Path(tempfile.mkdtemp())
    card_file = tmp / "bench.json"
    card_file.write_text(json.dumps({"game": "village", "set": "Benchmark demo",
                                     "source": "demo: benchmark", "cards": recs}), encoding="utf-8")
    deck = tmp / "deck.txt"
    from companion.cards import load_game

    demo = [c for c in load_game("village", include_user=False) if c.type != "fruit"]
    per = n // len(demo) + 1
    # by id: two printings share a name ('Clover Forager'), and a name would be read as the first, warned of
    deck.write_text("\n".join(f"{per} {c.id}" for c in demo) + "\n", encoding="utf-8")
    n_deck = per * len(demo)
    print(f"bench_printing: {n} text-only cards, A4, poker size, 3x3 per sheet")

    print("\n1. whole process (start + imports + loading + PDF), best of 3")
    sizes = {}
    for label, args, count in [
        (f"{n} different cards", ["print", "cards", "village", "--cards", str(card_file)], n),
        (f"{n} different, duplex + crop marks", ["print", "cards", "village", "--cards", str(card_file),
                                                  "--backs", "duplex", "--crop-marks"], n),
        (f"{n_deck} copies of {len(demo)} demo cards", ["print", "cards", "village", "--deck", str(deck)],
         n_deck),
    ]:
        runs = [run_cli([*args, "--out", str(tmp / "out.pdf")]) for _ in range(3)]
        wall = min(r[0] for r in runs)
        cpu = min(r[1] for r in runs)
        sizes[label] = (tmp / "out.pdf").stat().st_size
        verdict = "ok" if count / wall >= TARGET else "BELOW TARGET"
        print(f"   {label:42s} wall {wall:6.2f} s = {count / wall:7.0f} cards/s ({verdict});"
              f" cpu {cpu:5.2f} s = {count / cpu:6.0f} cards/s")
    print("   PDF sizes: " + ", ".join(f"{k}: {v / 1e6:.2f} MB" for k, v in sizes.items()))

    print("\n2. in-process, same cards: ours vs a bare ReportLab canvas (CPU seconds, best of 3)")
    cards = [card_from_record("village", "Benchmark demo", r) for r in recs]
    base = best(lambda: bare_reportlab(cards, io.BytesIO()))
    ours = best(lambda: print_cards(cards, io.BytesIO(), CardOptions()))
    ours_dup = best(lambda: print_cards(cards, io.BytesIO(), CardOptions(backs="duplex", crop_marks=True)))
    copies = [cards[i % 36] for i in range(n)]
    ours_copies = best(lambda: print_cards(copies, io.BytesIO(), CardOptions()))
    print(f"   bare ReportLab canvas        {base:6.3f} s = {n / base:7.0f} cards/s (1.00x)")
    print(f"   ours, {n} different         {ours:6.3f} s = {n / ours:7.0f} cards/s "
          f"({ours / base:.2f}x the bare time)")
    print(f"   ours, duplex + crop marks    {ours_dup:6.3f} s = {n / ours_dup:7.0f} cards/s "
          f"({ours_dup / base:.2f}x)")
    print(f"   ours, {n} copies of 36      {ours_copies:6.3f} s = {n / ours_copies:7.0f} cards/s "
          f"({ours_copies / base:.2f}x)")

    print("\n3. art: 9 distinct images on every card (CPU seconds)")
    from PIL import Image

    paths = []
    for k in range(9):
        p = tmp / f"art{k}.png"
        Image.effect_mandelbrot((400, 300), (-2 + k * 0.1, -1.2, 1, 1.2), 60).convert("RGB").save(p)
        paths.append(p)
    art_cards = [card_from_record("village", "Benchmark demo", {**r, "art": str(paths[i % 9])})
                 for i, r in enumerate(recs)]

    @binary_streams
    def naive() -> None:
        from reportlab.pdfgen.canvas import Canvas

        c = Canvas(io.BytesIO(), pagesize=(210 * MM, 297 * MM), invariant=1, pageCompression=1)
        for i in range(n):
            k = i % 9
            c.drawImage(str(paths[i % 9]), (10.5 + (k % 3) * 63) * MM, (192.5 - (k // 3) * 88) * MM,
                        63 * MM, 40 * MM)
            if k == 8:
                c.showPage()
        c.save()

    @binary_streams
    def naive_pil() -> None:
        from reportlab.lib.utils import ImageReader
        from reportlab.pdfgen.canvas import Canvas

        images = [Image.open(p) for p in paths]
        c = Canvas(io.BytesIO(), pagesize=(210 * MM, 297 * MM), invariant=1, pageCompression=1)
        for i in range(n):
            k = i % 9
            c.drawImage(ImageReader(images[i % 9]), (10.5 + (k % 3) * 63) * MM,
                        (192.5 - (k // 3) * 88) * MM, 63 * MM, 40 * MM)
            if k == 8:
                c.showPage()
        c.save()

    t_naive = best(naive, 1)
    t_pil = best(naive_pil, 1)
    buf = io.BytesIO()
    t_ours = best(lambda: print_cards(art_cards, buf, CardOptions()), 1)
    print(f"   drawImage(path) per card, images only      {t_naive:6.3f} s = "
          f"{t_naive / n * 1000:.2f} ms/card")
    print(f"   drawImage(PIL image) per card, images only {t_pil:6.3f} s = {t_pil / n * 1000:.2f} ms/card")
    print(f"   ours (whole faces + art forms)             {t_ours:6.3f} s = {t_ours / n * 1000:.2f} ms/card, "
          f"{buf.getbuffer().nbytes / 1e6:.2f} MB, each image embedded once")


if __name__ == "__main__":
    main()
