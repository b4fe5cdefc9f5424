#!/usr/bin/env python3
"""Turns gpu-run.sh's results.csv into results.json and results.md: every
configuration, and per sample and size the best parameter vector beside the
naive mapping and the copy-bandwidth bound."""
import csv
import json
import os
import re
import sys


def main(results_dir):
    rows = list(csv.DictReader(open(os.path.join(results_dir, "results.csv"))))
    device = open(os.path.join(results_dir, "device.txt")).read().strip()
    copy = open(os.path.join(results_dir, "copy_bandwidth.txt")).read()
    memcpy_gbs = float(re.search(r"cudaMemcpy\): ([0-9.]+)", copy).group(1))
    json.dump({"device": device, "copy_bandwidth_gbs": memcpy_gbs,
               "runs": rows},
              open(os.path.join(results_dir, "results.json"), "w"), indent=1)

    def size(r):
        return "%s points x %s steps" % (r["points"], r["steps"])

    timed = [r for r in rows if r["gstencil_per_s"] not in ("-", "")]
    groups = {}
    for r in timed:
        groups.setdefault((r["sample"], r["points"], r["target"]), []).append(r)
    lines = ["Device: %s. Copy bandwidth (cudaMemcpy, read + write): %.0f GB/s."
             % (device, memcpy_gbs), "",
             "| sample | calc points | target | naive GStencil/s | best vector | best GStencil/s | speed-up | vectors timed |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for (sample, points, target), rs in sorted(groups.items()):
        naive = [r for r in rs if r["params"] == "naive"]
        blocked = [r for r in rs if r["params"] != "naive"]
        best = max(blocked, key=lambda r: float(r["gstencil_per_s"]),
                   default=None)
        n = float(naive[0]["gstencil_per_s"]) if naive else None
        b = float(best["gstencil_per_s"]) if best else None
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %d |" % (
            sample, points, target, "%.1f" % n if n else "-",
            best["params"] if best else "-", "%.1f" % b if b else "-",
            "%.2fx" % (b / n) if n and b else "-", len(blocked)))
    lines += ["", "| config | target | params | verify | kernel ms | median launch us | GStencil/s |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            r["config"], r["target"], r["params"], r["verify"],
            r["kernel_ms"], r["median_launch_us"], r["gstencil_per_s"]))
    text = "\n".join(lines) + "\n"
    open(os.path.join(results_dir, "results.md"), "w").write(text)
    print(text)


if __name__ == "__main__":
    main(sys.argv[1])
