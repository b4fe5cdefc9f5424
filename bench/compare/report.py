#!/usr/bin/env python3
"""Turns a bench/compare run into the report: a Markdown table (speed-ups
over serial C and OpenACC, tilec against the hand-written naive CUDA and the
sweep's best vector, the run-time prediction beside the measurement), the
lines a user writes for each version, and PNG plots.

    python3 bench/compare/report.py RESULTS_DIR OUT_DIR [SWEEP_CSV]
    TILEC_REPORT_DOC=docs/notes/side-by-side.md python3 bench/compare/report.py ...

RESULTS_DIR holds run.sh's results.csv, device.txt and copy_bandwidth.txt;
OUT_DIR receives report.md, speedup.png and sweep.png. SWEEP_CSV is a
bench/gpu-run.sh results.csv of the parameter sweep (for sweep.png). With
TILEC_REPORT_DOC set, the part of that file between the compare:begin and
compare:end markers is replaced by the report."""
import csv
import difflib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VARIANTS = ["serial", "acc", "naive", "torch", "tilec-cuda", "tilec-opencl",
            "best-cuda", "best-opencl"]
LABEL = {"serial": "serial C", "acc": "OpenACC (GCC)", "naive": "naive CUDA",
         "torch": "torch", "tilec-cuda": "tilec CUDA", "tilec-opencl": "tilec OpenCL",
         "best-cuda": "sweep best CUDA", "best-opencl": "sweep best OpenCL"}


def num(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def load(results):
    rows = list(csv.DictReader(open(os.path.join(results, "results.csv"))))
    programs = {}
    for r in rows:
        programs.setdefault(r["program"], {})[r["variant"]] = r
    return programs


def time_of(r, keys=("kernel_s", "loop_s", "region_s")):
    """The first of `keys` that `r` has: by default the kernel time from
    CUDA/OpenCL events (tilec, the naive CUDA programs, torch), else the time
    loop (the program's region minus its 0-step region: serial C and
    OpenACC, which report no events), else the region (apsp)."""
    if r is None:
        return None
    for key in keys:
        v = num(r.get(key))
        if v is not None and v > 0:
            return v
    return None


def work(program, r):
    """Updates per run: points x steps, or n^3 for Floyd-Warshall."""
    m = re.search(r"(\d+)$", program)
    if r["sample"] == "apsp":
        n = int(m.group(1)) if m else 0
        return float(n) ** 3
    return num(r["points"]) * num(r["steps"])


def changed_lines(base, other):
    """Lines added or changed going from `base` to `other` (what a user
    writes), blank lines and comments not counted."""
    a = open(base).read().splitlines()
    b = open(other).read().splitlines()
    count = 0
    for op, _, _, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op in ("replace", "insert"):
            for line in b[j1:j2]:
                s = line.strip()
                if s and not s.startswith(("//", "/*", "*")):
                    count += 1
    return count


def line_counts():
    out = []
    for sample in ("heat1d", "heat2d", "heat3d", "himeno", "apsp", "jacobi2d", "fdtd2d"):
        d = os.path.join(ROOT, "samples", sample)
        plain = os.path.join(d, sample + "_plain.c")
        row = [sample]
        for name in (sample + ".c", sample + "_acc.c", sample + "_cuda.cu"):
            p = os.path.join(d, name)
            row.append(str(changed_lines(plain, p)) if os.path.exists(p) else "-")
        out.append(row)
    return out


def fmt(t):
    return "%.4g s" % t if t else "-"


def ratio(a, b):
    return "%.1fx" % (b / a) if a and b else "-"


def table(programs):
    """The time loop on the device (transfers left out), every variant."""
    lines = ["| program | serial C | OpenACC | naive CUDA | tilec CUDA (vector) | tilec OpenCL | sweep best CUDA | tilec / OpenACC | tilec / serial | tilec / naive | tilec CUDA kernel | predicted kernel |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    speedups = []
    for name, v in programs.items():
        t = {k: time_of(v.get(k)) for k in VARIANTS}
        tc = v.get("tilec-cuda")
        naive = "naive" if t["naive"] else "torch"
        kernel = num(tc["kernel_s"]) if tc else None
        rate = "-"
        if kernel:
            unit = "G updates/s" if tc["sample"] == "apsp" else "GStencil/s"
            rate = "%.1f %s" % (work(name, tc) / kernel / 1e9, unit)
        pk = num(tc["pred_kernel_s"]) if tc else None
        pred_k = "%.3g s (%+.0f%%)" % (pk, 100 * (pk / kernel - 1)) if pk and kernel else "-"
        verify = all(r["verify"] in ("OK", "-") for r in v.values())
        lines.append("| %s%s | %s | %s | %s | %s (%s) | %s | %s | %s | %s | %s | %s | %s |" % (
            name, "" if verify else " (MISMATCH)", fmt(t["serial"]), fmt(t["acc"]),
            fmt(t[naive]), fmt(t["tilec-cuda"]), tc["params"] if tc else "-",
            fmt(t["tilec-opencl"]), fmt(t["best-cuda"]),
            ratio(t["tilec-cuda"], t["acc"]), ratio(t["tilec-cuda"], t["serial"]),
            ratio(t["tilec-cuda"], t[naive]), rate, pred_k))
        speedups.append((name, t))
    return lines, speedups


def region_table(programs):
    """The region with its transfers, and the whole program."""
    lines = ["| program | serial C | OpenACC | tilec CUDA | tilec / OpenACC | tilec predicted (Ito: T1 + I x T2 + T3) against kernels + transfers measured | whole program: serial / OpenACC / tilec CUDA |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for name, v in programs.items():
        t = {k: time_of(v.get(k), ("region_s",)) for k in ("serial", "acc", "tilec-cuda")}
        w = {k: time_of(v.get(k), ("wall_s",)) for k in ("serial", "acc", "tilec-cuda")}
        tc = v.get("tilec-cuda")
        pt = num(tc["pred_total_s"]) if tc else None
        # The model covers the kernels and the transfers, which the runtime
        # times with events; the region also creates the context.
        measured = None
        if tc and num(tc["kernel_s"]) and num(tc["transfer_s"]):
            measured = num(tc["kernel_s"]) + num(tc["transfer_s"])
        pred = "%.3g s against %.3g s (%+.0f%%)" % (pt, measured, 100 * (pt / measured - 1)) if pt and measured else "-"
        lines.append("| %s | %s | %s | %s | %s | %s | %s / %s / %s |" % (
            name, fmt(t["serial"]), fmt(t["acc"]), fmt(t["tilec-cuda"]),
            ratio(t["tilec-cuda"], t["acc"]), pred, fmt(w["serial"]), fmt(w["acc"]),
            fmt(w["tilec-cuda"])))
    return lines


def plots(speedups, sweep_csv, programs, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    names = [n for n, t in speedups]
    fig, ax = plt.subplots(figsize=(10, 4.5))
    width = 0.38
    for i, (base, colour) in enumerate((("acc", "tab:blue"), ("serial", "tab:orange"))):
        vals = [t[base] / t["tilec-cuda"] if t[base] and t["tilec-cuda"] else 0 for n, t in speedups]
        ax.bar([x + (i - 0.5) * width for x in range(len(names))], vals, width,
               label="tilec CUDA over " + LABEL[base], color=colour)
        for x, v in enumerate(vals):
            if v:
                ax.text(x + (i - 0.5) * width, v, "%.0f" % v, ha="center", va="bottom", fontsize=7)
    ax.set_yscale("log")
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=30, ha="right")
    ax.set_ylabel("speed-up (device time)")
    ax.legend()
    ax.set_title("tilec CUDA (chosen parameters) against serial C and GCC OpenACC")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "speedup.png"), dpi=110)
    if not sweep_csv:
        return
    rows = list(csv.DictReader(open(sweep_csv)))
    chosen = {(v.get("tilec-cuda") or {}).get("sample"): None for v in programs.values()}
    panels = [("h2d8192-", "heat2d-8192", "heat2d 8192^2"), ("h3d512-", "heat3d-512", "heat3d 512^3"),
              ("h2d-", "heat2d", "heat2d 2048^2"), ("h3d-", "heat3d", "heat3d 256^3")]
    fig, axes = plt.subplots(1, len(panels), figsize=(16, 4.5))
    for ax, (prefix, prog, title) in zip(axes, panels):
        sw = [r for r in rows if r["config"].startswith(prefix) and r["target"] == "cuda"]
        sw.sort(key=lambda r: (int(r["params"].split(",")[3]), r["params"]))
        pick = (programs.get(prog, {}).get("tilec-cuda") or {}).get("params")
        xs = range(len(sw))
        ys = [float(r["gstencil_per_s"]) for r in sw]
        colours = ["tab:red" if r["params"] == pick else "tab:gray" for r in sw]
        ax.bar(xs, ys, color=colours)
        ax.set_xticks(list(xs))
        ax.set_xticklabels([r["params"] for r in sw], rotation=90, fontsize=6)
        ax.set_title(title + " (red: tilec's choice)", fontsize=9)
        ax.set_ylabel("GStencil/s")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "sweep.png"), dpi=110)


