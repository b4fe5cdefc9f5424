#!/usr/bin/env python3
"""Differential testing of tilec on random programs.

For each seed, draws a program (stencilgen.py, or apspgen.py for a share of
the seeds), builds it serially with cc and through tilec-cc under several
mappings (the chosen one, and forced ones: naive, blocked, streamed, several
T and points per work item, several pocl devices), runs each and compares
what they print with the serial program's: exactly, but for floating-point
sums of a reduction, which tilec adds per work group and may round
differently (docs/directives.md): within 3e-5 (float) or 1e-13 (double)
of the sum of the terms' magnitudes, which the same program rendered with
|term| in place of term prints serially. A program tilec rejects counts as
a failure too: the generator writes only accepted forms. Forced vectors that do not fit the
program (tilec says so) are skipped and counted.

On a failure it shrinks the program (stencil programs: one choice simpler
at a time, keeping what still fails) and writes a reproducer folder with the
program and the command that shows the difference.

  fuzz.py --seed 1 --count 40 --jobs 2 --out /tmp/fuzz
  fuzz.py --seed 1000 --count 5000 --variants 3 --out /tmp/fuzz-long

Exits non-zero when any program failed. Prints coverage of forms and of
forms x mappings (the mapping kinds --dump-ir names).
"""

import argparse
import collections
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import stencilgen  # noqa: E402
from stencilrender import render  # noqa: E402

try:
    import apspgen  # noqa: E402
except ImportError:  # Not there yet: stencil programs only.
    apspgen = None

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIMEOUT = 120


def run(cmd, env=None, cwd=None, timeout=TIMEOUT):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env,
                           cwd=cwd, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timed out after %d s" % timeout


# --- Variants -----------------------------------------------------------------


def variants(dims, rng, count):
    """The mappings a program runs under: the chosen one first, then
    `count - 1` forced ones drawn from `rng`."""
    out = [("chosen", None, 1)]
    pool = [("naive", "naive", 1)]
    for _ in range(6):
        t = rng.choice([1, 2, 3, 4, 5, 8])
        if dims == 1:
            w = rng.choice([16, 32, 64])
            pool.append((f"blocked-{w},1,1,{t}", f"{w},1,1,{t}", 1))
        elif dims == 2:
            w = rng.choice([8, 16, 32, 64])
            h = rng.choice([2, 4, 8])
            pool.append((f"blocked-{w},{h},1,{t}", f"{w},{h},1,{t}", 1))
            pool.append((f"streamed-{w},1,1,{t}", f"{w},1,1,{t}", 1))
        else:
            w = rng.choice([8, 16, 32])
            h = rng.choice([2, 4, 8])
            d = rng.choice([2, 4])
            p = rng.choice([1, 1, 2, 4])
            pool.append((f"blocked-{w},{h},{d},{t}", f"{w},{h},{d},{t}", 1))
            pool.append((f"streamed-{w},{h},1,{t},{p}", f"{w},{h},1,{t},{p}", 1))
    pool.append(("devices-2", None, 2))
    pool.append(("devices-3", None, 3))
    rng.shuffle(pool)
    seen = set()
    for v in pool:
        if len(out) >= count:
            break
        if v[0] not in seen:
            seen.add(v[0])
            out.append(v)
    return out


# --- One program ----------------------------------------------------------------


