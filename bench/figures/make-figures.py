#!/usr/bin/env python3
"""The results figures of docs/performance.md, drawn from the raw data in
docs/data/: one SVG per workload, docs/figures/results-<workload>.svg.

    python3 bench/figures/make-figures.py [--check] [--out DIR]

Standard library only (no plotting library: the SVG is written here). Each
workload's reader takes the data file its table on the page was read from
and derives the figures as the table gives them (medians, fastest runs,
shares of a bound); a data file that is missing, or that no longer holds
the lines a reader expects, stops the script with a message naming the
file (exit status 1) before any figure is written. The figures depend on
the data files only, so a second run writes the same bytes.

--check also compares every plotted number (and the ratios derived from
them) with the page's tables: a table cell must show the figure rounded to
the digits the cell shows. Each disagreement is printed; any makes the
exit status 1 (the figures are written all the same).
"""
import csv
import math
import re
import statistics
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "data"
PAGE = ROOT / "docs" / "performance.md"


class DataError(Exception):
    """A data file is missing or not in the form its reader expects."""


def rel(path):
    try:
        return str(Path(path).relative_to(ROOT))
    except ValueError:
        return str(path)


# The data files the running workload has opened, for the message when a
# reader stops on something other than a DataError.
OPENED = []


class Source:
    """One data file: its text and the checks a reader makes on it."""

    def __init__(self, name):
        self.path = DATA / name
        self.name = name
        OPENED.append(rel(self.path))
        if not self.path.is_file():
            raise DataError(f"{rel(self.path)}: missing")
        self.text = self.path.read_text(encoding="utf-8")
        self.lines = self.text.splitlines()
        m = re.match(r"[a-z0-9]+-(\d{4}-\d\d-\d\d)-", name)
        if not m:
            raise DataError(f"{rel(self.path)}: no date in the file name")
        self.date = m.group(1)

    def fail(self, message):
        raise DataError(f"{rel(self.path)}: {message} (has its format "
                        f"changed?)")

    def need(self, condition, message):
        if not condition:
            self.fail(message)

    def device(self, pattern):
        """The first line matching PATTERN (the GPU's name as the run
        printed it); its first group if it has one."""
        for line in self.lines:
            m = re.search(pattern, line)
            if m:
                return m.group(1) if m.groups() else m.group(0)
        self.fail(f"no line naming the device ({pattern!r})")

    def grab(self, pattern, lines=None, count=None, what=None):
        """Every match of PATTERN over the lines (re.match), as tuples of
        groups; COUNT, if given, is how many there must be."""
        found = []
        for line in self.lines if lines is None else lines:
            m = re.match(pattern, line)
            if m:
                found.append(m.groups())
        if count is not None and len(found) != count:
            self.fail(f"{len(found)} lines of {what or pattern!r}, "
                      f"expected {count}")
        if not found:
            self.fail(f"no line of {what or pattern!r}")
        return found

    def block(self, start, end=None):
        """The lines after the first line starting with START, up to the
        next line starting with END (or the end)."""
        for i, line in enumerate(self.lines):
            if line.startswith(start):
                out = []
                for later in self.lines[i + 1:]:
                    if end is not None and later.startswith(end):
                        break
                    out.append(later)
                return out
        self.fail(f"no line starting {start!r}")


def median(values):
    return statistics.median(values)


def sig(value, digits=4):
    """VALUE to DIGITS significant digits, trailing zeros dropped (as
    the tables print times)."""
    if value == 0:
        return "0"
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(value))))
    text = f"{value:.{decimals}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


# ---------------------------------------------------------------------------
# SVG drawing
# ---------------------------------------------------------------------------

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
GRID = "#e3e3e3"
AXIS = "#555555"
TEXT = "#222222"
MUTED = "#555555"

# tilec's series are always blue (and orange for a second tilec series);
# baselines take greys and muted colours.
TILEC = "#1f77b4"
TILEC2 = "#ff7f0e"
BASE1 = "#7f7f7f"
BASE2 = "#bdbdbd"
BASE3 = "#2ca02c"
BASE4 = "#9467bd"
BASE5 = "#d62728"
BASE6 = "#8c564b"


def text_width(text, size):
    """A rough width of TEXT in pixels at font SIZE (sans-serif)."""
    return len(text) * size * 0.56


def num(value):
    return f"{value:.1f}"


class Svg:
    def __init__(self):
        self.parts = []

    def add(self, element):
        self.parts.append(element)

    def text(self, x, y, body, size=11, anchor="start", fill=TEXT,
             weight=None, rotate=False):
        attrs = f'font-size="{size}" fill="{fill}"'
        if anchor != "start":
            attrs += f' text-anchor="{anchor}"'
        if weight:
            attrs += f' font-weight="{weight}"'
        if rotate:
            self.add(f'<text transform="translate({num(x)},{num(y)}) '
                     f'rotate(-90)" {attrs}>{escape(body)}</text>')
        else:
            self.add(f'<text x="{num(x)}" y="{num(y)}" {attrs}>'
                     f'{escape(body)}</text>')

    def line(self, x1, y1, x2, y2, stroke=AXIS, width=1, dash=None):
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        self.add(f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" '
                 f'y2="{num(y2)}" stroke="{stroke}" stroke-width="{width}"'
                 f'{extra}/>')

    def rect(self, x, y, w, h, fill):
        self.add(f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" '
                 f'height="{num(h)}" fill="{fill}"/>')


class Scale:
    """A value axis: linear from LO or logarithmic (decades)."""

    def __init__(self, lo, hi, log, top, bottom):
        self.lo, self.hi, self.log = lo, hi, log
        self.top, self.bottom = top, bottom

    def __call__(self, value):
        if self.log:
            f = (math.log10(value) - math.log10(self.lo)) / (
                math.log10(self.hi) - math.log10(self.lo))
        else:
            f = (value - self.lo) / (self.hi - self.lo)
        return self.bottom - f * (self.bottom - self.top)

    def ticks(self):
        """(value, label, major) pairs."""
        out = []
        if self.log:
            k = round(math.log10(self.lo))
            while 10 ** k <= self.hi * 1.0001:
                value = 10.0 ** k
                label = f"{value:.{-k}f}" if k < 0 else f"{int(value)}"
                out.append((value, label, True))
                for m in (2, 5):
                    if m * value < self.hi:
                        out.append((m * value, "", False))
                k += 1
            return out
        step = self.step
        decimals = max(0, -math.floor(math.log10(step) + 1e-9))
        if step * 10 ** decimals != int(step * 10 ** decimals):
            decimals += 1
        value = self.lo
        while value <= self.hi + step / 1000:
            out.append((value, f"{value:.{decimals}f}", True))
            value += step
        return out


def nice_step(span, target=5):
    raw = span / target
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if m * power >= raw:
            return m * power
    return 10 * power


def linear_scale(lo, need_hi, top, bottom):
    step = nice_step(need_hi - lo)
    hi = lo + math.ceil((need_hi - lo) / step - 1e-9) * step
    scale = Scale(lo, hi, False, top, bottom)
    scale.step = step
    return scale


def log_scale(vmin, need_hi, top, bottom):
    lo = 10 ** math.floor(math.log10(vmin))
    hi = 10 ** math.ceil(math.log10(need_hi) - 1e-9)
    return Scale(lo, hi, True, top, bottom)


