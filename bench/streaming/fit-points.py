#!/usr/bin/env python3
"""Fits the 3D streaming model's compute figures (stream_item_ps_3d for a
launch's first step, stream_level_ps_3d for each further one, per point)
and the further steps' factor for 8-byte elements (stream_wide_factor_3d)
to sweeps of heat3d in float and PolyBench's heat-3d pair in double, as
tuning/RunTimeModel.cpp predicts a launch: max(M, C) + 0.5 min(M, C),
M = bytes x redundancy / B2, C = points x covered x redundancy x (chunk +
lag) / chunk x (item + (T - 1) level x wide), where covered is the share
of the groups' points (partial tiles and chunks included) in the grid's
and wide applies to 8-byte elements only.

    python3 bench/streaming/fit-points.py --wide 3.0 \\
        docs/data/h100-2026-11-25-select-sweep.txt \\
        docs/data/h100-2026-11-26-fp64-sweep.txt \\
        docs/data/h100-2026-11-26-row-unroll.txt \\
        docs/data/h100-2026-11-26-double-t3.txt

Input lines: NAME MS [ms] or NAME: kernel time MS ms, with NAME
h3-N-WxH-tT[-pP] (heat3d N^3 in float, bench/streaming/sweep.sh) or
h3d64-N-WxH-tT[-pP] (heat-3d in double, bench/streaming/sweep-fp64.sh),
100 sweeps each. Least squares on log kernel time over the vectors within
twice each sweep's best, on a grid of 0.25 ps refined by 0.05 around its
best, with wide on a grid unless --wide fixes it; prints the figures and,
per sweep, the vector ranked first against the measured best (without the
search's limits on groups and tiles: bench/streaming/choice-vs-sweep.py
checks tilec's own choice).

The shipped profiles take --wide 3.0 (2.1 and 0.7 ps), the smallest factor
that ranks T = 2 first for the pair in double at 255^3 to 513^3 where it
was measured fastest: T = 3 won only at exactly 256^3 and 512^3, where the
constant power-of-two strides change nvcc's registers (free, the fit
follows those two sizes and ranks T = 3 first everywhere). Fitting the
kernels of one and of several points per work item apart gave the same
figures."""
import itertools
import math
import sys

from streammodel import chunk, kernel_times

B2 = 3910e9  # the Hopper profiles' measured kernel bandwidth
SWEEPS = 100


def load(paths):
    data = {}
    for path in paths:
        for name, ms in kernel_times(path, ('h3-', 'h3d64-')):
            p = name.split('-')
            if len(p) < 4 or len(p) > 5 or 'x' not in p[2] or \
                    not p[3].startswith('t') or \
                    (len(p) == 5 and not p[4].startswith('p')):
                continue
            words = 2 if p[0] == 'h3d64' else 1
            w, h = map(int, p[2].split('x'))
            pts = int(p[4][1:]) if len(p) > 4 else 1
            data[(words, int(p[1]), w, h, int(p[3][1:]), pts)] = float(ms)
    return data


def predict(key, fig):
    words, n, w, h, t, p = key
    item, level, wide = fig
    red = 1.0
    points = (n - 2) ** 3
    rows, lag = min(chunk(t), n), 2 * t
    covered = math.ceil((n - 2) / rows) * rows / (n - 2)
    for b in (w, h * p):
        own = b - 2 * (t - 1)
        if own < 1:
            return math.inf
        red *= b / own
        covered *= math.ceil((n - 2) / own) * own / (n - 2)
    memory = points * 8 * words * red / B2
    compute = (points * covered * red * (rows + lag) / rows
               * (item + (t - 1) * level * (wide if words == 2 else 1))
               * 1e-12)
    launch = max(memory, compute) + 0.5 * min(memory, compute)
    return launch * math.ceil(SWEEPS / t) * 1e3


def main():
    args = sys.argv[1:]
    fixed = None
    if '--wide' in args:
        at = args.index('--wide')
        fixed = float(args[at + 1])
        del args[at:at + 2]
    data = load(args)
    sweeps = {}
    for key, ms in data.items():
        sweeps.setdefault(key[:2], []).append((key, ms))

    def error(fig):
        e = 0.0
        for runs in sweeps.values():
            best = min(ms for _, ms in runs)
            e += sum(math.log(predict(k, fig) / ms) ** 2
                     for k, ms in runs if ms < 2 * best)
        return e

    grid = [x * 0.25 for x in range(24)]
    fit = min(((i, l, fixed or 1.5) for i in grid[2:] for l in grid[:12]),
              key=error)
    steps = [-0.1, -0.05, 0, 0.05, 0.1]
    fit = min((tuple(max(0.0, fit[i] + d[i]) for i in range(2)) + (wide,)
               for d in itertools.product(steps, repeat=2)
               for wide in ((fixed,) if fixed else
                            (1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0))),
              key=error)
    print('stream_item_ps_3d %.2f, stream_level_ps_3d %.2f, '
          'stream_wide_factor_3d %.1f (error %.2f)' % (fit + (error(fit),)))
    for (words, n), runs in sorted(sweeps.items()):
        best = min(runs, key=lambda r: r[1])
        ranked = min(runs, key=lambda r: predict(r[0], fit))
        print('%s %d^3: ranked first %s (%.2f ms), measured best %s (%.2f ms):'
              ' %.0f%%' % ('double' if words == 2 else 'float', n,
                           ranked[0][2:], ranked[1], best[0][2:], best[1],
                           100 * best[1] / ranked[1]))


if __name__ == '__main__':
    main()
