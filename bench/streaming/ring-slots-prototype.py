#!/usr/bin/env python3
"""The prototype of ring slots named by constants in the 2D streaming
kernel: rewrites the interior row loop of a single-stage 2D kernel of
tilec's CUDA or OpenCL output (levels two rows apart, three rows a trip,
a ring of four slots indexed by a counter) so that the loop takes three
rows a trip as an unrolled inner loop over three ring slots: each copy
names its slot and the slot it reads (written two rows before) by
constants, so no slot arithmetic or address computation remains in the
loop. The loop may run up to two rows past its end, which the interior
loop's loads (row < last + T) and writes (row < last) already test.

    python3 bench/streaming/ring-slots-prototype.py FILE [--sync-every 2]

With --sync-every 2 the ring has six slots and the group waits at its
barrier every second row only: a row read two rows after it was written
is always behind one barrier, and a slot is written again six rows later,
after the rows that read it passed a barrier. Prints how many of the three rewrites it made (each must be 1)."""
import re
import sys

path = sys.argv[1]
every = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[2] == '--sync-every' else 1
slots = 3 * every
s = open(path).read()
m = re.search(r'if \(steps == (\d+) && first - \d+ >= tilec_j_lower[^\n]*\{\n', s)
start = m.end()
end = s.index('} else {', start)
body = s[start:end]
counts = []
body, n = re.subn(r'#pragma unroll 3\n(\s*)for \(int row = (first - \d+); row < (last \+ \d+); row\+\+\) \{\n(\s*)',
                  lambda m: '#pragma unroll 1\n%sfor (int row0 = %s; row0 < %s; row0 += %d) {\n%s#pragma unroll\n%sfor (int slot = 0; slot < %d; slot++) {\n%sconst int row = row0 + slot;\n%s' % (m.group(1), m.group(2), m.group(3), slots, m.group(1), m.group(1), slots, m.group(4), m.group(4)),
                  body)
counts.append(n)
body, n = re.subn(r'\(int\)\(\(slot \+ 2\) % 4\)', '(slot + %d) %% %d' % (slots - 2, slots), body)
counts.append(min(n, 1))
body, n = re.subn(r'slot = slot \+ 1 == 4 \? 0 : slot \+ 1;\n(\s*)(__syncthreads\(\);|barrier\(CLK_LOCAL_MEM_FENCE\);)\n(\s*)\}',
                  r'\2\n\3}\n\3}', body)
counts.append(n)
if every > 1:
    body = body.replace('__syncthreads();', 'if (slot %% %d == %d)\n  __syncthreads();' % (every, every - 1))
s = s[:start] + body + s[end:]
if every > 1:
    s = re.sub(r'(A_ring\[\d+\])\[4\]', r'\1[%d]' % slots, s)
    s = re.sub(r'\* 4 \+ ', '* %d + ' % slots, s)
open(path, 'w').write(s)
print(path, 'rewrites', counts)
sys.exit(0 if counts == [1, 1, 1] else 1)