class Bars:
    """Grouped bars. GROUPS: [(label, [value or None per series])]; COLOURS
    one per series. LABEL(series, group, value) gives the text above a bar
    (None: none). MISSING: the text where a value is None. RANGES: {(series,
    group): (lo, hi)} drawn as whiskers. REF: (value, text), a dashed
    line."""

    def __init__(self, title, groups, colours, ylabel, log=False, label=None,
                 missing="n/a", ranges=None, ref=None, by_group=False,
                 inside=False, dots=None):
        self.title, self.groups, self.colours = title, groups, colours
        self.ylabel, self.log, self.label = ylabel, log, label
        self.missing, self.ranges, self.ref = missing, ranges or {}, ref
        # by_group: one series, each group's bar in its own colour;
        # inside: labels inside the bars' tops where they fit.
        self.by_group, self.inside = by_group, inside
        # dots: (lo, hi), a marker per value on an axis from lo to hi
        # instead of bars from zero.
        self.dots = dots

    def bars(self):
        for g, (_, values) in enumerate(self.groups):
            for s, value in enumerate(values):
                yield s, g, value

    def need(self):
        """The values, and each bar's top with the room its label takes
        above it."""
        size = 9
        values = [v for _, _, v in self.bars() if v is not None]
        tops = []
        for s, g, v in self.bars():
            if v is None:
                continue
            top = max(v, self.ranges.get((s, g), (v, v))[1])
            text = self.label(s, g, v) if self.label else None
            room = text_width(text, size) + 6 if text and not self.inside \
                else 4
            tops.append((top, room))
        if self.ref:
            tops.append((self.ref[0], 14))
        return values, tops

    def draw(self, svg, x0, y0, w, h, ymax=None):
        lines = max(label.count("\n") + 1 for label, _ in self.groups)
        left, right, top = 64, 12, 26
        bottom = 10 + 12 * lines + 6
        px0, px1 = x0 + left, x0 + w - right
        py0, py1 = y0 + top, y0 + h - bottom
        ph = py1 - py0
        values, tops = self.need()
        if self.dots:
            scale = linear_scale(self.dots[0], self.dots[1], py0, py1)
        elif self.log:
            scale = log_scale(min(values), max(values), py0, py1)
            while any(scale(t) - room < py0 for t, room in tops):
                scale = Scale(scale.lo, scale.hi * 10, True, py0, py1)
        else:
            hi = max(t * ph / max(ph - room, 1) for t, room in tops)
            if ymax is not None:
                hi = max(hi, ymax)
            scale = linear_scale(0, hi, py0, py1)
        self.scale = scale
        svg.text(px0, y0 + 14, self.title, size=12, weight="bold")
        axes(svg, scale, px0, px1, py0, py1, self.ylabel, x0)
        n = len(self.groups)
        k = 1 if self.by_group else len(self.colours)
        gw = (px1 - px0) / n
        bw = min(30, gw * 0.82 / k)
        base = scale(scale.lo) if self.log or self.dots else scale(0)
        for s, g, value in self.bars():
            cx = px0 + gw * (g + 0.5) + bw * (s - k / 2 + 0.5)
            if value is None:
                if self.missing:
                    svg.text(cx + 3, base - 4, self.missing, size=9,
                             fill="#a00000", rotate=True)
                continue
            y = scale(value)
            colour = self.colours[g if self.by_group else s]
            if self.dots:
                svg.add(f'<circle cx="{num(cx)}" cy="{num(y)}" r="4" '
                        f'fill="{colour}"/>')
                text = self.label(s, g, value) if self.label else None
                if text:
                    svg.text(cx, y - 8, text, size=9, anchor="middle")
                continue
            svg.rect(cx - bw / 2 + 0.5, y, bw - 1, base - y, colour)
            top_y = y
            if (s, g) in self.ranges:
                lo, hi = self.ranges[(s, g)]
                ylo, yhi = scale(lo), scale(hi)
                svg.line(cx, ylo, cx, yhi, stroke="#000000")
                svg.line(cx - bw / 4, ylo, cx + bw / 4, ylo, stroke="#000000")
                svg.line(cx - bw / 4, yhi, cx + bw / 4, yhi, stroke="#000000")
                top_y = min(y, yhi)
            text = self.label(s, g, value) if self.label else None
            if text and self.inside and base - y > text_width(text, 9) + 8:
                svg.text(cx + 3, y + 4, text, size=9, rotate=True,
                         anchor="end", fill="#ffffff")
            elif text:
                svg.text(cx + 3, top_y - 3, text, size=9, rotate=True)
        if self.ref:
            value, text = self.ref
            y = scale(value)
            svg.line(px0, y, px1, y, stroke="#333333", dash="5 3")
            svg.text(px1 - 2, y - 3, text, size=9, anchor="end",
                     fill="#333333")
        for g, (label, _) in enumerate(self.groups):
            cx = px0 + gw * (g + 0.5)
            for i, part in enumerate(label.split("\n")):
                svg.text(cx, py1 + 14 + 12 * i, part, size=10, anchor="middle")


class Lines:
    """Lines over a numeric x axis. SERIES: [(colour, dash, [(x, y)])].
    XTICKS: the x values to label (default: every x of the data)."""

    def __init__(self, title, series, xlabel, ylabel, xlog2=False, ylog=False,
                 xticks=None, ymin=None, ymax=None, ideal=False,
                 xtick_label=None, ref=None, label=None, end_labels=None):
        self.title, self.series = title, series
        self.xlabel, self.ylabel = xlabel, ylabel
        self.xlog2, self.ylog = xlog2, ylog
        self.xticks, self.ymin, self.ymax = xticks, ymin, ymax
        # ideal: the line y = x; ref: (value, text), a dashed level;
        # label(series, x, y): the text above a point (None: none).
        self.ideal, self.ref, self.label = ideal, ref, label
        # end_labels(y): the text right of each series' last point, moved
        # apart where they would overlap.
        self.end_labels = end_labels
        self.xtick_label = xtick_label or (lambda x: f"{x:g}")

    def draw(self, svg, x0, y0, w, h, ymax=None):
        left, right, top, bottom = 64, 16, 26, 42
        if self.end_labels:
            right = 48
        px0, px1 = x0 + left, x0 + w - right
        py0, py1 = y0 + top, y0 + h - bottom
        xs = sorted({x for _, _, pts in self.series for x, _ in pts})
        ys = [y for _, _, pts in self.series for _, y in pts]
        if self.ylog:
            scale = log_scale(min(ys), max(ys) * 1.05, py0, py1)
        else:
            lo = 0 if self.ymin is None else self.ymin
            hi = max(ys) * 1.08 if self.ymax is None else self.ymax
            scale = linear_scale(lo, hi, py0, py1)
        svg.text(px0, y0 + 14, self.title, size=12, weight="bold")
        axes(svg, scale, px0, px1, py0, py1, self.ylabel, x0)
        pos = (lambda v: math.log2(v)) if self.xlog2 else (lambda v: v)
        a, b = pos(xs[0]), pos(xs[-1])
        pad = (b - a) * 0.05
        fx = lambda v: px0 + (pos(v) - a + pad) / (b - a + 2 * pad) * (
            px1 - px0)
        for x in self.xticks or xs:
            svg.line(fx(x), py1, fx(x), py1 + 4)
            svg.text(fx(x), py1 + 16, self.xtick_label(x), size=10,
                     anchor="middle")
        svg.text((px0 + px1) / 2, py1 + 32, self.xlabel, size=11,
                 anchor="middle")
        if self.ideal:
            x1, x2 = xs[0], xs[-1]
            svg.line(fx(x1), scale(x1), fx(x2), scale(x2), stroke="#999999",
                     dash="4 3")
        if self.ref:
            value, text = self.ref
            svg.line(px0, scale(value), px1, scale(value), stroke="#333333",
                     dash="5 3")
            svg.text(px1 - 2, scale(value) + 12, text, size=9, anchor="end",
                     fill="#333333")
        for i, (colour, dash, pts) in enumerate(self.series):
            coords = " ".join(f"{num(fx(x))},{num(scale(y))}" for x, y in pts)
            extra = f' stroke-dasharray="{dash}"' if dash else ""
            svg.add(f'<polyline points="{coords}" fill="none" '
                    f'stroke="{colour}" stroke-width="2"{extra}/>')
            for x, y in pts:
                svg.add(f'<circle cx="{num(fx(x))}" cy="{num(scale(y))}" '
                        f'r="3" fill="{colour}"/>')
                text = self.label(i, x, y) if self.label else None
                if text:
                    svg.text(fx(x), scale(y) - 7, text, size=9,
                             anchor="middle")
        if self.end_labels:
            ends = sorted(((scale(pts[-1][1]), colour, pts[-1][1])
                           for colour, _, pts in self.series),
                          key=lambda e: (e[0], e[1]))
            placed = []
            for y, colour, value in ends:
                y = max(y, placed[-1] + 11) if placed else y
                placed.append(y)
                svg.text(px1 + 6, y + 3, self.end_labels(value), size=9,
                         fill=colour)


