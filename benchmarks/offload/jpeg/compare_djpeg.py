#!/usr/bin/env python3
"""compare_djpeg.py — checks the project's JPEG decoder against libjpeg-turbo's
djpeg (integer IDCT, no fancy upsampling: `djpeg -dct int -nosmooth`) on every
JPEG given: decodes each with both, compares the pixels and prints the maximum
absolute difference per sample and the PSNR. Fails (exit 1) when a maximum
difference exceeds --max-diff (default 3) or a PSNR is below --min-psnr
(default 55 dB). Both decoders round their IDCTs differently (off by one on
about 2 % of Y/Cb/Cr samples); colour conversion multiplies a chroma step by
up to 1.772, so an RGB sample can differ by 3 where both are off by one.

usage: compare_djpeg.py --tool JPEG_TOOL [--djpeg PATH] [--max-diff N] [--min-psnr DB] FILE.jpg..."""
import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile


def read_ppm(path):
    """Reads a binary P5/P6 file; returns (width, height, channels, bytes)."""
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            while data[pos:pos + 1] not in (b"\n", b""):
                pos += 1
            continue
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        fields.append(data[start:pos])
    magic, w, h, maxval = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
    if magic not in (b"P5", b"P6") or maxval != 255:
        raise ValueError("%s: not an 8-bit binary PGM/PPM" % path)
    ch = 3 if magic == b"P6" else 1
    pix = data[pos + 1:pos + 1 + w * h * ch]
    if len(pix) != w * h * ch:
        raise ValueError("%s: truncated" % path)
    return w, h, ch, pix


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tool", required=True, help="jpeg_tool (native build)")
    ap.add_argument("--djpeg", default=shutil.which("djpeg"))
    ap.add_argument("--max-diff", type=int, default=3)
    ap.add_argument("--min-psnr", type=float, default=55.0)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    if not a.djpeg:
        sys.exit("compare_djpeg.py: djpeg not found (Debian package libjpeg-turbo-progs)")
    tmp = tempfile.mkdtemp(prefix="compare_djpeg.")
    bad = 0
    try:
        for jpg in a.files:
            name = os.path.splitext(os.path.basename(jpg))[0]
            ref, out = os.path.join(tmp, name + ".ref.ppm"), os.path.join(tmp, name + ".ppm")
            subprocess.run([a.djpeg, "-dct", "int", "-nosmooth", "-ppm", "-outfile", ref, jpg], check=True)
            subprocess.run([a.tool, "decode", jpg, out], check=True)
            rw, rh, rch, rpix = read_ppm(ref)
            w, h, ch, pix = read_ppm(out)
            if rch == 1:  # djpeg writes PGM for greyscale images: compare with each RGB channel
                rpix, rch = bytes(v for v in rpix for _ in range(3)), 3
            if (rw, rh, rch) != (w, h, ch):
                print("%s: size %dx%dx%d, djpeg %dx%dx%d" % (name, w, h, ch, rw, rh, rch))
                bad += 1
                continue
            diffs = [abs(x - y) for x, y in zip(pix, rpix)]
            maxd, mse = max(diffs), sum(d * d for d in diffs) / len(diffs)
            psnr = float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)
            exact = sum(1 for d in diffs if d == 0) * 100.0 / len(diffs)
            ok = maxd <= a.max_diff and psnr >= a.min_psnr
            bad += not ok
            print("%-20s %3dx%-3d max |diff| %d, PSNR %s dB, %.1f%% of samples equal%s"
                  % (name, w, h, maxd, "inf" if mse == 0 else "%.1f" % psnr, exact, "" if ok else "  FAIL"))
    finally:
        shutil.rmtree(tmp)
    print("%d of %d images within max |diff| <= %d and PSNR >= %.0f dB"
          % (len(a.files) - bad, len(a.files), a.max_diff, a.min_psnr))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
