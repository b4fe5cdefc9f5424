#!/usr/bin/env python3
"""The prototype of the chained levels (docs/notes/beside-ebisu.md, "Levels
chained one row apart"): rewrites a streaming kernel of tilec's CUDA output
from before the change (tilec 9293e99, a stencil reaching one row either
way along the streamed axis, T levels) so that level l works one row
behind level l - 1 instead of two, takes that level's newest row from the
value it computed in the same trip, and indexes a ring of two slots by the
constant of an inner loop unrolled twice. tilec now emits that shape for
3D single-stage regions (chainsStreamedLevels); this script is what the
2D kernels and the ping-pong pair were measured with before they were left
out (docs/data/h100-2026-11-27-chained-prototype.txt). Its rewrite of the
pair's edge groups is wrong (their boundary reads keep the old lag): those
programs differed from serial.

    python3 bench/streaming/chained-prototype.py DIR/cuda/NAME_tilec.cu T

in a bench/c-output directory, before run.sh there. Prints how many row
loops, loop ends, window shifts and interior tests it rewrote."""
import re
import sys

path, T = sys.argv[1], int(sys.argv[2])
s = open(path).read()
s = re.sub(r'A_ring\[(\d+)\]\[4\]', r'A_ring[\1][2]', s)
s = re.sub(r'(A_rows(?:\[\d+\])*)\[3\] = ', r'\1[2] = ', s)
s = re.sub(r'  unsigned slot = 0;[^\n]*\n', '', s)
s, n = re.subn(r'#pragma unroll [123]\n(\s*)for \(int row = (first - \d+); row < last \+ %d; row\+\+\) \{' % (2 * T),
           lambda m: '#pragma unroll 1\n%sfor (int row0 = %s; row0 < last + %d; row0 += 2) {\n%s#pragma unroll\n%sfor (int slot = 0; slot < 2; slot++) {\n%sconst int row = row0 + slot;' % (m.group(1), m.group(2), T, m.group(1), m.group(1), m.group(1)), s)
print('loops', n)
s, n = re.subn(r'slot = slot \+ 1 == 4 \? 0 : slot \+ 1;\n(\s*)__syncthreads\(\);\n(\s*)\}', r'__syncthreads();\n\2}\n\2}', s)
print('loop ends', n)
s = re.sub(r'const int (\w+) = row - 2;', r'const int \1 = row - 1;', s)
s = s.replace('row - 2 * level', 'row - level')
s = s.replace('row - %d;' % (2 * T), 'row - %d;' % T)
# The shifts: rows[1] = rows[2]; rows[2] = new  ->  rows[1] = new.
s, n = re.subn(r'(A_rows((?:\[\w+\])*))\[1\] = A_rows\2\[2\];\n\s*A_rows\2\[2\] = (A_new[^;]*);', r'\1[1] = \3;', s)
print('shifts', n)
# Every other read of a level's newest row is this iteration's new value.
s = re.sub(r'A_rows((?:\[[^\]\[]+\])+?)\[2\](?!\[)(?! = \{)', r'A_new\1', s)
s = s.replace('(int)((slot + 2) % 4)', '(1 - slot)')
s = re.sub(r'\* 4 \+ \(1 - slot\)', '* 2 + (1 - slot)', s)
s = s.replace('* 4 + slot)', '* 2 + slot)')
s, n = re.subn(r'first - %d >= (tilec_\w+_lower) && last \+ %d <= (tilec_\w+_upper)' % (3 * T, 2 * T - 2),
              r'first - %d >= \1 && last + %d <= \2' % (2 * T, T), s)
print('interior', n)
open(path, 'w').write(s)
