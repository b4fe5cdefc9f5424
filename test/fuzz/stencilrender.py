"""C text of a stencil Spec (stencilgen.py).

The rendered program initialises every array from a formula, runs one
`#pragma stencil` region in the spec's shape, and prints an FNV-1a hash of
each array's bytes (and the reduction's value), one line each.
"""

from stencilgen import EXTENT_NAMES, Spec, Stage, Term

TABLE_SIZE = 16  # loop_start (<= 3) + steps (<= 10) + 1, rounded up


class Renderer:
    def __init__(self, spec: Spec, magnitude=False):
        self.s = spec
        # A '+' reduction of the terms' magnitudes instead: the serial
        # program so rendered prints the scale that bounds the rounding.
        self.magnitude = magnitude
        self.t = spec.ctype
        self.ext_names = EXTENT_NAMES[3 - spec.dims:]
        self.in_function = spec.storage == "param"

    # -- names and texts ---------------------------------------------------

    def extent(self, a):
        name = self.ext_names[a]
        return name.lower() if self.s.runtime else name

    def steps_text(self):
        return "steps" if self.s.runtime else "STEPS"

    def arrays(self):
        return self.s.fields + self.s.readonly

    def literal(self, v):
        if self.t == "float":
            return f"{v:.7f}f"
        return f"{v:.15f}"

    def index(self, var, off):
        if off == 0:
            return var
        return f"{var} + {off}" if off > 0 else f"{var} - {-off}"

    def access(self, name, subs, component=-1):
        if name == "K":
            return "K[%d]" % component + "".join(f"[{x}]" for x in subs)
        if self.s.storage == "flat":
            return f"{name}[IDX({', '.join(subs)})]"
        return name + "".join(f"[{x}]" for x in subs)

    def declared(self, name):
        """`float A[NZ][NY][NX]`, as the data clause declares it."""
        dims = "".join(f"[{self.extent(a)}]" for a in range(self.s.dims))
        if name == "K":
            dims = "[2]" + dims
        return f"{self.t} {name}{dims}"

    def count(self):
        return " * ".join(["(size_t)" + self.extent(0)] +
                          [self.extent(a) for a in range(1, self.s.dims)])

    # -- the update ----------------------------------------------------------

    def term_read(self, stage: Stage, term: Term):
        subs = []
        for a, var in enumerate(self.s.names):
            if stage.fixed is not None and a == 0:
                subs.append(self.row(stage))
            else:
                subs.append(self.index(var, term.offset[a]))
        return self.access(term.field, subs, term.component)

    def row(self, stage):
        return "0" if stage.fixed == "first" else f"{self.extent(0)} - 1"

    def expression(self, stage: Stage):
        reads = [self.term_read(stage, t) for t in stage.terms]
        extra = []
        if stage.table:
            extra.append("tbl[t + 1]" if self.s.seed % 2 else "tbl[t]")
        if stage.scalar:
            extra.append("c0")
        if self.t == "int":
            parts = [f"{t.factor} * {r}" for t, r in zip(stage.terms, reads)]
            return "(" + " + ".join(parts + extra) + ") % 1009"
        weights = [t.weight for t in stage.terms]
        rest = [abs(t.weight) for t in stage.terms]
        # The extras get what the reads leave of a total weight of 1.
        left = max(0.0, 1.0 - sum(rest))
        parts = [f"{self.literal(w)} * {r}" for w, r in zip(weights, reads)]
        for e in extra:
            parts.append(f"{self.literal(left / (len(extra) + 1))} * {e}")
        return " + ".join(parts)

    def stage_text(self, stage: Stage, reduction):
        s = self.s
        pragma = "#pragma stencil calc"
        if reduction:
            pragma += f" reduction({reduction}:acc)"
        lines = [pragma]
        depth = 0
        for a, var in enumerate(s.names):
            if stage.fixed is not None and a == 0:
                continue
            lo = stage.lo[a]
            gap = stage.hi_gap[a]
            hi = self.extent(a) + (f" - {gap}" if gap else "")
            if stage.le_bound:
                cond = f"{var} <= {self.extent(a)} - {gap + 1}"
            else:
                cond = f"{var} < {hi}"
            lines.append("  " * depth + f"for ({var} = {lo}; {cond}; {var}++)")
            depth += 1
        subs = [self.row(stage) if stage.fixed is not None and a == 0 else v
                for a, v in enumerate(s.names)]
        target = self.access(stage.target, subs)
        body = []
        value = self.expression(stage)
        if stage.temporary:
            body.append(f"{self.t} s = {value};")
            value = "s"
        body.append(f"{target} = {value};")
        if reduction == "+" and self.magnitude:
            fn = "fabsf" if self.t == "float" else "fabs"
            body.append(f"acc += {fn}({target});")
        elif reduction == "+":
            body.append(f"acc += {target};")
        elif reduction:
            fn = {"min": "fmin", "max": "fmax"}[reduction]
            fn += "f" if self.t == "float" else ""
            body.append(f"acc = {fn}(acc, {target});")
        pad = "  " * depth
        if len(body) == 1:
            lines.append(pad + body[0])
        else:
            lines[-1] += " {"
            lines += [pad + b for b in body]
            lines.append(pad[:-2] + "}")
        return lines

    def copy_text(self, stage: Stage):
        lines = ["#pragma stencil copy"]
        for a, var in enumerate(self.s.names):
            gap = stage.hi_gap[a]
            hi = self.extent(a) + (f" - {gap}" if gap else "")
            lines.append("  " * a + f"for ({var} = {stage.lo[a]}; {var} < {hi}; "
                         f"{var}++)")
        subs = list(self.s.names)
        lines.append("  " * self.s.dims +
                     f"{self.access('A', subs)} = {self.access('B', subs)};")
        return lines

    # -- the time loop ---------------------------------------------------------

    def counter_test(self):
        """The loop's test of its counter (or of the simulated time)."""
        s = self.s
        if not s.counter:
            return "sim_time < tend"
        n = self.steps_text()
        start = s.loop_start
        if s.loop_le:
            bound = n if start == 1 else (f"{n} - 1" if start == 0 else
                                         f"{n} + {start - 1}")
            op, reverse = "<=", ">="
        else:
            bound = n if start == 0 else f"{n} + {start}"
            op, reverse = "<", ">"
        if s.reversed_test:
            return f"{bound} {reverse} t"
        return f"t {op} {bound}"

    def converge_test(self):
        """The test of the step's reduction: `acc > tol` for a max."""
        s = self.s
        if self.t == "int":
            return f"acc % 4 != {int(s.converge)}"
        if s.reduction == "max":
            return f"acc > {self.literal(s.converge)}"
        return f"acc < {self.literal(-s.converge)}"

    def condition(self):
        c = self.counter_test()
        if self.s.converge is None:
            return c
        v = self.converge_test()
        return f"{v} && {c}" if self.s.converge_first else f"{c} && {v}"

    def advance(self):
        s = self.s
        if not s.counter:
            return "sim_time += dt"
        if s.pre_increment:
            return "++t"
        return "t += 1" if s.add_assign else "t++"

    def pointer(self, name):
        """A pointer that can hold a grid: `float *tmp`, `float (*tmp)[nx]`."""
        if self.s.storage == "flat":
            return f"{self.t} *{name}"
        return _pointer_type(self, name)

    def acc_reset(self):
        s = self.s
        if s.converge is None:
            return "0" if self.t == "int" else "0.0"
        # The step's true max or min, which the test reads.
        if self.t == "int":
            return "-1" if s.reduction == "max" else "2000"
        return "-2.0" if s.reduction == "max" else "2.0"

    def region(self):
        s = self.s
        if s.counter:
            step = f"#pragma stencil step(t:{self.steps_text()})"
        else:
            step = f"#pragma stencil step({self.steps_text()})"
        lines = []
        if s.counter and s.time_form != "for" and s.counter_set:
            lines.append(f"t = {s.loop_start};")
        lines += ["#pragma stencil begin", step]
        sources = ["A"] + s.readonly + (["K"] if s.component else [])
        if s.pattern in ("copy", "nocopy") and s.seed % 3:
            lines.append("#pragma stencil data source(" +
                         ", ".join(self.declared(n) for n in sources) +
                         ") destination(" + self.declared("B") + ")")
        else:
            names = s.fields + s.readonly + (["K"] if s.component else [])
            lines.append("#pragma stencil data(" +
                         ", ".join(self.declared(n) for n in names) + ")")
        lines.append(f"#pragma stencil dimension({', '.join(s.names)})")
        cond = self.condition()
        if s.time_form == "for":
            lines.append(f"for (t = {s.loop_start}; {cond}; {self.advance()}) {{")
        elif s.time_form == "while":
            lines.append(f"while ({cond}) {{")
        else:
            lines.append("do {")
        body = []
        if s.host_statement:
            body.append("ticks = ticks + 1;")
        if s.reduction and (s.seed % 2 or s.converge is not None):
            body.append(f"acc = {self.acc_reset()};")
        nests = [self.stage_text(st, s.reduction) for st in s.stages]
        if s.pattern == "copy":
            nests.append(self.copy_text(s.stages[0]))
        for n in range(len(nests) + 1):
            body += self.host_grid_text(n, len(nests))
            if n < len(nests):
                body += nests[n]
        if s.pattern == "rotation":
            body.append(f"{self.pointer('tmp')} = A;" if s.rotation_local
                        else "tmp = A;")
            body += ["A = B;", "B = tmp;"]
        if s.time_form != "for":
            body.append(self.advance() + ";")
        lines += ["  " + b for b in body]
        lines.append("} while (%s);" % cond if s.time_form == "do" else "}")
        lines.append("#pragma stencil end")
        return lines

    # -- host statements on the grid ------------------------------------------

    def host_grid_text(self, n, count):
        """The host statements on the grid that stand before body item `n`
        (the stages, then the copy; `count`: at the step's end)."""
        s = self.s
        lines = []
        w = s.host_write
        if w and min(w.at, count) == n:
            lines += self.guarded(w.every, 0, self.host_write_text(w), False)
        r = s.host_read
        if r and min(r.at, count) == n:
            lines += self.guarded(r.every, r.phase, [self.host_read_text(r)],
                                  r.braces)
        return lines

    def guarded(self, every, phase, lines, braces):
        if every <= 1:
            return lines
        head = f"if (t % {every} == {phase})"
        if braces:
            return [head + " {"] + ["  " + l for l in lines] + ["}"]
        return [head] + ["  " + l for l in lines]

    def point(self, p):
        return [str(min(x, e - 1)) for x, e in zip(p, self.s.extents)]

    def host_write_text(self, w):
        s = self.s
        if w.kind == "point":
            value = str(int(w.value)) if self.t == "int" else \
                self.literal(w.value)
            return [f"{self.access(w.array, self.point(w.point))} = {value};"]
        last = self.extent(w.axis)
        row, near = (f"{last} - 1", f"{last} - 2") if w.high else ("0", "1")
        dst = [row if a == w.axis else v for a, v in enumerate(s.names)]
        src = [near if a == w.axis else v for a, v in enumerate(s.names)]
        lines = []
        others = [a for a in range(s.dims) if a != w.axis]
        for depth, a in enumerate(others):
            v = s.names[a]
            lines.append("  " * depth +
                         f"for ({v} = 0; {v} < {self.extent(a)}; {v}++)")
        stmt = f"{self.access(w.array, dst)} = {self.access(w.array, src)};"
        if others:
            # `for (i = 0; i < NX; i++) { A[0][i] = A[1][i]; }`
            lines[-1] += " { " + stmt + " }"
        else:
            lines.append(stmt)
        return lines

    def host_read_text(self, r):
        if r.kind == "point":
            value = self.access(r.array, self.point(r.point))
            return (f'printf("step %d {r.array} %.17g\\n", t, '
                    f'(double){value});')
        fn = "grid_hash" if r.kind == "hash" else "grid_sum"
        fmt = "%016llx" if r.kind == "hash" else "%.17g"
        args = ([self.extent(a) for a in range(self.s.dims)]
                if self.s.runtime else []) + [r.array]
        return (f'printf("step %d {r.array} {r.kind} {fmt}\\n", t, '
                f'{fn}({", ".join(args)}));')

    def grid_functions(self):
        """grid_hash and grid_sum, which a host read calls: they read every
        element of the array they are passed, through its subscripts."""
        s = self.s
        r = s.host_read
        if not r or r.kind == "point":
            return []
        params = [f"int {self.extent(a)}" for a in range(s.dims)] \
            if s.runtime else []
        if s.storage == "flat":
            params.append(f"{self.t} *u")
        else:
            params.append(f"{self.t} u" + "".join(
                f"[{self.extent(a)}]" for a in range(s.dims)))
        sub = self.access("u", list(s.names))
        if r.kind == "hash":
            head = f"static unsigned long long grid_hash({', '.join(params)}) {{"
            body = ["const unsigned char *p = (const unsigned char *)&" + sub + ";",
                    "size_t b;",
                    f"for (b = 0; b < sizeof({self.t}); b++) {{",
                    "  h ^= p[b];", "  h *= 0x100000001b3ULL;", "}"]
            init, result = "unsigned long long h = 0xcbf29ce484222325ULL;", "h"
        else:
            head = f"static double grid_sum({', '.join(params)}) {{"
            weight = " + ".join(f"{m} * {v}" if m > 1 else v
                                for m, v in zip((1, 2, 3), s.names))
            body = [f"h += (double){sub} * (1 + ({weight}) % 7);"]
            init, result = "double h = 0;", "h"
        lines = [head, "  " + init, f"  int {', '.join(s.names)};"]
        for a, v in enumerate(s.names):
            lines.append("  " * (a + 1) +
                         f"for ({v} = 0; {v} < {self.extent(a)}; {v}++)" +
                         (" {" if a == s.dims - 1 else ""))
        pad = "  " * (s.dims + 1)
        lines += [pad + b for b in body]
        lines += ["  " * s.dims + "}", f"  return {result};", "}", ""]
        return lines

    def before_region(self):
        """The region's variables: the counter, a captured scalar, the
        reduction, the simulated time, the rotation's pointers."""
        s = self.s
        t = self.t
        lines = []
        if not s.counter:
            lines.append(f"int {', '.join(s.names)};")
            dt = [0.5, 0.25, 0.125, 0.0078125][s.seed % 4]
            lines += [f"const double dt = {dt!r};", "double sim_time = 0.0;",
                      f"double tend = {self.steps_text()} * dt;"]
        elif s.time_form != "for" and not s.counter_set:
            lines.append(f"int t = {s.loop_start}, {', '.join(s.names)};")
        else:
            lines.append(f"int t, {', '.join(s.names)};")
        lines.append(f"{t} c0 = {_scalar(self)};")
        if s.reduction:
            acc_type = "long" if t == "int" else t
            if s.converge is None:
                init = {"+": "0", "min": "2.0", "max": "-2.0"}[s.reduction]
            elif t == "int":
                init = str(int(s.converge) + 1)  # The test holds at entry.
            else:
                init = "2.0" if s.reduction == "max" else "-2.0"
            lines.append(f"{acc_type} acc = {init};")
        if s.pattern == "rotation":
            lines.append(f"{self.pointer('A0')} = A;")
            if not s.rotation_local:
                lines.append(f"{self.pointer('tmp')} = NULL;")
        return lines

    def after_region(self):
        """What the region leaves besides the arrays: the counter, whether
        the convergence test stopped the loop, which buffer A is."""
        s = self.s
        lines = []
        if s.counter:
            lines.append('printf("t %d\\n", t);')
        else:
            lines.append('printf("sim_time %.17g\\n", sim_time);')
        if s.converge is not None:
            # fuzz.py counts the programs that stopped either way.
            lines.append('printf("form %%s\\n", %s ? "time-converge-early" : '
                         '"time-converge-limit");' % self.counter_test())
        if s.pattern == "rotation":
            where = 'A == A0 ? "first" : "second"'
            if s.rotation_local:
                lines.append(f'printf("rotation: A is the %s buffer\\n", {where});')
            else:
                lines.append('printf("rotation: A is the %%s buffer, tmp %%s\\n", '
                             '%s, tmp == B ? "is B" : tmp == NULL ? "is NULL" : '
                             '"is A");' % where)
            if self.in_function:
                # The caller's pointers are not rotated: hash these.
                for name in ("A", "B"):
                    lines.append(f'digest("run {name}", {_base(self, name)}, '
                                 f'sizeof({self.t}) * {self.count()});')
        return lines


