"""Random stencil programs in the shapes tilec accepts.

A program is drawn as a Spec (every choice, from one random.Random) and then
rendered to C. Keeping the choices apart from the text lets the driver
shrink a failing program: simpler() yields specs with one choice made
simpler, and the driver keeps those that still fail (fuzz.py).

The programs are written the ways scientists write them: the paper's calc
and copy, ping-pong sweeps, several stages with a boundary stage, in-place
updates; static, heap, flat and parameter arrays; constant and run-time
extents; captured scalars, temporaries, component arrays, per-step tables,
host statements in the time loop (some printing values of a grid every few
steps, some writing its walls or a point source) and reductions; time loops
written as for, while and do-while loops, with a counter or without one
(step(N)), some stopping at a convergence test on the step's reduction;
grids whose pointers are exchanged after each sweep. They are free of
undefined behaviour by construction: every array is initialised, float
values stay in [-1, 1] (the weights of each update sum to at most 1 in
magnitude), int values stay below 1009 (non-negative terms, taken modulo
1009) and int sums are kept in a long. Each prints an FNV-1a hash of every
array's bytes, so a difference in any bit of any element shows.
"""

import dataclasses
import random
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

AXIS_NAMES = [("i", "j", "k"), ("z", "y", "x"), ("k", "j", "i")]
EXTENT_NAMES = ("NZ", "NY", "NX")


@dataclass
class Term:
    field: str
    offset: Tuple[int, ...]  # per loop axis
    weight: float  # float programs
    factor: int  # int programs
    component: int = -1  # >= 0: a leading component index


@dataclass
class Stage:
    target: str
    terms: List[Term]
    lo: List[int]  # per axis, the first index
    hi_gap: List[int]  # per axis, N - hi
    fixed: Optional[str] = None  # boundary stage: axis 0 fixed at 'first'/'last'
    table: bool = False  # reads the per-step table
    scalar: bool = False  # reads a captured scalar
    temporary: bool = False  # goes through a local temporary
    le_bound: bool = False  # loops written with <=


@dataclass
class HostRead:
    """`if (t % every == phase) printf(...)`: a value the host computes from
    a grid every few steps, printed exactly."""
    kind: str  # point: one element as %.17g; hash: FNV-1a of the elements'
    # bytes (grid_hash); sum: a weighted double sum (grid_sum), as %.17g
    array: str
    every: int
    phase: int
    point: Tuple[int, ...]  # kind point (clamped to the extents)
    at: int  # before body item `at` (stages, then the copy); len: step's end
    braces: bool = False  # `if (...) { ... }`


@dataclass
class HostWrite:
    """A host loop or statement that writes part of a grid every step (or
    every few, under a guard): a wall copied from its neighbour row
    (`A[0][i] = A[1][i]`) or a point source (`A[y0][x0] = value;`), into an
    array a calc reads."""
    kind: str  # wall, point
    array: str
    axis: int  # kind wall: the axis whose first or last row is written
    high: bool  # kind wall: the last row (from the one before it)
    point: Tuple[int, ...]  # kind point (clamped to the extents)
    value: float  # kind point: in [-1, 1] (float), [0, 1008] (int)
    at: int  # as HostRead.at
    every: int = 1  # > 1: guarded, `if (t % every == 0)`


