"""Seeded exercises on where the time goes: read one unit of a workload's work, split into
its causes, off the chart of the section "Where the time goes" of its chapter
(:func:`overcommit.book.figures_time.time_chart`).

Topics ``results_db_time``, ``results_java_time``, ``results_was_time``, ``results_fs_time``
and ``results_net_time``, each a second topic of the chapter named before ``_time``
(:func:`overcommit.exercises.chapter_of`). A seed picks one bar of the chart: an environment,
a number of real CPUs of the chart's drop-down (25, 20, 15, 10, 5) and a memory size
(512, 256, 128, 112, 96, 64 or 48 GiB), never the reference host itself (512 GiB, 25 CPUs
on z/VM 6.3 with EDEV-SCSI paging), and one of the chapter's workload variants. It asks
either

- *what grew most?* Which part of a unit of work grew most against the reference run, and
  by how much: the answer is that growth, the part's value at the host minus its value in
  the reference run, in the chapter's unit (:data:`overcommit.book.figures_time.UNITS`);
  or
- *how long?* How much of a unit of work one named part takes at the host, in that unit;
- graded seeds only, two fifths of them: *how much did it grow?* The growth of one named
  part that grew. Two kinds alone would give a class of 40 the same question too often (the
  chart has 104 bars per variant, and the database one variant).

The values are the chart's own: each part as the static page stores it
(:func:`overcommit.book.figures_time.time_grid`, thousandths of the variant's reference
cycle) times the cycle, and the reference run's bar
(:func:`overcommit.book.figures_time.reference_frame`), both written as the tooltip writes
them (:data:`overcommit.book.figures_time.FORMATS`, JavaScript's ``toFixed``). An answer is
right within :data:`REL_TOLERANCE` or :data:`ABS_STEPS` steps of the tooltip's last digit,
whichever is larger: a growth is the difference of two tooltip values, and the model's own
value (``simulate``) can differ from the chart's by a step and a thousandth of the cycle.

Worth asking (:func:`not_worth`): the variant does not fail at the host (its bar would be a
failure, not a time); a part asked for takes at least :data:`MIN_SHARE` of the reference
cycle and differs from the reference run's by as much (a part the host does not change, such
as the think time, would give every student the same answer); a growth asked for is at
least :data:`MIN_SHARE` of the reference cycle, and the largest is at least :data:`LEAD`
times the next and ahead of it by more than the absolute tolerance, so that the largest
growth read off the tooltips is the model's and the next one's is a wrong answer.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

import pandas as pd

from .. import names
from ..book import figures_time
from ..book.figures import NO_PAPER_RESULT_GIB
from ..book.figures_results import CPU_SERIES, ENV_LABELS, MEMORY_ORDER
from ..book.figures_workload import WORKLOADS
from ..model import BREAKDOWN_PARTS, ENVIRONMENTS
from ..workloads import study_variants
from ..seeding import rng
from . import GRADED_BASE, TIME_TOPICS as TOPICS, Exercise, chapter_of, first_worth_asking
from .results import ENV_NAMES, tooltip_ways

#: a part, or a growth, below this share of the variant's reference cycle is not read off a bar
MIN_SHARE = 0.02
#: the largest growth must be at least this many times the next one
LEAD = 1.2
#: how far off an answer may be, relatively, and at least in steps of the tooltip's last digit:
#: a growth is two tooltip values apart, and the model's own value, the chart's stored to a
#: thousandth of the cycle (less than a step), can be a step and a thousandth from it
REL_TOLERANCE = 0.05
ABS_STEPS = 2
#: the chart's real CPUs and memory sizes (GiB), in its order
CPUS: tuple[int, ...] = tuple(int(c) for c in CPU_SERIES)
MEMORIES: tuple[int, ...] = tuple(MEMORY_ORDER)
#: the reference host, which the chart draws as its own bar
REFERENCE_CID, REFERENCE_ENV = figures_time.REFERENCE
#: share of the practice seeds that ask what grew most (the rest: how long one part takes)
GREW_SHARE = 0.5
#: share of the graded seeds that ask what grew most (the rest: half how long a part takes,
#: half how much one grew): the fewest questions of the three, one per bar, so asked least
GRADED_GREW_SHARE = 0.2
#: the answer's unit (a key of overcommit.exercises.answers.UNITS) by the seconds it holds
_UNIT_OF = {1.0: "s", 1e-3: "ms"}
#: how a question says that unit
_SPOKEN = {"s": "seconds", "ms": "ms"}
#: what each part is, for the worked answer (overcommit.model.BREAKDOWN_PARTS says it in full)
_WHAT = {
    "running": "the CPU work of one unit itself",
    "spin": "virtual CPUs spinning on a lock whose holder lost its real CPU",
    "cpu_wait": "work ready to run that the CPU allocation leaves without a real CPU",
    "paging": "stalls on page reads from the paging devices or expanded storage",
    "io": "the workload's own I/O, with any think time of its clients the model does not split from it",
    "think": "waiting outside the host: the clients' think time, or for the network the guest LAN",
}


def workload(topic: str) -> str:
    """The workload of ``topic`` (a key of :data:`overcommit.book.figures_workload.WORKLOADS`)."""
    if topic not in TOPICS:
        raise ValueError(f"topic: {topic!r} is not accepted; expected one of {', '.join(TOPICS)}")
    return chapter_of(topic).removeprefix("results_")


def unit(key: str) -> str:
    """The unit of workload ``key``'s answers: ``"s"`` or ``"ms"``."""
    return _UNIT_OF[figures_time.UNITS[key][1]]


