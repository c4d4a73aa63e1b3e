"""Reading an answer as a person writes it: one reader for the page's self-check box and
the grader.

A student types ``about 39 min``, ``2328 s``, ``55 %, 74 %``, ``2.11:1`` or
``107,455, 1.428``; a notebook holds ``answer = "9, 2, 3"`` or ``answer = [0.19, "high"]``.
This module turns that into one value per part of the expected answer and judges each
part; ``book/_static/selfcheck.js`` does the same in the browser from :data:`GRAMMAR`
(written into the site's ``_static/exercises/index.json`` under ``_reader`` by
:func:`overcommit.exercises.web.write_bank`), so the same text gets the same verdict in
the page and in ``python -m overcommit grade``. ``tests/test_answers.py`` holds the two to
one table of answer texts.

**Reading a whole answer** (:func:`split`). Square brackets around it are dropped. An
answer whose one part is a name ("fio, page cache, high") is read whole. Otherwise commas
separate the parts; when that gives more parts than asked, commas between groups of three
digits are read as thousands separators (``107,455``) if that gives the count asked. A
comma between digits that neither explains is a decimal comma (``38,8``): the answer is
refused with a hint to write ``38.8``.

**Reading one part** (:func:`read_item`). Quotes around it are dropped; a leading hedge
(``about``, ``approx.``, ``~``, ``≈``, ...) is set aside; then a number (``0.42``,
``-3``, ``1e-3``, ``0x1F``) and what follows it: nothing, a unit (``min``, ``MiB/s``,
``%``, ``CPUs``...), or ``:1`` (a ratio to one). Anything else is a name.

**Units are checked, not stripped** (:func:`judge_part`). Every part of an exercise has a
unit (:attr:`overcommit.exercises.Exercise.units`, a key of :data:`UNITS`, or None for a
bare number or a name). A number typed without a unit is taken in the unit asked; with a
unit of the same kind it is converted (``2328 s`` for an answer in minutes is 38.8;
``36 %`` for a fraction is 0.36); a unit of another kind, or a word that is no unit, is
refused with a hint naming the unit asked. Conversion factors are exact ratios of
integers, and both readers compute ``n * (num_g * den_a) / (den_g * num_a)`` in IEEE
doubles, so they agree to the last bit.

**Right** (:func:`judge_part`): within the relative or absolute tolerance, bounds included, or rounded either way from the exact value to the
decimals the absolute tolerance asks for (or more). A converted number keeps its decimals
where the factor is a power of ten (``55 %`` has two as a fraction), none otherwise.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

#: unit → (kind, factor to the kind's base unit as a ratio of integers (numerator,
#: denominator), the words a person writes for it). Only units of one kind convert.
UNITS: dict[str, tuple[str, tuple[int, int], tuple[str, ...]]] = {
    "s": ("time", (1, 1), ("s", "sec", "secs", "second", "seconds")),
    "ms": ("time", (1, 1000), ("ms", "msec", "msecs", "millisecond", "milliseconds")),
    "µs": ("time", (1, 1_000_000), ("µs", "μs", "us", "microsecond", "microseconds")),
    "min": ("time", (60, 1), ("min", "mins", "minute", "minutes")),
    "h": ("time", (3600, 1), ("h", "hr", "hrs", "hour", "hours")),
    "B": ("data", (1, 1), ("b", "byte", "bytes")),
    "KiB": ("data", (1024, 1), ("kib",)),
    "MiB": ("data", (1024 ** 2, 1), ("mib",)),
    "GiB": ("data", (1024 ** 3, 1), ("gib",)),
    "TiB": ("data", (1024 ** 4, 1), ("tib",)),
    "KB": ("data", (1000, 1), ("kb",)),
    "MB": ("data", (1000 ** 2, 1), ("mb",)),
    "GB": ("data", (1000 ** 3, 1), ("gb",)),
    "TB": ("data", (1000 ** 4, 1), ("tb",)),
    "KiB/s": ("rate", (1024, 1), ("kib/s",)),
    "MiB/s": ("rate", (1024 ** 2, 1), ("mib/s",)),
    "GiB/s": ("rate", (1024 ** 3, 1), ("gib/s",)),
    "KB/s": ("rate", (1000, 1), ("kb/s",)),
    "MB/s": ("rate", (1000 ** 2, 1), ("mb/s",)),
    "GB/s": ("rate", (1000 ** 3, 1), ("gb/s",)),
    "fraction": ("share", (1, 1), ()),
    "%": ("share", (1, 100), ("%", "percent", "per cent", "pct", "% per guest")),
    "ratio": ("ratio", (1, 1), (":1", "x", "×", "times")),
    "CPUs": ("cpus", (1, 1), ("cpu", "cpus", "real cpu", "real cpus")),
    "IFLs": ("cpus", (1, 1), ("ifl", "ifls")),
    "faults": ("faults", (1, 1), ("fault", "faults", "miss", "misses", "page faults")),
    "guests": ("guests", (1, 1), ("guest", "guests")),
    "records": ("records", (1, 1), ("record", "records")),
    "pages": ("pages", (1, 1), ("page", "pages")),
    "million pages": ("pages", (1_000_000, 1), ("million pages", "mpages", "m pages")),
}
#: how a hint names a unit that is not said as "in <symbol>"
UNIT_NAMES = {"fraction": "a fraction such as 0.42 or 42 %", "ratio": "a ratio to one such as 2.1 or 2.1:1"}

#: what may come before a number and is set aside: a person's "about"
HEDGE = r"^(?:about|approx(?:\.|imately)?|around|roughly|ca\.|circa|nearly|almost|~|≈|∼)\s*"
#: a number, an optional ":1" (a ratio to one), and what follows (a unit, or nothing)
NUMBER = r"^([-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)\s*(:\s*1(?![0-9.]))?\s*(.*)$"
HEX = r"^[-+]?0x[0-9a-fA-F]+$"
#: groups of three digits after a comma: thousands, when the count asks for it
THOUSANDS = r"(^|[^0-9.])([0-9]{1,3}(?:,[0-9]{3})+)(?![0-9])"
#: a comma between digits
DIGIT_COMMA = r"[0-9],[0-9]"

_HEDGE, _NUMBER, _HEX = re.compile(HEDGE, re.I), re.compile(NUMBER), re.compile(HEX)
_THOUSANDS, _DIGIT_COMMA = re.compile(THOUSANDS), re.compile(DIGIT_COMMA)
#: typed word → unit
ALIASES: dict[str, str] = {alias: unit for unit, (_, _, words) in UNITS.items() for alias in words}

#: The reader's grammar for ``selfcheck.js`` (``_static/exercises/index.json``, ``_reader``).
GRAMMAR = {
    "units": {u: {"kind": k, "num": f[0], "den": f[1]} for u, (k, f, _) in UNITS.items()},
    "aliases": ALIASES, "names": UNIT_NAMES,
    "hedge": HEDGE, "number": NUMBER, "hex": HEX, "thousands": THOUSANDS, "digit_comma": DIGIT_COMMA,
}

#: why a part is wrong: too high or too low (a number of the right kind), a wrong name, no
#: number where one is asked, a unit of another kind (or no unit at all), nothing given
WHY = ("high", "low", "name", "number", "unit", "missing")


def check_unit(unit: str | None, where: str = "unit") -> str | None:
    """``unit`` if it is None or a key of :data:`UNITS`, else a ``ValueError``."""
    if unit is not None and unit not in UNITS:
        raise ValueError(f"{where}: {unit!r} is not accepted; expected None or one of {', '.join(UNITS)}")
    return unit


def units_per_part(units: Any, parts: int, where: str, required: bool = False) -> list[str | None]:
    """``units`` (a tuple with one unit per part, or one unit) checked against an answer of
    ``parts`` parts; none declared (``()``) is None for every part, unless ``required``."""
    units = tuple(units) if isinstance(units, (list, tuple)) else (units,)
    if not units and not required:
        return [None] * parts
    if len(units) != parts:
        raise ValueError(f"units: {units!r} is not accepted for {where}; expected one unit per part of the "
                         f"answer ({parts})")
    return [check_unit(u, f"units of {where}") for u in units]


def unit_name(unit: str | None) -> str:
    """How a hint names ``unit``: ``in min``, ``a fraction such as 0.42 or 42 %``, ``a bare number``."""
    return "a bare number" if unit is None else UNIT_NAMES.get(unit, f"in {unit}")


@dataclass(frozen=True)
class Item:
    """One typed part: a number (with the decimals written, None if it has an exponent or
    came as a Python float, and the unit typed or None) or a name (``number`` None)."""

    text: str
    number: float | None = None
    decimals: int | None = None
    unit: str | None = None
    word: str = ""  # what followed the number when it is no unit


def _clean(text: str) -> str:
    s = re.sub(r"\s+", " ", str(text).strip()).replace("\u2212", "-")
    return re.sub(r"^[\"']|[\"']$", "", s).strip()


def read_item(value: Any) -> Item:
    """One part as typed: a string read as described in the module docstring; a Python
    number as it is (an ``int`` has no decimals, a ``float`` unknown ones)."""
    if isinstance(value, (bool, np.bool_)) or value is None:
        return Item(repr(value))
    if isinstance(value, (int, np.integer)):
        return Item(str(value), float(value), 0)
    if isinstance(value, (float, np.floating)):
        return Item(repr(float(value)), float(value), None)
    if not isinstance(value, str):
        return Item(repr(value))
    s = _clean(value)
    body = _HEDGE.sub("", s, count=1)
    if _HEX.match(body):
        return Item(s, float(int(body, 16)), 0)
    m = _NUMBER.match(body)
    if not m:
        return Item(s)
    number, ratio, rest = m.group(1), m.group(2), m.group(3).strip()
    exponent = "e" in number.lower()
    decimals = None if exponent else (len(number.split(".")[1]) if "." in number else 0)
    if ratio:
        return Item(s, float(number), decimals, "ratio" if not rest else None, rest)
    if not rest:
        return Item(s, float(number), decimals)
    unit = ALIASES.get(rest.lower())
    return Item(s, float(number), decimals, unit, "" if unit else rest)


def split(text: str, asked: int, whole: bool = False) -> tuple[list[str], str]:
    """``text`` cut into its parts for an answer of ``asked`` parts (``whole``: one name,
    read whole), and the problem found: ``""`` or ``"comma"`` (a decimal comma)."""
    body = re.sub(r"^\[|\]$", "", str(text).strip()).strip()
    if not body:
        return [], ""
    if whole:
        return [body], ""
    parts = [p.strip() for p in body.split(",") if p.strip()]
    if len(parts) > asked:
        merged = [p.strip() for p in _THOUSANDS.sub(lambda m: m.group(1) + m.group(2).replace(",", ""), body).split(",")
                  if p.strip()]
        if len(merged) == asked:
            return merged, ""
    if len(parts) != asked and _DIGIT_COMMA.search(body):
        return parts, "comma"
    return parts, ""


def _words(text: str) -> str:
    return " ".join(text.replace(",", " ").lower().split())


@dataclass(frozen=True)
class Part:
    """The verdict on one part: right or not, why not (one of :data:`WHY`), and the value
    read in the unit asked (None when no number was read)."""

    ok: bool
    why: str = ""
    value: float | None = None


def convert(item: Item, unit: str | None) -> tuple[float | None, int | None, str]:
    """``item``'s number in ``unit`` and its decimals there, or (None, None, why) when it
    cannot be: not a number, or a unit of another kind (``unit`` None takes no unit)."""
    if item.number is None:
        return None, None, "number"
    if item.word:
        return None, None, "unit"
    given = item.unit
    if given is None or given == unit:
        return item.number, item.decimals, ""
    if unit is None or UNITS[given][0] != UNITS[unit][0]:
        return None, None, "unit"
    ng, dg = UNITS[given][1]
    na, da = UNITS[unit][1]
    p, q = ng * da, dg * na
    value = item.number * p / q
    shift = _power_of_ten(p, q)
    decimals = None if item.decimals is None or shift is None else item.decimals - shift
    return value, decimals, ""


def _power_of_ten(p: int, q: int) -> int | None:
    """k when ``p / q`` (whole numbers) is 10**k, else None."""
    big, small = max(p, q), min(p, q)
    if big % small:
        return None
    r, k = big // small, 0
    while r % 10 == 0:
        r, k = r // 10, k + 1
    return (k if p >= q else -k) if r == 1 else None


def decimals_asked(abs_: float) -> int | None:
    """The decimals an absolute tolerance stands for (0.01 → 2, 0.005 → 2, 0.5 → 0), or
    None when it asks for none (1e-9: exact)."""
    if abs_ < 1e-6:
        return None
    return max(0, math.ceil(-math.log10(2 * abs_) - 1e-9))


def rounds_to(given: float, decimals: int, expected: float) -> bool:
    """True when ``given``, written with ``decimals`` decimals, is ``expected`` rounded down
    or up to that many: decided on the decimals, not on a float's boundary."""
    scale = 10 ** decimals
    down = math.floor(expected * scale + 1e-9) / scale
    up = math.ceil(expected * scale - 1e-9) / scale
    return abs(given - down) < 0.5 / scale or abs(given - up) < 0.5 / scale


