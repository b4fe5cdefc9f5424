#!/usr/bin/env python3
"""Rewrites a streaming kernel that tilec emitted (CUDA, constant extents):
--ahead K loads the input K rows ahead of the row loop (a register queue
of K rows instead of one), --chunk C makes every group walk C rows (the
kernel's chunk and the launch grid). The edits are textual and expect the
kernel as tilec 8b321ed emits it; bench/streaming/hand-variants.sh applies
them to a prepared directory."""
import argparse, re, sys

ap = argparse.ArgumentParser()
ap.add_argument("file")
ap.add_argument("--ahead", type=int, default=1)
ap.add_argument("--chunk", type=int, default=0)
a = ap.parse_args()
s = open(a.file).read()
K = a.ahead
if K > 1:
    # declarations: "TYPE A_next;" or "TYPE A_next[P];"
    def decl(m):
        return f"{m.group(1)} {m.group(2)}{m.group(3) or ''}[{K}];"
    s, n = re.subn(r"(float|double) (\w+_next)(\[\d+\])?;", decl, s)
    assert n >= 1, "no next declaration"
    # first-row loads
    def first(m):
        ind, var, start, nxt, rest = m.group(1), m.group(2), m.group(3), m.group(4), m.group(5)
        out = []
        for k in range(K):
            out.append(f"{ind}{{\n{ind}  const int {var} = {start} + {k};\n{ind}  {nxt}[{k}] = {rest}\n{ind}}}")
        return "\n".join(out)
    s, n = re.subn(r"( *)\{\n *const int (\w+) = (first - \d+);\n *(\w+_next(?:\[p\])?) = (.*)\n *\}", first, s)
    assert n >= 1, "no first load"
    # consumption
    def use(m):
        ind, lhs, nxt = m.group(1), m.group(2), m.group(3)
        out = [f"{ind}{lhs} = {nxt}[0];"]
        for k in range(K - 1):
            out.append(f"{ind}{nxt}[{k}] = {nxt}[{k+1}];")
        return "\n".join(out)
    s, n = re.subn(r"( *)(\w+_new(?:\[p\])?\[0\]) = (\w+_next(?:\[p\])?);", use, s)
    assert n >= 1, "no use"
    def load(m):
        ind, var, nxt, rest = m.group(1), m.group(2), m.group(3), m.group(4)
        return f"{ind}const int {var} = row + {K};\n{ind}{nxt}[{K-1}] = {rest}"
    s, n = re.subn(r"( *)const int (\w+) = row \+ 1;\n *(\w+_next(?:\[p\])?) = (.*)", load, s)
    assert n >= 1, "no load"
if a.chunk:
    C = a.chunk
    m = re.search(r"blockIdx\.(\w) \* (\d+);\n *const int last = first \+ (\d+) <", s)
    assert m, "no chunk"
    old = m.group(2)
    s = s.replace(f"blockIdx.{m.group(1)} * {old};", f"blockIdx.{m.group(1)} * {C};")
    s = s.replace(f"first + {old} <", f"first + {C} <").replace(f"? first + {old} :", f"? first + {C} :")
    s, n = re.subn(rf"\+ {int(old)-1}\) / {old}\)", f"+ {C-1}) / {C})", s)
    assert n >= 1, "no launch grid"
open(a.file, "w").write(s)