def render(spec: Spec, magnitude=False) -> str:
    """The program's text; with magnitude, a '+' reduction adds |term|."""
    r = Renderer(spec, magnitude)
    return "\n".join(_program(r)) + "\n"


def _program(r: Renderer):
    s = r.s
    t = r.t
    out = ["/* Generated by test/fuzz (seed %d): %s. */" %
           (s.seed, ", ".join(s.forms())),
           "#include <math.h>", "#include <stdio.h>", "#include <stdlib.h>", ""]
    if not s.runtime:
        for a in range(s.dims):
            out.append(f"#define {r.ext_names[a]} {s.extents[a]}")
        out.append(f"#define STEPS {s.steps}")
    if s.storage == "flat":
        vars_ = ", ".join(s.names)
        ext = [r.extent(a) for a in range(s.dims)]
        if s.dims == 2:
            idx = f"((size_t)({s.names[0]}) * {ext[1]} + ({s.names[1]}))"
        else:
            idx = (f"(((size_t)({s.names[0]}) * {ext[1]} + ({s.names[1]})) * "
                   f"{ext[2]} + ({s.names[2]}))")
        out.append(f"#define IDX({vars_}) {idx}")
    out += ["", "static int ticks;",
            f"static {t} tbl[{TABLE_SIZE}];" if any(st.table for st in s.stages)
            else ""]
    if s.storage == "static":
        for n in r.arrays():
            out.append(f"static {r.declared(n)};")
    if s.component:
        out.append(f"static {r.declared('K')};")
    out += _helpers(t)
    out += r.grid_functions()
    region_vars = r.before_region()
    region = r.region() + r.after_region()
    if r.in_function:
        params = _parameters(r)
        out += [f"static double run({', '.join(params)}) {{"]
        out += ["  " + v for v in region_vars]
        out += ["  " + l for l in region]
        out += ["  return %s;" % ("(double)acc" if s.reduction else "0"), "}", ""]
    out += ["int main(int argc, char **argv) {"]
    body = []
    if s.runtime:
        for a in range(s.dims):
            body.append(f"int {r.extent(a)} = argc > {a + 1} ? atoi(argv[{a + 1}])"
                        f" : {s.extents[a]};")
        body.append(f"int steps = argc > {s.dims + 1} ? atoi(argv[{s.dims + 1}]) "
                    f": {s.steps};")
    else:
        body.append("(void)argc;")
        body.append("(void)argv;")
    body += _allocations(r)
    for n, name in enumerate(r.arrays() + (["K"] if s.component else [])):
        count = r.count() + (" * 2" if name == "K" else "")
        body.append(f"fill(({t} *){_base(r, name)}, {count}, {n + 1}, "
                    f"{'1' if name in ('B',) else '0'});")
    if any(st.table for st in s.stages):
        body.append(f"fill(tbl, {TABLE_SIZE}, 9, 0);")
    if r.in_function:
        args = _arguments(r)
        body.append(f"double result = run({', '.join(args)});")
        if s.reduction:
            body.append('printf("acc %.17e\\n", result);')
    else:
        body += region_vars + region
        if s.reduction:
            fmt = '"acc %ld\\n"' if t == "int" else '"acc %.17e\\n"'
            body.append(f"printf({fmt}, {'acc' if t == 'int' else '(double)acc'});")
    for name in r.arrays() + (["K"] if s.component else []):
        count = r.count() + (" * 2" if name == "K" else "")
        body.append(f'digest("{name}", {_base(r, name)}, sizeof({t}) * {count});')
    body.append('printf("ticks %d\\n", ticks);')
    out += ["  " + b for b in body] + ["  return 0;", "}"]
    return out


