#!/usr/bin/env python3
"""Random Floyd-Warshall programs in the shapes `#pragma apsp` accepts.

generate(rng) writes one C11 program with one apsp region; every choice comes
from rng: element type (int, unsigned, float, double, direct or by a macro),
n (8..200, often one off a tile size), a path matrix (successor P[i][k],
predecessor P[k][j] or pivot k), every accepted update spelling (if with
< > <= >=, ternary, min macro, min function, fmin), loop spellings, static,
local, heap, whole-array and flat matrices, constant or run-time n, and the
region in main, in a function on globals or in one taking the matrices.

Outputs are compared exactly. Integer distances are exact; float and double
weights are small integers or multiples of 1/2, 1/4 or 1/8 and every sum
stays below 2^24 quanta, so blocked Floyd-Warshall is bit-identical there too
(docs/directives.md, "Semantics"). A path matrix is defined only up to ties
(and with P[i][j] = k, tilec may record another vertex of the same path), so
each entry is checked against all its valid choices and entries with more
than one are hashed as -2.

Left out because tilec rejects them: INF guards (`D[i][k] != INF && ...`,
nested ifs, `continue`), submatrices and offset subscripts, `<=` with a path
matrix, a run-time bound spelled `k <= n - 1`.

    apspgen.py --count N --seed S --out DIR   (self-check against tilec-cc)
"""
import argparse
import os
import random
import subprocess
import sys

# type: (INF spellings, largest weight choices, printf format, sum type)
TYPES = {
    "int": (["(INT_MAX / 2)", "(1 << 29)", "1000000000", "0x3f3f3f3f"],
            [9, 20, 100, 1000, 100000], "%d", "long long", "%lld"),
    "unsigned": (["(UINT_MAX / 2)", "0x3fffffffu", "1000000000u"],
                 [9, 100, 1000, 100000], "%u", "unsigned long long", "%llu"),
    # float: 2 * 199 * 20000 < 2^24, so every sum of weights is exact.
    "float": (["INFINITY", "HUGE_VALF", "1.0e30f", "(FLT_MAX / 2)"],
              [9, 50, 1000, 20000], "%.9e", "double", "%.17g"),
    "double": (["INFINITY", "HUGE_VAL", "1.0e300", "(DBL_MAX / 2)"],
               [9, 100, 1000, 1000000], "%.17e", "double", "%.17g"),
}
TILE_EDGES = [15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129]