@dataclass
class Spec:
    dims: int
    ctype: str  # float, double, int
    extents: List[int]
    runtime: bool
    storage: str  # static, heap, flat, param
    steps: int
    loop_start: int
    loop_le: bool
    pattern: str  # copy, nocopy, pingpong, stages, inplace, rotation
    fields: List[str]
    readonly: List[str]
    component: bool
    stages: List[Stage]
    reduction: Optional[str]  # +, min, max
    host_statement: bool
    names: Tuple[str, ...]
    seed: int = 0
    pre_increment: bool = False  # ++t in the time loop
    # The time loop as written (drawn from a second stream, _time_loop).
    time_form: str = "for"  # for, while, do
    counter: bool = True  # False: step(N), a loop over a simulated time
    add_assign: bool = False  # `t += 1;` advances a while or do loop
    counter_set: bool = False  # `t = start;` before the region, not `int t = start`
    reversed_test: bool = False  # `STEPS > t` for `t < STEPS`
    converge: Optional[float] = None  # the tolerance of a test on the reduction
    converge_first: bool = False  # that test before the counter's
    rotation_local: bool = False  # pattern rotation: `T *tmp = A;` in the body
    # Host statements on the grid (drawn from a third stream, _host_grid).
    host_read: Optional[HostRead] = None
    host_write: Optional[HostWrite] = None

    def forms(self):
        f = {f"dims-{self.dims}", f"type-{self.ctype}",
             "pointer-rotation" if self.pattern == "rotation"
             else f"pattern-{self.pattern}",
             f"storage-{self.storage}",
             "extents-runtime" if self.runtime else "extents-constant"}
        if self.counter:
            f.add("time-le" if self.loop_le else "time-lt")
        else:
            f.add("time-no-counter")
        if self.time_form == "while":
            f.add("time-while")
        elif self.time_form == "do":
            f.add("time-do-while")
        for flag, name in ((self.add_assign, "time-add-assign"),
                           (self.reversed_test, "time-reversed-test"),
                           (self.converge is not None, "time-converge"),
                           (self.steps == 0, "time-zero-trip"),
                           (self.steps == 0 and self.time_form == "do",
                            "time-do-zero-trip")):
            if flag:
                f.add(name)
        if self.pre_increment:
            f.add("time-pre-increment")
        if self.loop_start:
            f.add("time-start-offset")
        if self.component:
            f.add("component-array")
        if self.readonly:
            f.add("read-only-field")
        if self.reduction:
            f.add(f"reduction-{self.reduction}")
        if self.host_statement:
            f.add("host-statement")
        if self.host_read:
            f.add("host-reads-grid")
        if self.host_write:
            f.add("host-writes-grid")
        for s in self.stages:
            reach = [max(abs(t.offset[a]) for t in s.terms)
                     for a in range(self.dims)]
            f.add(f"radius-{max(reach)}")
            if any(sum(1 for o in t.offset if o) > 1 for t in s.terms):
                f.add("box")
            else:
                f.add("star")
            for a in range(self.dims):
                lo = min(t.offset[a] for t in s.terms)
                hi = max(t.offset[a] for t in s.terms)
                if lo != -hi:
                    f.add("asymmetric")
            for flag, name in ((s.fixed is not None, "boundary-stage"),
                               (s.table, "per-step-table"),
                               (s.scalar, "captured-scalar"),
                               (s.temporary, "temporary"),
                               (s.le_bound, "loop-le")):
                if flag:
                    f.add(name)
        return sorted(f)


# --- Drawing ----------------------------------------------------------------


def _offsets(rng, dims, radius, box):
    """The reads of one field: the centre and a star or box of `radius`,
    cut to a random subset with a random reach on each side."""
    minus = [rng.randint(0, radius) for _ in range(dims)]
    plus = [rng.randint(0, radius) for _ in range(dims)]
    out = {(0,) * dims}
    for a in range(dims):
        for d in range(-minus[a], plus[a] + 1):
            o = [0] * dims
            o[a] = d
            out.add(tuple(o))
    if box and dims > 1:
        for _ in range(rng.randint(1, 4)):
            out.add(tuple(rng.randint(-minus[a], plus[a]) for a in range(dims)))
    picked = sorted(out)
    rng.shuffle(picked)
    keep = picked[: rng.randint(min(len(picked), 3), min(len(picked), 9))]
    return sorted(keep)


def _weights(rng, n):
    raw = [rng.choice([-1, 1]) * rng.randint(1, 9) for _ in range(n)]
    total = sum(abs(w) for w in raw) + rng.randint(0, 3)
    return [w / total for w in raw]


def _terms(rng, spec_dims, reads, centre_only, radius, box, component):
    """Terms over `reads` (fields read at offsets) and `centre_only`
    (fields read only at the point: what the stage writes)."""
    items = []
    for f in reads:
        for o in _offsets(rng, spec_dims, radius, box):
            items.append((f, o, -1))
    for f in centre_only:
        items.append((f, (0,) * spec_dims, -1))
    if component:
        items.append(("K", tuple(rng.randint(-1, 1) if radius else 0
                                 for _ in range(spec_dims)), rng.randint(0, 1)))
    ws = _weights(rng, len(items) + 2)
    return [Term(f, o, ws[n], rng.randint(1, 3), c)
            for n, (f, o, c) in enumerate(items)]