class Checker:
    def __init__(self, args):
        self.args = args
        self.serial_output = ""
        self.tilec_cc = args.tilec_cc
        self.tilec = os.path.join(os.path.dirname(self.tilec_cc), "tilec")

    def serial(self, work, source):
        path = os.path.join(work, "prog.c")
        with open(path, "w") as f:
            f.write(source)
        rc, _, err = run([self.args.cc, "-std=c11", "-O2", "-ffp-contract=off",
                          "-Wno-unknown-pragmas", path, "-o",
                          os.path.join(work, "serial"), "-lm"])
        if rc:
            return None, "serial build failed: " + err[-2000:]
        rc, out, err = run([os.path.join(work, "serial")], cwd=work)
        if rc:
            return None, "serial run failed (%d): %s" % (rc, err[-2000:])
        return out, None

    def sum_scale(self, work, spec):
        """The sum of a float '+' reduction's terms' magnitudes (the scale of
        its rounding), from the serial program rendered so; 0 otherwise."""
        if not isinstance(spec, stencilgen.Spec) or spec.reduction != "+" or \
                spec.ctype == "int":
            return 0.0
        sub = os.path.join(work, "magnitude")
        os.makedirs(sub, exist_ok=True)
        out, err = self.serial(sub, render(spec, magnitude=True))
        m = re.search(r"^acc ([-+0-9.e]+)$", out or "", re.M)
        if m is None:
            raise RuntimeError("magnitude program failed: %s" % err)
        return float(m.group(1))

    def mapping_kinds(self, work, params):
        cmd = [self.tilec, "--target=" + self.args.target, "--dump-ir", "-o",
               os.path.join(work, "ir"), os.path.join(work, "prog.c")]
        if params:
            cmd.insert(1, "--params=" + params)
        rc, out, _ = run(cmd)
        kinds = sorted(set(re.findall(r"mapping: ([a-z-]+)", out)))
        ts = sorted(set(re.findall(r"T=(\d+)", out)))
        return kinds, ts

    def tilec_run(self, work, name, params, devices):
        exe = os.path.join(work, "tilec-" + re.sub(r"[^a-z0-9]+", "_", name))
        cmd = [self.tilec_cc, "--target=" + self.args.target, "-O1",
               os.path.join(work, "prog.c"), "-o", exe, "-lm"]
        if params:
            cmd.insert(2, "--params=" + params)
        rc, _, err = run(cmd, cwd=work)
        if rc:
            return None, err, cmd
        env = dict(os.environ)
        if devices > 1:
            env["POCL_DEVICES"] = " ".join(["pthread"] * devices)
            env["TILEC_DEVICES"] = ",".join(str(n) for n in range(devices))
        else:
            env.setdefault("POCL_DEVICES", "pthread")
        rc, out, err = run([exe], env=env, cwd=work)
        if rc:
            return None, "run failed (%d): %s" % (rc, err[-2000:]), cmd
        return out, None, cmd

    def check(self, seed, spec_or_program, variant_list, work):
        """Returns (failures, skipped, coverage) for one program."""
        source = (render(spec_or_program) if isinstance(
            spec_or_program, stencilgen.Spec) else spec_or_program["source"])
        os.makedirs(work, exist_ok=True)
        expected, err = self.serial(work, source)
        self.serial_output = expected or ""
        if expected is None:
            return [("serial", None, err)], 0, []
        scale = self.sum_scale(work, spec_or_program)
        failures, skipped, coverage = [], 0, []
        for name, params, devices in variant_list:
            out, err, cmd = self.tilec_run(work, name, params, devices)
            if out is None:
                # A forced vector the region cannot take: tilec says so.
                if params and ("cannot map this stencil region" in err or
                               "cannot use these apsp parameters" in err or
                               "bytes of local memory, and" in err) or \
                        "into slabs too thin" in err:
                    skipped += 1
                    continue
                failures.append((name, params, "tilec: " + err[-3000:]))
                continue
            diff = compare(expected, out, scale,
                           getattr(spec_or_program, "ctype", "double"))
            if diff:
                failures.append((name, params, diff))
            kinds, ts = self.mapping_kinds(work, params)
            if not isinstance(spec_or_program, stencilgen.Spec):
                kinds = ["apsp"]
            coverage.append((name, kinds, ts))
        return failures, skipped, coverage


# How far a reordered floating-point sum may stray, relative to the sum of
# its terms' magnitudes (docs/directives.md, "Reductions").
SUM_BOUND = {"float": 3e-5, "double": 1e-13}


def compare(expected, actual, scale=0.0, ctype="double"):
    """'' when the outputs agree, else the first difference. A reduction's
    line ('acc X') may differ within SUM_BOUND[ctype] * scale, where scale
    is the sum of its terms' magnitudes."""
    e_lines, a_lines = expected.splitlines(), actual.splitlines()
    if len(e_lines) != len(a_lines):
        return "serial printed %d lines, tilec %d" % (len(e_lines), len(a_lines))
    for e, a in zip(e_lines, a_lines):
        if e == a:
            continue
        m = re.match(r"acc ([-+0-9.e]+)$", e)
        n = re.match(r"acc ([-+0-9.e]+)$", a)
        if m and n and "." in m.group(1):
            x, y = float(m.group(1)), float(n.group(1))
            if abs(x - y) <= SUM_BOUND[ctype] * scale:
                continue
        return "serial: %s\ntilec:  %s" % (e, a)
    return ""


# --- Driver ---------------------------------------------------------------------


def program_for(seed, apsp_share):
    rng = random.Random(seed * 7919 + 1)
    if apspgen and rng.random() < apsp_share:
        return apspgen.generate(random.Random(seed))
    return stencilgen.draw(seed)


def forms_of(p):
    return p.forms() if isinstance(p, stencilgen.Spec) else p["forms"]