def main():
    results, out = sys.argv[1], sys.argv[2]
    sweep = sys.argv[3] if len(sys.argv) > 3 else None
    os.makedirs(out, exist_ok=True)
    programs = load(results)
    device = open(os.path.join(results, "device.txt")).read().strip()
    copy = open(os.path.join(results, "copy_bandwidth.txt")).read().strip().splitlines()
    lines, speedups = table(programs)
    md = ["Device: %s. %s" % (device, copy[0] if copy else ""), ""]
    md += ["**Device time, transfers left out.** tilec, naive CUDA, naive FW "
           "and torch: kernel time from CUDA/OpenCL events. Serial C and "
           "OpenACC (no events): the time loop, i.e. the region the program "
           "times minus the same program's region with 0 steps. Median of 3 "
           "(serial: 1 run).", ""]
    md += lines
    md += ["", "**The region with its transfers** (tilec's region, OpenACC's data "
           "region, the serial loop) beside tilec's predicted run time, and "
           "the whole program (initialisation and output included):", ""]
    md += region_table(programs)
    md += ["", "Lines a user adds or changes in the serial program (blank lines "
           "and comments not counted):", "",
           "| sample | tilec (directives) | OpenACC | hand-written CUDA |",
           "| --- | --- | --- | --- |"]
    md += ["| %s |" % " | ".join(r) for r in line_counts()]
    open(os.path.join(out, "report.md"), "w").write("\n".join(md) + "\n")
    doc = os.environ.get("TILEC_REPORT_DOC")
    if doc:
        # Regenerate the marked part of TILEC_REPORT_DOC (docs/notes/side-by-side.md).
        text = open(doc).read()
        begin, end = "<!-- compare:begin -->\n", "<!-- compare:end -->"
        i, j = text.index(begin) + len(begin), text.index(end)
        open(doc, "w").write(text[:i] + "\n".join(md) + "\n" + text[j:])
    plots(speedups, sweep, programs, out)
    print("\n".join(md))


if __name__ == "__main__":
    main()