def choose(rng):
    """Every decision of one program, drawn in a fixed order."""
    c = {"T": rng.choice(["int"] * 3 + ["unsigned", "float", "float",
                                        "double", "double"])}
    c["n"] = rng.randint(8, 200) if rng.random() < 0.7 else rng.choice(TILE_EDGES)
    c["runtime"] = rng.random() < 0.4
    if c["runtime"]:
        c["storage"] = rng.choice(["rowptr", "vla", "flat"])
        c["S"] = rng.choice(["n", "n", "nv", "nodes"])
    else:
        c["storage"] = rng.choice(["static", "static", "global", "local-static",
                                   "local", "rowptr", "whole", "flat", "flat-static"])
        c["S"] = rng.choice(["N", "N", "NV", "SIZE"])
    places = ["main", "param"]
    if c["storage"] in ("static", "global", "flat-static"):
        places.append("globals")
    c["place"] = "param" if c["storage"] == "whole" else rng.choice(places)
    c["path"] = rng.choice([None, None, None, "succ", "pred", "pivot"])
    # A path matrix is only accepted in the if forms, and not with <= or >=.
    forms = ["if-lt", "if-lt", "if-gt"] + ([] if c["path"] else [
        "if-le", "if-ge", "ternary", "min-macro", "min-func"] +
        ["fmin"] * (c["T"] in ("float", "double")))
    c["form"] = rng.choice(forms)
    infs, wmaxes = TYPES[c["T"]][:2]
    c["INF"], c["wmax"] = rng.choice(infs), rng.choice(wmaxes)
    c["scale"] = rng.choice([1, 1, 2, 4, 8]) if c["T"] in ("float", "double") else 1
    c["graph"] = rng.choice(["density", "density", "out-edges", "ring"])
    c["density"] = rng.choice([3, 8, 20, 50])  # percent of pairs with an edge
    c["components"] = rng.choice([1, 1, 1, 2, 3])
    c["undirected"] = rng.random() < 0.2
    c["Tname"] = c["T"] if rng.random() < 0.6 else rng.choice(["WEIGHT", "real_t"])
    c["D"] = rng.choice(["D", "D", "dist", "d", "cost"])
    c["P"] = rng.choice([{"succ": "next", "pred": "pred", "pivot": "via", None: "P"}[c["path"]], "P"])
    c["vars"] = rng.choice([("k", "i", "j")] * 4 + [("k", "u", "v"), ("m", "r", "c")])
    c["outside"] = rng.random() < 0.4  # loop variables declared before the loops
    c["inc"] = rng.choice(["{v}++"] * 4 + ["++{v}", "{v} += 1", "{v} = {v} + 1"])
    c["cond"] = rng.choice(["{v} < {Z}"] * 4 + ["{Z} > {v}"] +
                           ([] if c["runtime"] else ["{v} <= {Z} - 1"]))
    c["flat"] = rng.choice(["{a}[{r} * {Z} + {c}]", "{a}[{c} + {r} * {Z}]",
                            "{a}[{Z} * {r} + {c}]", "AT({a}, {r}, {c})"])
    c["braces"] = rng.random() < 0.3
    c["seed"], c["lcg64"] = rng.randint(1, 1 << 30), rng.random() < 0.5
    c["func"] = rng.choice(["floyd_warshall", "floyd", "shortest_paths", "all_pairs"])
    c["param_style"] = rng.randrange(3)  # T D[N][N], T D[restrict N][N], T (*D)[N]
    return c


def is_flat(c):
    return c["storage"] in ("flat", "flat-static")


def region_access(rng, c, a, r, col):
    """A matrix element inside the region: a[r][c] or a flat subscript."""
    if not is_flat(c):
        return f"{a}[{r}][{col}]"
    style = c["flat"] if rng.random() < 0.85 else rng.choice(
        ["{a}[{r} * {Z} + {c}]", "{a}[{c} + {r} * {Z}]"])
    return style.format(a=a, r=r, c=col, Z=c["S"])


def relaxation(rng, c):
    """The update in the spelling c["form"] names, with the path update."""
    k, i, j = c["vars"]
    d = lambda r, col: region_access(rng, c, c["D"], r, col)
    target = d(i, j)
    s = lambda: (f"{d(i, k)} + {d(k, j)}" if rng.random() < 0.7
                 else f"{d(k, j)} + {d(i, k)}")
    form = c["form"]
    if form.startswith("if"):
        op = {"if-lt": "<", "if-le": "<=", "if-gt": ">", "if-ge": ">="}[form]
        cond = f"{s()} {op} {target}" if op[0] == "<" else f"{target} {op} {s()}"
        stmts = [f"{target} = {s()};"]
        if c["path"]:
            p = lambda r, col: region_access(rng, c, c["P"], r, col)
            value = {"succ": p(i, k), "pred": p(k, j), "pivot": k}[c["path"]]
            stmts.insert(rng.randrange(2), f"{p(i, j)} = {value};")
        if len(stmts) == 1 and not c["braces"]:
            return [f"if ({cond})", "  " + stmts[0]]
        return [f"if ({cond}) {{"] + ["  " + x for x in stmts] + ["}"]
    if form == "ternary":
        x, y = (target, s()) if rng.random() < 0.5 else (s(), target)
        op = rng.choice(["<", "<=", ">", ">="])
        pick = (x, y) if op[0] == "<" else (y, x)
        return [f"{target} = {x} {op} {y} ? {pick[0]} : {pick[1]};"]
    name = {"min-macro": "MIN", "min-func": "dmin",
            "fmin": "fminf" if c["T"] == "float" and rng.random() < 0.8 else "fmin"}[form]
    args = [target, s()] if rng.random() < 0.6 else [s(), target]
    return [f"{target} = {name}({args[0]}, {args[1]});"]


