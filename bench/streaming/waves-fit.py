#!/usr/bin/env python3
"""Tries a model of waves and latency for the 3D streaming kernel against
the measured sweeps (the search's choices at small grids).

The profiles' model (tuning/RunTimeModel.cpp) predicts a launch from
throughput alone: max(M, C) + 0.5 min(M, C), M = bytes / B2, C = points x
redundancy x (chunk + lag) / chunk x (item + (T - 1) level), and keeps
vectors with at least min_work_groups groups. This script adds what it
leaves out and fits the new figures to the sweeps:

  - waves: the busiest SM gets ceil(G / SMs) groups; the compute term
    grows by that over G / SMs (groups per SM from registers, estimated
    as min(64, max(32, 8 (P T + 1))), from local memory and from 2048
    threads);
  - latency: one group's row trip takes lambda = l0 + l1 (P - 1) us, and
    a launch at least rounds x (chunk + lag) x lambda, rounds = the
    busiest SM's groups over the groups it holds at once;
  - a gap of g us per launch (back-to-back launches in event timing).

    python3 bench/streaming/waves-fit.py docs/data/h100-2026-11-26-runtime-sweep-interior.txt \\
        docs/data/h200-2026-11-26-small-grid-sweep.txt docs/data/h100-2026-11-25-select-sweep.txt

Input lines: NAME MS with NAME h3-N-WxH-tT[-pP] (heat3d N^3, constant
extents) or r3-N-... (run-time extents), 100 steps, fp32. Prints the
fitted figures, the squared log error of the profiles' launch formula and
of this one over the vectors within twice each size's best, and per size
the vector this model ranks first as a share of the measured best.
Result on those three files (2026-11-26): error 48.5 -> 6.7; ranked
first: 97-100% of the best at 128^3 (where no vector has the groups the
search asks for), 93-98% at 300^3 and 512^3, but 72-91% at 200^3 and
72-78% at 256^3, below the search's own choices there (85-96%,
docs/notes/streaming.md): the spread between the best vectors at those sizes
comes from the vectors' code (registers, spills, the kernel of run-time
extents), not from waves. Not adopted; docs/notes/streaming.md, "Small
grids".
"""
import math
import sys

from streammodel import chunk, kernel_times

SMS = 132
STEPS = 100
B2 = {'h100': 3350e9, 'h200': 3909.5e9}  # the profiles' B2