def _stage(rng, spec, target, reads, centre_only, fixed=None):
    radius = rng.choice([1, 1, 1, 2, 2, 3])
    box = rng.random() < 0.35
    terms = _terms(rng, spec.dims, reads, centre_only, radius, box,
                   spec.component and rng.random() < 0.7)
    if fixed is not None:
        # A boundary stage reads along the axis it fixes only its own row.
        for t in terms:
            t.offset = (0,) + t.offset[1:]
    reach_minus = [max(0, -min(t.offset[a] for t in terms))
                   for a in range(spec.dims)]
    reach_plus = [max(0, max(t.offset[a] for t in terms))
                  for a in range(spec.dims)]
    lo = [r + rng.randint(0, 1) for r in reach_minus]
    hi_gap = [r + rng.randint(0, 1) for r in reach_plus]
    return Stage(target, terms, lo, hi_gap, fixed,
                 table=rng.random() < 0.25,
                 scalar=rng.random() < 0.5,
                 temporary=rng.random() < 0.3,
                 le_bound=rng.random() < 0.2)


def draw(seed: int) -> Spec:
    rng = random.Random(seed)
    dims = rng.choice([1, 2, 2, 3, 3])
    ctype = rng.choice(["float", "float", "double", "int"])
    sizes = {1: (24, 300), 2: (12, 64), 3: (8, 22)}[dims]
    extents = [rng.randint(*sizes) for _ in range(dims)]
    runtime = rng.random() < 0.4
    storages = ["heap", "param"] + (["flat"] if dims > 1 else [])
    if not runtime:
        storages += ["static", "static"]
    storage = rng.choice(storages)
    pattern = rng.choice(["copy", "copy", "nocopy", "pingpong", "stages",
                          "inplace"])
    component = storage == "static" and dims > 1 and rng.random() < 0.6
    spec = Spec(dims, ctype, extents, runtime, storage,
                steps=rng.randint(1, 10), loop_start=rng.choice([0, 0, 1, 3]),
                loop_le=rng.random() < 0.3, pattern=pattern, fields=[],
                readonly=[], component=component, stages=[], reduction=None,
                host_statement=rng.random() < 0.15,
                names=rng.choice(AXIS_NAMES)[3 - dims:] if dims < 3
                else rng.choice(AXIS_NAMES), seed=seed,
                pre_increment=rng.random() < 0.25)
    spec.readonly = ["W"] if rng.random() < 0.4 else []
    if pattern in ("copy", "nocopy"):
        spec.fields = ["A", "B"]
        spec.stages = [_stage(rng, spec, "B", ["A"] + spec.readonly, [])]
    elif pattern == "pingpong":
        spec.fields = ["A", "B"]
        first = _stage(rng, spec, "B", ["A"] + spec.readonly, [])
        second = dataclasses.replace(
            first, target="A",
            terms=[dataclasses.replace(t, field="B" if t.field == "A"
                                       else t.field) for t in first.terms])
        spec.stages = [first, second]
    elif pattern == "inplace":
        spec.fields = ["A", "C"]
        spec.stages = [_stage(rng, spec, "A", ["C"] + spec.readonly, ["A"])]
    else:
        spec.fields = ["U", "V", "P"]
        stages = []
        # Not on flat arrays: tilec does not yet take a boundary stage's
        # constant row through a linearised subscript (docs/notes/fuzzing.md).
        if dims > 1 and storage != "flat" and rng.random() < 0.7:
            row = "last" if not runtime and rng.random() < 0.5 else "first"
            stages.append(_stage(rng, spec, "U", ["P"], [], fixed=row))
            stages[-1].table = True
        stages.append(_stage(rng, spec, "V", ["U", "P"], ["V"]))
        stages.append(_stage(rng, spec, "U", ["V"] + spec.readonly, ["U"]))
        spec.stages = stages
    if pattern in ("copy", "nocopy", "inplace") and rng.random() < 0.35:
        spec.reduction = rng.choice(["+", "+", "min", "max"])
    # Room for every stage's range along every axis.
    spec.extents = [max(e, _least_extent(spec, a) + rng.randint(1, 6))
                    for a, e in enumerate(spec.extents)]
    _time_loop(random.Random(seed * 1000003 + 7), spec)
    # 53: the CI batch's fused and fused-streamed runs (seeds 10 and 28)
    # stay free of host statements on the grid, which split the stages.
    _host_grid(random.Random(seed * 1000003 + 53), spec)
    return spec