def region(rng, c, indent):
    """The annotated loop nest, with the loop variables' declaration."""
    k, i, j = c["vars"]
    T, Z = c["Tname"], c["S"]
    data = f"#pragma apsp data({T} {c['D']}[{Z}][{Z}])" + (
        f" path(int {c['P']}[{Z}][{Z}])" if c["path"] else "")
    lines = [f"int {k}, {i}, {j};"] if c["outside"] else []
    lines += ["#pragma apsp begin", data, f"#pragma apsp loops({k}, {i}, {j})"]
    body = relaxation(rng, c)
    for depth, v in enumerate((k, i, j)):
        init = f"{v} = 0" if c["outside"] else f"int {v} = 0"
        cond = c["cond"].format(v=v, Z=Z)
        head = f"for ({init}; {cond}; {c['inc'].format(v=v)})"
        lines.append("  " * depth + head + (" {" if c["braces"] and depth == 1 else ""))
    lines += ["      " + x for x in body]
    if c["braces"]:
        lines.append("  }")
    lines.append("#pragma apsp end")
    if c["outside"]:
        lines.append(f'printf("loops %d %d %d\\n", {k}, {i}, {j});')
    pad = " " * indent
    return [x if x.startswith("#") else pad + x for x in lines]


def weight_expr(c):
    w = f"({c['Tname']})(1 + next_random() % {c['wmax']}u)"
    return w + (f" / {c['scale']}" if c["scale"] > 1 else "")


def make_graph(c):
    """W, flat: 0 on the diagonal, INF for missing edges, random weights."""
    T, m = c["Tname"], c["components"]
    keep = f"i != j{f' && i % {m} == j % {m}' if m > 1 else ''} && w < W[i * n + j]"
    both = " W[j * n + i] = w;" if c["undirected"] else ""
    out = [f"static void make_graph(int n, {T} *W) {{", "  for (int i = 0; i < n; i++)",
           "    for (int j = 0; j < n; j++)", "      W[i * n + j] = i == j ? 0 : INF;",
           "  for (int i = 0; i < n; i++)"]
    if c["graph"] == "ring":  # 1 one way round, 3 the other, random shortcuts
        return out[:-1] + ["  for (int i = 0; i < n; i++) {",
                           "    int right = (i + 1) % n, left = (i + n - 1) % n;",
                           "    if (right != i && 1 < W[i * n + right]) W[i * n + right] = 1;",
                           "    if (left != i && 3 < W[i * n + left]) W[i * n + left] = 3;",
                           "    int j = (int)(next_random() % (unsigned)n);",
                           f"    {T} w = {weight_expr(c)};",
                           "    if (i % 7 == 0 && j != i && w < W[i * n + j]) W[i * n + j] = w;",
                           "  }", "}"]
    out += ["    for (int j = 0; j < n; j++) {",
            f"      if (next_random() % 100 >= {c['density']}u)", "        continue;"] \
        if c["graph"] == "density" else ["    for (int e = 0; e < 4; e++) {",
                                         "      int j = (int)(next_random() % (unsigned)n);"]
    return out + [f"      {T} w = {weight_expr(c)};",
                  f"      if ({keep}) {{", f"        W[i * n + j] = w;{both}", "      }", "    }", "}"]


