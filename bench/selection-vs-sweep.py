#!/usr/bin/env python3
"""Compare tilec's statically chosen mapping with the best of a sweep.

For every program and size in the sweep CSVs (bench/report.py's format:
sample, params, points, gstencil_per_s; CUDA rows), asks
`tilec --device=DEVICE --dump-params` for its choice at that size, looks the
choice up in the same CSV (the same run), and prints it as a percentage of
the run's best vector. A choice the run did not measure is reported as such:
add it to the next sweep (bench/make-sweep.sh) and compare again.

  python3 bench/selection-vs-sweep.py --tilec build/bin/tilec --device h200 \\
      docs/data/h200-2026-11-22-*-sweep.csv

Procedure after the blocked kernels change: run the sweep on the
GPU machine, refit the profile's per-item figures
(docs/parameter-selection.md, "Refitting"), then run this script and check
that every program reaches 95% of its best.
"""
import argparse
import csv
import subprocess
import sys

SIZES = {  # calc points -> -D flags; the samples' default sizes need none
    ("heat1d", 4194302): [],
    ("heat1d", 33554430): ["-DNX=33554432"],
    ("heat2d", 4186116): [],
    ("heat2d", 67076100): ["-DNX=8192", "-DNY=8192"],
    ("heat3d", 16387064): [],
    ("heat3d", 132651000): ["-DNX=512", "-DNY=512", "-DNZ=512"],
    ("himeno", 4032504): [],
}


def choice(tilec, device, sample, flags):
    out = subprocess.run(
        [tilec, "--device=" + device, "--target=cuda", "--dump-params",
         "samples/%s/%s.c" % (sample, sample), "--"] + flags,
        check=True, capture_output=True, text=True).stdout
    return [l for l in out.splitlines() if not l.startswith("#")][-1]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--tilec", default="build/bin/tilec")
    p.add_argument("--device", default="h200")
    p.add_argument("csv", nargs="+")
    a = p.parse_args()
    print("| sweep | program | points | chosen | chosen GStencil/s | best | "
          "best GStencil/s | chosen / best |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for path in a.csv:
        rows = [r for r in csv.DictReader(open(path))
                if r["target"] == "cuda" and r["gstencil_per_s"] not in ("", "-")]
        groups = {}
        for r in rows:
            groups.setdefault((r["sample"], int(r["points"])), {})[
                r["params"]] = float(r["gstencil_per_s"])
        for (sample, points), rates in sorted(groups.items()):
            if (sample, points) not in SIZES or len(rates) < 2:
                continue
            chosen = choice(a.tilec, a.device, sample, SIZES[(sample, points)])
            best = max(rates, key=rates.get)
            got = rates.get(chosen)
            print("| %s | %s | %d | %s | %s | %s | %.1f | %s |" % (
                path.split("/")[-1], sample, points, chosen,
                "%.1f" % got if got else "not measured", best, rates[best],
                "%.1f%%" % (100 * got / rates[best]) if got else "-"))


if __name__ == "__main__":
    sys.exit(main())
