"""Seeded exercises for the case-study chapters: read a case's model figure for a setting
the seed picks.

Every question can be answered in the static page, from a figure its chapter already shows,
by choosing what the question names in the figure's drop-downs and reading a tooltip; the
answers are computed from the same frames the figures draw (:mod:`overcommit.book`'s
``figures_case_*`` and ``figures_planning``), so a value read off a chart is the value
checked.

``case_zvm52`` (five to ten database guests on z/VM 5.2): either *where is the knee?* For a
seed-chosen number of guests and a throughput level (50, 75 or 90 % of five guests on the
document's host), the smallest central storage of the figure's 4 GiB grid at which the
model reaches the level; or *how hard does it page?* The throughput, or one of the lower
panel's paging measures (page reads, their response time, the volumes' utilisation, the
pages on DASD), at a seed-chosen number of guests and memory size. Graded seeds ask the
second kind only, over all five measures.

``case_jvm`` (200 JVMs over 1 to 200 guests): *what does stacking cost?* The change in the
LPAR's CPU load (IFLs) when the JVMs move from one seed-chosen number of guests to another,
or one part of one bar as the cost law or z/VM's accounting splits it; or *short of memory*:
the page reads, the reorder pause or (graded seeds) the GiB the guests' pages exceed the
DPA by, at a seed-chosen guest count, memory size and home of the WebSphere binaries; or the
largest memory at which the largest guests' clients still time out during page reorder
(practice seeds; graded seeds draw mostly from the grids, :data:`JVM_KINDS`).

``case_xen`` (triplets on z/VM 5.3 and Xen 3.1): either *how fast does each triplet run?*
Throughput per triplet and CPU utilisation for a seed-chosen hypervisor and number of
guests; or *what stays resident?* How many MiB of the guests' memory z/VM keeps in each
place at a seed-chosen number of guests and memory size; graded seeds also ask the
memory figure's z/VM throughput or page reads where it pages (:data:`XEN_GRADED_SPLIT`).

``case_planning`` (the three mixes on a grid of hosts): either *where does this workload
break?* For a seed-chosen mix, environment, CPU count, workload and throughput level, the
largest memory of the grid at which the workload is below the level; or *which breaks
first?* The workload that falls below the level at the largest memory.

Worth asking (:func:`not_worth`): a knee that the grid reaches above its smallest memory; page
reads of at least 1 MiB/s (0.3 MiB/s for the JVM case, whose shortage is a few GiB), and a
paging measure only where the pages are read that fast; a change in CPU load of at least 0.3
IFLs, a part of a bar of at least 0.05 IFLs; a shortage of at least 0.5 GiB; a triplet that loses at least 1 % to overcommitment; memory
that holds less than 99 % of the touched pages; a workload whose break point is on the grid
below 512 GiB (at 512 GiB it is the CPUs, not the memory, that hold it back) and, for
*which breaks first*, at least three workloads that break below 512 GiB and a lead of one grid
step over the next.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pandas as pd

from .. import names
from ..seeding import rng
from . import CASE_TOPICS as TOPICS, GRADED_BASE, Exercise, first_worth_asking
from .results import ENV_MENU, ENV_NAMES, tooltip_ways

ZVM52_LEVELS: tuple[int, ...] = (50, 75, 90)
PLANNING_LEVELS: tuple[float, ...] = (0.6, 0.7, 0.75, 0.8, 0.9)
MIN_READS_MIB_S = 1.0
MIN_JVM_READS_MIB_S = 0.3
MIN_IFL_CHANGE = 0.3
MIN_TRIPLET_LOSS_PCT = 1.0
MIN_MEMORY_BREAKS = 3  # "which breaks first" compares at least this many memory break points


def generate(seed: int, topic: str) -> Exercise:
    """The exercise of the case-study ``topic`` for ``seed`` (see the module docstring)."""
    builders = dict(zip(TOPICS, (_build_zvm52, _build_jvm, _build_xen, _build_planning)))
    if topic not in builders:
        raise ValueError(f"topic: {topic!r} is not accepted; expected one of {', '.join(TOPICS)}")
    return first_worth_asking(seed, lambda s, v: builders[topic](s, v, topic), not_worth)


def not_worth(ex: Exercise) -> str | None:
    """Why this variant teaches nothing, or None."""
    p = ex.parameters
    kind = p.get("kind")
    if kind == "knee":
        if p["knee_gib"] is None:
            return "the model never reaches the level on the figure's grid"
        return "the level is reached already at the grid's smallest memory" if p["knee_gib"] <= p["grid_min"] else None
    if kind == "reads":
        least = MIN_JVM_READS_MIB_S if ex.topic == "case_jvm" else MIN_READS_MIB_S
        return None if p["reads_mib_s"] >= least else f"the model reads less than {least:g} MiB/s of pages"
    if kind == "stacking":
        return None if abs(p["change_ifl"]) >= MIN_IFL_CHANGE else f"the load changes by less than {MIN_IFL_CHANGE} IFLs"
    if kind == "timeouts":
        return None if p["largest_gib"] is not None else "the clients never time out on the grid"
    if kind == "triplet":
        if not p["feasible"]:
            return "the hypervisor cannot run that many guests"
        return None if p["loss_pct"] >= MIN_TRIPLET_LOSS_PCT else "the triplets lose less than 1 % to overcommitment"
    if kind == "resident":
        from ..book.figures_case_xen import MEM_PARTS

        if p.get("part", MEM_PARTS[0]) == MEM_PARTS[0]:
            return None if p["resident_share"] < 0.99 else "nearly every touched page is resident: nothing to see"
        return None if p.get("mib", 0.0) >= 1.0 else "less than 1 MiB in that part: nothing to read off"
    if kind == "split":
        return None if p["ifl"] >= MIN_PART_IFL else f"less than {MIN_PART_IFL} IFLs in that part: nothing to read off"
    if kind == "short":
        return None if p["short_gib"] >= 0.5 else "the guests' pages (nearly) fit: nothing to page"
    if kind == "top":
        if p["reads_mib_s"] < MIN_READS_MIB_S:
            return f"z/VM reads less than {MIN_READS_MIB_S:g} MiB/s of pages there: nothing to read off"
        return None
    if kind == "pause":
        return None if p["pause_s"] >= 0.05 and p["reads_mib_s"] > 0 else "no guest pages there: nothing stops"
    if kind == "paging":
        if p["reads_mib_s"] < MIN_READS_MIB_S:
            return f"the model reads less than {MIN_READS_MIB_S:g} MiB/s of pages there: nothing to measure"
        return None if p["value"] >= p["least"] else "too little there to read off"
    if kind == "throughput":
        return None if p["pct"] < 99.0 else "the guests run at full speed there: nothing to read off"
    if kind == "value":
        return None if 0.05 <= p["value"] <= 0.98 else "the workload runs unhindered there, or too slowly to read"
    if kind == "break":
        if p["break_gib"] is None:
            return "the workload never falls below the level on the grid"
        return "it is below the level already at 512 GiB (CPUs, not memory)" if p["break_gib"] >= 512 else None
    if kind == "first":
        if p["memory_breaks"] < MIN_MEMORY_BREAKS:
            return f"fewer than {MIN_MEMORY_BREAKS} workloads break below 512 GiB: nothing to compare"
        return None if p["lead_gib"] > 0 else "two workloads break at the same memory"
    return f"kind {kind!r} has no rule"


def _one_of(r: np.random.Generator, options):
    return options[int(r.integers(len(options)))]


# --- z/VM 5.2: the knee, and the paging behind it ----------------------------------------

@lru_cache(maxsize=1)
def _zvm52_frame() -> pd.DataFrame:
    """The knee figure's points, one row per guest count and memory size, a column per
    paging measure (keyed as in ``KNEE_MEASURES``), valued as the tooltips show them."""
    from ..book import figures_case_zvm52 as fz
    from ..cases import zvm52

    long = fz.knee_frame(zvm52.memory_sweep(case=zvm52.calibrated()))
    long["measure"] = long["measure"].map({label: key for key, label in fz.KNEE_MEASURES.items()})
    wide = long.pivot_table(index=["guests", "central_memory_gib", "throughput_pct"], columns="measure",
                            values="value").reset_index()
    wide.columns.name = None
    return wide


#: the lower panel's measures a graded question asks: (what, unit, relative tolerance, absolute
#: tolerance, least value worth asking, why it moves)
ZVM52_PAGING = {
    "page_read_response_ms": (
        "mean response time of a page read from the DASD paging volumes", "ms", 0.02, 0.01, 0.0,
        "A page read is one I/O to a volume that serves one I/O at a time: its response time is the "
        "service time plus the wait behind the reads already queued, and the wait grows as the volumes "
        "fill."),
    "paging_device_utilisation_pct": (
        "utilisation of the DASD paging volumes (the share of time a volume is busy)", "%", 0.02, 0.1, 1.0,
        "Every miss is a read from the volumes; their utilisation is the read rate times the service "
        "time, spread over the volumes. The users run a closed loop: one who waits for a page makes no "
        "new miss, so the utilisation levels off below 100 %."),
    "dasd_mpages": (
        "number of guest pages held on the DASD paging volumes, in millions", "million pages", 0.02, 0.005, 0.1,
        "What does not fit in central storage and XSTOR lives on DASD (with the copies CP keeps of pages "
        "read back unchanged), so the count grows as central storage shrinks."),
}


def _build_zvm52(seed: int, variant: int, topic: str) -> Exercise:
    from ..cases import zvm52

    r = rng(variant)
    f = _zvm52_frame()
    guests = int(_one_of(r, sorted(f["guests"].unique())[1:]))  # 6 to 10: five guests fit
    g = f[f["guests"] == guests].sort_values("central_memory_gib")
    grid_min = float(g["central_memory_gib"].min())
    where = (f"In the page: in the figure *the knee over memory*, choose {guests} in *Database guests*; "
             f"the points' tooltips give the values ({tooltip_ways('a point')}).")
    pick = r.random()
    graded = seed >= GRADED_BASE  # graded seeds: the kinds with a pool a class cannot exhaust
    if pick < 0.5 and not graded:
        level = int(_one_of(r, ZVM52_LEVELS))
        reached = g[g["throughput_pct"] >= level]
        knee = float(reached["central_memory_gib"].min()) if len(reached) else None
        question = (
            f"With **{guests} database guests** on the z/VM 5.2 host, what is the smallest central storage "
            f"on the figure's grid (48 to 176 GiB in steps of 4) at which the model's throughput is at "
            f"least **{level} %** of five guests on the document's 80 GiB host? Answer in GiB.\n\n{where}"
        )
        lines = []
        if knee is not None:
            below = g[g["central_memory_gib"] < knee]["throughput_pct"]
            at = float(reached["throughput_pct"].iloc[0])
            lines.append(
                f"Following the {guests}-guest line from the left: "
                + (f"{float(below.iloc[-1]):.1f} % at {knee - 4:g} GiB, " if len(below) else "")
                + f"{at:.1f} % at **{knee:g} GiB**, the first point at or above {level} %.")
            case = zvm52.calibrated()
            need = case.instantiated_mib / 1024 * guests - case.xstor_gib
            lines.append(
                f"The {guests} guests touch {case.instantiated_mib / 1024 * guests:g} GiB of pages; with "
                f"{case.xstor_gib:g} GiB of XSTOR beside central storage they all fit from {need:g} GiB up (the "
                "red dashed line), and the knee sits near it. Below it, every miss waits for a single-I/O DASD "
                "volume and the users' cycle is spent waiting.")
        lines.append(f"Reproduce it: `overcommit.cases.zvm52.memory_sweep([{guests}])`, column `throughput_pct`.")
        return Exercise(topic=topic, seed=seed, question=question, answer=knee, solution="\n\n".join(lines),
                        rel_tolerance=0.0, abs_tolerance=0.5, units=("GiB",),
                        parameters={"kind": "knee", "guests": guests, "level": level, "knee_gib": knee,
                                    "grid_min": grid_min})
    memory = float(_one_of(r, list(g["central_memory_gib"])))
    row = g[g["central_memory_gib"] == memory].iloc[0]
    reads = float(row["page_read_mib_s"])
    # graded: the throughput, the page reads and the lower panel's three other measures, alike
    asked = (["throughput", "page_read_mib_s", *ZVM52_PAGING][int(pick * (2 + len(ZVM52_PAGING)))] if graded
             else "throughput" if 0.5 <= pick < 0.6 else "page_read_mib_s")
    if asked in ZVM52_PAGING:
        from ..book.figures_case_zvm52 import KNEE_MEASURES

        what, unit, rel, absolute, least, why = ZVM52_PAGING[asked]
        value = float(row[asked])
        question = (
            f"With **{guests} database guests** and **{memory:g} GiB** of central storage, what is the model's "
            f"{what}? Answer in {unit} (within {rel * 100:g} %).\n\n"
            f"{where} Choose *{KNEE_MEASURES[asked]}* in *Paging measure* for the lower panel."
        )
        lines = [f"The lower panel's point at {memory:g} GiB: **{value:.4g} {unit}**; the model reads {reads:.3g} "
                 f"MiB/s of pages from DASD there and runs at {float(row['throughput_pct']):.1f} % of five guests "
                 "at 80 GiB.",
                 why,
                 f"Reproduce it: `overcommit.book.figures_case_zvm52.knee_frame(overcommit.cases.zvm52.memory_sweep("
                 f"[{guests}], [{memory:g}]))`, the rows of measure *{KNEE_MEASURES[asked]}*."]
        return Exercise(topic=topic, seed=seed, question=question, answer=value, solution="\n\n".join(lines),
                        rel_tolerance=rel, abs_tolerance=absolute, units=(unit,),
                        parameters={"kind": "paging", "measure": asked, "guests": guests, "memory_gib": memory,
                                    "value": value, "least": least, "reads_mib_s": reads})
    if asked == "throughput":
        pct = float(row["throughput_pct"])
        question = (
            f"With **{guests} database guests** and **{memory:g} GiB** of central storage, what is the model's "
            "throughput in % of five guests on the document's 80 GiB host? Answer in % (within 1 point).\n\n"
            f"{where} The upper panel has the throughput."
        )
        lines = [f"The upper panel's point at {memory:g} GiB: **{pct:.1f} %**; the model reads {reads:.3g} MiB/s "
                 "of pages from DASD there.",
                 f"Reproduce it: `overcommit.cases.zvm52.memory_sweep([{guests}], [{memory:g}])`, column "
                 "`throughput_pct`."]
        return Exercise(topic=topic, seed=seed, question=question, answer=round(pct, 1), solution="\n\n".join(lines),
                        rel_tolerance=0.0, abs_tolerance=1.0, exact=pct, units=("%",),
                        parameters={"kind": "throughput", "guests": guests, "memory_gib": memory, "pct": pct})
    question = (
        f"With **{guests} database guests** and **{memory:g} GiB** of central storage, how many MiB/s does "
        "the model read from the DASD paging volumes? Answer in MiB/s (within 5 %).\n\n"
        f"{where} Choose *page reads from DASD (MiB/s)* in *Paging measure* for the lower panel."
    )
    lines = [
        f"The lower panel's point at {memory:g} GiB: **{reads:.3g} MiB/s**; the model's throughput there is "
        f"{float(row['throughput_pct']):.1f} % of five guests at 80 GiB.",
        "The fewer guest pages fit in central storage and XSTOR, the more references miss, and every miss is "
        "a page read from DASD; the rate stops growing once the volumes are busy, and then the users wait.",
        f"Reproduce it: `overcommit.cases.zvm52.memory_sweep([{guests}], [{memory:g}])`, column `page_read_mib_s`.",
    ]
    return Exercise(topic=topic, seed=seed, question=question, answer=round(reads, 3), solution="\n\n".join(lines),
                    rel_tolerance=0.05, abs_tolerance=0.01, units=("MiB/s",),
                    parameters={"kind": "reads", "guests": guests, "memory_gib": memory, "reads_mib_s": reads})


# --- JVM stacking: CPU by stacking, and the what-if short of memory -----------------------

@lru_cache(maxsize=1)
def _jvm_frames() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    from ..book import figures_case_jvm as fj
    from ..book.figures import sig as _sig
    from ..cases import jvm

    case = jvm.calibrated()
    model = fj.model_frame(case)
    frame = model[["guests", "jvms_per_guest", "vcpus_per_guest", "lpar_load"]].copy()
    frame["lpar_load"] = _sig(frame["lpar_load"])
    return frame, fj.memory_long(jvm.memory_sweep(case=case)), fj.stack_long(model)


#: what a case_jvm variant asks, and the share of draws for each: practice seeds, and graded
#: seeds, near each kind's share of the questions (graded stacking goes both ways)
JVM_KINDS = {
    "practice": {"stacking": 0.3, "split": 0.2, "reads": 0.25, "pause": 0.1, "timeouts": 0.15},
    "graded": {"stacking": 0.07, "split": 0.09, "short": 0.26, "reads": 0.28, "pause": 0.28, "timeouts": 0.02},
}
#: least CPU in one part of a stacking bar worth asking about (IFLs)
MIN_PART_IFL = 0.05


def _band(u: float, shares: dict[str, float]) -> str:
    """The key of ``shares`` whose band of [0, 1) holds ``u`` (bands in the dict's order)."""
    edge = 0.0
    for key, share in shares.items():
        edge += share
        if u < edge:
            return key
    return key


def _jvm_split(seed: int, r: np.random.Generator, topic: str, split: pd.DataFrame) -> Exercise:
    """One part of one bar of *LPAR CPU load over the stacking*, split as a drop-down chooses."""
    from ..book.figures_case_jvm import VIEWS

    view = str(_one_of(r, VIEWS))
    n = int(_one_of(r, sorted(split["guests"].unique())))
    bar = split[(split["guests"] == n) & (split["view"] == view)].sort_values("order")
    part = str(_one_of(r, list(bar["part"])))
    row = bar[bar["part"] == part].iloc[0]
    ifl = float(row["ifl"])
    question = (
        f"The 200 JVMs run in **{n} Linux guest{'s' if n > 1 else ''}** ({int(row['jvms'])} JVM"
        f"{'s' if int(row['jvms']) > 1 else ''} and {int(row['vcpus'])} virtual CPU{'s' if int(row['vcpus']) > 1 else ''} "
        f"{'each' if n > 1 else 'in it'}). Split by the **{view}**, how many IFLs of the LPAR's CPU load go to **{part}** in the model? "
        "Answer in IFLs to two decimals.\n\n"
        f"In the page: in the figure *LPAR CPU load over the stacking*, choose *{view}* in *Split the CPU by*; "
        f"the {n}-guest bar's *{part}* part has the value in its tooltip ({tooltip_ways('that part')})."
    )
    others = "; ".join(f"{p} {float(v):.2f}" for p, v in zip(bar["part"], bar["ifl"]) if p != part)
    lines = [f"The {n}-guest bar, split by the {view}: **{ifl:.2f} IFLs** of *{part}*, of "
             f"{float(row['total']):.2f} IFLs in all (the other parts: {others}).",
             "The cost law splits the load by cause: the JVMs' own work, the overhead of stacking JVMs in one "
             "guest, a cost per virtual CPU, and CP's dispatching and system time. z/VM's accounting splits the "
             "same CPU by who is charged: the guests' emulation, CP time attributed to a guest, and CP time no "
             "guest is charged for.",
             f"Reproduce it: `overcommit.book.figures_case_jvm.stack_long(overcommit.book.figures_case_jvm."
             f"model_frame())`, the row of guests {n}, view *{view}* and part *{part}*."]
    return Exercise(topic=topic, seed=seed, question=question, answer=round(ifl, 2), solution="\n\n".join(lines),
                    rel_tolerance=0.0, abs_tolerance=0.01, exact=ifl, units=("IFLs",),
                    parameters={"kind": "split", "guests": n, "view": view, "part": part, "ifl": ifl})


def _build_jvm(seed: int, variant: int, topic: str) -> Exercise:
    from ..book.figures_case_jvm import BINARY_LABELS

    r = rng(variant)
    frame, sweep, split = _jvm_frames()
    kind = _band(r.random(), JVM_KINDS["graded" if seed >= GRADED_BASE else "practice"])
    if kind == "split":
        return _jvm_split(seed, r, topic, split)
    if kind == "stacking":
        a, b = sorted(int(x) for x in r.choice(frame["guests"].to_numpy(), size=2, replace=False))
        if seed >= GRADED_BASE and r.random() < 0.5:  # graded: consolidating too, twice the pairs
            a, b = b, a
        ra, rb = (frame[frame["guests"] == n].iloc[0] for n in (a, b))
        change = float(rb["lpar_load"] - ra["lpar_load"])
        answer = round(change, 2)
        question = (
            f"The 200 JVMs run in **{a} Linux guest{'s' if a > 1 else ''}** and are then "
            f"{'spread over' if b > a else 'gathered into'} **{b} guest{'s' if b > 1 else ''}**. By how many IFLs does the LPAR's CPU load change in the model? Answer with a "
            "sign (negative: it saves CPU), to two decimals.\n\n"
            "In the page: in the figure *LPAR CPU load over the stacking*, the bars' tooltips give the "
            f"model's load (*LPAR load, model*; {tooltip_ways('a bar')})."
        )
        lines = [
            f"The model's LPAR load is {float(ra['lpar_load']):.2f} IFLs with {a} guest{'s' if a > 1 else ''} "
            f"({int(ra['jvms_per_guest'])} JVMs and {int(ra['vcpus_per_guest'])} virtual CPUs each) and "
            f"{float(rb['lpar_load']):.2f} IFLs with {b} ({int(rb['jvms_per_guest'])} JVM"
            f"{'s' if int(rb['jvms_per_guest']) > 1 else ''} and {int(rb['vcpus_per_guest'])} virtual CPU"
            f"{'s' if int(rb['vcpus_per_guest']) > 1 else ''} each): a change of **{change:+.2f} IFLs**.",
            "Fewer JVMs per guest cost less stacking overhead; more guests bring more virtual CPUs, each with "
            "its own cost, and beyond 24 virtual CPUs CP must dispatch them on the 24 real ones. The cost "
            "law's split (first drop-down) shows which of the two wins between these two bars.",
            f"Reproduce it: `overcommit.cases.jvm.scaling([{a}, {b}])['lpar_load']`.",
        ]
        return Exercise(topic=topic, seed=seed, question=question, answer=answer, solution="\n\n".join(lines),
                        rel_tolerance=0.0, abs_tolerance=0.03, units=("IFLs",),
                        parameters={"kind": "stacking", "from": a, "to": b, "change_ifl": change})
    binaries = str(_one_of(r, list(BINARY_LABELS)))
    label = BINARY_LABELS[binaries]
    where = (f"In the page: in the figure *short of memory*, choose {{n}} in *Linux guests*; the "
             f"{'solid blue' if binaries == 'dcss' else 'dashed orange'} line is *{label}*.")
    if kind in ("reads", "pause", "short"):
        n = int(_one_of(r, sorted(sweep["guests"].unique())))
        memory = float(_one_of(r, sorted(sweep["memory_gib"].unique())))
        row = sweep[(sweep["guests"] == n) & (sweep["binaries"] == label) & (sweep["memory_gib"] == memory)].iloc[0]
        reads = float(row["page_read_mib_s"])
        if kind == "short":
            return _jvm_short(seed, topic, n, binaries, label, memory, row, where.format(n=n))
        if kind == "pause":  # the same point's reorder pause
            pause = float(row["model_reorder_pause_s"])
            question = (
                f"The 200 JVMs run in **{n} Linux guest{'s' if n > 1 else ''}** with the WebSphere **{label}**, "
                f"on an LPAR cut to **{memory:g} GiB**. For how many seconds does a page reorder stop a guest in "
                "the model? Answer in seconds to two decimals.\n\n" + where.format(n=n)
                + f" The point at {memory:g} GiB has the pause in its tooltip ({tooltip_ways('the point')})."
            )
            lines = [f"The point at {memory:g} GiB: a reorder stops a guest for **{pause:.2f} s**; the guests read "
                     f"{reads:.3g} MiB/s of pages there.",
                     "z/VM's page reorder walks a guest's resident pages while the guest waits, so a larger guest "
                     "waits longer; the clients give up once the stop outlasts their time-out.",
                     f"Reproduce it: `overcommit.cases.jvm.memory_sweep([{n}], [{memory:g}])`, rows with binaries "
                     f"`{binaries}`, column `model_reorder_pause_s`."]
            return Exercise(topic=topic, seed=seed, question=question, answer=round(pause, 2),
                            solution="\n\n".join(lines), rel_tolerance=0.02, abs_tolerance=0.01, units=("s",),
                            parameters={"kind": "pause", "guests": n, "binaries": binaries, "memory_gib": memory,
                                        "pause_s": pause, "reads_mib_s": reads})
        question = (
            f"The 200 JVMs run in **{n} Linux guest{'s' if n > 1 else ''}** with the WebSphere **{label}**, "
            f"on an LPAR cut to **{memory:g} GiB**. How many MiB/s of pages does the model read? Answer in "
            "MiB/s (within 5 %).\n\n" + where.format(n=n)
        )
        lines = [
            f"The lower panel's point at {memory:g} GiB: **{reads:.3g} MiB/s**. The guests touch "
            f"{float(row['instantiated_gib']):.1f} GiB, {float(row['short_gib']):.1f} GiB more than z/VM's "
            "dynamic paging area holds, so that much has to be paged.",
            "With the binaries on a shared minidisk every guest caches its own copy, so more guests touch more "
            "memory; in a DCSS one copy serves them all.",
            f"Reproduce it: `overcommit.cases.jvm.memory_sweep([{n}], [{memory:g}])`, rows with binaries "
            f"`{binaries}`, column `page_read_mib_s`.",
        ]
        return Exercise(topic=topic, seed=seed, question=question, answer=round(reads, 3),
                        solution="\n\n".join(lines), rel_tolerance=0.05, abs_tolerance=0.01, units=("MiB/s",),
                        parameters={"kind": "reads", "guests": n, "binaries": binaries, "memory_gib": memory,
                                    "reads_mib_s": reads})
    n = int(_one_of(r, sorted(sweep["guests"].unique())))
    s = sweep[(sweep["guests"] == n) & (sweep["binaries"] == label)]
    failing = s[s["failed"] == "time-outs"]
    largest = float(failing["memory_gib"].max()) if len(failing) else None
    question = (
        f"The 200 JVMs run in **{n} Linux guest{'s' if n > 1 else ''}** with the WebSphere **{label}**. As "
        "the LPAR's memory is cut below the document's 200 GiB, what is the largest memory on the figure's "
        "grid (140 to 200 GiB in steps of 2) at which the model's clients time out during page reorder? "
        "Answer in GiB.\n\n" + where.format(n=n) + " Red crosses mark the time-outs."
    )
    lines = []
    if largest is not None:
        at = failing[failing["memory_gib"] == largest].iloc[0]
        lines.append(
            f"The rightmost red cross is at **{largest:g} GiB**: the longest reorder pause there is "
            f"{float(at['model_reorder_pause_s']):.2f} s, past the clients' limit; one step up the guests' "
            "pages fit again and nothing is reordered under pressure.")
        lines.append("Page reorder walks a guest's whole resident memory, so the pause grows with the guest: "
                     "only the few largest guests stop long enough for their clients to give up.")
    lines.append(f"Reproduce it: `overcommit.cases.jvm.memory_sweep([{n}])`, rows with binaries `{binaries}` and "
                 "`failed_share > 0`.")
    return Exercise(topic=topic, seed=seed, question=question, answer=largest, solution="\n\n".join(lines),
                    rel_tolerance=0.0, abs_tolerance=0.5, units=("GiB",),
                    parameters={"kind": "timeouts", "guests": n, "binaries": binaries, "largest_gib": largest})


def _jvm_short(seed: int, topic: str, n: int, binaries: str, label: str, memory: float, row: pd.Series,
               where: str) -> Exercise:
    """Graded: by how much the guests' touched pages exceed z/VM's DPA at one point of *short of
    memory*."""
    short, touched = float(row["short_gib"]), float(row["instantiated_gib"])
    question = (
        f"The 200 JVMs run in **{n} Linux guest{'s' if n > 1 else ''}** with the WebSphere **{label}**, on an LPAR "
        f"cut to **{memory:g} GiB**. By how many GiB do the pages the guests touch exceed what z/VM's dynamic "
        "paging area holds in the model? Answer in GiB (within 2 %).\n\n"
        f"{where} The point at {memory:g} GiB has the value in its tooltip (*short of the DPA by*; "
        f"{tooltip_ways('the point')})."
    )
    lines = [f"The guests touch {touched:.3g} GiB; at {memory:g} GiB the DPA holds {touched - short:.3g} GiB of them, "
             f"so they are short by **{short:.3g} GiB**, which z/VM must page, at {float(row['page_read_mib_s']):.3g} "
             "MiB/s of reads there.",
             "The DPA is what is left of the LPAR's memory after CP's own share; every GiB cut from the LPAR comes "
             "off it. With the binaries on a shared minidisk every guest caches its own copy, so the guests touch "
             "more than with one copy in a DCSS.",
             f"Reproduce it: `overcommit.book.figures_case_jvm.memory_long(overcommit.cases.jvm.memory_sweep([{n}], "
             f"[{memory:g}]))`, the row of binaries *{label}*, column `short_gib`."]
    return Exercise(topic=topic, seed=seed, question=question, answer=short, solution="\n\n".join(lines),
                    rel_tolerance=0.02, abs_tolerance=0.005, units=("GiB",),
                    parameters={"kind": "short", "guests": n, "binaries": binaries, "memory_gib": memory,
                                "short_gib": short})


# --- z/VM and Xen: CPU overcommitment, and what stays resident ----------------------------

@lru_cache(maxsize=1)
def _xen_frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    from ..book import figures_case_xen as fx
    from ..book.figures import sig as _sig
    from ..cases import xen

    f = fx.model_frame()[["hypervisor", "guests", "feasible", "per_triplet_pct", "cpu_util_pct", "vcpu_ratio"]].copy()
    for c in ("per_triplet_pct", "cpu_util_pct"):
        f[c] = _sig(f[c])
    sweep = xen.memory_sweep()
    top = sweep[sweep["feasible"] & (sweep["hypervisor"] == "zvm")][
        ["guests", "memory_gib", "throughput_pct", "page_read_mib_s"]].copy()
    top["throughput_pct"] = _sig(top["throughput_pct"])  # as the top panel's tooltips
    top["page_read_mib_s"] = _sig(top["page_read_mib_s"], 3)
    top = top[top["page_read_mib_s"] >= MIN_READS_MIB_S]  # the points where z/VM pages
    return f, fx.memory_long(sweep), top.reset_index(drop=True)


#: graded draws: the memory bars (about 400 questions worth asking), the top panel's throughput
#: and page reads (about 40) and the CPU figure (about 10), near their share of all of them
XEN_GRADED_SPLIT = (0.9, 0.97)


def _build_xen(seed: int, variant: int, topic: str) -> Exercise:
    from ..cases import xen

    r = rng(variant)
    frame, mem, top = _xen_frames()
    u = r.random()
    graded = seed >= GRADED_BASE
    if graded and XEN_GRADED_SPLIT[0] <= u < XEN_GRADED_SPLIT[1]:
        return _xen_top(seed, r, topic, top)
    if (u >= XEN_GRADED_SPLIT[1]) if graded else (u < 0.5):
        # full speed: what one triplet gets on its own (the model's triplet never reaches 100 %)
        hv = str(_one_of(r, [xen.LABELS[k] for k in xen.HYPERVISORS]))
        guests = int(_one_of(r, sorted(frame["guests"].unique())))
        row = frame[(frame["hypervisor"] == hv) & (frame["guests"] == guests)].iloc[0]
        feasible = bool(row["feasible"])
        alone = float(frame[(frame["hypervisor"] == hv)].sort_values("guests")["per_triplet_pct"].iloc[0])
        per, util = float(row["per_triplet_pct"]), float(row["cpu_util_pct"])
        question = (
            f"On **{hv}** with **{guests} guests** ({guests // xen.GUESTS_PER_TRIPLET} triplets) on the 8 "
            "physical CPUs, how fast does each triplet run in the model (throughput per triplet, % of full "
            "speed), and how busy are the physical CPUs (%)? Answer with two numbers, e.g. `80, 95` (each "
            "within 2 %).\n\n"
            "In the page: in the figure *CPU overcommitment*, choose *throughput per triplet* and then "
            f"*CPU utilisation* in *Measure*; the {hv} point at {guests} guests has the value in its tooltip "
            f"({tooltip_ways('the point')})."
        )
        lines = [
            f"{hv} at {guests} guests ({float(row['vcpu_ratio']):.1f} virtual CPUs per physical one): each triplet "
            f"runs at **{per:.3g} %** of full speed and the CPUs are **{util:.3g} %** busy.",
            "Below about 100 % CPU each triplet runs at full speed and more triplets add throughput; once the CPUs "
            "are full, more triplets only share them (and the hypervisor's work scheduling the extra virtual "
            "CPUs takes its cut), so each one slows down.",
            f"Reproduce it: `overcommit.cases.xen.scaling([{guests // xen.GUESTS_PER_TRIPLET}], "
            f"'{'xen' if hv.startswith('Xen') else 'zvm'}')[['throughput_per_triplet', 'cpu_util_pct']]`.",
        ]
        return Exercise(topic=topic, seed=seed, question=question, answer=[round(per, 2), round(util, 2)],
                        solution="\n\n".join(lines), rel_tolerance=0.02, abs_tolerance=0.05, units=("%", "%"),
                        parameters={"kind": "triplet", "hypervisor": hv, "guests": guests, "feasible": feasible,
                                    "loss_pct": (alone - per) if feasible else 0.0})
    z = mem[mem["hypervisor"] == xen.LABELS["zvm"]]
    guests = int(_one_of(r, sorted(z["guests"].unique())))
    memory = float(_one_of(r, sorted(z["memory_gib"].unique())))
    parts = z[(z["guests"] == guests) & (z["memory_gib"] == memory)].set_index("part")["mib"]
    from ..book.figures_case_xen import MEM_PARTS

    resident, xstor, dasd, untouched = (float(parts[p]) for p in MEM_PARTS[:4])
    touched = resident + xstor + dasd
    asked = str(_one_of(r, list(MEM_PARTS[:4]) + ["touched"]))
    value = touched if asked == "touched" else float(parts[asked])
    bar = {MEM_PARTS[0]: "first", MEM_PARTS[1]: "second", MEM_PARTS[2]: "third", MEM_PARTS[3]: "last"}.get(asked)
    what = ("touched by the guests (resident, in expanded storage or on DASD)" if asked == "touched"
            else f"*{asked}*")
    read = (f"the z/VM bar's {bar} part has the value in its tooltip ({tooltip_ways('that part')})" if bar else
            f"add the z/VM bar's first three parts (their tooltips give the values: {tooltip_ways('each part')})")
    question = (
        f"On **z/VM 5.3** with **{guests} guests** and **{memory:g} GiB** of central storage, how many MiB of the "
        f"guests' memory are {what} in the model? Answer in MiB (within 2 %).\n\n"
        f"In the page: in the figure *shrinking the memory*, choose {guests} in *Guests* and {memory:g} in "
        f"*Memory (GiB)*; {read}."
    )
    lines = [
        f"Of the {touched:,.0f} MiB the guests touch, z/VM keeps {resident:,.0f} MiB resident, "
        f"{xstor:,.0f} MiB in expanded storage and {dasd:,.0f} MiB only on DASD; {untouched:,.0f} MiB of their "
        f"defined memory are never touched. So the answer is **{value:,.0f} MiB**.",
        "z/VM backs a page only when a guest touches it, so the defined memory that was never touched costs "
        "nothing; what is touched but idle moves out to XSTOR and DASD, which is why throughput barely moves.",
        f"Reproduce it: `overcommit.cases.xen.memory_sweep([{memory:g}], [{guests // xen.GUESTS_PER_TRIPLET}])`, "
        "rows with hypervisor `zvm`.",
    ]
    return Exercise(topic=topic, seed=seed, question=question, answer=round(value), solution="\n\n".join(lines),
                    rel_tolerance=0.02, abs_tolerance=1.0, units=("MiB",),
                    parameters={"kind": "resident", "guests": guests, "memory_gib": memory, "part": asked,
                                "mib": value, "resident_share": resident / touched if touched else 1.0})


def _xen_top(seed: int, r: np.random.Generator, topic: str, top: pd.DataFrame) -> Exercise:
    """Graded: the top panel of *shrinking the memory*, z/VM's throughput or page reads at a
    point where it pages (``top``: those points)."""
    from ..cases import xen

    guests = int(_one_of(r, sorted(top["guests"].unique())))
    memory = float(_one_of(r, sorted(top["memory_gib"].unique())))
    row = top[(top["guests"] == guests) & (top["memory_gib"] == memory)]
    if row.empty:  # not a point where z/VM pages: not worth asking, so the next variant is taken
        row = pd.DataFrame([{"throughput_pct": 100.0, "page_read_mib_s": 0.0}])
    row = row.iloc[0]
    pct, reads = float(row["throughput_pct"]), float(row["page_read_mib_s"])
    asked = "throughput" if r.random() < 0.5 else "reads"
    setting = f"On **z/VM 5.3** with **{guests} guests** and **{memory:g} GiB** of central storage"
    where = (f"In the page: in the figure *shrinking the memory*, choose {guests} in *Guests*; the z/VM point at "
             f"{memory:g} GiB has the value in its tooltip ({tooltip_ways('the point')}).")
    reproduce = (f"Reproduce it: `overcommit.cases.xen.memory_sweep([{memory:g}], "
                 f"[{guests // xen.GUESTS_PER_TRIPLET}])`, the row of hypervisor `zvm`, column "
                 f"`{'throughput_pct' if asked == 'throughput' else 'page_read_mib_s'}`.")
    why = ("z/VM backs only what the guests touch and moves their idle pages to expanded storage and DASD; "
           "the pages they come back to are read in again, and those waits are all the throughput loses.")
    if asked == "throughput":
        question = (f"{setting}, what throughput does the model keep, in % of the same guests on the document's "
                    f"host? Answer in % to two decimals (within 0.05 points).\n\n{where}")
        lines = [f"The z/VM point: **{pct:.2f} %**, while it reads {reads:.3g} MiB/s of pages.", why, reproduce]
        return Exercise(topic=topic, seed=seed, question=question, answer=pct, solution="\n\n".join(lines),
                        rel_tolerance=0.0, abs_tolerance=0.05, units=("%",),
                        parameters={"kind": "top", "asked": asked, "guests": guests, "memory_gib": memory,
                                    "pct": pct, "reads_mib_s": reads})
    question = (f"{setting}, how many MiB/s of pages does the model read? Answer in MiB/s (within 5 %).\n\n{where}")
    lines = [f"The z/VM point: **{reads:.3g} MiB/s** of page reads, for a throughput of {pct:.2f} %.", why, reproduce]
    return Exercise(topic=topic, seed=seed, question=question, answer=reads, solution="\n\n".join(lines),
                    rel_tolerance=0.05, abs_tolerance=0.01, units=("MiB/s",),
                    parameters={"kind": "top", "asked": asked, "guests": guests, "memory_gib": memory,
                                "pct": pct, "reads_mib_s": reads})


# --- capacity planning: break points ------------------------------------------------------

@lru_cache(maxsize=1)
def _planning_frame() -> pd.DataFrame:
    from ..book import figures_planning as fp

    return fp.variant_frame()


def break_points(frame: pd.DataFrame, level: float) -> pd.Series:
    """For each workload of ``frame`` (one mix, environment and CPU count): the largest memory
    (GiB) at which its throughput is below ``level``, as the break-point bars compute it in
    the browser; workloads never below the level are left out."""
    below = frame[frame["throughput"] < level]
    return below.groupby("variant")["memory_gib"].max().sort_values(ascending=False)


def answer_name(variant: str) -> str:
    """A workload's display name (:func:`overcommit.names.variant`) as the answer key
    writes it: without its commas (``java-high`` → "Java high"), so that it reads as one
    answer in a list; checking ignores commas, so "Java, high" is right too."""
    return " ".join(names.variant(variant).replace(",", " ").split())


def _build_planning(seed: int, variant: int, topic: str) -> Exercise:
    from ..book.figures_planning import VARIANT_CPUS

    r = rng(variant)
    f = _planning_frame()
    grid = sorted(int(m) for m in f["memory_gib"].unique())
    mix = str(_one_of(r, list(dict.fromkeys(f["mix"]))))
    env = str(_one_of(r, list(ENV_NAMES)))
    cpus = int(_one_of(r, VARIANT_CPUS))
    level = float(_one_of(r, PLANNING_LEVELS))
    g = f[(f["mix"] == mix) & (f["env"] == env) & (f["cpus"] == cpus)]
    breaks = break_points(g, level)
    setting = (f"the **{mix}** mix on **{ENV_NAMES[env]}** with **{cpus} real CPUs**")
    where = (f"In the page: in the figure *break points*, choose *{mix}*, *{ENV_MENU[env]}* and "
             f"{cpus} real CPUs, and set the throughput level to {level:.2f}.")
    rule = (f"A workload *breaks* at the largest memory of the grid (512 down to 32 GiB) at which its relative "
            f"throughput is below {level:.2f}.")
    pick = r.random()
    if pick < 1 / 3:
        workloads = sorted(g["variant"].unique())
        w = str(_one_of(r, workloads))
        memory = int(_one_of(r, grid[:-1]))  # every size but 512, where most run unhindered
        value = float(g[(g["variant"] == w) & (g["memory_gib"] == memory)]["throughput"].iloc[0])
        question = (f"For {setting}: what is the relative throughput of **{names.variant(w)}** at **{memory} GiB** "
                    f"(the mean over its copies in the mix, 1.00 being unconstrained)? Answer as a fraction with two "
                    f"decimals.\n\nIn the page: in the figure *break points*, choose *{mix}*, *{ENV_MENU[env]}* "
                    f"and {cpus} real CPUs; in the upper panel, the line of {names.variant(w)} at {memory} GiB has "
                    f"the value in its tooltip ({tooltip_ways('the line there')}).")
        lines = [f"{names.variant(w)} runs at **{value:.3g}** of its unconstrained throughput at {memory} GiB, "
                 f"about {value:.2f}.",
                 f"Reproduce it: `overcommit.planning.mix_grid('{mix}', [{memory}], [{cpus}], ['{env}'])`, the mean "
                 f"of the rows of variant `'{w}'`."]
        return Exercise(topic=topic, seed=seed, question=question, answer=round(value, 2), solution="\n\n".join(lines),
                        rel_tolerance=0.0, abs_tolerance=0.01, exact=value, units=("fraction",),
                        parameters={"kind": "value", "mix": mix, "env": env, "cpus": cpus, "workload": w,
                                    "memory_gib": memory, "value": value})
    if pick < 2 / 3:
        workloads = sorted(g["variant"].unique())
        w = str(_one_of(r, workloads))
        at = float(breaks[w]) if w in breaks.index else None
        question = (f"For {setting}: below which memory is **{names.variant(w)}** under **{level:.2f}** of its "
                    f"unconstrained throughput? {rule} Answer in GiB.\n\n{where}")
        lines = []
        if at is not None:
            line = g[g["variant"] == w].set_index("memory_gib")["throughput"].sort_index(ascending=False)
            above = line[line.index > at]
            lines.append(f"{names.variant(w)}: relative throughput on the grid "
                         + ", ".join(f"{v:.3f} at {m:g}" for m, v in line.items()) + ".")
            lines.append(f"The largest memory with a value below {level:.2f} is **{at:g} GiB**"
                         + (f" (at {above.index.min():g} GiB it is {float(above.iloc[-1]):.3f})" if len(above) else "")
                         + ": that is its bar in the lower panel.")
        lines.append(f"Reproduce it: `overcommit.planning.mix_grid('{mix}', {grid}, [{cpus}], ['{env}'])`, "
                     f"rows of variant `'{w}'`.")
        return Exercise(topic=topic, seed=seed, question=question, answer=at, solution="\n\n".join(lines),
                        rel_tolerance=0.0, abs_tolerance=0.5, units=("GiB",),
                        parameters={"kind": "break", "mix": mix, "env": env, "cpus": cpus, "level": level,
                                    "workload": w, "break_gib": at})
    memory_breaks = breaks[breaks < 512]
    first = str(memory_breaks.index[0]) if len(memory_breaks) else None  # a variant id
    lead = float(memory_breaks.iloc[0] - memory_breaks.iloc[1]) if len(memory_breaks) > 1 else (
        float(memory_breaks.iloc[0]) if len(memory_breaks) else 0.0)
    question = (f"For {setting}, which workload is the first to fall below **{level:.2f}** of its unconstrained "
                f"throughput as memory shrinks from 512 GiB? {rule} Leave out workloads that are below the level "
                f"already at 512 GiB: their CPUs, not the memory, hold them back. Answer with the workload's name "
                f"as the figure shows it, without its commas: *{answer_name('java-high')}* for "
                f"{names.variant('java-high')}.\n\n{where}")
    lines = []
    if first is not None:
        lines.append("Break points from the largest: "
                     + "; ".join(f"{names.variant(v)} {m:g} GiB" for v, m in breaks.items()) + ".")
        cpu_bound = list(breaks[breaks >= 512].index)
        if cpu_bound:
            lines.append("Below the level even at 512 GiB, so limited by CPUs: "
                         + "; ".join(map(names.variant, cpu_bound)) + ".")
        lines.append(f"So **{names.variant(first)}** breaks first, at {float(memory_breaks.iloc[0]):g} GiB: "
                     f"the answer is *{answer_name(first)}*.")
    lines.append(f"Reproduce it: `overcommit.planning.mix_grid('{mix}', {grid}, [{cpus}], ['{env}'])`.")
    return Exercise(topic=topic, seed=seed, question=question, answer=None if first is None else answer_name(first),
                    solution="\n\n".join(lines), rel_tolerance=0.0, abs_tolerance=0.0, units=(None,),  # a name
                    parameters={"kind": "first", "mix": mix, "env": env, "cpus": cpus, "level": level,
                                "first": first, "lead_gib": lead,
                                "memory_breaks": int(len(memory_breaks))})


__all__ = ["PLANNING_LEVELS", "TOPICS", "ZVM52_LEVELS", "answer_name", "break_points", "generate", "not_worth"]