def axes(svg, scale, px0, px1, py0, py1, ylabel, x0):
    for value, label, major in scale.ticks():
        y = scale(value)
        svg.line(px0, y, px1, y, stroke=GRID if major else "#f2f2f2")
        if label:
            svg.text(px0 - 6, y + 4, label, size=10, anchor="end")
    svg.line(px0, py0, px0, py1)
    svg.line(px0, py1, px1, py1)
    svg.text(x0 + 14, (py0 + py1) / 2, ylabel, size=11, anchor="middle",
             rotate=True)


def legend_rows(items, width):
    """Lays the legend's items out in rows: [[(x, item)]]."""
    rows, row, x = [], [], 0
    for item in items:
        w = 26 + text_width(item[2], 11) + 16
        if row and x + w > width:
            rows.append(row)
            row, x = [], 0
        row.append((x, item))
        x += w
    if row:
        rows.append(row)
    return rows


def figure(path, title, subtitle, legend, panels, weights=None, width=900,
           height=330, shared_y=False):
    """Writes one figure: TITLE (device and date), SUBTITLE (what is
    counted), LEGEND [(kind, colour, text[, dash])] with kind 'bar', 'line'
    or 'ref', and PANELS side by side (WEIGHTS: their shares of WIDTH)."""
    svg = Svg()
    margin = 14
    rows = legend_rows(legend, width - 2 * margin)
    subtitle = [subtitle] if isinstance(subtitle, str) else subtitle
    sub_h = 16 * (len(subtitle) - 1)
    top = 52 + sub_h + 18 * len(rows)
    total_h = top + height + 6
    svg.text(margin, 22, title, size=14, weight="bold")
    for i, line in enumerate(subtitle):
        svg.text(margin, 40 + 16 * i, line, size=11, fill=MUTED)
    for r, row in enumerate(rows):
        y = 58 + sub_h + 18 * r
        for x, item in row:
            kind, colour, text = item[:3]
            x += margin
            if kind == "bar":
                svg.rect(x, y - 9, 18, 11, colour)
            else:
                dash = item[3] if len(item) > 3 else (
                    "5 3" if kind == "ref" else None)
                svg.line(x, y - 4, x + 18, y - 4, stroke=colour,
                         width=1 if kind == "ref" else 2, dash=dash)
            svg.text(x + 24, y, text, size=11)
    weights = weights or [1] * len(panels)
    x = 0
    ymax = None
    if shared_y:
        # A first layout to find the highest axis any panel needs.
        probe = Svg()
        tops = []
        for panel, weight in zip(panels, weights):
            w = width * weight / sum(weights)
            panel.draw(probe, 0, top, w, height)
            tops.append(panel.scale.hi)
        ymax = max(tops)
    for panel, weight in zip(panels, weights):
        w = width * weight / sum(weights)
        panel.draw(svg, x, top, w, height, ymax=ymax)
        x += w
    head = (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
            f'height="{total_h}" viewBox="0 0 {width} {total_h}" '
            f'font-family="{FONT}">\n'
            f'<title>{escape(title)}</title>\n'
            f'<rect width="{width}" height="{total_h}" fill="white"/>\n')
    body = "\n".join(svg.parts)
    path.write_text(head + body + "\n</svg>\n", encoding="utf-8")


# ---------------------------------------------------------------------------
# Checks against docs/performance.md
# ---------------------------------------------------------------------------

class Check:
    """A table cell and the figures it must show: CELL (section heading's
    start, the row's leading cells, column index) and EXPECTED, numbers
    (the cell's numbers in order, rounded as the cell shows them), strings
    (the whole cell) or None (no figure: '-', empty, 'fails')."""

    def __init__(self):
        self.items = []

    def __call__(self, section, key, column, *expected):
        self.items.append((section, tuple(key), column, expected))


def clean(cell):
    return cell.replace("**", "").replace("`", "").strip()


def page_tables():
    """{section heading: [rows of cleaned cells]} of docs/performance.md."""
    if not PAGE.is_file():
        raise DataError(f"{rel(PAGE)}: missing")
    out, section = {}, None
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            out[section] = []
        elif section and line.startswith("|") and not re.match(
                r"^\|[\s|-]+\|$", line):
            out[section].append([clean(c) for c in line.strip()[1:-1]
                                 .split("|")])
    return out


NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")