def helpers(c):
    """The random numbers and the digests every program prints."""
    T, (_, _, fmt, sumt, sumfmt) = c["Tname"], TYPES[c["T"]]
    cast = "(double)" if c["T"] == "float" else ""
    mul, inc, shift = (("6364136223846793005ULL", "1442695040888963407ULL", 33)
                       if c["lcg64"] else ("1103515245u", "12345u", 8))
    rnd = [f"static {'unsigned long long' if c['lcg64'] else 'unsigned'} lcg = {c['seed']}u;",
           "static unsigned next_random(void) {", f"  lcg = lcg * {mul} + {inc};",
           f"  return (unsigned)(lcg >> {shift});", "}"]
    out = rnd + [
        "static unsigned long long fnv1a(unsigned long long h, const void *data, size_t bytes) {",
        "  const unsigned char *p = data;",
        "  for (size_t b = 0; b < bytes; b++)", "    h = (h ^ p[b]) * 0x100000001b3ULL;",
        "  return h;", "}",
        "#define FNV_START 0xcbf29ce484222325ULL",
        f"static void report_matrix(const char *name, const {T} *A, int n) {{",
        f"  {sumt} sum = 0;", "  long unreachable = 0;",
        "  for (size_t m = 0; m < (size_t)n * n; m++)",
        "    if (A[m] < INF)", "      sum += A[m];", "    else", "      unreachable++;",
        f'  printf("%s sum {sumfmt} unreachable %ld\\n", name, sum, unreachable);',
        f'  printf("%s corners {fmt} {fmt} middle {fmt}\\n", name, {cast}A[n - 1],',
        f"         {cast}A[(size_t)(n - 1) * n], {cast}A[(size_t)(n / 2) * n + n / 3]);",
        '  printf("%s hash %016llx\\n", name, fnv1a(FNV_START, A, sizeof *A * n * n));', "}"]
    if c["path"]:
        out += path_report(c)
    return out


def path_report(c):
    """Checks each path entry against all its valid choices (ties allowed)."""
    T = c["Tname"]
    initial, choice = {
        "succ": ("(W[ij] < INF ? j : -1)",
                 "v != i && W[i * n + v] < INF && W[i * n + v] + D[v * n + j] == D[ij]"),
        "pred": ("(W[ij] < INF ? i : -1)",
                 "v != j && W[v * n + j] < INF && D[i * n + v] + W[v * n + j] == D[ij]"),
        "pivot": ("-1", "v != i && v != j && D[i * n + v] + D[v * n + j] == D[ij]"),
    }[c["path"]]
    direct = ["        if (W[ij] == D[ij]) { choices++; valid |= p == -1; }"] \
        if c["path"] == "pivot" else []
    return [
        "/* Each entry must be one of its valid choices; ties are hashed as -2. */",
        f"static void report_path(const char *name, int n, const {T} *W, const {T} *D, const int *P) {{",
        "  long invalid = 0, ties = 0;", "  unsigned long long h = FNV_START;",
        "  for (int i = 0; i < n; i++)", "    for (int j = 0; j < n; j++) {",
        "      size_t ij = (size_t)i * n + j;", "      int p = P[ij], choices = 0, valid = 0;",
        "      if (i == j || !(D[ij] < INF)) {  /* never relaxed */",
        f"        choices = 1;", f"        valid = p == {initial};", "      } else {"] + direct + [
        "        for (int v = 0; v < n; v++)",
        f"          if ({choice}) {{ choices++; valid |= p == v; }}", "      }",
        "      invalid += !valid;", "      if (choices > 1) { ties++; p = -2; }",
        "      h = fnv1a(h, &p, sizeof p);", "    }",
        '  printf("%s invalid %ld ties %ld hash %016llx\\n", name, invalid, ties, h);', "}"]


def declarations(c, T, name, elem):
    """How main (or the file) declares one matrix, by storage."""
    S, st = c["S"], c["storage"]
    shaped = f"{elem} {name}[{S}][{S}];"
    return {"static": "static " + shaped, "local-static": "static " + shaped,
            "global": shaped, "local": shaped, "vla": shaped,
            "flat-static": f"static {elem} {name}[{S} * {S}];",
            "rowptr": f"{elem} (*{name})[{S}] = malloc(sizeof({elem}) * {S} * {S});",
            "whole": f"{elem} (*{name})[{S}][{S}] = malloc(sizeof *{name});",
            "flat": f"{elem} *{name} = malloc(sizeof *{name} * {S} * {S});"}[st]