def one(args, seed):
    checker = Checker(args)
    program = program_for(seed, args.apsp_share)
    vl = variants_for(program, seed, args)
    work = os.path.join(args.out, "work", str(seed))
    failures, skipped, coverage = checker.check(seed, program, vl, work)
    # A program says which way it went where only the run can tell (did the
    # convergence test stop the loop?): `form NAME` lines.
    ran = re.findall(r"^form (\S+)$", checker.serial_output, re.M)
    result = {"seed": seed, "forms": sorted(set(forms_of(program) + ran)),
              "skipped": skipped,
              "coverage": coverage, "failures": []}
    for name, params, why in failures:
        repro = shrink(checker, program, (name, params, vl_devices(vl, name)),
                       os.path.join(args.out, "shrink", str(seed))) \
            if isinstance(program, stencilgen.Spec) and args.shrink else program
        folder = write_repro(args, seed, repro, name, params, vl_devices(vl, name), why)
        result["failures"].append({"variant": name, "params": params,
                                   "why": why[:4000], "repro": folder})
    if not args.keep and not result["failures"]:
        shutil.rmtree(work, ignore_errors=True)
    return result


def vl_devices(vl, name):
    return next(d for n, _, d in vl if n == name)


def shrink(checker, spec, variant, work, budget=60):
    """The simplest spec that still fails under `variant`, one choice at a
    time (a greedy delta debugging over the spec's choices)."""
    current = spec
    tries = 0
    progress = True
    while progress and tries < budget:
        progress = False
        for candidate in stencilgen.simpler(current):
            tries += 1
            if tries > budget:
                break
            failures, _, _ = checker.check(0, candidate, [variant], work)
            if failures and failures[0][0] != "serial":
                current = candidate
                progress = True
                break
    shutil.rmtree(work, ignore_errors=True)
    return current


def write_repro(args, seed, program, name, params, devices, why):
    folder = os.path.join(args.out, "repro", "%d-%s" % (seed, re.sub(
        r"[^a-z0-9]+", "_", name)))
    os.makedirs(folder, exist_ok=True)
    source = render(program) if isinstance(program, stencilgen.Spec) else \
        program["source"]
    with open(os.path.join(folder, "prog.c"), "w") as f:
        f.write(source)
    env = ""
    if devices > 1:
        env = 'POCL_DEVICES="%s" TILEC_DEVICES=%s ' % (
            " ".join(["pthread"] * devices), ",".join(map(str, range(devices))))
    with open(os.path.join(folder, "show.sh"), "w") as f:
        f.write("#!/bin/sh\n# %s\ncd \"$(dirname \"$0\")\"\n"
                "cc -std=c11 -O2 -ffp-contract=off -Wno-unknown-pragmas prog.c "
                "-o serial -lm && ./serial > serial.out\n"
                "%s --target=%s %sprog.c -o translated -lm && %s./translated "
                "> tilec.out\ndiff serial.out tilec.out\n" % (
                    why.splitlines()[0][:200] if why else "", args.tilec_cc,
                    args.target, "--params=%s " % params if params else "", env))
    return folder


def prepare(args):
    """Translates the batch for CUDA on the H200's profile into
    args.prepare, one folder per seed (prog.c) and per mapping (tilec's
    files), and lists them in programs.txt: bench/fuzz/run-gpu.sh builds,
    runs and compares them on the GPU machine. Returns the failures to
    translate."""
    seeds = range(args.seed, args.seed + args.count)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        done = list(pool.map(lambda seed: prepare_one(args, seed), seeds))
    lines = [line for ls, _ in done for line in ls]
    failed = sum(f for _, f in done)
    with open(os.path.join(args.prepare, "programs.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("prepared %d runs of %d programs in %s" % (len(lines), args.count,
                                                      args.prepare))
    return failed


def prepare_one(args, seed):
    tilec = os.path.join(os.path.dirname(args.tilec_cc), "tilec")
    program = program_for(seed, args.apsp_share)
    folder = os.path.join(args.prepare, str(seed))
    os.makedirs(folder, exist_ok=True)
    source = render(program) if isinstance(program, stencilgen.Spec) \
        else program["source"]
    with open(os.path.join(folder, "prog.c"), "w") as f:
        f.write(source)
    scale = Checker(args).sum_scale(folder, program)
    if scale:
        # The bound of a float sum, for fuzz.py --compare on the GPU machine.
        with open(os.path.join(folder, "sum-scale"), "w") as f:
            f.write("%s %r\n" % (program.ctype, scale))
    lines, failed = [], 0
    for name, params, devices in variants_for(program, seed, args):
        label = re.sub(r"[^a-z0-9]+", "_", name)
        cmd = [tilec, "--target=cuda", "--device=h200", "-o",
               os.path.join(folder, label), os.path.join(folder, "prog.c")]
        if params:
            cmd.insert(1, "--params=" + params)
        rc, _, err = run(cmd)
        if rc and params and "cannot" in err:
            continue
        if rc:
            failed += 1
            print("seed %d %s: translation failed: %s" % (seed, name, err))
            continue
        lines.append("%d %s %d" % (seed, label, devices))
    return lines, failed


