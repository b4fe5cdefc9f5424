#!/usr/bin/env python3
"""One table of tilec beside EBISU from the raw output of side-by-side.sh.

    side_by_side.py EBISU_TXT EBISU_FP64_TXT TILEC_RESULTS_TXT [PLOT_SVG]

How each side counts (both per second of kernel time, transfers excluded):
- EBISU, as its run.sh reports it: all N^d cells times the steps it
  actually runs (whole temporal blocks: 108 in 2D, 104 in 3D for 100 asked).
  EBISU's own column, (N-2)^d times the steps asked, is printed beside it.
- tilec: the points each sweep updates, (N-2)^d, times the sweeps (100);
  the median of its runs, as EBISU's is of its three repetitions.
The ratios are tilec over EBISU's run.sh figure, the higher of EBISU's
two, for tilec strict and fast each (the 1.1x targets hold for both).
Rows of precision `fp64-pair` (PolyBench's shapes: two sweeps a step)
are set beside EBISU's fp64 figure.
"""
import re
import statistics
import sys
from pathlib import Path


def median(values):
    return statistics.median(values) if values else None


def ebisu_fp32(run_log):
    """(case, 'fp32') -> ([all-cells G/s], [EBISU's own G/s]) from run.log."""
    out = {}
    current = None
    for line in Path(run_log).read_text().splitlines():
        m = re.match(r"### TIME (\S+) (\S+) rep=", line)
        if m:
            current = case_of(m.group(2))
            continue
        m = re.match(r"### summary: .*GCells/s\(N\^d\*executed\)=([\d.]+) "
                     r"GCells/s\(EBISU: interior\*requested\)=([\d.]+)", line)
        if m and current:
            cells, own = out.setdefault((current, "fp32"), ([], []))
            cells.append(float(m.group(1)))
            own.append(float(m.group(2)))
    return out


def ebisu_fp64(path):
    """The same for side-by-side.sh's fp64 runs."""
    out = {}
    for line in Path(path).read_text().splitlines():
        parts = line.split(None, 2)
        if len(parts) < 3 or parts[2].startswith("FAILED"):
            continue
        size, fields = parts[0], parts[2].split("\t")
        fields = [f.strip() for f in fields if f.strip()]
        dims = size.count("x") + 1
        cells = 1
        for n in size.split("x"):
            cells *= int(n)
        asked, tstep = int(fields[dims + 2]), int(fields[dims + 3])
        executed = -(-asked // tstep) * tstep
        ms, own = float(fields[-2]), float(fields[-1])
        all_cells, own_list = out.setdefault((case_of(size), "fp64"), ([], []))
        all_cells.append(cells * executed / (ms * 1e6))
        own_list.append(own)
    return out


def case_of(size):
    """'8192x8192' -> '2d-8192'."""
    n = size.split("x")
    return f"{len(n)}d-{n[0]}"


def tilec(results):
    """(case, precision) -> {fp model: GStencil/s}: the median over every
    run of the program in `results` (run.sh's line, then passes.sh's)."""
    runs = {}
    for line in Path(results).read_text().splitlines():
        m = re.match(r"(?:pass \d+ )?"
                     r"time-(\dd)-(\d+)-(fp\d\d(?:-pair)?)-(strict|fast): "
                     r"kernel time ([\d.]+) ms", line)
        if not m:
            continue
        dims, n, precision, model = (int(m.group(1)[0]), int(m.group(2)),
                                     m.group(3), m.group(4))
        ms = float(m.group(5))
        rate = (n - 2) ** dims * 100 / (ms * 1e6)
        runs.setdefault((f"{dims}d-{n}", precision), {}).setdefault(
            model, []).append(rate)
    return {key: {model: median(rates) for model, rates in models.items()}
            for key, models in runs.items()}


def gpu_name(ebisu_txt):
    """The GPU that side-by-side.sh ran on: its first line is nvidia-smi's
    name and driver; the chart names the card."""
    lines = Path(ebisu_txt).read_text().splitlines()
    for line in lines:
        m = re.match(r"# GPU: ([^,]+)", line)
        if m:
            return m.group(1).strip()
    return "GPU not recorded"


def svg_bars(rows, path, gpu):
    """A grouped bar chart (no plotting library needed): per case, EBISU's
    run.sh figure and tilec's strict and fast rates, in G cells/s."""
    series = [("EBISU", "#888888"), ("tilec strict", "#1f77b4"),
              ("tilec fast", "#ff7f0e")]
    top = max([v for _, values in rows for v in values if v] + [1])
    top = 200 * (int(top / 200) + 1)
    width, height, left, bottom = 60 + 110 * len(rows), 340, 50, 60
    plot_h = height - bottom - 30
    y = lambda v: height - bottom - plot_h * v / top
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="16">G cells (stencil points) updated per '
           f'second of kernel time, {gpu}</text>']
    for tick in range(0, top + 1, 200):
        out.append(f'<line x1="{left}" x2="{width - 10}" y1="{y(tick):.1f}" '
                   f'y2="{y(tick):.1f}" stroke="#dddddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" '
                   f'text-anchor="end">{tick}</text>')
    for i, (label, values) in enumerate(rows):
        x0 = left + 10 + 110 * i
        for j, value in enumerate(values):
            if not value:
                continue
            out.append(f'<rect x="{x0 + 30 * j}" y="{y(value):.1f}" '
                       f'width="26" height="{y(0) - y(value):.1f}" '
                       f'fill="{series[j][1]}"/>')
        for k, part in enumerate(label.split(" ")):
            out.append(f'<text x="{x0 + 45}" y="{height - bottom + 16 + 13 * k}" '
                       f'text-anchor="middle">{part}</text>')
    for j, (name, colour) in enumerate(series):
        out.append(f'<rect x="{left + 150 * j}" y="{height - 14}" width="10" '
                   f'height="10" fill="{colour}"/>')
        out.append(f'<text x="{left + 150 * j + 14}" y="{height - 5}">{name}'
                   f'</text>')
    out.append("</svg>")
    Path(path).write_text("\n".join(out) + "\n")


def main():
    ebisu = ebisu_fp32(Path(sys.argv[1]).parent / "ebisu" / "run.log")
    ebisu.update(ebisu_fp64(sys.argv[2]))
    ours = tilec(sys.argv[3])
    bars = []
    print("| case | precision | EBISU, all cells x steps run | EBISU's own "
          "figure | tilec strict | tilec fast | strict / EBISU | "
          "fast / EBISU |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    cases = sorted(set(ebisu) | set(ours),
                   key=lambda k: (k[1], k[0][0], int(k[0][3:])))
    for key in cases:
        # A pair's row stands beside EBISU's run of the same precision.
        cells, own = ebisu.get((key[0], key[1].split("-")[0]), ([], []))
        e, o = median(cells), median(own)
        t = ours.get(key, {})
        fmt = lambda v: f"{v:.1f}" if v is not None else "n/a"
        ratio = lambda v: f"{v / e:.2f}x" if v and e else "n/a"
        print(f"| {key[0]} | {key[1]} | {fmt(e)} | {fmt(o)} | "
              f"{fmt(t.get('strict'))} | {fmt(t.get('fast'))} | "
              f"{ratio(t.get('strict'))} | {ratio(t.get('fast'))} |")
        bars.append((f"{key[0]} {key[1]}", [e, t.get("strict"), t.get("fast")]))
    if len(sys.argv) > 4:
        svg_bars(bars, sys.argv[4], gpu_name(sys.argv[1]))


if __name__ == "__main__":
    main()