def shows(token, value):
    """Whether table TOKEN ('0.2766') is VALUE rounded to its digits."""
    decimals = len(token.split(".")[1]) if "." in token else 0
    rounded = Decimal(repr(float(value))).quantize(
        Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    return rounded == Decimal(token)


def run_checks(checks):
    tables = page_tables()
    problems = []
    count = 0
    for section, key, column, expected in checks.items:
        where = f"{rel(PAGE)}, \"{section}\", row {' | '.join(key)}"
        heading = next((h for h in tables if h.startswith(section)), None)
        if heading is None:
            problems.append(f"{rel(PAGE)}: no section \"{section}\"")
            continue
        rows = [r for r in tables[heading]
                if tuple(r[:len(key)]) == key]
        if len(rows) != 1:
            problems.append(f"{where}: {len(rows)} rows match")
            continue
        cell = rows[0][column]
        count += 1
        if expected == (None,):
            if cell not in ("", "-", "fails", "n/a"):
                problems.append(f"{where}, column {column + 1}: shows "
                                f"'{cell}', the data has no figure")
            continue
        if all(isinstance(e, str) for e in expected):
            if cell != " ".join(expected):
                problems.append(f"{where}, column {column + 1}: shows "
                                f"'{cell}', the data gives "
                                f"'{' '.join(expected)}'")
            continue
        tokens = NUMBER.findall(cell)
        ok = len(tokens) >= len(expected) and all(
            shows(t, v) for t, v in zip(tokens, expected))
        if not ok:
            given = ", ".join(f"{v:.6g}" for v in expected)
            problems.append(f"{where}, column {column + 1}: shows "
                            f"'{cell}', the data gives {given}")
    return count, problems


# ---------------------------------------------------------------------------
# The workloads
# ---------------------------------------------------------------------------

def ebisu(out, check):
    """Beside EBISU: the table of run 2 in the data file (side_by_side.py's
    output), its EBISU columns checked against the raw lines above it."""
    src = Source("h200-2026-11-28-ebisu-side-by-side-final.txt")
    device = src.device(r"^(NVIDIA [^,]+), ")
    run2 = src.block("# Run 2", "# Run 1")
    header = ("| case | precision | EBISU, all cells x steps run | EBISU's "
              "own figure | tilec strict | tilec fast | strict / EBISU | "
              "fast / EBISU |")
    src.need(header in run2, "no table of run 2 with the expected header")
    start = run2.index(header) + 2
    cases = [(c, p) for p in ("fp32", "fp64", "fp64-pair")
             for c in ("2d-2048", "2d-8192", "3d-256", "3d-512")]
    rows = {}
    for line in run2[start:start + len(cases)]:
        cells = [c.strip() for c in line.strip()[1:-1].split("|")]
        src.need(len(cells) == 8, f"table row {line!r} has not 8 cells")
        values = [None if c == "n/a" else float(c.rstrip("x"))
                  for c in cells[2:]]
        rows[(cells[0], cells[1])] = values
    src.need(list(rows) == cases, "the table's rows are not the 12 cases")
    # EBISU's fp32 figure: the median of its three runs' lines.
    raw = src.grab(r"^ebisu-(2d5pt|3d7pt) (\d+)x\d+(?:x\d+)? \d+ ([\d.]+)$",
                   run2, count=12, what="EBISU fp32 runs")
    for case in cases[:4]:
        dims, n = case[0].split("-")
        runs = [float(g) for k, size, g in raw
                if k.startswith(dims) and size == n]
        src.need(len(runs) == 3 and f"{median(runs):.1f}" ==
                 f"{rows[(case[0], 'fp32')][0]:.1f}",
                 f"the table's EBISU figure for {case[0]} fp32 is not the "
                 f"median of its runs")
    # tilec's figure: points x 100 over a kernel time within the runs'.
    passes = {}
    for name, ms in src.grab(r"^pass \d (\S+): kernel time ([\d.]+) ms",
                             run2, count=48, what="tilec passes"):
        passes.setdefault(name, []).append(float(ms))
    for (case, precision), values in rows.items():
        dims, n = case.split("-")
        interior = (int(n) - 2) ** int(dims[0])
        for model, g in (("strict", values[2]), ("fast", values[3])):
            times = passes[f"time-{case}-{precision}-{model}"]
            ms = interior * 100 / (g * 1e9) * 1e3
            tol = ms * 0.06 / g + 1e-9
            src.need(min(times) - tol <= ms <= max(times) + tol,
                     f"tilec {model} {case} {precision}: {g} G/s is not "
                     f"within its passes' times")
    labels = {"2d-2048": "2D 2048²", "2d-8192": "2D 8192²",
              "3d-256": "3D 256³", "3d-512": "3D 512³"}
    titles = {"fp32": "fp32", "fp64": "fp64",
              "fp64-pair": "fp64 pair (PolyBench; EBISU: one array)"}
    colours = [BASE1, BASE2, TILEC, TILEC2]
    panels = []
    for precision in ("fp32", "fp64", "fp64-pair"):
        groups = [(labels[c], rows[(c, precision)][:4])
                  for c, p in cases if p == precision]
        panels.append(Bars(titles[precision], groups, colours,
                           "G cells per second", missing="fails",
                           label=lambda s, g, v: f"{v:.1f}"))
    figure(out / "results-ebisu.svg",
           f"tilec beside EBISU, 2D and 3D star stencils — {device}, "
           f"{src.date}",
           "G cells per second of kernel time, 100 steps, median of three "
           "runs; EBISU counts all cells x the steps it runs, tilec the "
           "interior points x 100",
           [("bar", BASE1, "EBISU, all cells x steps run"),
            ("bar", BASE2, "EBISU's own figure"),
            ("bar", TILEC, "tilec strict"), ("bar", TILEC2, "tilec fast")],
           panels, weights=[1, 1, 1], width=1140, height=340, shared_y=True)
    names = {"2d-2048": "2D 2048^2", "2d-8192": "2D 8192^2",
             "3d-256": "3D 256^3", "3d-512": "3D 512^3"}
    for (case, precision), values in rows.items():
        key = (names[case], precision.replace("-", " "))
        for column, value in enumerate(values):
            check("Beside EBISU", key, 2 + column,
                  None if value is None else value)


def strict_fp(out, check):
    """Strict floating point: bench/strict-fp/run.sh's result lines."""
    src = Source("h200-2026-12-02-strict-fp.txt")
    device = src.device(r"^(NVIDIA [^,]+), ")
    cuda = src.device(r"^Build cuda_(\d+\.\d+)")
    variants = ["strict", "strict-fmad-false", "products-fmad-false", "fast"]
    found = src.grab(r"^(fdtd2d|heat3d) (\S+): (yes|no) (\d+)/(\d+) "
                     r"([\d.]+) (\d+|-)$", count=8, what="result lines")
    rows = {(c, v): (exact, int(d), int(n), float(ms))
            for c, v, exact, d, n, ms, _ in found}
    src.need(set(rows) == {(c, v) for c in ("fdtd2d", "heat3d")
                           for v in variants},
             "the result lines are not fdtd2d and heat3d x the 4 builds")
    labels = ["strict\nnvcc -O3", "strict\n-fmad=false",
              "as written\n-fmad=false", "fast\nnvcc -O3"]
    colours = [TILEC, "#6baed6", BASE2, TILEC2]
    titles = {"fdtd2d": "fdtd2d 2000 x 2600, 500 steps",
              "heat3d": "heat3d 256³, 100 steps"}
    panels = []
    for case in ("fdtd2d", "heat3d"):
        groups = []
        for i, v in enumerate(variants):
            exact, d, n, ms = rows[(case, v)]
            what = "exact" if exact == "yes" else f"{d}/{n} lines differ"
            groups.append((f"{labels[i]}\n{what}", [ms]))
        panels.append(Bars(titles[case], groups, colours,
                           "steps time, ms (median of 5)", by_group=True,
                           label=lambda s, g, v: f"{v:.3f}"))
    figure(out / "results-strict-fp.svg",
           f"Strict floating point with plain nvcc — {device}, CUDA {cuda}, "
           f"{src.date}",
           "time of the steps (median of 5 runs); each build's output "
           "compared with the serial program's",
           [("bar", TILEC, "strict, nvcc -O3"),
            ("bar", "#6baed6", "strict, nvcc -O3 -fmad=false"),
            ("bar", BASE2, "products as written, -fmad=false"),
            ("bar", TILEC2, "fast, nvcc -O3")],
           panels, width=900, height=330)
    translation = {"strict": ("strict", "nvcc -O3"),
                   "strict-fmad-false": ("strict", "nvcc -O3 -fmad=false"),
                   "products-fmad-false": ("products as written",
                                           "nvcc -O3 -fmad=false"),
                   "fast": ("fast", "nvcc -O3")}
    for (case, v), (exact, d, n, ms) in rows.items():
        key = (case,) + translation[v]
        check("Strict floating point", key, 3, exact)
        check("Strict floating point", key, 4, d, n)
        check("Strict floating point", key, 5, ms)


def samples(out, check):
    """The samples beside serial C, OpenACC and naive CUDA:
    bench/compare's results.csv. Serial C and OpenACC: the time loop less
    the 0-step program (apsp's OpenACC: the region); naive CUDA and tilec:
    kernel time."""
    src = Source("h200-2026-11-22-compare.csv")
    # The CSV does not name the device; its file name does.
    src.need(src.name.startswith("h200-"), "not an H200 run")
    device = "NVIDIA H200"
    header = ("program,sample,variant,params,verify,steps,wall_s,wall0_s,"
              "loop_s,kernel_s,region_s,transfer_s,points,pred_total_s,"
              "pred_kernel_s")
    src.need(src.lines and src.lines[0] == header, "not the expected header")
    table = {}
    for fields in csv.reader(src.lines[1:]):
        src.need(len(fields) == 15, f"line {fields!r} has not 15 fields")
        row = dict(zip(header.split(","), fields))
        table[(row["program"], row["variant"])] = row

    def value(program, variant, column):
        row = table.get((program, variant))
        src.need(row is not None, f"no line for {program} {variant}")
        if row["verify"] not in ("OK", "-"):
            src.fail(f"{program} {variant} did not verify")
        src.need(row[column] not in ("", "-"),
                 f"{program} {variant}: no {column}")
        return float(row[column])
    programs = [("heat1d", "heat1d 4M"), ("heat2d-8192", "heat2d 8192²"),
                ("heat3d-512", "heat3d 512³"),
                ("himeno", "himeno 256 x 128 x 128"),
                ("apsp-8192", "apsp n = 8192")]
    keys = {"heat1d": "heat1d 4M", "heat2d-8192": "heat2d 8192^2",
            "heat3d-512": "heat3d 512^3",
            "himeno": "himeno 256 x 128 x 128", "apsp-8192": "apsp n = 8192"}
    groups = []
    for program, label in programs:
        apsp = program.startswith("apsp")
        serial = None if apsp else value(program, "serial", "loop_s")
        acc = value(program, "acc", "region_s" if apsp else "loop_s")
        naive = value(program, "naive", "kernel_s")
        tilec = value(program, "tilec-cuda", "kernel_s")
        groups.append((label.replace(" x ", " x\n", 1) if "himeno" in label
                       else label, [serial, acc, naive, tilec]))
        key = (keys[program],)
        section = "The samples beside"
        check(section, key, 1, *([None] if serial is None else [serial]))
        check(section, key, 2, acc)
        check(section, key, 3, naive)
        check(section, key, 4, tilec)
        check(section, key, 5, acc / tilec)
        check(section, key, 6, *([None] if serial is None else
                                 [serial / tilec]))
        check(section, key, 7, naive / tilec)
    figure(out / "results-samples.svg",
           f"The samples beside serial C, OpenACC and naive CUDA — "
           f"{device}, {src.date}",
           "100 steps (apsp: the whole region), transfers left out; serial C "
           "and OpenACC: the time loop, CUDA: kernel time; log scale",
           [("bar", BASE1, "serial C (gcc)"),
            ("bar", BASE3, "OpenACC (GCC 12, nvptx)"),
            ("bar", BASE2, "hand-written naive CUDA"),
            ("bar", TILEC, "tilec CUDA (vectors chosen then)")],
           [Bars("Time of the steps", groups, [BASE1, BASE3, BASE2, TILEC],
                 "time, s (log scale)", log=True, missing="no run",
                 label=lambda s, g, v: sig(v))],
           width=900, height=360)


def several_sweeps(out, check):
    """Several sweeps per step: four runs. The fdtd2d bound takes the copy
    bandwidth of its run, which its data file does not record."""
    blocking = Source("h200-2026-11-24-per-step-blocking.txt")
    pairs = Source("h100-2026-11-26-pair-shared.txt")
    stages = Source("h200-2026-11-23-multi-stage.txt")
    acc = Source("h200-2026-11-23-openacc-multi-stage.txt")
    # cudaMemcpy rate of the per-step-blocking run (H200, 2026-11-24), as
    # docs/notes/several-sweeps.md records it beside that data file.
    bandwidth = 4210.6e9
    (fdtd,), = blocking.grab(r"^time-fdtd2d-auto: kernel time ([\d.]+) ms$",
                             count=1)
    bound_ms = 24 * 4096 * 4096 * 100 / bandwidth * 1e3
    fdtd_share = bound_ms / float(fdtd) * 100
    runs = {}
    for name, ms in pairs.grab(r"^(time-\S+): kernel time ([\d.]+) ms$"):
        runs.setdefault(name, []).append(float(ms))
    for name in ("time-shared-512", "time-own-512", "time-heat3d-512",
                 "time-jacobi2d-8192", "time-heat2d-8192"):
        pairs.need(len(runs.get(name, [])) == 3, f"not three runs of {name}")

    def shares(pair, sample):
        # The pair sweeps twice per step: its time over 200 sweeps against
        # the calc + copy sample's over 100.
        return [s / (p / 2) * 100 for p, s in zip(runs[pair], runs[sample])]
    shared = shares("time-shared-512", "time-heat3d-512")
    own = shares("time-own-512", "time-heat3d-512")
    jacobi = shares("time-jacobi2d-8192", "time-heat2d-8192")
    (jac_ms,), = stages.grab(r"^time-jacobi2d-auto: kernel time ([\d.]+) "
                             r"ms$", count=1)
    (fd_ms,), = stages.grab(r"^time-fdtd2d-naive: kernel time ([\d.]+) ms$",
                            count=1)
    jac_rate = 8190 * 8190 * 200 / float(jac_ms) / 1e6
    fd_rate = 4096 * 4096 * 100 / float(fd_ms) / 1e6
    (acc_jac,), = acc.grab(r"^jacobi2d-8192: .* ([\d.]+) GStencil/s$",
                           count=1)
    (acc_fd,), = acc.grab(r"^fdtd2d-4096: .* ([\d.]+) GStencil/s$", count=1)
    acc_jac, acc_fd = float(acc_jac), float(acc_fd)
    for src in (blocking, stages, acc):
        src.device(r"H200")
    pairs.device(r"H100")
    groups = [("fdtd2d 4096², fused\n128,1,1,4, H200\nof its bound",
               [fdtd_share]),
              ("heat-3d pair 512³\nshared boundaries\nH100, of heat3d",
               [median(shared)]),
              ("heat-3d pair 512³\nown boundaries\nH100, of heat3d",
               [median(own)]),
              ("jacobi-2d pair 8192²\nown boundaries\nH100, of heat2d",
               [median(jacobi)])]
    ranges = {(0, 1): (min(shared), max(shared)),
              (0, 2): (min(own), max(own)),
              (0, 3): (min(jacobi), max(jacobi))}
    left = Bars("Against the reference", groups, [TILEC],
                "% of the reference", ranges=ranges, inside=True,
                ref=(100, "100%"), label=lambda s, g, v: f"{v:.1f}%")
    right = Bars(f"Beside OpenACC (H200, {stages.date})",
                 [("jacobi2d 8192²\nper sweep", [acc_jac, jac_rate]),
                  ("fdtd2d 4096²\none kernel per stage", [acc_fd, fd_rate])],
                 [BASE3, TILEC], "G points per second",
                 label=lambda s, g, v: f"{v:.1f}")
    figure(out / "results-several-sweeps.svg",
           f"Several sweeps per step — NVIDIA H200 ({stages.date}, "
           f"{blocking.date}) and H100 80GB HBM3 ({pairs.date})",
           ["fp32, 100 steps, kernel time (OpenACC: 500 steps, the time "
            "loop's wall time)",
            "fdtd2d against 24 bytes per point per step at the copy rate; "
            "the pairs per sweep against the calc + copy sample (median and "
            "range of three runs)"],
           [("bar", TILEC, "tilec"), ("bar", BASE3, "OpenACC (GCC 12)"),
            ("ref", "#333333", "100% of the reference")],
           [left, right], weights=[1.6, 1], width=1000, height=360)
    section = "The samples beside"
    check(section, ("fdtd2d 4096^2, 100 steps, fused streaming 128,1,1,4 "
                    "(the search's choice)",), 2, float(fdtd))
    check(section, ("fdtd2d 4096^2, 100 steps, fused streaming 128,1,1,4 "
                    "(the search's choice)",), 3, fdtd_share)
    check(section, ("heat-3d ping-pong pair 512^3 (32,8,1,3,4), shared "
                    "boundaries",), 2, median(runs["time-shared-512"]))
    check(section, ("heat-3d ping-pong pair 512^3 (32,8,1,3,4), shared "
                    "boundaries",), 3, min(shared), max(shared), min(own),
          max(own))
    check(section, ("jacobi-2d pair 8192^2 (256,1,1,8), own boundaries",), 2,
          min(runs["time-jacobi2d-8192"]), max(runs["time-jacobi2d-8192"]))
    check(section, ("jacobi-2d pair 8192^2 (256,1,1,8), own boundaries",), 3,
          min(jacobi), max(jacobi))
    check(section, ("jacobi2d 8192^2 beside OpenACC",), 2, jac_rate)
    check(section, ("jacobi2d 8192^2 beside OpenACC",), 3,
          jac_rate / acc_jac, acc_jac)
    check(section, ("fdtd2d 4096^2 beside OpenACC",), 2, fd_rate)
    check(section, ("fdtd2d 4096^2 beside OpenACC",), 3, fd_rate / acc_fd,
          acc_fd)


def runtime_extents(out, check):
    """Extents known only at run time: the 'new' tilec's three passes
    (res = pass 1, again = passes 2 and 3), median per program."""
    src = Source("h100-2026-11-26-runtime-session-end.txt")
    device = src.device(r"(NVIDIA H100[^,]*), ")
    times = {}
    for part in ("## new-res", "## new-again"):
        for name, ms in src.grab(r"^(?:pass \d )?(time-\S+): kernel time "
                                 r"([\d.]+) ms$", src.block(part, "## ")):
            times.setdefault(name, []).append(float(ms))
    src.need(all(len(v) == 3 for v in times.values()),
             "not three passes of every program")

    def ms(name):
        src.need(name in times, f"no times of {name}")
        return median(times[name])
    sizes = [128, 200, 256, 384, 512]
    ct = [(n, ms(f"time-{n}-ct")) for n in sizes]
    rt = [(n, ms(f"time-{n}-rt")) for n in sizes]
    ratio = "run time / compile time"
    left = Lines("heat3d, n³", [(TILEC, None, [
        (n, b / a) for (n, a), (_, b) in zip(ct, rt)])], "n",
        ratio + " (kernel time)", ymin=0.8, ymax=1.2,
        ref=(1, "as fast as compile time"),
        label=lambda i, x, y: f"{y:.2f}", xticks=sizes)
    others = [("heat-3d pair 512³\nshared boundaries", "time-ct-shared-512",
               "time-rt-shared-512"),
              ("heat2d 8192²", "time-8192-ct", "time-8192-rt"),
              ("heat2d 2048²", "time-2048-ct", "time-2048-rt")]
    right = Bars("Others", [(label, [ms(b) / ms(a)])
                            for label, a, b in others],
                 [TILEC], ratio + " (kernel time)", dots=(0.8, 1.2),
                 ref=(1, "as fast as compile time"),
                 label=lambda s, g, v: f"{v:.2f}")
    figure(out / "results-runtime-extents.svg",
           f"Extents known only at run time — {device}, {src.date}",
           "kernel time with the sizes read at run time over the "
           "compile-time-sized program's (each with its own vector); 100 "
           "steps, fp32, median of three passes",
           [("line", TILEC, "run time over compile time (above 1: slower)"),
            ("ref", "#333333", "equal times")],
           [left, right], weights=[1.2, 1], width=900, height=320)
    section = "Extents known only at run time"
    for n, (_, a), (_, b) in zip(sizes, ct, rt):
        check(section, (f"heat3d {n}^3",), 1, a)
        check(section, (f"heat3d {n}^3",), 2, b)
        check(section, (f"heat3d {n}^3",), 3, b / a)
    keys = ["heat-3d pair, n at run time, shared boundaries, 512^3",
            "heat2d 8192^2 (256,1,1,8 both)", "heat2d 2048^2"]
    for key, (_, a, b) in zip(keys, others):
        check(section, (key,), 1, ms(a))
        check(section, (key,), 2, ms(b))
        check(section, (key,), 3, ms(b) / ms(a))


def himeno(out, check):
    """Himeno: the 'new' side's medians over three passes against 56 bytes
    per point (the whole grid) per step at the run's cudaMemcpy rate."""
    src = Source("h200-2026-11-28-int-subscripts-ab.txt")
    new = src.block("== new: run.sh")
    device = src.device(r"^(NVIDIA [^,]+), ")
    (bw,), = src.grab(r"^copy bandwidth \(cudaMemcpy\): ([\d.]+) GB/s", new,
                      count=1)
    medians = {name: (float(k), float(s)) for name, k, s in src.grab(
        r"^(time-himeno-[ML]) +old +[\d.]+ / +[\d.]+ +new +([\d.]+) / +"
        r"([\d.]+)$", count=2, what="Himeno's medians")}
    grids = [("time-himeno-M", (256, 128, 128)),
             ("time-himeno-L", (512, 256, 256))]
    groups, values = [], {}
    for name, (a, b, c) in grids:
        bound = a * b * c * 56 * 100 / (float(bw) * 1e9) * 1e3
        kernel, steps = medians[name]
        values[name] = (kernel, steps, bound / kernel * 100,
                        bound / steps * 100)
        groups.append((f"{a} x {b} x {c}", [values[name][2],
                                            values[name][3]]))
    times = [(v[0], v[1]) for v in values.values()]
    bars = Bars("Share of the bound", groups, [TILEC, "#6baed6"],
                "% of the bound", ref=(100, "bound"), inside=True,
                label=lambda s, g, v: f"{v:.1f}% ({times[g][s]:.3f} ms)")
    figure(out / "results-himeno.svg",
           f"Himeno — {device}, {src.date}",
           f"100 steps, fp32, median of 3 passes; bound: 56 bytes per point "
           f"per step at {bw} GB/s",
           [("bar", TILEC, "kernel time"), ("bar", "#6baed6", "steps time"),
            ("ref", "#333333", "the bound")],
           [bars], width=600, height=320)
    for name, (a, b, c) in grids:
        kernel, steps, sk, ss = values[name]
        check("Himeno", (f"{a} x {b} x {c}",), 1, kernel, steps)
        check("Himeno", (f"{a} x {b} x {c}",), 2, sk, ss)


def apsp(out, check):
    """Floyd-Warshall: tilec's (cuda_*) three passes; kernel time = pivot
    + panel + rest launches of the profiled run, steps time of the
    unprofiled; shares of the add+min peak the header records."""
    src = Source("h100-2026-11-27-apsp-two-tiles-again.txt")
    device = src.device(r"^(NVIDIA H100[^,]*), ")
    (p_int, p_float), = src.grab(r"^#.* read int32 ([\d.]+) and float "
                                 r"([\d.]+) G updates/s", count=1,
                                 what="the add+min peak")
    peaks = {"int": float(p_int), "float": float(p_float)}
    kernel, steps = {}, {}
    lines = src.lines
    for i, line in enumerate(lines):
        m = re.match(r"^cuda (int|float)_(\d+) pass \d( unprofiled)?: .*"
                     r"steps time ([\d.]+) ms", line)
        if not m:
            continue
        key = (m.group(1), int(m.group(2)))
        if m.group(3):
            steps.setdefault(key, []).append(float(m.group(4)))
            continue
        total = 0.0
        for j, part in enumerate(("pivot", "panel", "rest")):
            p = re.match(rf"^tilec profile: apsp_fw_{part}: \d+ launches, "
                         rf"([\d.]+) ms total", lines[i + 1 + j]
                         if i + 1 + j < len(lines) else "")
            src.need(p, f"no {part} launches after {line[:40]!r}")
            total += float(p.group(1))
        kernel.setdefault(key, []).append(total)
    cases = [("int", 8192), ("int", 16384), ("float", 8192),
             ("float", 16384)]
    for key in cases:
        src.need(len(kernel.get(key, [])) == 3 and
                 len(steps.get(key, [])) == 3,
                 f"not three passes of {key[0]} n = {key[1]}")
    groups, values = [], []
    for t, n in cases:
        k, s = median(kernel[(t, n)]), median(steps[(t, n)])
        share = lambda ms: n ** 3 / (ms * 1e-3) / 1e9 / peaks[t] * 100
        values.append((k, s, share(k), share(s)))
        groups.append((f"n = {n}\n{t}", [share(k), share(s)]))
        check("Floyd-Warshall", (f"{n} {t}",), 1, k, share(k))
        check("Floyd-Warshall", (f"{n} {t}",), 2, s, share(s))
    bars = Bars("Share of the add+min peak", groups, [TILEC, "#6baed6"],
                "% of the peak", ref=(100, "peak"), inside=True,
                label=lambda s, g, v: f"{v:.1f}% ({values[g][s]:.2f} ms)")
    figure(out / "results-apsp.svg",
           f"Floyd-Warshall (#pragma apsp), fw:64,8,8,2 — {device}, "
           f"{src.date}",
           f"median of three passes; peak: add+min from shared operands, "
           f"int32 {p_int}, float {p_float} G updates/s (n³ updates)",
           [("bar", TILEC, "kernel time (pivot + panel + rest)"),
            ("bar", "#6baed6", "steps time, unprofiled"),
            ("ref", "#333333", "the peak")],
           [bars], width=720, height=330)


def opencl_cuda(out, check):
    """OpenCL against CUDA: the 'new' medians of both runs' tables (each
    program in one of them)."""
    src = Source("h200-2026-11-28-opencl-waves.txt")
    device = src.device(r"^(NVIDIA [^,]+), ")
    medians = {}
    for name, k in src.grab(r"^(\S+) +old +[\d.]+ / +[\d.]+ +new +([\d.]+) "
                            r"/ +[\d.]+$", what="the medians' tables"):
        src.need(name not in medians, f"{name} in both runs' tables")
        medians[name] = float(k)

    def ms(name):
        src.need(name in medians, f"no median of {name}")
        return medians[name]
    sizes = [128, 192, 256, 288]
    cuda = [(n, ms(f"hf{n}")) for n in sizes]
    opencl = [(n, ms(f"hf{n}-opencl")) for n in sizes]
    speed = {n: ms(f"hf{n}") / ms(f"hf{n}-opencl") for n in sizes}
    left = Lines("heat3d, float", [(TILEC, None, cuda),
                                   (TILEC2, None, opencl)],
                 "n (grid n³)", "kernel time, ms", xticks=sizes,
                 label=lambda i, x, y: f"{speed[x]:.2f}x" if i else None)
    others = [("flat-3d 256³\n(two arrays read)", "fl256"),
              ("heat3d double\n192³", "hd192")]
    right = Bars("Others", [(label, [ms(p), ms(p + "-opencl")])
                            for label, p in others],
                 [TILEC, TILEC2], "kernel time, ms",
                 label=lambda s, g, v: f"{v:.3f}" if s == 0 else
                 f"{v:.3f}, {ms(others[g][1]) / v:.2f}x")
    figure(out / "results-opencl-cuda.svg",
           f"OpenCL against CUDA — {device}, {src.date}",
           "the same translations, each with the vector its build chooses; "
           "100 steps, kernel time, median of 2 interleaved passes",
           [("line", TILEC, "CUDA"),
            ("line", TILEC2, "NVIDIA's OpenCL (label: its speed against "
             "CUDA's)")],
           [left, right], weights=[1.2, 1], width=900, height=320)
    section = "OpenCL against CUDA"
    for (n, c), (_, o) in zip(cuda, opencl):
        check(section, (f"{n}^3",), 1, o)
        check(section, (f"{n}^3",), 2, c / o)
    for key, p in (("flat-3d 256^3 (two arrays read)", "fl256"),
                   ("heat3d in double, 192^3", "hd192")):
        check(section, (key,), 1, ms(p + "-opencl"))
        check(section, (key,), 2, ms(p) / ms(p + "-opencl"))


def scaling(out, check):
    """Several GPUs: scaling.sh's log, the fastest of three runs per
    program and device list, per step (apsp: the region)."""
    src = Source("h200x4-2026-11-26-scaling.txt")
    device = src.device(r"^(NVIDIA [^,]+), \d+ MiB")
    best, digests = {}, {}
    for name, defines, devices, rc, md5, t, regions in src.grab(
            r"^(\w+)\((.*)\) TILEC_DEVICES=(\S+) rc=(\d+) md5 (\w+): .*"
            r"tilec: steps time ([\d.]+) ms in (\d+) region run",
            what="runs"):
        src.need(rc == "0", f"{name} on {devices} failed")
        src.need(digests.setdefault(name, md5) == md5,
                 f"{name}'s output differs between device lists")
        steps = re.search(r"-DSTEPS=(\d+)", defines)
        count = int(steps.group(1)) if steps else 1
        per_step = float(t) / (int(regions) * count)
        gpus = len(devices.split(","))
        key = (name, gpus)
        best[key] = min(best.get(key, per_step), per_step)
    strong = [("strong512", "heat3d 512³", "heat3d 512^3 (32,8,1,3,4), 2 x "
               "1000", BASE5),
              ("strong1024", "heat3d 1024³", "heat3d 1024^3 (32,8,1,3,4), 2 "
               "x 200", TILEC),
              ("strong2d", "heat2d 16384²", "heat2d 16384^2 (256,1,1,8), "
               "1000", BASE3),
              ("apsp16k", "apsp n = 16384", "apsp n = 16384 (int)", TILEC2),
              ("apsp32k", "apsp n = 32768", "apsp n = 32768 (int)", BASE4)]
    series, legend = [], []
    for name, label, key, colour in strong:
        for gpus in (1, 2, 4):
            src.need((name, gpus) in best, f"no run of {name} on {gpus}")
        t = [best[(name, g)] for g in (1, 2, 4)]
        series.append((colour, None, [(g, t[0] / best[(name, g)])
                                      for g in (1, 2, 4)]))
        legend.append(("line", colour, label))
        section = "Several GPUs"
        for column, v in enumerate(t):
            check(section, (key,), 1 + column, v)
        check(section, (key,), 4, t[0] / t[1], t[0] / t[2])
    for p in (1, 2, 4):
        src.need((f"weak{p}", p) in best, f"no run of weak{p}")
    weak = [(p, p * best[("weak1", 1)] / best[(f"weak{p}", p)])
            for p in (1, 2, 4)]
    series.append((BASE6, "6 3", weak))
    legend.append(("line", BASE6, "weak: heat3d 512² x 512P on P GPUs "
                   "(P x efficiency)", "6 3"))
    legend.append(("line", "#999999", "ideal", "4 3"))
    plot = Lines("Speed-up over one GPU", series, "GPUs",
                 "speed-up of the steps", xticks=[1, 2, 4], ymin=0, ymax=4,
                 ideal=True, xtick_label=lambda x: f"{x}",
                 end_labels=lambda y: f"{y:.2f}")
    figure(out / "results-scaling.svg",
           f"Several GPUs — four {device}s (NVLink NV18), {src.date}",
           "time of the steps per step (apsp: the region), transfers left "
           "out, fastest of three runs; fp32, CUDA, strict",
           legend, [plot], width=720, height=340)


def transfers(out, check):
    """Host-device transfers: bench/transfers/transfers.cu's table."""
    src = Source("h200-2026-11-24-transfers.txt")
    rows = src.block("## transfers", "## ")
    device = src.device(r"^# (NVIDIA H200);")
    found = src.grab(r"^(\d+) (pageable|registered|staged) ([\d.]+) "
                     r"([\d.]+) ([\d.]+|-) ([\d.]+|-)$", rows,
                     what="transfer rows")
    data = {(int(mib), kind): (float(to), float(frm), reg, unreg)
            for mib, kind, to, frm, reg, unreg in found}
    sizes = sorted({mib for mib, _ in data})
    for mib in sizes:
        src.need((mib, "pageable") in data and (mib, "registered") in data,
                 f"no pageable and registered rows at {mib} MiB")
    series = [
        (BASE1, None, [(m, data[(m, "pageable")][0]) for m in sizes]),
        (BASE1, "5 3", [(m, data[(m, "pageable")][1]) for m in sizes]),
        (TILEC, None, [(m, data[(m, "registered")][0]) for m in sizes]),
        (TILEC, "5 3", [(m, data[(m, "registered")][1]) for m in sizes])]
    mib_label = lambda m: f"{m}"
    left = Lines("Copy rate", series, "array size, MiB", "GB/s", xlog2=True,
                 xtick_label=mib_label)
    cost = [(TILEC2, None, [(m, float(data[(m, "registered")][2]))
                            for m in sizes]),
            (TILEC2, "5 3", [(m, float(data[(m, "registered")][3]))
                             for m in sizes])]
    right = Lines("Registering an array", cost, "array size, MiB",
                  "ms (log scale)", xlog2=True, ylog=True,
                  xtick_label=mib_label)
    figure(out / "results-transfers.svg",
           f"Host-device transfers — {device}, {src.date}",
           "bench/transfers/transfers.cu, median of 3; the CUDA runtime "
           "registers host arrays of 32 MiB or more",
           [("line", BASE1, "pageable, to device"),
            ("line", BASE1, "pageable, from device", "5 3"),
            ("line", TILEC, "registered, to device"),
            ("line", TILEC, "registered, from device", "5 3"),
            ("line", TILEC2, "cudaHostRegister"),
            ("line", TILEC2, "cudaHostUnregister", "5 3")],
           [left, right], width=900, height=320)
    for mib, key in ((16, "16 MiB"), (256, "256 MiB"), (1024, "1 GiB")):
        p, r = data[(mib, "pageable")], data[(mib, "registered")]
        check("Host-device transfers", (key,), 1, p[0], p[1])
        check("Host-device transfers", (key,), 2, r[0], r[1])
        check("Host-device transfers", (key,), 3, float(r[2]), float(r[3]))


WORKLOADS = [ebisu, strict_fp, samples, several_sweeps, runtime_extents,
             himeno, apsp, opencl_cuda, scaling, transfers]


def main(argv):
    args = list(argv)
    do_check = "--check" in args
    if do_check:
        args.remove("--check")
    out = ROOT / "docs" / "figures"
    if "--out" in args:
        at = args.index("--out")
        if at + 1 >= len(args):
            print("make-figures.py: --out needs a folder", file=sys.stderr)
            return 2
        out = Path(args[at + 1]).resolve()
        del args[at:at + 2]
    if args:
        print("usage: python3 bench/figures/make-figures.py [--check] "
              "[--out DIR]", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    check = Check()
    # Draw into a scratch folder first: a data file that fails leaves the
    # figures as they were.
    scratch = out / ".make-figures.tmp"
    scratch.mkdir(exist_ok=True)
    try:
        for workload in WORKLOADS:
            OPENED.clear()
            workload(scratch, check)
    except Exception as error:  # noqa: BLE001 (any reader's failure)
        for f in scratch.iterdir():
            f.unlink()
        scratch.rmdir()
        if isinstance(error, DataError):
            print(f"make-figures.py: {error}", file=sys.stderr)
        else:
            print(f"make-figures.py: {', '.join(OPENED) or 'a data file'}: "
                  f"not in the form {workload.__name__} reads ("
                  f"{type(error).__name__}: {error})", file=sys.stderr)
        return 1
    written = sorted(scratch.iterdir())
    for f in written:
        f.replace(out / f.name)
        print(rel(out / f.name))
    scratch.rmdir()
    if do_check:
        try:
            count, problems = run_checks(check)
        except DataError as error:
            print(f"make-figures.py: {error}", file=sys.stderr)
            return 1
        for problem in problems:
            print(f"DISAGREES: {problem}", file=sys.stderr)
        print(f"checked {count} table cells against the data: "
              f"{len(problems)} disagree")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