def variants_for(program, seed, args):
    dims = program.dims if isinstance(program, stencilgen.Spec) else 2
    vl = variants(dims, random.Random(seed), args.variants)
    if not isinstance(program, stencilgen.Spec):
        vl = [v for v in vl if v[0] == "chosen" or
              v[0].startswith("devices")] + [("tiled-fw", "fw:16,2,2,1", 1)]
    return vl


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1, help="first seed")
    ap.add_argument("--count", type=int, default=20, help="programs")
    ap.add_argument("--variants", type=int, default=3,
                    help="mappings per program, the chosen one included")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default="fuzz-out")
    ap.add_argument("--target", default="opencl", choices=["opencl", "cuda"])
    ap.add_argument("--tilec-cc", default=os.path.join(ROOT, "build", "bin",
                                                       "tilec-cc"))
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--apsp-share", type=float, default=0.15)
    ap.add_argument("--no-shrink", dest="shrink", action="store_false")
    ap.add_argument("--keep", action="store_true", help="keep work folders")
    ap.add_argument("--require-forms", default="",
                    help="comma-separated forms the batch must cover")
    ap.add_argument("--require-mappings", default="",
                    help="comma-separated mapping kinds the batch must run")
    ap.add_argument("--sum-scale", metavar="FILE",
                    help="with --compare: the reduction's type and the sum "
                    "of its terms' magnitudes ('float 12.5'), from --prepare")
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--prepare", metavar="DIR",
                    help="only translate the batch for CUDA into DIR, for "
                    "bench/fuzz/run-gpu.sh")
    ap.add_argument("--compare", nargs=2, metavar=("SERIAL", "TILEC"),
                    help="only compare two outputs (exit 1 if they differ)")
    args = ap.parse_args()
    if args.compare:
        with open(args.compare[0]) as a, open(args.compare[1]) as b:
            ctype, scale = "double", 0.0
            if args.sum_scale:
                with open(args.sum_scale) as f:
                    ctype, text = f.read().split()
                    scale = float(text)
            diff = compare(a.read(), b.read(), scale, ctype)
        print(diff or "same")
        return 1 if diff else 0
    if args.prepare:
        return 1 if prepare(args) else 0
    os.makedirs(args.out, exist_ok=True)
    seeds = range(args.seed, args.seed + args.count)
    results = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for r in pool.map(lambda s: one(args, s), seeds):
            results.append(r)
            status = "FAIL" if r["failures"] else "ok"
            print("seed %d %s (%s)" % (r["seed"], status, ", ".join(
                "%s:%s" % (c[0], "/".join(c[1])) for c in r["coverage"])),
                flush=True)
            for f in r["failures"]:
                print("  %s: %s\n  reproducer: %s" % (
                    f["variant"], f["why"].splitlines()[0] if f["why"] else "",
                    f["repro"]), flush=True)
    report(results, args)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    missing = [f for f in args.require_forms.split(",") if f and not any(
        f in r["forms"] for r in results)]
    ran = {k for r in results for _, ks, _ in r["coverage"] for k in ks}
    missing += [k for k in args.require_mappings.split(",") if k and k not in ran]
    if missing:
        print("not covered: " + ", ".join(missing))
    failed = sum(1 for r in results if r["failures"])
    return 1 if failed or missing else 0


def report(results, args):
    forms = collections.Counter()
    cross = collections.Counter()
    kinds = collections.Counter()
    for r in results:
        forms.update(r["forms"])
        for _, ks, ts in r["coverage"]:
            for k in ks:
                kinds[k] += 1
                for f in r["forms"]:
                    cross[(f, k)] += 1
            for t in ts:
                kinds["T=" + t] += 1
    failed = sum(1 for r in results if r["failures"])
    runs = sum(len(r["coverage"]) for r in results)
    skipped = sum(r["skipped"] for r in results)
    print("\n%d programs, %d runs compared, %d forced vectors skipped, "
          "%d programs failed" % (len(results), runs, skipped, failed))
    print("mappings: " + ", ".join("%s %d" % kv for kv in sorted(kinds.items())))
    print("forms: " + ", ".join("%s %d" % kv for kv in sorted(forms.items())))
    names = sorted(k for k in kinds if not k.startswith("T="))
    print("\nforms x mappings (runs):")
    print("%-22s" % "" + "".join("%15s" % k for k in names))
    for f in sorted(forms):
        print("%-22s" % f + "".join("%15d" % cross[(f, k)] for k in names))


if __name__ == "__main__":
    sys.exit(main())
