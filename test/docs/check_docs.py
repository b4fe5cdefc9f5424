#!/usr/bin/env python3
"""Checks that the user documentation is in step with the tools.

  check_docs.py --root SRC --tilec TILEC --tilec-cc TILEC_CC

- every option `tilec --help` lists (and every value of an enumerated
  option) and every option in `tilec-cc --help` appears in
  docs/getting-started.md;
- every environment variable the runtime reads (getenv and tilec_env_flag
  in runtime/src) appears in docs/runtime.md;
- every shipped profile and every figure the shipped profiles or the
  translator use appears in docs/device-profiles.md;
- every docs/*.md file is linked from README.md.
Prints each omission and exits 1 if there is any.
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def help_text(tool):
    return subprocess.run([tool, "--help"], check=True, capture_output=True,
                          text=True).stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--tilec", required=True)
    parser.add_argument("--tilec-cc", required=True)
    args = parser.parse_args()
    docs = os.path.join(args.root, "docs")
    missing = []

    def need(doc_name, items, what):
        text = read(os.path.join(docs, doc_name))
        if not items:
            missing.append("found no %s to check (parser out of date?)" % what)
        for item in items:
            if not re.search("`" + re.escape(item) + r"(?![\w-])", text):
                missing.append("docs/%s does not document %s `%s`" %
                               (doc_name, what, item))

    # tilec: "  --name=<value> - ...", "    =value - ...", "  -o <dir> - ...".
    options, current = [], None
    for line in help_text(args.tilec).splitlines():
        m = re.match(r"\s{2}(--?[\w-]+)", line)
        if m:
            current = m.group(1)
            options.append(current)
            continue
        m = re.match(r"\s{4}=([\w-]+)\s", line)
        if m and current:
            options.append("%s=%s" % (current, m.group(1)))
    need("getting-started.md", options, "tilec option")

    # tilec-cc: the options named in its usage text.
    cc_options = sorted(set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)",
                                       help_text(args.tilec_cc))) -
                        {"-lOpenCL", "-arch", "-DNX", "-I"})
    need("getting-started.md", cc_options, "tilec-cc option")

    # The runtime's environment variables.
    env = set()
    for path in glob.glob(os.path.join(args.root, "runtime", "src", "*")):
        env |= set(re.findall(r"(?:getenv|tilec_env_flag)\(\"(\w+)\"",
                              read(path)))
    need("runtime.md", sorted(env), "environment variable")

    # Profiles and their figures.
    profiles = sorted(glob.glob(os.path.join(args.root, "translator",
                                             "profiles", "*.json")))
    names, figures = [], set()
    for path in profiles:
        data = json.loads(read(path))
        names.append(data["name"])
        figures |= set(data.get("figures", {}))
    for path in glob.glob(os.path.join(args.root, "translator", "*", "*.cpp")):
        figures |= set(re.findall(r"figure\(\"(\w+)\"", read(path)))
    # blocked_item_ps_2d is documented as `blocked_item_ps_{1,2,3}d`.
    figures = sorted({re.sub(r"_[123]d$", "_", f) for f in figures})
    need("device-profiles.md", names, "profile")
    need("device-profiles.md", figures, "figure")

    readme = read(os.path.join(args.root, "README.md"))
    for path in sorted(glob.glob(os.path.join(docs, "*.md"))):
        link = "docs/" + os.path.basename(path)
        if link not in readme:
            missing.append("README.md does not link %s" % link)

    for line in missing:
        print("check_docs.py: " + line, file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
