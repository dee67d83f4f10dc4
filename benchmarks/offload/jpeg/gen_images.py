#!/usr/bin/env python3
"""gen_images.py — makes the JPEG application's test images: synthetic PPM
pictures drawn here (gradients, shapes, stripes, pseudo-random texture) encoded
by cjpeg (Debian package libjpeg-turbo-progs) as baseline JPEGs with different
sizes, chroma subsampling, qualities, Huffman tables and restart intervals.

usage: gen_images.py [--outdir DIR] [--cjpeg PATH] [--keep-ppm]

Writes DIR/<name>.jpg for every image below (DIR defaults to data/ next to this
script). The committed JPEGs in data/ were made by this script with libjpeg-turbo
2.1.5; another cjpeg version may produce different bytes."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def lcg(seed):
    """A deterministic 32-bit linear congruential generator (numerical recipes)."""
    state = seed & 0xFFFFFFFF
    while True:
        state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
        yield state >> 24


def clamp(v):
    return 0 if v < 0 else 255 if v > 255 else int(v)


def gradient(w, h):
    px = []
    for y in range(h):
        for x in range(w):
            r, g, b = x * 255 // (w - 1), y * 255 // (h - 1), 255 - (x + y) * 255 // (w + h - 2)
            if (x - w // 2) ** 2 + (y - h // 2) ** 2 < (w // 4) ** 2:
                r, g, b = 240, 220, 40
            px.append((r, g, b))
    return px


def shapes(w, h):
    px = []
    for y in range(h):
        for x in range(w):
            c = (30, 60, 160) if (x // 6 + y // 6) % 2 else (200, 200, 210)
            if 4 <= x < 20 and 6 <= y < 30:
                c = (220, 30, 30)
            if (x - 32) ** 2 + (y - 20) ** 2 < 100:
                c = (20, 180, 60)
            if y >= h - 6:
                c = (clamp(x * 5), 255 - clamp(x * 5), 128)
            px.append(c)
    return px


def texture(w, h, seed):
    rnd = lcg(seed)
    px = []
    for y in range(h):
        for x in range(w):
            n = next(rnd) - 128
            base = (clamp(90 + x), clamp(140 - y // 2 + (x // 16) * 8), clamp(60 + (x * y) % 97))
            if (x // 24 + y // 20) % 3 == 0:
                base = (clamp(base[0] + 80), base[1], clamp(base[2] - 40))
            px.append(tuple(clamp(c + n // 3) for c in base))
    return px


def checker(w, h):
    px = []
    for y in range(h):
        for x in range(w):
            on = (x // 4 + y // 4) % 2
            px.append((clamp(on * 200 + x * 2), clamp(255 - y * 8), clamp(on * 100 + 60)))
    return px


# name, width, height, pixels, cjpeg options
IMAGES = [
    ("grad420_q75", 32, 32, lambda: gradient(32, 32), ["-quality", "75", "-sample", "2x2,1x1,1x1"]),
    ("shapes444_q90", 48, 40, lambda: shapes(48, 40),
     ["-quality", "90", "-sample", "1x1,1x1,1x1", "-optimize"]),
    ("texture420_q50_rst", 128, 96, lambda: texture(128, 96, 7),
     ["-quality", "50", "-sample", "2x2,1x1,1x1", "-restart", "1"]),
    ("checker420_q85_rst", 40, 24, lambda: checker(40, 24),
     ["-quality", "85", "-sample", "2x2,1x1,1x1", "-restart", "5B"]),
    ("grey_q60", 48, 32, lambda: gradient(48, 32), ["-quality", "60", "-grayscale"]),
]


def write_ppm(path, w, h, px):
    with open(path, "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (w, h))
        f.write(bytes(c for p in px for c in p))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--outdir", default=os.path.join(HERE, "data"))
    ap.add_argument("--cjpeg", default=shutil.which("cjpeg") or "cjpeg")
    ap.add_argument("--keep-ppm", action="store_true", help="also write the PPM sources to OUTDIR")
    a = ap.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="gen_images.")
    try:
        for name, w, h, make, opts in IMAGES:
            ppm = os.path.join(a.outdir if a.keep_ppm else tmp, name + ".ppm")
            write_ppm(ppm, w, h, make())
            out = os.path.join(a.outdir, name + ".jpg")
            cmd = [a.cjpeg, "-baseline", "-dct", "int"] + opts + ["-outfile", out, ppm]
            try:
                subprocess.run(cmd, check=True)
            except (OSError, subprocess.CalledProcessError) as e:
                sys.exit("gen_images.py: %s: %s" % (" ".join(cmd), e))
            print("%s: %dx%d, %d bytes" % (out, w, h, os.path.getsize(out)))
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
