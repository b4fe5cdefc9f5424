#!/usr/bin/env python3
"""Compares tilec's static choice with the best vector of streaming sweeps.

Reads sweep results (bench/c-output/run.sh's results.txt, "NAME: kernel
time MS ms", or the docs/data files' "NAME MS" lines) whose names say the
program, size and vector, asks `tilec --dump-params` for its choice at
each size, and prints the choice's time as a share of the sweep's best.

    python3 bench/streaming/choice-vs-sweep.py --device h100-sxm \\
        docs/data/h100-2026-11-25-select-sweep.txt ...

Names (bench/streaming/sweep.sh, sweep-fp64.sh): h3-N-WxH-tT[-pP]
(heat3d N^3, 100 steps), h2-N-W-tT (heat2d N^2, 100 steps),
h3d64-N-WxH-tT[-pP] (PolyBench's heat-3d in double, 50 steps of two
sweeps), j2d64-N-W-tT (jacobi-2d in double, 50 steps of two sweeps). A
choice the sweep did not measure is reported as such.
"""
import argparse
import re
import subprocess

PROGRAMS = {  # prefix -> (source, -D flags of size N)
    "h3": ("samples/heat3d/heat3d.c",
           lambda n: ["-DNX=%d" % n, "-DNY=%d" % n, "-DNZ=%d" % n, "-DSTEPS=100"]),
    "h2": ("samples/heat2d/heat2d.c",
           lambda n: ["-DNX=%d" % n, "-DNY=%d" % n, "-DSTEPS=100"]),
    "h3d64": ("test/lit/e2e/Inputs/heat-3d.c",
              lambda n: ["-DN=%d" % n, "-DSTEPS=50", "-DUSE_DOUBLE"]),
    "j2d64": ("samples/jacobi2d/jacobi2d.c",
              lambda n: ["-DN=%d" % n, "-DSTEPS=50", "-DDATA_TYPE_IS_DOUBLE"]),
}
NAME = re.compile(r"^(h3|h2|h3d64|j2d64)-(\d+)-(\d+(?:x\d+)?-t\d+(?:-p\d+)?)$")


def vector_name(params, three_d):
    """'32,8,1,3,4' -> '32x8-t3-p4'; '128,1,1,8' in 2D -> '128-t8'."""
    v = [int(x) for x in params.split(",")]
    if len(v) < 4:
        return params
    w, h, t = v[0], v[1], v[3]
    p = v[4] if len(v) > 4 else 1
    return "%s-t%d%s" % ("%dx%d" % (w, h) if three_d else "%d" % w, t,
                         "-p%d" % p if p > 1 else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tilec", default="build/bin/tilec")
    ap.add_argument("--device", default="h100-sxm")
    ap.add_argument("results", nargs="+")
    args = ap.parse_args()
    runs = {}
    for path in args.results:
        for line in open(path):
            fields = [f.rstrip(":") for f in line.split()
                      if f not in ("kernel", "time", "ms")]
            if len(fields) < 2 or not NAME.match(fields[0]):
                continue
            try:
                ms = float(fields[1])
            except ValueError:
                continue
            prefix, n, vector = NAME.match(fields[0]).groups()
            runs.setdefault((prefix, int(n)), {})[vector] = ms
    worst = 100.0
    for (prefix, n), times in sorted(runs.items()):
        source, flags = PROGRAMS[prefix]
        out = subprocess.run(
            [args.tilec, "--device=" + args.device, "--target=cuda",
             "--dump-params", source, "--"] + flags(n),
            check=True, capture_output=True, text=True).stdout
        chosen = vector_name(
            [l for l in out.splitlines() if not l.startswith("#")][-1],
            prefix.startswith("h3"))
        best = min(times, key=times.get)
        if chosen in times:
            share = 100 * times[best] / times[chosen]
            worst = min(worst, share)
            print("%-6s %5d: chose %-12s %8.3f ms, best %-12s %8.3f ms: %3.0f%%"
                  % (prefix, n, chosen, times[chosen], best, times[best], share))
        else:
            print("%-6s %5d: chose %-12s (not in the sweep), best %-12s %8.3f ms"
                  % (prefix, n, chosen, best, times[best]))
    print("worst measured share: %.0f%%" % worst)


if __name__ == "__main__":
    main()
