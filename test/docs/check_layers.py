#!/usr/bin/env python3
"""Checks the translator's layers (docs/internals.md): each directory of
translator/ includes only the directories below it. Prints every include
that crosses a layer the wrong way and exits 1 if there is one."""
import argparse
import pathlib
import re
import sys

# What each directory may include besides itself.
ALLOWED = {
    "ir": set(),
    "target": set(),
    "rules": {"ir", "target"},
    "transforms": {"ir", "target", "rules"},
    "tuning": {"ir", "target", "rules"},
    "codegen": {"ir", "target", "rules"},
    "frontend": {"ir", "target", "rules"},
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z]+)/')


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", required=True, help="the source tree")
    args = parser.parse_args()
    translator = pathlib.Path(args.root) / "translator"
    bad = []
    checked = 0
    for layer, allowed in ALLOWED.items():
        for path in sorted((translator / layer).rglob("*")):
            if path.suffix not in (".h", ".cpp"):
                continue
            checked += 1
            for number, line in enumerate(path.read_text().splitlines(), 1):
                m = INCLUDE.match(line)
                if not m or m.group(1) == layer:
                    continue
                if m.group(1) in ALLOWED and m.group(1) not in allowed:
                    bad.append(f"{path.relative_to(args.root)}:{number}: "
                               f"{layer}/ includes {m.group(1)}/")
    for line in bad:
        print(line)
    if checked == 0:
        print("no sources found under", translator)
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