def judge_part(item: Item | None, expected: Any, unit: str | None, rel: float, abs_: float,
               exact: Any = None) -> Part:
    """One typed part against one expected part (see the module docstring)."""
    if item is None:
        return Part(False, "missing")
    if isinstance(expected, str):
        ok = item.number is None and _words(item.text) == _words(expected)
        return Part(ok, "" if ok else "name")
    value, decimals, why = convert(item, unit)
    if value is None:
        return Part(False, why)
    e = float(expected)
    if math.isinf(e):
        ok = math.isinf(value) and (value > 0) == (e > 0)
    elif not math.isfinite(value):
        ok = False
    else:
        tol = max(rel * max(abs(value), abs(e)), abs_) * (1 + 1e-9)
        ok = abs(value - e) <= tol
        if not ok:
            needed = decimals_asked(abs_)
            target = e if exact is None else float(exact)
            ok = decimals is not None and needed is not None and decimals >= needed and rounds_to(value, decimals, target)
    return Part(ok, "" if ok else ("high" if value > e else "low"), value)


@dataclass(frozen=True)
class Verdict:
    """A whole answer judged: one :class:`Part` per expected part, how many parts were
    given, a problem that refuses the answer whole (``"comma"``: a decimal comma), and the
    parts as read."""

    parts: tuple[Part, ...]
    given: int
    problem: str = ""
    items: tuple[Item, ...] = ()

    @property
    def right(self) -> int:
        return 0 if self.problem else sum(p.ok for p in self.parts)

    @property
    def out_of(self) -> int:
        """What the right parts are counted against: a value given beyond those asked
        counts as one more wrong part."""
        return max(len(self.parts), self.given)

    @property
    def correct(self) -> bool:
        return not self.problem and self.given == len(self.parts) and all(p.ok for p in self.parts)


