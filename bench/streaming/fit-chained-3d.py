#!/usr/bin/env python3
"""Checks the 3D figures of the kernels whose levels chain one row apart
(stream_chained_item_ps_3d and stream_chained_level_ps_3d for constant
extents, stream_runtime_item_ps_3d and stream_runtime_level_ps_3d for
extents known only at run time) by what they are for: the vector tilec's
own search picks, against each sweep's measured best. For every pair of
figures tried it writes the h200 profile with them, runs tilec
--dump-params on each swept size and looks the choice up in the sweeps.
bench/streaming/fit-points.py and fit-levels.py fit the pairs by least
squares on every vector's time; this script sees what their fits leave
out (min_work_groups, the tile limit, the rules on points per work item).

    python3 bench/streaming/fit-chained-3d.py build/bin/tilec \\
        docs/data/h100-2026-11-27-chained-sweep.txt \\
        docs/data/h100-2026-11-27-chained-sweep-more.txt

Input lines: `NAME: kernel time MS ms`, NAME h3-N-WxH-tT[-pP] (heat3d
N^3, 100 steps) or r3-N-WxH-tT[-pP] (heat3d_runtime, extents assumed
N^3), as bench/streaming/sweep.sh names them. Prints, per kernel, the
worst share of the best over its sweeps for a grid of first-step (rows)
and further-step (columns) figures, then each sweep's choice with the
profile's figures."""
import os
import re
import sys
import tempfile

from streammodel import ROOT, chosen_vector, h200_profile, write_profile

KERNELS = {  # prefix -> (source, tilec arguments for size N, figures)
    'h3': ('samples/heat3d/heat3d.c',
           lambda n: ['--', '-DNX=%d' % n, '-DNY=%d' % n, '-DNZ=%d' % n,
                      '-DSTEPS=100'],
           ('stream_chained_item_ps_3d', 'stream_chained_level_ps_3d')),
    'r3': ('samples/heat3d/heat3d_runtime.c',
           lambda n: ['--assume=nz=%d,ny=%d,nx=%d' % (n, n, n)],
           ('stream_runtime_item_ps_3d', 'stream_runtime_level_ps_3d')),
}


def load(paths):
    """(prefix, n, 'W,H,1,T,P') -> kernel time (ms), the first one read."""
    data = {}
    for path in paths:
        for line in open(path):
            m = re.match(r'(h3|r3)-(\d+)-(\d+)x(\d+)-t(\d+)(?:-p(\d+))? *:? '
                         r'(?:kernel time )?([0-9.]+)', line)
            if m:
                key = (m.group(1), int(m.group(2)), '%s,%s,1,%s,%s' % (
                    m.group(3), m.group(4), m.group(5), m.group(6) or 1))
                data.setdefault(key, float(m.group(7)))
    return data


class Chooser:
    def __init__(self, tilec, data):
        self.tilec, self.data = tilec, data
        self.base = h200_profile()
        self.dir = tempfile.mkdtemp()

    def choice(self, prefix, n, figures):
        """tilec's vector (with P) for the sweep, under `figures`."""
        path = os.path.join(self.dir, 'profile.json')
        write_profile(self.base, figures, path)
        source, args, _ = KERNELS[prefix]
        v = chosen_vector(self.tilec, path, os.path.join(ROOT, source),
                          args(n), self.dir)
        return ','.join(v[:4] + [v[4] if len(v) > 4 else '1'])

    def shares(self, prefix, figures):
        """Per swept size: (n, choice, its time or None, best time)."""
        out = []
        for n in sorted({k[1] for k in self.data if k[0] == prefix}):
            vector = self.choice(prefix, n, figures)
            best = min(ms for k, ms in self.data.items()
                       if k[:2] == (prefix, n))
            out.append((n, vector, self.data.get((prefix, n, vector)), best))
        return out


def main():
    chooser = Chooser(sys.argv[1], load(sys.argv[2:]))
    for prefix, (_, _, (item, level)) in KERNELS.items():
        if not any(k[0] == prefix for k in chooser.data):
            continue
        levels = (0.1, 0.25, 0.4, 0.55, 0.7)
        print('%s: worst share of the best (%%), %s (rows) by %s (columns)'
              % (prefix, item, level))
        print('       ' + ''.join('%7.2f' % x for x in levels))
        for first in (1.5, 2.0, 2.5, 3.0, 3.5):
            row = []
            for further in levels:
                runs = chooser.shares(prefix, {item: first, level: further})
                row.append(min(b / ms if ms else 0 for _, _, ms, b in runs))
            print('  %4.2f ' % first + ''.join('%7.1f' % (100 * s)
                                               for s in row))
        shipped = {f: chooser.base['figures'][f]['value'] for f in (item, level)}
        print('with the profile\'s %s:' % shipped)
        for n, vector, ms, best in chooser.shares(prefix, shipped):
            share = '%.1f%%' % (100 * best / ms) if ms else 'not swept'
            print('  %s %d^3: %s %s ms, best %.3f ms: %s' %
                  (prefix, n, vector, ms, best, share))


if __name__ == '__main__':
    main()
