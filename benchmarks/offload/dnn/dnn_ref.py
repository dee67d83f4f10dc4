#!/usr/bin/env python3
"""dnn_ref.py — the DNN application's network computed directly in Python
(plain convolution, pooling and dense loops over the parameters of gen_dnn.py;
no accelerator instructions), printing exactly the lines the application
prints. The test offload-dnn-reference compares the two outputs.

usage: dnn_ref.py"""
import sys

import gen_dnn as g


def fnv1a(values):
    h = 2166136261
    for v in values:
        h = ((h ^ (v & 0xFF)) * 16777619) & 0xFFFFFFFF
    return h


def conv3x3(inp, w, b, shift, cin, cout):
    out = []
    for y in range(g.H):
        row = []
        for x in range(g.W):
            px = []
            for o in range(cout):
                acc = b[o]
                for ky in range(3):
                    for kx in range(3):
                        yy, xx = y + ky - 1, x + kx - 1
                        if 0 <= yy < g.H and 0 <= xx < g.W:
                            a, k = inp[yy][xx], w[o][ky][kx]
                            acc += sum(a[i] * k[i] for i in range(cin))
                px.append(min(max(acc >> shift, 0), 127))   # >> floors, as VTA's SHR
            row.append(px)
        out.append(row)
    return out


def maxpool2(inp, c):
    return [[[max(inp[2 * y + dy][2 * x + dx][k] for dy in (0, 1) for dx in (0, 1)) for k in range(c)]
             for x in range(g.W // 2)] for y in range(g.H // 2)]


def dense(inp, w, b, shift):
    logits = []
    for o in range(g.CLASSES):
        acc = b[o]
        for y in range(g.H // 2):
            for x in range(g.W // 2):
                acc += sum(inp[y][x][c] * w[o][y][x][c] for c in range(g.C2))
        logits.append(min(max(acc >> shift, -128), 127))
    return logits


def flat(v):
    return list(g.flat(v))


def main():
    p = g.params()
    classes = []
    for n in range(g.INPUTS):
        a1 = conv3x3(p["input"][n], p["conv1_w"], p["conv1_b"], g.SHIFT1, g.C0, g.C1)
        a2 = conv3x3(a1, p["conv2_w"], p["conv2_b"], g.SHIFT2, g.C1, g.C2)
        pooled = maxpool2(a2, g.C2)
        logits = dense(pooled, p["fc_w"], p["fc_b"], g.SHIFT3)
        cls = logits.index(max(logits))
        classes.append(cls)
        print("input %d: conv1 %08x conv2 %08x pool %08x logits %s class %d"
              % (n, fnv1a(flat(a1)), fnv1a(flat(a2)), fnv1a(flat(pooled)),
                 " ".join(str(v) for v in logits), cls))
    print("%d inputs, classes %s" % (g.INPUTS, " ".join(str(c) for c in classes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
