#!/usr/bin/env python3
"""Instruction mix of one kernel from an Nsight Compute source page
(bench/c-output/profile.sh writes profile/NAME.source.csv): each SASS
opcode's share of the executed warp instructions and of the warp-stall
samples.

    python3 bench/c-output/sass-mix.py profile/NAME.source.csv
"""
import csv, sys, collections
rows = list(csv.reader(open(sys.argv[1])))
hdr = rows[1]
ia = hdr.index("Instructions Executed"); isrc = hdr.index("Source"); ist = hdr.index("Warp Stall Sampling (All Samples)")
ops = collections.Counter(); stalls = collections.Counter(); total = 0; tst = 0
for r in rows[2:]:
    if len(r) <= ia: continue
    try: n = int(r[ia]); st = int(r[ist])
    except: continue
    src = r[isrc].strip()
    op = src.split()[0] if src else '?'
    if op.startswith('@'): op = src.split()[1]
    op = op.split('.')[0]
    ops[op] += n; stalls[op] += st; total += n; tst += st
print("total warp instructions %d, stall samples %d" % (total, tst))
for op, n in ops.most_common(int(sys.argv[2]) if len(sys.argv) > 2 else 30):
    print("%-10s %6.1f%% instr  %6.1f%% stall samples" % (op, 100*n/total, 100*stalls[op]/tst))
