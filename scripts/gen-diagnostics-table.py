#!/usr/bin/env python3
"""Writes the table of tilec's diagnostics into docs/directives.md.

The table is generated from translator/frontend/Diagnostics.def (the one
table of messages) and goes between the two marker lines
"<!-- BEGIN generated diagnostics table -->" and
"<!-- END generated diagnostics table -->". For every message it names the
lit tests whose CHECK lines show it.

  gen-diagnostics-table.py            rewrite the table in docs/directives.md
  gen-diagnostics-table.py --check    exit 1 if the table is out of date
"""

import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEF = os.path.join(ROOT, "translator", "frontend", "Diagnostics.def")
DOC = os.path.join(ROOT, "docs", "directives.md")
TESTS = [os.path.join(ROOT, "test", "lit", d)
         for d in ("diagnostics", "apsp", "ir", "driver", "e2e", "tuning")]
BEGIN = "<!-- BEGIN generated diagnostics table -->"
END = "<!-- END generated diagnostics table -->"


def read_diagnostics():
    """Returns [(identifier, level, format)] in the order of the .def file."""
    text = open(DEF, encoding="utf-8").read()
    text = re.sub(r"^\s*//.*$", "", text, flags=re.M)
    entries = []
    # TILEC_DIAG(Name, Level, "format") and TILEC_WARNING(Name, "flag",
    # "format"): a warning's level shows its flag.
    for match in re.finditer(r"TILEC_(DIAG|WARNING)\(\s*(\w+)\s*,\s*(\w+|\"[\w-]+\")\s*,((?:\s*\"(?:[^\"\\]|\\.)*\")+)\s*\)",
                             text):
        parts = re.findall(r"\"((?:[^\"\\]|\\.)*)\"", match.group(4))
        fmt = "".join(parts).replace('\\"', '"').replace("\\\\", "\\")
        if match.group(1) == "WARNING":
            level = "warning (-Wtilec-%s)" % match.group(3).strip('"')
        else:
            level = match.group(3).lower()
        entries.append((match.group(2), level, fmt))
    return entries


def plural_last(fmt):
    """%plural{1:extent|:extents}1 -> extents."""
    return re.sub(r"%plural\{[^}]*\|:([^}]*)\}(\d)", r"\1", fmt)


def readable(fmt):
    return re.sub(r"%(\d)", r"‹\1›", plural_last(fmt))


def pattern(fmt):
    """A regex for the message with every argument as a wildcard."""
    pieces = re.split(r"%\d", plural_last(fmt))
    return re.compile(".+".join(re.escape(p) for p in pieces))


def test_files():
    files = []
    for d in TESTS:
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            if os.path.isfile(path):
                files.append(path)
    return files


def examples(fmt, files):
    """Lit tests whose CHECK lines contain the message (at most three)."""
    if fmt == "%0":
        return []
    regex = pattern(fmt)
    found = []
    for path in files:
        lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
        if any("CHECK" in l or re.match(r"\s*(//\s*)?[A-Z-]+:", l)
               for l in lines if regex.search(l)):
            found.append(os.path.relpath(path, ROOT))
    return found


SYNTAX_SOURCES = [os.path.join(ROOT, "directives", "lib", f)
                  for f in ("ClauseParser.cpp", "ApspClauseParser.cpp",
                            "DirectiveCursor.cpp")]


def call_argument(text, start):
    """The text of a call's argument list, from just after its '('."""
    depth, i, quoted = 1, start, False
    while i < len(text):
        c = text[i]
        if quoted:
            if c == "\\":
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[start:i]
        i += 1
    return text[start:]


def split_top(text, separators):
    """Splits at separators outside quotes and parentheses."""
    parts, depth, quoted, current, i = [], 0, False, "", 0
    while i < len(text):
        c = text[i]
        if quoted:
            if c == "\\":
                current += c
                i += 1
                c = text[i]
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif depth == 0 and c in separators and text[i:i + 2] != "::":
            parts.append(current)
            current = ""
            i += 1
            continue
        current += c
        i += 1
    parts.append(current)
    return parts


def message_of(argument):
    """'"a " + x + "b"' -> 'a ‹…›b': literals kept, other operands elided."""
    out = []
    for operand in split_top(argument.replace("std::string(", "("), "+"):
        operand = operand.strip()
        while operand.startswith("(") and operand.endswith(")"):
            operand = operand[1:-1].strip()
        literals = re.fullmatch(r'(?:\s*"(?:[^"\\]|\\.)*")+', operand)
        if literals:
            out.append("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', operand))
                       .replace('\\"', '"'))
        elif not out or out[-1] != "‹…›":
            out.append("‹…›")
    return "".join(out)


def messages_of_call(name, argument):
    if name == "failAt":
        argument = split_top(argument, ",", )[1:]
        argument = ",".join(argument)
    branches = split_top(argument, "?")
    if len(branches) == 2:  # Cond ? "a" + x : "b" + y
        return [message_of(b) for b in split_top(branches[1], ":")]
    return [message_of(argument)]


def syntax_messages():
    """Messages of the clause parsers, reported as DirectiveSyntax."""
    messages = []
    for path in SYNTAX_SOURCES:
        text = open(path, encoding="utf-8").read()
        for match in re.finditer(r"\b(fail|failAt)\(", text):
            argument = call_argument(text, match.end())
            if '"' not in argument:
                continue
            for message in messages_of_call(match.group(1), argument):
                if message not in messages:
                    messages.append(message)
    # Reported by the IR builder under the same identifier.
    messages.append("dimension needs at least one loop variable")
    return messages


def table():
    files = test_files()
    rows = ["| message | level | identifier | shown in |",
            "| --- | --- | --- | --- |"]
    for ident, level, fmt in read_diagnostics():
        if fmt == "%0":
            message = "‹0›: a directive syntax error (list below)"
        else:
            message = readable(fmt)
        shown = examples(fmt, files)
        where = ", ".join("`%s`" % os.path.basename(p) for p in shown[:3])
        if len(shown) > 3:
            where += ", ..."
        rows.append("| %s | %s | `%s` | %s |" % (
            message.replace("|", "\\|"), level, ident, where or "-"))
    rows.append("")
    rows.append("Directive syntax errors (`DirectiveSyntax`, from the clause "
                "parsers in `directives/lib/`; ‹…› stands for the token "
                "found or a name):")
    rows.append("")
    for message in syntax_messages():
        rows.append("- `%s`" % message)
    return "\n".join(rows) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="fail if docs/directives.md is out of date")
    args = parser.parse_args()
    doc = open(DOC, encoding="utf-8").read()
    if BEGIN not in doc or END not in doc:
        print("%s: no '%s' ... '%s' markers" % (DOC, BEGIN, END),
              file=sys.stderr)
        return 1
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = head + BEGIN + "\n" + table() + END + tail
    if args.check:
        if new != doc:
            print("docs/directives.md: the diagnostics table is out of date "
                  "with translator/frontend/Diagnostics.def; run "
                  "scripts/gen-diagnostics-table.py", file=sys.stderr)
            return 1
        return 0
    if new != doc:
        with open(DOC, "w", encoding="utf-8") as f:
            f.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