def _scalar(r):
    return "7" if r.t == "int" else r.literal(0.375)


def _helpers(t):
    if t == "int":
        value = "(int)((n * 7 + (size_t)salt * 13) % 1000)"
        dest = "(int)((n * 3) % 11)"
    else:
        value = f"({t})((n * 7 + (size_t)salt * 13) % 17) / 17 - ({t})0.25"
        dest = f"-({t})0.5"
    return ["",
            f"static void fill({t} *p, size_t count, int salt, int dest) {{",
            "  for (size_t n = 0; n < count; n++)",
            f"    p[n] = dest ? {dest} : {value};", "}", "",
            "static void digest(const char *name, const void *data, size_t bytes) {",
            "  const unsigned char *p = data;",
            "  unsigned long long h = 0xcbf29ce484222325ULL;",
            "  for (size_t n = 0; n < bytes; n++) {",
            "    h ^= p[n];", "    h *= 0x100000001b3ULL;", "  }",
            '  printf("%s hash %016llx\\n", name, h);', "}", ""]


def _pointer_type(r, name):
    """`float (*A)[ny][nx]`: a pointer to the rows of a grid."""
    rest = "".join(f"[{r.extent(a)}]" for a in range(1, r.s.dims))
    return f"{r.t} (*{name}){rest}" if rest else f"{r.t} *{name}"


