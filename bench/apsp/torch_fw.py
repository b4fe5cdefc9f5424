#!/usr/bin/env python3
"""torch baseline for the apsp benchmark: Floyd-Warshall as a k-loop of
minimum(D, D[:, k:k+1] + D[k:k+1, :]) on the GPU (benchmarks.md, baseline 4).
Prints one line per (type, n): kernel-side time via CUDA events and G updates/s.
    python3 torch_fw.py 1024 2048 4096 8192"""
import sys

import torch


def run(n, dtype):
    g = torch.Generator(device="cpu").manual_seed(1)
    inf = float("inf") if dtype.is_floating_point else 2**30 - 1
    D = torch.full((n, n), inf, dtype=dtype)
    rows = torch.arange(n).repeat_interleave(4)
    cols = torch.randint(0, n, (4 * n,), generator=g)
    D[rows, cols] = torch.randint(1, 101, (4 * n,), generator=g).to(dtype)
    D.fill_diagonal_(0)
    D = D.cuda()
    for k in range(2):  # warm-up
        torch.minimum(D, D[:, k:k + 1] + D[k:k + 1, :])
    start, stop = torch.cuda.Event(True), torch.cuda.Event(True)
    torch.cuda.synchronize()
    start.record()
    for k in range(n):
        D = torch.minimum(D, D[:, k:k + 1] + D[k:k + 1, :])
    stop.record()
    torch.cuda.synchronize()
    ms = start.elapsed_time(stop)
    print("torch %s n=%d time %.3f ms, %.1f G updates/s" %
          (str(dtype).replace("torch.", ""), n, ms, n ** 3 / (ms * 1e-3) * 1e-9))


for n in map(int, sys.argv[1:]):
    for dtype in (torch.int32, torch.float32):
        run(n, dtype)