def _time_loop(rng, spec):
    """The time loop's form and pointer rotation, from a second stream of
    choices (the rest of a seed's program stays what it was before these
    forms): for, while or do-while, a counter or a simulated time, a
    convergence test on a max or min reduction, a step count of 0 (the
    loop's test fails at entry; a do loop still runs once)."""
    if spec.pattern in ("copy", "nocopy", "pingpong") and \
            spec.storage != "static" and rng.random() < 0.45:
        # One sweep from A into B, then `tmp = A; A = B; B = tmp;`.
        spec.pattern = "rotation"
        spec.stages = [dataclasses.replace(spec.stages[0], table=False)]
        spec.reduction = None
        spec.host_statement = False
        spec.rotation_local = rng.random() < 0.4
    spec.time_form = rng.choice(["for", "for", "while", "while", "do"])
    if spec.time_form != "for":
        # A rotation's step holds nothing but the sweep, the rotation and
        # the counter's step.
        spec.counter = spec.pattern == "rotation" or rng.random() < 0.65
        spec.add_assign = not spec.pre_increment and rng.random() < 0.3
        spec.counter_set = rng.random() < 0.5
        spec.reversed_test = rng.random() < 0.2
    if not spec.counter:
        spec.loop_start, spec.loop_le = 0, False
        spec.pre_increment = spec.add_assign = spec.reversed_test = False
        # A per-step table is indexed by the counter.
        spec.stages = [dataclasses.replace(st, table=False)
                       for st in spec.stages]
    if spec.pattern in ("copy", "nocopy", "inplace") and \
            spec.reduction != "+" and rng.random() < 0.45:
        # Only max and min: a float sum may round otherwise than the serial
        # one and the test take the other branch.
        if spec.reduction is None:
            spec.reduction = rng.choice(["min", "max"])
        spec.converge = _tolerance(rng, spec)
        spec.converge_first = rng.random() < 0.5
    if spec.pattern == "rotation":
        # Odd and even counts, 0 and 1 among them.
        spec.steps = rng.choice([0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    elif rng.random() < (0.3 if spec.time_form == "do" else 0.1):
        spec.steps = 0


def body_items(spec):
    """The calc and copy nests of a step, in order: the places a host
    statement on the grid may stand before (or after the last)."""
    return len(spec.stages) + (1 if spec.pattern == "copy" else 0)


def _host_grid(rng, spec):
    """Host statements that read or write the grid, from a third stream
    (the rest of a seed's program stays what it was before these forms):
    a value printed every few steps (only where the loop has a counter),
    a wall or a point source written every step into an array that a calc
    reads. Not in a rotated step: tilec runs one that holds nothing else.
    A function that reads the grid is passed the array, static arrays too:
    tilec moves no arrays for a call of a function that reads a static
    array the statement does not name, and says nothing (a difference)."""
    if spec.pattern == "rotation":
        return
    items = body_items(spec)
    # Fewer in ping-pong and multi-stage programs: a host statement on the
    # grid runs each stage as a kernel of its own, and the batch must still
    # cover the fused mappings.
    multi = spec.pattern in ("pingpong", "stages")
    if spec.counter and rng.random() < (0.2 if multi else 0.5):
        kinds = ["point", "hash", "sum"]
        every = rng.choice([1, 2, 2, 3, 4])
        spec.host_read = HostRead(
            kind=rng.choice(kinds), array=rng.choice(spec.fields),
            every=every, phase=rng.randrange(every),
            point=tuple(rng.randrange(e) for e in spec.extents),
            at=rng.choice([items, items, rng.randint(0, items)]),
            braces=rng.random() < 0.3)
    if rng.random() < (0.2 if multi else 0.55):
        read = sorted({t.field for st in spec.stages for t in st.terms
                       if t.field != "K"})
        if spec.ctype == "int":
            value = rng.randint(0, 1008)
        else:
            value = rng.choice([-1, 1]) * rng.randint(0, 8) / 8
        spec.host_write = HostWrite(
            kind=rng.choice(["wall", "wall", "point"]),
            array=rng.choice(read), axis=rng.randrange(spec.dims),
            high=rng.random() < 0.4,
            point=tuple(rng.randrange(e) for e in spec.extents),
            value=value,
            at=rng.choice([items, items, rng.randint(0, items)]),
            every=rng.choice([2, 3]) if spec.counter and rng.random() < 0.25
            else 1)


def _tolerance(rng, spec):
    """The convergence test's constant: the loop runs while the step's max
    stays above it (or its min below minus it); for int programs the
    remainder modulo 4 the max or min must reach."""
    if spec.ctype == "int":
        return float(rng.randint(0, 3))
    if spec.reduction == "max":
        return round(rng.uniform(0.05, 0.6), 4)
    return round(rng.uniform(0.01, 0.25), 4)


# --- Simplifying ------------------------------------------------------------


def simpler(spec: Spec):
    """Specs one choice simpler than `spec`, for shrinking a failure."""
    def variant(**changes):
        return dataclasses.replace(spec, **changes)

    if spec.steps > 1:
        yield variant(steps=1)
        yield variant(steps=spec.steps // 2)
    if spec.steps == 0:  # One step: the loop's test holds at entry.
        yield variant(steps=1)
    if spec.pattern == "rotation":
        yield variant(pattern="nocopy", rotation_local=False)
    if spec.time_form != "for":
        yield variant(time_form="for", counter=True, add_assign=False,
                      counter_set=False, reversed_test=False)
    if not spec.counter:
        yield variant(counter=True)
    if spec.add_assign or spec.reversed_test or spec.counter_set:
        yield variant(add_assign=False, reversed_test=False, counter_set=False)
    if spec.converge is not None:
        yield variant(converge=None, converge_first=False)
    if spec.reduction:
        yield variant(reduction=None, converge=None, converge_first=False)
    if spec.host_statement:
        yield variant(host_statement=False)
    if spec.host_read:
        yield variant(host_read=None)
    if spec.host_write:
        yield variant(host_write=None)
    if spec.loop_start or spec.loop_le:
        yield variant(loop_start=0, loop_le=False)
    if spec.runtime:
        yield variant(runtime=False)
    if spec.storage != "static" and not spec.runtime and \
            spec.pattern != "rotation":  # Static arrays are no pointers.
        yield variant(storage="static")
    if spec.pattern == "copy":
        yield variant(pattern="nocopy")
    for n, s in enumerate(spec.stages):
        if len(spec.stages) > 1 and spec.pattern == "stages":
            yield variant(stages=spec.stages[:n] + spec.stages[n + 1:])
        for flag in ("table", "scalar", "temporary", "le_bound"):
            if getattr(s, flag):
                yield _with_stage(spec, n, dataclasses.replace(s, **{flag: False}))
        if len(s.terms) > 1:
            for m in range(len(s.terms)):
                # A rotated sweep reads the array it rotates (tilec says so).
                last_read = spec.pattern == "rotation" and \
                    s.terms[m].field == "A" and \
                    sum(t.field == "A" for t in s.terms) == 1
                if s.terms[m].field != s.target and not last_read:
                    yield _with_stage(spec, n, dataclasses.replace(
                        s, terms=s.terms[:m] + s.terms[m + 1:]))
    smaller = [max(e - max(2, e // 4), _least_extent(spec, a))
               for a, e in enumerate(spec.extents)]
    if smaller != spec.extents:
        yield variant(extents=smaller)


def _with_stage(spec, n, stage):
    stages = list(spec.stages)
    stages[n] = stage
    if spec.pattern == "pingpong":
        # Both sweeps stay the same update.
        other = stages[1 - n]
        stages[1 - n] = dataclasses.replace(
            stage, target=other.target,
            terms=[dataclasses.replace(t, field=_swap(t.field)) for t in
                   stage.terms])
    return dataclasses.replace(spec, stages=stages)


def _swap(name):
    return {"A": "B", "B": "A"}.get(name, name)


def _least_extent(spec, axis):
    """The fewest points along `axis` that leave every stage two rows."""
    need = 3
    for s in spec.stages:
        need = max(need, s.lo[axis] + s.hi_gap[axis] + 2)
    return need