def items_of(given: Any, asked: int, whole: bool = False) -> tuple[list[Item], str]:
    """What a student gave, as its parts: text as the page's box reads it, a list or tuple
    item by item, one number as it is."""
    if isinstance(given, str):
        texts, problem = split(given, asked, whole)
        return [read_item(t) for t in texts], problem
    if isinstance(given, np.ndarray):
        given = given.tolist()
    if isinstance(given, (list, tuple)):
        return [read_item(g) for g in given], ""
    return [read_item(given)], ""


def judge(given: Any, answers: Sequence[Any], units: Sequence[str | None], rel: float, abs_: float,
          exacts: Sequence[Any] | None = None) -> Verdict:
    """``given`` against the expected ``answers`` (one per part) in ``units``, with the
    tolerances and the values before rounding (``exacts``, None each where exact)."""
    answers = list(answers)
    exacts = list(exacts) if exacts is not None else [None] * len(answers)
    whole = len(answers) == 1 and isinstance(answers[0], str)
    items, problem = items_of(given, len(answers), whole)
    parts = tuple(judge_part(items[k] if k < len(items) else None, answers[k], units[k], rel, abs_, exacts[k])
                  for k in range(len(answers)))
    if problem:
        parts = tuple(Part(False, p.why or "number", p.value) for p in parts)
    return Verdict(parts, len(items), problem, tuple(items))


