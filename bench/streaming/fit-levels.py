#!/usr/bin/env python3
"""Fits the 3D streaming model's two per-work-item figures (stream_item_ps_3d
for a launch's first step, stream_level_ps_3d for each further one) to a
sweep of heat3d streaming vectors, as tuning/RunTimeModel.cpp predicts a
launch: max(M, C) + 0.5 min(M, C), M = bytes x redundancy / B2,
C = points x redundancy x (chunk + lag) / chunk x (item + (T - 1) level).

    python3 bench/streaming/fit-levels.py [--one-point] [--prefix r3] [--sizes 256,512] docs/data/h100-2026-11-25-select-sweep.txt

Input lines: NAME MS ms ... with NAME h3-N-WxH-tT[-pP] (heat3d N^3,
--params=W,H,1,T[,P], 100 steps). Prints the figures and, per size, the
vector the fitted model ranks first against the measured best. With
--one-point, fits only the vectors of one point per work item (the
kernel that extents known only at run time got until 2026-11-26). With
--prefix r3, fits the lines named r3-N-... instead: sweeps of the kernel
of run-time extents (bench/streaming/sweep.sh with SAMPLE_3D), whose
figures are stream_runtime_item_ps_3d and stream_runtime_level_ps_3d.
--sizes keeps the grids of those sizes only (the profiles' run-time
figures: --prefix r3 --sizes 256,512
docs/data/h100-2026-11-26-runtime-sweep-interior.txt; at 128^3 and 200^3
the launches' latency, which the model does not have, dominates).

The redundancy is the C++ model's (a halo of one on each side per further
step). Until 2026-11-26 this script took one in all per further step; the
profiles' stream_item_ps_3d 2.3 and stream_level_ps_3d 1.5 come from that
fit. Refitted with the model's redundancy the whole sweep gives 2.4 and
0.6, which rank 512^3 and 256^3 as well but chose worse vectors at 160^3
and 200^3 (docs/data/h100-2026-11-26-levels-refit.txt), so the profiles
keep 2.3 and 1.5 for the points kernel."""
import math
import sys

from streammodel import chunk, kernel_times

B2 = 3910e9  # the Hopper profiles' measured kernel bandwidth
STEPS = 100


def parse(name):
    p = name.split('-')
    p[0] = 'h3'
    w, h = map(int, p[2].split('x'))
    return int(p[1]), w, h, int(p[3][1:]), int(p[4][1:]) if len(p) > 4 else 1


def predict(n, w, h, t, p, item, level):
    points = (n - 2) ** 3
    red = 1.0
    for b in (w, h * p):
        own = b - 2 * (t - 1)
        if own < 1:
            return math.inf
        red *= b / own
    rows, lag = min(chunk(t), n), 2 * t
    memory = points * 8 * red / B2
    compute = points * red * (rows + lag) / rows * (item + (t - 1) * level)
    launch = max(memory, compute) + 0.5 * min(memory, compute)
    return launch * math.ceil(STEPS / t) * 1e3


def main():
    args = sys.argv[1:]
    one_point = '--one-point' in args
    args = [a for a in args if a != '--one-point']
    prefix = 'h3'
    if '--prefix' in args:
        at = args.index('--prefix')
        prefix = args[at + 1]
        del args[at:at + 2]
    sizes_kept = None
    if '--sizes' in args:
        at = args.index('--sizes')
        sizes_kept = {int(n) for n in args[at + 1].split(',')}
        del args[at:at + 2]
    measured = {}
    for name, ms in kernel_times(args[0], prefix + '-'):
        if not name.endswith('-naive'):
            if one_point and parse(name)[4] > 1:
                continue
            if sizes_kept and parse(name)[0] not in sizes_kept:
                continue
            measured[name] = float(ms)
    sizes = {}
    for name, ms in measured.items():
        sizes.setdefault(parse(name)[0], []).append((name, ms))

    def error(item, level):
        e = 0.0
        for runs in sizes.values():
            best = min(ms for _, ms in runs)
            for name, ms in runs:
                if ms < 2 * best:
                    e += math.log(predict(*parse(name), item, level) / ms) ** 2
        return e

    fit = min(((i * 0.1e-12, l * 0.1e-12) for i in range(5, 40)
               for l in range(0, 30)), key=lambda f: error(*f))
    print('stream_item_ps_3d %.1f, stream_level_ps_3d %.1f' %
          (fit[0] * 1e12, fit[1] * 1e12))
    for n, runs in sorted(sizes.items()):
        best = min(runs, key=lambda r: r[1])
        ranked = min(runs, key=lambda r: predict(*parse(r[0]), *fit))
        print('%d^3: ranked first %s (%.2f ms), measured best %s (%.2f ms): '
              '%.0f%%' % (n, ranked[0], ranked[1], best[0], best[1],
                          100 * best[1] / ranked[1]))


if __name__ == '__main__':
    main()