def resident(w, h, t, p):
    """Groups an SM holds at once."""
    items = w * h
    regs = max(32, min(64, 8 * (p * t + 1)))
    by_regs = (65536 // (math.ceil(regs * 32 / 256) * 256)) // (items // 32)
    ring = 0 if t == 1 else (t - 1) * 4 * (w + 2) * (h * p + 2) * 4
    by_ring = 233472 // (ring + 1024) if ring else 32
    return max(1, min(by_regs, 2048 // items, by_ring, 32))


def groups(n, w, h, t, p):
    c = n - 2
    ox, oy = w - 2 * (t - 1), h * p - 2 * (t - 1)
    if ox < 1 or oy < 1:
        return 0
    return math.ceil(c / ox) * math.ceil(c / oy) * math.ceil(c / chunk(t))


def throughput(v, item, level):
    """Memory and compute seconds of one launch, as the profiles' model."""
    n, w, h, t, p = v['n'], v['w'], v['h'], v['t'], v['p']
    points = (n - 2) ** 3
    red = (w / (w - 2 * (t - 1))) * (h * p / (h * p - 2 * (t - 1)))
    rows, lag = min(chunk(t), n - 2), 2 * t
    memory = points * 8 * red / B2[v['device']]
    compute = points * red * (rows + lag) / rows * (item + (t - 1) * level)
    return memory, compute


def current(v):
    item, level = (2.5e-12, 0.8e-12) if v['runtime'] else (2.3e-12, 1.5e-12)
    m, c = throughput(v, item, level)
    return (max(m, c) + 0.5 * min(m, c)) * math.ceil(STEPS / v['t'])


def waves(v, f):
    n, w, h, t, p = v['n'], v['w'], v['h'], v['t'], v['p']
    item, level = (f['ir'], f['lr']) if v['runtime'] else (f['ic'], f['lc'])
    m, c = throughput(v, item * 1e-12, level * 1e-12)
    g = groups(n, w, h, t, p)
    busiest = math.ceil(g / SMS)
    c *= busiest * SMS / g
    rounds = math.ceil(busiest / resident(w, h, t, p))
    latency = rounds * (min(chunk(t), n - 2) + 2 * t) * \
        (f['l0'] + f['l1'] * (p - 1)) * 1e-6
    launch = max(max(m, c) + 0.5 * min(m, c), latency) + f['g'] * 1e-6
    return launch * math.ceil(STEPS / t)


def load(paths):
    sizes = {}
    for path in paths:
        device = 'h200' if 'h200' in path else 'h100'
        for name, ms in kernel_times(path, ('h3-', 'r3-')):
            parts = name.split('-')
            if len(parts) < 4 or 'x' not in parts[2] or 'x1-' in name:
                continue
            w, h = map(int, parts[2].split('x'))
            v = dict(name=name, device=device, runtime=parts[0] == 'r3',
                     n=int(parts[1]), w=w, h=h, t=int(parts[3][1:]),
                     p=int(parts[4][1:]) if len(parts) > 4 else 1,
                     ms=float(ms))
            if v['p'] > 1 and (w * h > 256 or v['p'] * v['t'] > 12):
                continue  # vectors the search never offers
            sizes.setdefault((path, v['n']), []).append(v)
    return sizes


def error(sizes, model):
    e = 0.0
    for runs in sizes.values():
        best = min(v['ms'] for v in runs)
        e += sum(math.log(model(v) * 1e3 / v['ms']) ** 2
                 for v in runs if v['ms'] < 2 * best)
    return e


def fit(sizes, f):
    steps = dict(ic=[0.4, 0.1], lc=[0.4, 0.1], ir=[0.4, 0.1], lr=[0.4, 0.1],
                 l0=[0.2, 0.05, 0.01], l1=[0.1, 0.02], g=[1, 0.25])
    best, best_error = dict(f), error(sizes, lambda v: waves(v, f))
    for _ in range(6):
        for key, deltas in steps.items():
            for d in deltas:
                for sign in (1, -1):
                    trial = dict(best)
                    trial[key] = max(0.0, trial[key] + sign * d)
                    e = error(sizes, lambda v: waves(v, trial))
                    if e < best_error:
                        best, best_error = trial, e
    return best


def first(runs, model):
    kept = sorted(runs, key=lambda v: (v['t'], v['p'], v['w'] * v['h']))
    choice = None
    for v in kept:  # ties within 1% go to the smaller T, P and group
        if choice is None or model(v) < 0.99 * model(choice):
            choice = v
    return choice


def main():
    sizes = load(sys.argv[1:])
    f = fit(sizes, dict(ic=2.3, lc=1.5, ir=2.5, lr=0.8, l0=0.5, l1=0.1, g=1))
    print('fitted: ' + ', '.join('%s %.2f' % kv for kv in f.items()))
    print('squared log error: profiles\' model %.1f, with waves %.1f' %
          (error(sizes, current), error(sizes, lambda v: waves(v, f))))
    for (path, n), runs in sorted(sizes.items()):
        best = min(runs, key=lambda v: v['ms'])
        v = first(runs, lambda v: waves(v, f))
        line = '%s %d^3: best %s %.2f ms; ranked first %s %.2f ms, %.0f%%' % (
            path.split('/')[-1], n, best['name'], best['ms'], v['name'],
            v['ms'], 100 * best['ms'] / v['ms'])
        print(line)


if __name__ == '__main__':
    main()
