#!/usr/bin/env python3
"""Chooses the cost of a further step of the 2D streaming kernel
(stream_level_ps_2d at groups of 128 work items, stream_level_group_growth_2d
per doubling of the group, stream_fused_level_ps_2d for fused stages) by
what the figures are for: the vector tilec's own search picks, against
each sweep's measured best. For every pair of figures tried it writes the
h200 profile with them, runs tilec --dump-params on each swept program and
looks the choice up in the sweeps.

    python3 bench/streaming/fit-widths-2d.py build/bin/tilec \\
        docs/data/h100-2026-11-27-width-sweep-2d.txt \\
        docs/data/h100-2026-11-27-width-sweep-2d-more.txt \\
        docs/data/h100-2026-11-27-sweep-2d-2048-batched-profile.txt

Input lines: `[pass N ]NAME: kernel time MS ms`, NAME PROGRAM-N-W-tT-cC
with PROGRAM h2 (heat2d N^2, 100 steps), jf or jd (jacobi-2d in float or
double, 50 steps of two sweeps) or fd (fdtd2d, four stages, 50 steps).
Each vector gets the median of its timings in the first file that has it.

Prints the worst share of the best over the single-stage sweeps for a grid
of level costs and growths (0: some choice was not swept; fdtd2d's choice
depends only on the fused figure), then each sweep's choice without the three figures (every further
step costs stream_item_ps_2d) and with the profile's."""
import os
import re
import statistics
import sys
import tempfile

from streammodel import ROOT, chosen_vector, chunk, h200_profile, write_profile

PROGRAMS = {
    'h2': ('samples/heat2d/heat2d.c', '-DNX={n} -DNY={n} -DSTEPS=100'),
    'jf': ('samples/jacobi2d/jacobi2d.c', '-DN={n} -DSTEPS=50'),
    'jd': ('samples/jacobi2d/jacobi2d.c',
           '-DN={n} -DSTEPS=50 -DDATA_TYPE_IS_DOUBLE'),
    'fd': ('samples/fdtd2d/fdtd2d.c', '-DNX={n} -DNY={n} -DSTEPS=50'),
}
FIGURES = ('stream_level_ps_2d', 'stream_level_group_growth_2d',
           'stream_fused_level_ps_2d')


def load(paths):
    """(program, n, w, t, chunk) -> median kernel time (ms)."""
    data = {}
    for path in paths:
        known, found = set(data), {}
        for line in open(path):
            m = re.match(r'(?:pass \d+ )?(\S+): kernel time ([0-9.]+) ms',
                         line)
            f = m.group(1).split('-') if m else []
            if len(f) not in (4, 5) or f[0] not in PROGRAMS or \
                    not f[2].isdigit() or not f[3].startswith('t') or \
                    (len(f) == 5 and not f[4].startswith('c')):
                continue
            t = int(f[3][1:])
            c = int(f[4][1:]) if len(f) == 5 else chunk(t)
            key = (f[0], int(f[1]), int(f[2]), t, c)
            if key not in known:
                found.setdefault(key, []).append(float(m.group(2)))
        data.update({k: statistics.median(v) for k, v in found.items()})
    return data


class Chooser:
    def __init__(self, tilec, data):
        self.tilec, self.data = tilec, data
        self.base = h200_profile()
        self.dir = tempfile.mkdtemp()
        self.sweeps = sorted({k[:2] for k in data})

    def choices(self, figures):
        """Per sweep: (sweep, (w, t, chunk), its time or None, best time);
        figures maps a figure to its value, None to drop it."""
        path = os.path.join(self.dir, 'profile.json')
        write_profile(self.base, figures, path)
        out = []
        for program, n in self.sweeps:
            source, defines = PROGRAMS[program]
            v = chosen_vector(self.tilec, path, os.path.join(ROOT, source),
                              ['--'] + defines.format(n=n).split(), self.dir)
            t = int(v[3])
            vector = (int(v[0]), t, int(v[5]) if len(v) > 5 else
                      chunk(t))
            best = min(ms for k, ms in self.data.items()
                       if k[:2] == (program, n))
            out.append(((program, n), vector,
                        self.data.get((program, n) + vector), best))
        return out


def worst(choices):
    return min(best / ms if ms else 0 for (p, _), _, ms, best in choices
               if p != 'fd')


def main():
    chooser = Chooser(sys.argv[1], load(sys.argv[2:]))
    shipped = {name: chooser.base['figures'][name]['value']
               for name in FIGURES}
    growths = (1.0, 1.1, 1.15, 1.2, 1.25)
    print('worst share of the best over the single-stage sweeps (%): '
          'stream_level_ps_2d (rows) by stream_level_group_growth_2d '
          '(columns)')
    print('       ' + ''.join('%7.2f' % g for g in growths))
    for level in (0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.8):
        shares = [worst(chooser.choices(
            dict(shipped, stream_level_ps_2d=level,
                 stream_level_group_growth_2d=g))) for g in growths]
        print('  %4.2f ' % level + ''.join('%7.1f' % (100 * s)
                                           for s in shares))
    for label, figures in (('without the figures',
                            dict.fromkeys(FIGURES)),
                           ('with the profile\'s %s' % shipped, shipped)):
        print(label + ':')
        for (program, n), (w, t, c), ms, best in chooser.choices(figures):
            share = '%.1f%%' % (100 * best / ms) if ms else 'not swept'
            print('  %s %d^2: %d,1,1,%d,1,%d %s ms, best %.3f ms: %s' %
                  (program, n, w, t, c, ms, best, share))


if __name__ == '__main__':
    main()