def describe(verdict: Verdict, given: Any, answers: Sequence[Any], units: Sequence[str | None]) -> str:
    """What was read and what was expected, for the instructor's details file:
    ``part 1: read 0.19 (from '19 %'), expected 0.36: too low``."""
    if verdict.problem == "comma":
        return f"read {given!r} as {verdict.given} values; a decimal comma? (a point is asked)"
    notes = []
    if verdict.given != len(answers):
        notes.append(f"{verdict.given} values given, {len(answers)} asked")
    for k, (part, expected) in enumerate(zip(verdict.parts, answers), start=1):
        if part.ok:
            continue
        label = f"part {k}" if len(answers) > 1 else "answer"
        if part.why == "missing":
            notes.append(f"{label}: nothing given, expected {expected!r}")
            continue
        typed = verdict.items[k - 1].text
        unit = units[k - 1]
        asked = f" {unit}" if unit not in (None, "fraction", "ratio") else ""
        if part.why in ("high", "low"):
            read = f"{part.value:.6g}" + asked + (f" (from {typed!r})" if typed != f"{part.value:.6g}" else "")
            notes.append(f"{label}: read {read}, expected {expected!r}{asked}: too {part.why}")
        elif part.why == "unit":
            notes.append(f"{label}: {typed!r} is not {unit_name(unit)}; expected {expected!r}{asked}")
        elif part.why == "number":
            notes.append(f"{label}: {typed!r} is not a number; expected {expected!r}{asked}")
        else:
            notes.append(f"{label}: {typed!r} is not the name asked; expected {expected!r}")
    return "; ".join(notes)