def function_params(c):
    """The region function's parameter list and its call's arguments."""
    S, T, st = c["S"], c["Tname"], c["param_style"]
    mats = [(T, c["D"])] + ([("int", c["P"])] if c["path"] else [])
    def one(elem, name):
        if is_flat(c):
            return f"{elem} *{'restrict ' if st == 1 else ''}{name}"
        return [f"{elem} {name}[{S}][{S}]", f"{elem} {name}[restrict {S}][{S}]",
                f"{elem} (*{name})[{S}]"][st]
    params = [one(e, m) for e, m in mats]
    args = [("*" if c["storage"] == "whole" else "") + m for _, m in mats]
    if c["runtime"]:
        params, args = [f"int {S}"] + params, [S] + args
    return ", ".join(params), ", ".join(args)


def program(rng, c):
    """The whole C file: macros, file-scope matrices, helpers, region, main."""
    T, S, D, P = c["Tname"], c["S"], c["D"], c["P"]
    out = ["/* Floyd-Warshall on a random graph, annotated for tilec. Prints a digest",
           "   of every matrix; unreachable pairs stay INF. */",
           *[f"#include <{h}.h>" for h in ("float", "limits", "math", "stdio", "stdlib")]]
    if not c["runtime"]:
        out.append(f"#define {S} {c['n']}")
    out.append(f"#define INF {c['INF']}")
    if T != c["T"]:
        out.append(f"#define {T} {c['T']}")
    if is_flat(c) and c["flat"].startswith("AT"):
        out.append(f"#define AT(m, r, c) m[(r) * {S} + (c)]")
    if c["form"] == "min-macro":
        out.append(rng.choice(["#define MIN(a, b) ((a) < (b) ? (a) : (b))",
                               "#define MIN(a, b) ((a) <= (b) ? (a) : (b))",
                               "#define MIN(a, b) ((a) > (b) ? (b) : (a))"]))
    if c["form"] == "min-func":
        # Not plain `static`: tilec-cc's output no longer calls it, and
        # -Wunused-function -Werror would reject the translated file.
        out.append(rng.choice(["static inline ", ""]) + f"{T} dmin({T} a, {T} b) {{ return " +
                   rng.choice(["a < b ? a : b", "a <= b ? a : b", "(a > b) ? b : a"]) + "; }")
    file_scope = c["storage"] in ("static", "global", "flat-static")
    mats = [(D, T)] + ([(P, "int")] if c["path"] else [])
    if file_scope:
        out += [declarations(c, T, m, e) for m, e in mats]
    out += helpers(c) + make_graph(c)
    if c["place"] == "globals":
        out += [f"static void {c['func']}(void) {{"] + region(rng, c, 2) + ["}"]
    elif c["place"] == "param":
        out += [f"static void {c['func']}({function_params(c)[0]}) {{"] + region(rng, c, 2) + ["}"]
    out += main_function(rng, c, mats, file_scope)
    return "\n".join(out) + "\n"


def main_function(rng, c, mats, file_scope):
    """main: the size, the graph, the matrices, the region (or its call), the digests."""
    T, S, st = c["Tname"], c["S"], c["storage"]
    out = ["int main(int argc, char **argv) {" if c["runtime"] else "int main(void) {"]
    if c["runtime"]:
        out += [f"  int {S} = argc > 1 ? atoi(argv[1]) : {c['n']};",
                f"  if ({S} < 1 || {S} > 4096) {{", '    fprintf(stderr, "bad size\\n");',
                "    return 1;", "  }"]
    out.append(f"  {T} *W = malloc(sizeof *W * {S} * {S});")
    if not file_scope:
        out += ["  " + declarations(c, T, m, e) for m, e in mats]
    heap = [m for m, _ in mats if st in ("rowptr", "whole", "flat")] + ["W"]
    out += ["  if (" + " || ".join(f"!{m}" for m in heap) + ") {",
            '    fprintf(stderr, "out of memory\\n");', "    return 1;", "  }",
            f"  make_graph({S}, W);"]
    at = lambda m, r, col: (f"{m}[{r} * {S} + {col}]" if is_flat(c) else
                            f"(*{m})[{r}][{col}]" if st == "whole" else f"{m}[{r}][{col}]")
    init = {"succ": f"W[i * {S} + j] < INF ? j : -1", "pred": f"W[i * {S} + j] < INF ? i : -1",
            "pivot": "-1"}.get(c["path"])
    out += [f"  for (int i = 0; i < {S}; i++)", f"    for (int j = 0; j < {S}; j++) {{",
            f"      {at(c['D'], 'i', 'j')} = W[i * {S} + j];"]
    out += [f"      {at(c['P'], 'i', 'j')} = {init};"] if c["path"] else []
    out.append("    }")
    if c["place"] == "main":
        out += region(rng, c, 2)
    else:
        out.append(f"  {c['func']}({function_params(c)[1] if c['place'] == 'param' else ''});")
    base = lambda m, e: m if is_flat(c) else f"(const {e} *){'*' if st == 'whole' else ''}{m}"
    out += [f'  report_matrix("{c["D"]}", {base(c["D"], T)}, {S});',
            f'  report_matrix("weights", W, {S});']
    if c["path"]:
        out.append(f'  report_path("{c["P"]}", {S}, W, {base(c["D"], T)}, {base(c["P"], "int")});')
    out += [f"  free({m});" for m in heap] + ["  return 0;", "}"]
    return out


