#!/usr/bin/env python3
"""Time per step from the log of two-gpus.sh's or scaling.sh's run.sh.

Each program (two-gpus.sh, scaling.sh) runs three times on each device
list with TILEC_STEPS_TIME=1, whose line "tilec: steps time X ms in R
region run(s)" gives the steps' wall time without the transfers; with the
step count (-DSTEPS=, or the last argument), the time per step is
X / (R x STEPS), of the fastest run. Prints, per program (NAME,
and NAME-old for the baseline tilec's), the time per step on each device
list and the speed-up over the first; the region's whole time (transfers
included) of the fastest run beside it.
    python3 bench/multi-device/per-step.py run.log [--svg PLOT.svg]
With --svg, also draws each program's speed-up against the GPU count
(weak scaling as P times its efficiency) beside the ideal line.
"""
import re
import sys
from collections import defaultdict

LINE = re.compile(r"^(\S+?)\((.*)\) TILEC_DEVICES=(\S+) rc=(\d+) md5 (\w+): (.*)$")
STEPS = re.compile(r"tilec: steps time ([0-9.]+) ms in (\d+) region run")


def region_ms(timing):
    """The region's time with its transfers, as the program prints it."""
    calls = re.findall(r"call \d+ time ([0-9.]+) ms", timing)
    if calls:
        return float(calls[-1])
    seconds = re.search(r" time ([0-9.]+) s", timing)
    return float(seconds.group(1)) * 1e3 if seconds else None


def main(path):
    best = {}  # (name, devices) -> (ms per step, region ms)
    order = []
    digests = defaultdict(set)
    for line in open(path):
        m = LINE.match(line.strip())
        if not m:
            continue
        name, defines, devices, rc, digest, timing = m.groups()
        steps = STEPS.search(timing)
        # The step count: -DSTEPS=, else the last of the arguments; apsp's
        # region is timed whole (one "step").
        count = re.search(r"-DSTEPS=(\d+)", defines) or re.search(
            r"argv .*?(\d+)$", defines)
        count = int(count.group(1)) if count else 1 if name[:4] == "apsp" \
            else None
        if rc != "0" or not steps or not count:
            print(f"{name} on {devices}: no steps time ({line.strip()})")
            continue
        per_step = float(steps.group(1)) / (int(steps.group(2)) * count)
        key = (name, devices)
        if key not in best or per_step < best[key][0]:
            best[key] = (per_step, region_ms(timing))
        if name not in order:
            order.append(name)
        digests[name].add(digest)
    for name in order:
        if len(digests[name]) > 1:
            print(f"{name}: outputs differ between device lists")
        lists = [d for (n, d) in best if n == name]
        first = best[(name, lists[0])][0]
        parts = [f"{d}: {best[(name, d)][0]:.4f} ms/step "
                 f"({first / best[(name, d)][0]:.2f}x; region "
                 f"{best[(name, d)][1]:.0f} ms)" for d in lists]
        print(f"{name}: " + ", ".join(parts))
    # Weak scaling (scaling.sh): weakP runs a grid P times weak1's on P GPUs.
    weak = {int(n[4:]): v for (n, d), v in best.items()
            if re.fullmatch(r"weak\d+", n)}
    if 1 in weak:
        print("weak scaling efficiency: " + ", ".join(
            f"{p} GPUs {weak[1][0] / weak[p][0]:.2f}" for p in sorted(weak)))
    return best, order, weak


# What scaling.sh's programs are, for the plot's legend.
LABELS = {"strong512": "heat3d 512^3", "strong1024": "heat3d 1024^3",
          "strong2d": "heat2d 16384^2", "apsp16k": "apsp n = 16384",
          "apsp32k": "apsp n = 32768"}


def speed_ups(best, order, weak):
    """name -> [(GPU count, speed-up)]: strong scaling over the program's
    first device list, weak scaling as P times its efficiency."""
    lines = {}
    for name in order:
        if re.fullmatch(r"weak\d+", name):
            continue
        lists = [d for (n, d) in best if n == name]
        first = best[(name, lists[0])][0]
        lines[LABELS.get(name, name)] = [
            (len(d.split(",")), first / best[(name, d)][0])
                       for d in lists]
    if 1 in weak:
        lines["heat3d 512^2 x 512P, weak"] = [
            (p, p * weak[1][0] / weak[p][0]) for p in sorted(weak)]
    return lines


def svg_lines(lines, path):
    """Speed-up against GPU count, one polyline per program, with the ideal
    line dashed (no plotting library needed)."""
    colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
               "#8c564b", "#e377c2"]
    top = max([p for points in lines.values() for p, _ in points] + [2])
    width, height, left, bottom, right = 520, 360, 50, 40, 190
    plot_w, plot_h = width - left - right, height - bottom - 30
    x = lambda p: left + plot_w * (p - 1) / (top - 1)
    y = lambda v: height - bottom - plot_h * (v - 1) / (top - 1)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="16">speed-up of the steps (transfers '
           f'excluded) over one GPU</text>']
    for tick in range(1, top + 1):
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(tick):.1f}"'
                   f' y2="{y(tick):.1f}" stroke="#dddddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" '
                   f'text-anchor="end">{tick}</text>')
        out.append(f'<text x="{x(tick):.1f}" y="{height - bottom + 16}" '
                   f'text-anchor="middle">{tick}</text>')
    out.append(f'<text x="{left + plot_w / 2}" y="{height - 8}" '
               f'text-anchor="middle">GPUs</text>')
    out.append(f'<line x1="{x(1)}" y1="{y(1)}" x2="{x(top):.1f}" '
               f'y2="{y(top):.1f}" stroke="#999999" stroke-dasharray="4 3"/>')
    for i, (name, points) in enumerate(lines.items()):
        colour = colours[i % len(colours)]
        coords = " ".join(f"{x(p):.1f},{y(v):.1f}" for p, v in points)
        out.append(f'<polyline points="{coords}" fill="none" '
                   f'stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{left + plot_w + 12}" y="{40 + 16 * i}" '
                   f'fill="{colour}">{name}</text>')
    out.append(f'<text x="{left + plot_w + 12}" y="{40 + 16 * len(lines)}" '
               f'fill="#999999">ideal</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    args = sys.argv[1:]
    svg = None
    if "--svg" in args:
        at = args.index("--svg")
        svg = args[at + 1]
        del args[at:at + 2]
    results = main(args[0] if args else "/dev/stdin")
    if svg:
        svg_lines(speed_ups(*results), svg)
