#!/usr/bin/env python3
"""Mutates the directive lines of a valid stencil program at random (seeded,
so a failure reproduces) and checks that tilec never crashes: every run must
end with exit status 0 (the mutation happened to be valid) or 1 with a
Clang-style 'file:line:col: error:' diagnostic, and must write no output
after an error.

    fuzz_directives.py TILEC SOURCE.c WORKDIR [--count N] [--seed S]
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys

TOKENS = ["begin", "end", "step", "data", "dimension", "calc", "copy",
          "source", "destination", "reduction", "float", "double", "int",
          "(", ")", "[", "]", ",", ":", "+", "-", "*", "/", "%", "min", "max",
          "t", "i", "j", "k", "A", "B", "0", "1", "-1", "16", "4096",
          "9223372036854775807", "0x10", "2.5", "#", "\\", '"x"', "'c'"]


def mutate(line, rng):
    tokens = re.findall(r"\w+|[^\s\w]", line)
    for _ in range(rng.randint(1, 3)):
        op = rng.choice(["drop", "insert", "replace", "swap"])
        pos = rng.randrange(len(tokens)) if tokens else 0
        if op == "drop" and tokens:
            del tokens[pos]
        elif op == "insert":
            tokens.insert(pos, rng.choice(TOKENS))
        elif op == "replace" and tokens:
            tokens[pos] = rng.choice(TOKENS)
        elif op == "swap" and len(tokens) > 1:
            other = rng.randrange(len(tokens))
            tokens[pos], tokens[other] = tokens[other], tokens[pos]
    return " ".join(tokens)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tilec")
    parser.add_argument("source")
    parser.add_argument("workdir")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = open(args.source).read().split("\n")
    directive_lines = [n for n, l in enumerate(lines)
                       if l.startswith("#pragma stencil")]
    shutil.rmtree(args.workdir, ignore_errors=True)
    os.makedirs(args.workdir)
    failures = 0
    for case in range(args.count):
        mutated = list(lines)
        n = rng.choice(directive_lines)
        body = mutated[n][len("#pragma stencil"):]
        mutated[n] = "#pragma stencil " + mutate(body, rng)
        source = os.path.join(args.workdir, "case%d.c" % case)
        out = os.path.join(args.workdir, "out%d" % case)
        open(source, "w").write("\n".join(mutated))
        run = subprocess.run([args.tilec, "-o", out, source],
                             capture_output=True, text=True)
        ok = (run.returncode == 0 or
              (run.returncode == 1 and
               re.search(r"case%d\.c:\d+:\d+: error: " % case, run.stderr)
               and not os.path.exists(out)))
        if not ok:
            failures += 1
            print("case %d (line %d: %s): exit %d\n%s" %
                  (case, n + 1, mutated[n], run.returncode, run.stderr[-2000:]))
    print("%d passed, %d failed" % (args.count - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
