#!/usr/bin/env python3
"""Compare the stdout of a serial sample run with that of a translated run.

Each line is "KEY... VALUE": the last whitespace-separated token is the value,
everything before it is the key (e.g. "A sum 1.234e+00", "A hash 0123...",
"A[1][2][3] 5.0e-01", "gosa 1.0e-02").  Both outputs must have the same
number of lines and the same keys.

Without --rtol/--atol every line must be identical (bit-exact).  With a
tolerance, numeric values must satisfy |actual - expected| <= atol +
rtol * |expected|, "hash" lines are skipped, other values must be identical.
With --only KEY (repeatable) the tolerance applies to those keys alone and
every other line must still be identical: a reduction's result may differ by
summation order while the arrays stay bit-exact.

Exit status: 0 all lines match, 1 some mismatch, 2 bad arguments or
unreadable input.
"""

import argparse
import math
import sys


def split_line(line):
    """Returns (key, value) with the value being the last token."""
    tokens = line.split()
    if len(tokens) < 2:
        return line.strip(), ""
    return " ".join(tokens[:-1]), tokens[-1]


def to_float(text):
    try:
        return float(text)
    except ValueError:
        return None


def rel_error(expected, actual):
    e, a = to_float(expected), to_float(actual)
    if e is None or a is None:
        return "-"
    if math.isnan(e) or math.isnan(a):
        return "nan"
    if e == a:
        return "0"
    if e == 0.0 or math.isinf(e) or math.isinf(a):
        return "inf"
    return "%.3e" % (abs(a - e) / abs(e))


def values_close(expected, actual, rtol, atol):
    e, a = to_float(expected), to_float(actual)
    if e is None or a is None:
        return expected == actual
    if math.isnan(e) or math.isnan(a):
        return math.isnan(e) and math.isnan(a)
    if math.isinf(e) or math.isinf(a):
        return e == a
    return abs(a - e) <= atol + rtol * abs(e)


def read_lines(path, parser):
    try:
        with open(path, "r", encoding="utf-8", errors="replace") as f:
            return [line.rstrip("\r\n") for line in f]
    except OSError as err:
        parser.print_usage(sys.stderr)
        print("compare_outputs.py: error: cannot read %s: %s" % (path, err),
              file=sys.stderr)
        sys.exit(2)


def main(argv):
    parser = argparse.ArgumentParser(
        description="Compare sample outputs line by line (bit-exact unless a "
        "tolerance is given).")
    parser.add_argument("expected", help="output of the serial program")
    parser.add_argument("actual", help="output of the translated program")
    parser.add_argument("--rtol", type=float, default=None,
                        help="relative tolerance (default 0 if --atol given)")
    parser.add_argument("--atol", type=float, default=None,
                        help="absolute tolerance (default 0 if --rtol given)")
    parser.add_argument("--only", action="append", default=[],
                        metavar="KEY",
                        help="apply the tolerance to this key only; other "
                        "lines must be identical (repeatable)")
    args = parser.parse_args(argv)

    tolerant = args.rtol is not None or args.atol is not None
    rtol = args.rtol if args.rtol is not None else 0.0
    atol = args.atol if args.atol is not None else 0.0
    if rtol < 0 or atol < 0 or math.isnan(rtol) or math.isnan(atol):
        parser.error("tolerances must be non-negative numbers")

    exp_lines = read_lines(args.expected, parser)
    act_lines = read_lines(args.actual, parser)

    mismatches = 0
    skipped = 0
    if len(exp_lines) != len(act_lines):
        mismatches += 1
        print("line count differs: expected %d, actual %d" %
              (len(exp_lines), len(act_lines)))

    for n, (exp, act) in enumerate(zip(exp_lines, act_lines), start=1):
        exp_key, exp_val = split_line(exp)
        act_key, act_val = split_line(act)
        if exp_key != act_key:
            mismatches += 1
            print("line %d: key differs: expected '%s', actual '%s'" %
                  (n, exp_key, act_key))
            continue
        if not tolerant or (args.only and exp_key not in args.only):
            ok = exp == act
        elif exp_key.split()[-1:] == ["hash"]:
            skipped += 1
            continue
        else:
            ok = values_close(exp_val, act_val, rtol, atol)
        if not ok:
            mismatches += 1
            print("line %d: %s: expected %s, actual %s, rel err %s" %
                  (n, exp_key, exp_val, act_val, rel_error(exp_val, act_val)))

    mode = ("rtol=%g atol=%g" % (rtol, atol)) if tolerant else "exact"
    if tolerant and args.only:
        mode += " for %s, exact otherwise" % ", ".join(args.only)
    summary = "%d lines compared (%s)" % (max(len(exp_lines),
                                               len(act_lines)), mode)
    if skipped:
        summary += ", %d hash lines skipped" % skipped
    if mismatches:
        print("MISMATCH: %d mismatching, %s" % (mismatches, summary))
        return 1
    print("OK: %s" % summary)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