def tags(c):
    """The form tags: what this program exercises."""
    st = c["storage"]
    flags = [
        (c["path"], "apsp-path"), (c["runtime"], "apsp-runtime-size"),
        (st in ("rowptr", "whole", "flat"), "apsp-heap"), (is_flat(c), "apsp-flat"),
        (st in ("vla", "whole", "local"), "apsp-" + st),
        (c["place"] == "param", "apsp-param"), (c["place"] == "globals", "apsp-function-globals"),
        (c["outside"], "apsp-loop-vars-after"), (c["components"] > 1 and c["graph"] != "ring", "apsp-disconnected"),
        (c["INF"] in ("INFINITY", "HUGE_VAL", "HUGE_VALF"), "apsp-inf-infinity"),
        (c["scale"] > 1, "apsp-dyadic-weights"), (c["Tname"] != c["T"], "apsp-type-macro")]
    t = {"apsp", "apsp-" + c["T"], "apsp-" + c["form"], "apsp-graph-" + c["graph"]}
    t |= {"apsp-path-" + c["path"]} if c["path"] else set()
    return sorted(t | {tag for cond, tag in flags if cond})


def generate(rng: random.Random) -> dict:
    """One random apsp program: {"source", "forms", "kind": "apsp"}."""
    c = choose(rng)
    return {"source": program(rng, c), "forms": tags(c), "kind": "apsp"}


def check_one(prog, workdir, tilec_cc):
    """Builds and runs the serial and the tilec-cc program; None when their
    outputs are the same, else what went wrong."""
    os.makedirs(workdir, exist_ok=True)
    src = os.path.join(workdir, "prog.c")
    with open(src, "w") as f:
        f.write(prog["source"])
    flags = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-Wno-unknown-pragmas"]
    env = dict(os.environ, POCL_DEVICES="pthread")
    outputs = []
    for what, compiler in (("serial", ["cc"]), ("tilec", [tilec_cc, "--target=opencl"])):
        exe = os.path.join(workdir, what)
        for cmd in (compiler + flags + [src, "-o", exe, "-lm"], [exe]):
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
            if r.returncode:
                return f"{what}: {' '.join(cmd)} failed:\n{r.stderr}"
        outputs.append(r.stdout)
    if outputs[0] != outputs[1]:
        return "outputs differ:\n--- serial\n" + outputs[0] + "--- tilec\n" + outputs[1]
    return None


def self_check():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    parser.add_argument("--tilec-cc", default=os.path.join(here, "../../build/bin/tilec-cc"))
    args = parser.parse_args()
    failures = 0
    for index in range(args.count):
        seed = args.seed * 100003 + index
        prog = generate(random.Random(seed))
        problem = check_one(prog, os.path.join(args.out, f"apsp-{seed}"), args.tilec_cc)
        print(f"{'FAIL' if problem else 'ok'} seed {seed}: {' '.join(prog['forms'])}")
        if problem:
            failures += 1
            print(problem)
        sys.stdout.flush()
    print(f"{args.count - failures} of {args.count} programs matched the serial output")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(self_check())
