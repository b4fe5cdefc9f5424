#!/usr/bin/env python3
"""Fits the 2D streaming model's row-trip figures (stream_row_ns_2d on
4-byte elements, stream_wide_row_ns_2d on 8-byte ones) to sweeps of
heat2d (float) and PolyBench's jacobi-2d (double) with their chunks of
rows, as tuning/RunTimeModel.cpp predicts a launch: max(M, C') + 0.5
min(M, C'), M = bytes x redundancy / B2, C' = max(C, floor), C = points
covered x redundancy x (chunk + lag) / chunk x (item + (T - 1) level),
floor = rounds x (chunk + lag) x row, rounds = groups over the groups the
SMs hold side by side (2048 work items each), and no floor below one
group per SM. The compute figures stay the profiles' (0.8 and 0.8 ps);
lag is 3T rows (a halo of one on each side).

    python3 bench/streaming/fit-rows-2d.py \\
        docs/data/h100-2026-11-27-chunk-sweep.txt \\
        docs/data/h100-2026-11-26-fp64-sweep.txt

Input lines: NAME MS [ms] or NAME: kernel time MS ms, with NAME
h2-N-W-tT[-cC] (heat2d N^2, 100 steps) or j2d64-N-W-tT[-cC] (jacobi-2d
in double, 100 sweeps); C is the chunk (default 16T rounded up to a power
of two). B2 is the H100's copy bandwidth measured in those runs. Least
squares on log kernel time over the vectors within twice each sweep's
best; prints the figures and, per sweep, the vector ranked first against
the measured best, for the fitted figures and for the shipped ones."""
import math
import sys

from streammodel import chunk, kernel_times

B2 = 2984e9  # H100, cudaMemcpy device to device, in the runs fitted
SMS, RESIDENT = 132, 2048
ITEM, LEVEL = 0.8e-12, 0.8e-12  # stream_item_ps_2d, stream_level_ps_2d
SWEEPS = 100
MIN_GROUPS = 1056  # the profiles' min_work_groups, which the search asks for


def load(paths):
    data = {}
    for path in paths:
        for name, ms in kernel_times(path, ('h2-', 'j2d64-')):
            p = name.split('-')
            if len(p) not in (4, 5) or not p[3].startswith('t') or \
                    not p[2].isdigit() or \
                    (len(p) == 5 and not p[4].startswith('c')):
                continue
            t = int(p[3][1:])
            c = int(p[4][1:]) if len(p) == 5 else chunk(t)
            words = 2 if p[0] == 'j2d64' else 1
            data[(words, int(p[1]), int(p[2]), t, c)] = float(ms)
    return data


def group_count(key):
    words, n, w, t, c = key
    own = w - 2 * (t - 1)
    return math.ceil((n - 2) / own) * math.ceil((n - 2) / min(c, n - 2))


def predict(key, rows_ns):
    words, n, w, t, c = key
    own = w - 2 * (t - 1)
    if own < 1:
        return math.inf
    points, red = (n - 2) ** 2, w / own
    rows, lag = min(c, n - 2), 3 * t
    groups = math.ceil((n - 2) / own) * math.ceil((n - 2) / rows)
    covered = groups * own * rows / points
    memory = points * 8 * words * red / B2
    compute = (points * covered * red * (rows + lag) / rows
               * (ITEM + (t - 1) * LEVEL))
    if groups >= SMS:
        side = SMS * max(1, RESIDENT // w)
        floor = max(1.0, groups / side) * (rows + lag) * \
            rows_ns[words - 1] * 1e-9
        compute = max(compute, floor)
    launch = max(memory, compute) + 0.5 * min(memory, compute)
    return launch * math.ceil(SWEEPS / t) * 1e3


def main():
    sweeps = {}
    for key, ms in load(sys.argv[1:]).items():
        sweeps.setdefault(key[:2], []).append((key, ms))

    def error(words, row):
        e = 0.0
        for (w, _), runs in sweeps.items():
            if w != words:
                continue
            best = min(ms for _, ms in runs)
            figures = (row, row) if words == 1 else (0, row)
            e += sum(math.log(predict(k, figures) / ms) ** 2
                     for k, ms in runs if ms < 2 * best)
        return e

    grid = range(0, 2001, 50)
    fitted = (min(grid, key=lambda r: error(1, r)),
              min(grid, key=lambda r: error(2, r)))
    for name, (row, wide) in (('fitted', fitted), ('shipped', (300, 1000))):
        print('%s: stream_row_ns_2d %d (error %.2f), stream_wide_row_ns_2d '
              '%d (error %.2f)' % (name, row, error(1, row), wide,
                                   error(2, wide)))
        rank(sweeps, (row, wide))


def rank(sweeps, figures):
    """Per sweep, the vector ranked first among those with the groups the
    search asks for, against the measured best."""
    for (words, n), runs in sorted(sweeps.items()):
        best = min(runs, key=lambda r: r[1])
        ranked = min((r for r in runs if group_count(r[0]) >= MIN_GROUPS),
                     key=lambda r: predict(r[0], figures))
        print('%s %d^2: ranked first %s (%.3f ms), measured best %s '
              '(%.3f ms): %.0f%%' % ('double' if words == 2 else 'float', n,
                                     ranked[0][2:], ranked[1], best[0][2:],
                                     best[1], 100 * best[1] / ranked[1]))


if __name__ == '__main__':
    main()