def per_unit(key: str) -> str:
    """What one unit of work of ``key`` is called after its unit: ``"per query"``."""
    return figures_time.UNITS[key][0].split(" ", 1)[1]


def decimals(key: str) -> int:
    """The decimals the chart's tooltip writes for workload ``key``."""
    return int(figures_time.FORMATS[key][0].strip(".f"))


def shown(value: float, places: int) -> float:
    """``value`` as the tooltip writes it with ``places`` decimals: JavaScript's ``toFixed``,
    which rounds the double's exact value and a tie up (Python's format rounds a tie to even)."""
    return float(Decimal(value).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


@lru_cache(maxsize=1)
def _grid() -> pd.DataFrame:
    return figures_time.time_grid().set_index(["env", "m", "c"]).sort_index()


@lru_cache(maxsize=None)
def _reference(key: str) -> dict[tuple[str, str], tuple[int, float]]:
    """The reference run's bar of workload ``key``: (variant, part) → (thousandths of the
    cycle, the value in the chart's unit as its data hold it)."""
    f = figures_time.reference_frame(key)
    return {(str(r.variant), BREAKDOWN_PARTS[int(r.order)]): (int(round(figures_time.PER_CYCLE * float(r.share))),
                                                              float(r.value))
            for r in f.itertuples()}


def bar(key: str, variant: str, env: str, memory: int, cpus: int) -> dict:
    """One bar of the chart and the reference run's, for ``variant``: per part, the stored
    thousandths (``stored``, ``reference_stored``), the value before the tooltip rounds it
    (``exact``, ``reference_exact``) and as the tooltip writes it (``value``, ``reference``),
    the reference cycle in the chart's unit (``cycle``) and whether the variant fails at the
    host (``failed``)."""
    _, scale = figures_time.unit_scale(key)
    row = _grid().loc[(env, memory, cpus)]
    ref = _reference(key)
    places = decimals(key)
    stored = {p: int(row[figures_time.column(variant, p)]) for p in BREAKDOWN_PARTS}
    return {
        "stored": stored,
        "reference_stored": {p: ref[(variant, p)][0] for p in BREAKDOWN_PARTS},
        "exact": {p: stored[p] * scale[variant] for p in BREAKDOWN_PARTS},
        "value": {p: shown(stored[p] * scale[variant], places) for p in BREAKDOWN_PARTS},
        "reference": {p: shown(ref[(variant, p)][1], places) for p in BREAKDOWN_PARTS},
        "reference_exact": {p: ref[(variant, p)][1] for p in BREAKDOWN_PARTS},
        "failed": variant in str(row["failed"]).split(),
        "cycle": study_variants()[variant].cycle_s / figures_time.UNITS[key][1],
    }


def generate(seed: int, topic: str) -> Exercise:
    """The exercise of ``topic`` for ``seed`` (see the module docstring)."""
    workload(topic)
    return first_worth_asking(seed, lambda s, v: _build(s, v, topic), not_worth)


def _why_not_part(stored: int, reference_stored: int) -> str | None:
    """Why a part of ``stored`` thousandths of the cycle (``reference_stored`` in the
    reference run) is not worth asking for, or None."""
    least = MIN_SHARE * figures_time.PER_CYCLE
    if stored < least:
        return f"the part takes less than {MIN_SHARE:.0%} of the reference cycle: too small to read off the bar"
    if abs(stored - reference_stored) < least:
        return "the part is what it was in the reference run: it says nothing of this host"
    return None


def _why_not_growth(growth: float, cycle: float) -> str | None:
    """Why a part's growth (in the chart's unit; ``cycle`` the reference cycle in it) is
    not worth asking for, or None."""
    return None if growth >= MIN_SHARE * cycle else f"the part grew by less than {MIN_SHARE:.0%} of the reference cycle"


def not_worth(ex: Exercise) -> str | None:
    """Why this variant teaches nothing, or None."""
    p = ex.parameters
    if p["failed"]:
        return "the variant fails there, so its bar is a failure, not a time"
    if p["kind"] == "part":
        return _why_not_part(p["stored"][p["part"]], p["reference_stored"][p["part"]])
    growth, top = p["growth"], p["part"]
    if p["kind"] == "part-growth":
        return _why_not_growth(growth[top], p["cycle"])
    second = p["second"]
    if _why_not_growth(growth[top], p["cycle"]):
        return f"no part grew by {MIN_SHARE:.0%} of the reference cycle or more"
    if growth[top] < LEAD * max(growth[second], 0.0) or round(growth[top] - growth[second], 9) <= p["abs"]:
        return "two parts grew about as much"
    return None


#: the chart's bars the seeds draw from: (environment, real CPUs, memory in GiB)
HOSTS: tuple[tuple[str, int, int], ...] = tuple(
    (e, c, m) for e in ENVIRONMENTS for c in CPUS for m in MEMORIES if (f"{m}/{c}", e) != (REFERENCE_CID, REFERENCE_ENV))


def _pick(r, seq):
    return seq[int(r.integers(len(seq)))]


def _build(seed: int, variant_seed: int, topic: str) -> Exercise:
    """Half the practice seeds ask what grew most, half how long a part takes; a graded seed
    asks either of them or how much a named part grew (:data:`GRADED_GREW_SHARE`). A part is
    drawn among those worth asking, so that a seed seldom needs drawing again."""
    key = workload(topic)
    r = rng(variant_seed)
    env, cpus, memory = _pick(r, HOSTS)
    variants = WORKLOADS[key].variants
    variant = str(_pick(r, variants))
    u = r.random()
    c = _Context(topic, key, variant, env, memory, cpus)
    b = c.b
    if u < (GREW_SHARE if seed < GRADED_BASE else GRADED_GREW_SHARE):
        return _grew(seed, c)
    if seed < GRADED_BASE or u < GRADED_GREW_SHARE + (1 - GRADED_GREW_SHARE) / 2:
        worth = [p for p in BREAKDOWN_PARTS if _why_not_part(b["stored"][p], b["reference_stored"][p]) is None]
        return _part(seed, c, str(_pick(r, worth or BREAKDOWN_PARTS)))
    worth = [p for p in BREAKDOWN_PARTS if _why_not_growth(c.growth[p], b["cycle"]) is None]
    return _part_growth(seed, c, str(_pick(r, worth or BREAKDOWN_PARTS)))


class _Context:
    """The bar a seed drew and how a question and its worked answer name it."""

    def __init__(self, topic: str, key: str, variant: str, env: str, memory: int, cpus: int):
        self.topic, self.key, self.variant, self.env, self.memory, self.cpus = topic, key, variant, env, memory, cpus
        self.b = bar(key, variant, env, memory, cpus)
        self.places = decimals(key)
        self.several = len(WORKLOADS[key].variants) > 1
        self.unit = unit(key)
        self.per = per_unit(key)
        self.spoken = f"{_SPOKEN[self.unit]} {self.per}"  # "ms per transaction"
        self.axis = figures_time.UNITS[key][0]  # the chart's "s per query"
        self.step = 10.0 ** -self.places
        self.abs = round(ABS_STEPS * self.step, self.places)
        self.cid = f"{memory}/{cpus}"
        self.host = names.cid(self.cid)
        self.name = names.variant(variant)
        # the bar's label on the chart, its asterisk escaped for Markdown
        self.label = f"{memory} GiB" + ("\\*" if memory in NO_PAPER_RESULT_GIB else "")
        # each part's growth as the tooltips give it: the difference of two tooltip values,
        # rounded again so that no binary remainder is left
        self.growth = {p: round(self.b["value"][p] - self.b["reference"][p], self.places) for p in BREAKDOWN_PARTS}

    def fmt(self, value: float) -> str:
        return f"{value:.{self.places}f}"

    def where(self) -> str:
        chosen = (f"*{self.name}* as the workload, " if self.several else "")
        return (f"In the page: in the section *Where the time goes*, choose {chosen}*{ENV_LABELS[self.env]}* as "
                f"the environment and {self.cpus} real CPUs; the tooltips of the bar *{self.label}*"
                + (" (a host the paper did not run)" if self.label.endswith("*") else "")
                + " and of the *reference run*'s bar above the others give each part in "
                f"{self.axis} ({tooltip_ways('a part')}).")

    def reproduce(self, part: str, grew: bool) -> str:
        call = f"overcommit.simulate('{self.cid}', env='{self.env}').breakdown.loc['{self.variant}', '{part}']"
        ref = (f"overcommit.simulate('{REFERENCE_CID}', env='{REFERENCE_ENV}').breakdown.loc['{self.variant}', "
               f"'{part}']")
        what = f"`{call}` minus `{ref}`" if grew else f"`{call}`"
        scale = ("" if self.unit == "s" else
                 f"; times 1,000 it is in ms {self.per}, the chart's unit")
        return (f"Reproduce it: {what} gives it in seconds {self.per}{scale}. The chart keeps each part to a "
                f"thousandth of the reference cycle ({self.fmt(self.b['cycle'])} {self.unit}), so the last digit "
                "may differ.")


def _grew(seed: int, c: _Context) -> Exercise:
    b, growth = c.b, c.growth
    order = sorted(BREAKDOWN_PARTS, key=lambda p: (-growth[p], BREAKDOWN_PARTS.index(p)))
    top, second = order[0], order[1]
    exact = b["exact"][top] - b["reference_exact"][top]
    question = (
        f"On a host of **{c.host}** on **{ENV_NAMES[c.env]}**, look at where the time of one unit of work of "
        f"**{c.name}** goes in the model. Which of its parts grew most against the reference run (512 GiB, "
        f"25 CPUs on z/VM 6.3 with EDEV-SCSI paging), and by how many {c.spoken}? Answer with that growth "
        f"alone, the part's value at this host minus its value in the reference run, in {c.spoken} (within "
        f"{REL_TOLERANCE * 100:g} % or {c.fmt(c.abs)} {c.unit}).\n\n" + c.where())
    rows = [f"| part | reference run | {c.host} | growth |", "|:--|--:|--:|--:|"]
    for p in BREAKDOWN_PARTS:
        rows.append(f"| {names.time_part(p)} | {c.fmt(b['reference'][p])} | {c.fmt(b['value'][p])} | "
                    f"{c.fmt(growth[p])} |")
    lines = [
        f"Each part of a unit of work of {c.name}, in {c.axis}, as the tooltips give it:",
        "\n".join(rows),
        f"The part that grew most is **{names.time_part(top)}** ({_WHAT[top]}): {c.fmt(b['value'][top])} − "
        f"{c.fmt(b['reference'][top])} = **{c.fmt(growth[top])} {c.unit}** {c.per}, "
        f"{growth[top] / b['cycle']:.0%} of the reference cycle. "
        + (f"Next comes {names.time_part(second)}, {c.fmt(growth[second])} {c.unit}." if growth[second] > 0
           else "No other part grew."),
        c.reproduce(top, grew=True),
    ]
    return Exercise(
        topic=c.topic, seed=seed, question=question, answer=growth[top], solution="\n\n".join(lines),
        rel_tolerance=REL_TOLERANCE, abs_tolerance=c.abs, exact=exact, units=(c.unit,),
        parameters=_parameters(c, "grew", top, second=second, growth=growth, answer=growth[top]),
    )


def _part(seed: int, c: _Context, part: str) -> Exercise:
    b = c.b
    value = b["value"][part]
    question = (
        f"On a host of **{c.host}** on **{ENV_NAMES[c.env]}**, how many {c.spoken} does the part "
        f"*{names.time_part(part)}* take of one unit of work of **{c.name}** in the model? Answer in "
        f"{c.spoken} (within {REL_TOLERANCE * 100:g} % or {c.fmt(c.abs)} {c.unit}).\n\n" + c.where())
    ref = b["reference"][part]
    change = ("the same as" if value == ref else
              f"{c.fmt(abs(value - ref))} {c.unit} {'more' if value > ref else 'less'} than")
    lines = [
        f"The tooltip of the bar {c.label} gives **{names.time_part(part)}** ({_WHAT[part]}) "
        f"**{c.fmt(value)} {c.unit}** {c.per}, {b['stored'][part] / figures_time.PER_CYCLE:.1%} of the reference "
        f"cycle of {c.fmt(b['cycle'])} {c.unit}; that is {change} in the reference run ({c.fmt(ref)} {c.unit}).",
        # the totals as the labels at the bars' ends write them: the sum before rounding
        f"The whole unit of work takes {c.fmt(shown(sum(b['exact'].values()), c.places))} {c.unit} at {c.host} "
        f"(the label at the bar's end), against {c.fmt(shown(sum(b['reference_exact'].values()), c.places))} "
        f"{c.unit} in the reference run.",
        c.reproduce(part, grew=False),
    ]
    return Exercise(
        topic=c.topic, seed=seed, question=question, answer=value, solution="\n\n".join(lines),
        rel_tolerance=REL_TOLERANCE, abs_tolerance=c.abs, exact=b["exact"][part], units=(c.unit,),
        parameters=_parameters(c, "part", part, answer=value),
    )


def _part_growth(seed: int, c: _Context, part: str) -> Exercise:
    """Graded: how much one named part grew against the reference run."""
    b, growth = c.b, c.growth
    question = (
        f"On a host of **{c.host}** on **{ENV_NAMES[c.env]}**, by how many {c.spoken} did the part "
        f"*{names.time_part(part)}* of one unit of work of **{c.name}** grow against the reference run (512 GiB, "
        f"25 CPUs on z/VM 6.3 with EDEV-SCSI paging) in the model? Answer in {c.spoken}: its value at this host "
        f"minus its value in the reference run (within {REL_TOLERANCE * 100:g} % or {c.fmt(c.abs)} {c.unit}).\n\n"
        + c.where())
    lines = [
        f"The tooltips give **{names.time_part(part)}** ({_WHAT[part]}) {c.fmt(b['value'][part])} {c.unit} {c.per} "
        f"on the bar {c.label} and {c.fmt(b['reference'][part])} {c.unit} on the reference run's bar: it grew by "
        f"{c.fmt(b['value'][part])} − {c.fmt(b['reference'][part])} = **{c.fmt(growth[part])} {c.unit}**, "
        f"{growth[part] / b['cycle']:.0%} of the reference cycle.",
        c.reproduce(part, grew=True),
    ]
    return Exercise(
        topic=c.topic, seed=seed, question=question, answer=growth[part], solution="\n\n".join(lines),
        rel_tolerance=REL_TOLERANCE, abs_tolerance=c.abs, exact=b["exact"][part] - b["reference_exact"][part],
        units=(c.unit,), parameters=_parameters(c, "part-growth", part, growth=growth, answer=growth[part]),
    )


def _parameters(c: _Context, kind: str, part: str, **more) -> dict:
    return {"kind": kind, "env": c.env, "cid": c.cid, "memory": c.memory, "cpus": c.cpus, "variant": c.variant,
            "workload": c.key, "part": part, "failed": c.b["failed"], "stored": c.b["stored"],
            "reference_stored": c.b["reference_stored"],
            "cycle": c.b["cycle"], "step": c.step, "abs": c.abs, **more}


__all__ = ["ABS_STEPS", "CPUS", "GRADED_GREW_SHARE", "GREW_SHARE", "HOSTS", "LEAD", "MEMORIES", "MIN_SHARE", "REL_TOLERANCE", "TOPICS", "bar", "decimals",
           "generate", "not_worth", "per_unit", "shown", "unit", "workload"]