#: a wrong part's reason as the page and the grader say it
REASONS = {"high": "too high", "low": "too low", "name": "not the name asked", "number": "not a number",
           "unit": "not {unit}"}


def feedback(verdict: Verdict, units: Sequence[str | None]) -> str:
    """What the page says after a wrong try (``selfcheck.js`` says the same): which part,
    and whether it is too high or too low, in the wrong unit, or not a number. Follows
    "Not quite: "."""
    n = len(verdict.parts)
    if verdict.problem == "comma":
        return ("a comma between digits reads as two answers: write a decimal with a point (38.8); "
                "commas separate the parts of an answer.")
    said = []
    if verdict.given != n:
        said.append(f"the answer has {n} part{'s' if n != 1 else ''}, you gave {verdict.given}.")
    for k, part in enumerate(verdict.parts):
        if part.ok or part.why == "missing":
            continue
        reason = REASONS[part.why].format(unit=unit_name(units[k]))
        said.append(f"part {k + 1} is {reason}." if n > 1 else f"{reason}.")
    return " ".join(said) or "not the expected answer."


__all__ = ["ALIASES", "GRAMMAR", "Item", "Part", "UNITS", "UNIT_NAMES", "Verdict", "WHY", "check_unit", "convert",
           "decimals_asked", "describe", "feedback", "items_of", "judge", "judge_part", "read_item", "rounds_to", "split",
           "unit_name", "units_per_part"]
