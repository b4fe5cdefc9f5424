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
    python3 bench/multi-device/per-step.py run.log
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
        # The step count: -DSTEPS=, else the last of the arguments.
        count = re.search(r"-DSTEPS=(\d+)", defines) or re.search(
            r"argv .*?(\d+)$", defines)
        if rc != "0" or not steps or not count:
            if rc != "0" or name[:4] != "apsp":
                print(f"{name} on {devices}: no steps time ({line.strip()})")
            continue
        per_step = float(steps.group(1)) / (int(steps.group(2)) *
                                            int(count.group(1)))
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


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/dev/stdin")