def _allocations(r):
    s = r.s
    if s.storage == "static":
        return []
    lines = []
    for name in r.arrays():
        if s.storage == "flat":
            decl = f"{r.t} *{name}"
        else:
            decl = _pointer_type(r, name)
        lines.append(f"{decl} = malloc(sizeof({r.t}) * {r.count()});")
    lines.append("if (!" + " || !".join(r.arrays()) + ") {")
    lines.append('  fprintf(stderr, "out of memory\\n");')
    lines.append("  return 1;")
    lines.append("}")
    return lines


def _base(r, name):
    """The address of `name`'s first element."""
    if r.s.storage == "static" or name == "K":
        return "&" + name + "[0]" * (r.s.dims + (1 if name == "K" else 0))
    if r.s.storage == "flat" or r.s.dims == 1:
        return name  # A plain pointer.
    return f"&{name}" + "[0]" * r.s.dims  # A pointer to rows.


def _parameters(r):
    s = r.s
    params = []
    if s.runtime:
        params += [f"int {r.extent(a)}" for a in range(s.dims)] + ["int steps"]
    for name in r.arrays():
        if s.runtime:
            params.append(_pointer_type(r, name))
        else:
            params.append(r.declared(name))
    return params


def _arguments(r):
    s = r.s
    args = []
    if s.runtime:
        args += [r.extent(a) for a in range(s.dims)] + ["steps"]
    return args + r.arrays()
