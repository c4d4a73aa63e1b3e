"""Seeded exercises for the results chapters: read the model's figures for a setting the
seed picks.

Every topic here belongs to one results chapter and can be answered in the static page,
from a figure the chapter already shows, by picking the environment (and CID) the question
names and reading a tooltip:

``results_overall``, ``results_db``, ``results_java``, ``results_was``, ``results_fs``,
``results_net``: *how much does it keep?* For a seed-chosen environment and subject (the
overall throughput or one of the chapter's variants), either memory is cut (512 GiB to 128,
112, 96 or 64 GiB at a seed-chosen CPU count) or CPUs are (20 to 15, 10 or 5 at 512 GiB):
what fraction of its throughput does the subject keep? The answer is a fraction to two
decimals.

About two thirds of these seeds ask instead about *any host* of the dense grid (16 to 512
GiB in 8 GiB steps, 1 to 25 CPUs), read off the chapter's any-host figure: the subject's
relative throughput there, to two decimals. For ``results_overall`` a quarter of the seeds
ask how many MiB/s of pages the model reads at a CID of 128 GiB or less, and half of its
any-host questions ask for the page reads there.

Varying the host, the environment, the workload and what is asked gives a class of 40
students at least 35 different questions per topic (``tools/exercise_pools.py`` counts).

``results_model``: *who is hit hardest?* For a seed-chosen CID of the paper's grid and an
environment, which variant does the model run slowest, and how fast (half the seeds; the
other half ask one named variant's relative throughput there)? The chapter's "every
variant at one CID" figure shows it. The answer is the slowest variant's relative throughput
(to two decimals): it is at least :data:`SLOWEST_GAP` below every other variant's, so the
number tells which variant was found, and the chart names the variants as the book does
("Java, medium"), which a comma-separated answer box could not take as a word.

``results_tolerance``: *how much of the paging is one workload's?* For a seed-chosen CID and
environment, what share of all page reads does one of Table 2's rows take (per guest), and
in which page-read class does that put it? The chapter's tolerance figure shows both.

Worth asking (:func:`not_worth`): the cut must cost at least 2 % (most memory cuts above
64 GiB cost the model nothing); a typed fraction within 0.01 is accepted, so a
value read from a tooltip and rounded either way is right. The slowest variant must be ahead of the next by at
least 0.01; the row must read at least 1 % of the pages and not sit within 10 % of a class
boundary.
"""

from __future__ import annotations

from functools import lru_cache

import pandas as pd

from .. import names, tolerance
from ..model import ENVIRONMENTS, simulate
from ..seeding import rng
from . import GRADED_BASE, Exercise, first_worth_asking

#: The paper's memory sizes (GiB), largest first; 48 GiB is the model's, not the paper's.
PAPER_MEMORIES: tuple[int, ...] = (512, 256, 128, 112, 96, 64)
PAPER_CPUS: tuple[int, ...] = (20, 15, 10, 5)
CUT_MEMORIES: tuple[int, ...] = (128, 112, 96, 64)
#: What each break-point topic asks about: "overall" or variant names.
SUBJECTS: dict[str, tuple[str, ...]] = {
    "results_overall": ("overall",),
    "results_db": ("db-bi",),
    "results_java": ("java-medium", "java-high"),
    "results_was": ("was-medium", "was-high"),
    "results_fs": ("fs-direct-medium", "fs-pagecache-medium", "fs-direct-high", "fs-pagecache-high"),
    "results_net": ("net-medium", "net-high"),
}
TOPICS: tuple[str, ...] = tuple(SUBJECTS) + ("results_model", "results_tolerance")
#: How the questions name the environments: as the charts' drop-down does
#: (overcommit.names.environment, from data/environments.csv), one name for one thing.
ENV_NAMES = {env: names.environment(env) for env in ("zvm63-edev", "zvm63-eckd", "zvm62-edev")}
#: What a question asks the reader to choose in that drop-down: the same words.
ENV_MENU = ENV_NAMES


def tooltip_ways(mark: str) -> str:
    """How a reader gets at the tooltip of ``mark`` ("the bar") with or without a mouse: a tap
    opens it, and the button under every chart lists what all its tooltips say as a table
    (book/_static/overcommit.js). Said wherever a question sends the reader to a tooltip."""
    return f"hover over or tap {mark}, or open *Show the numbers* under the figure"


MIN_LOSS = 0.02  # a cut that costs less than this is not worth reading off a chart
#: the slowest variant must be this far below the next, so that its value, read off the
#: chart to two decimals (±0.005), cannot be the next one's
SLOWEST_GAP = 0.02


@lru_cache(maxsize=256)
def _measures(cid: str, env: str):
    return tolerance.measures(_run(cid, env)[2])


@lru_cache(maxsize=256)
def _run(cid: str, env: str):
    r = simulate(cid, env=env)
    return r.workloads["relative_throughput"].to_dict(), float(r.system["overall_relative_throughput"]), r


def _value(subject: str, cid: str, env: str) -> float:
    per_variant, overall, _ = _run(cid, env)
    return overall if subject == "overall" else float(per_variant[subject])


def _name(subject: str) -> str:
    return "the overall relative throughput" if subject == "overall" else f"**{names.name(subject)}**"


def generate(seed: int, topic: str) -> Exercise:
    """The exercise of the results ``topic`` for ``seed`` (see the module docstring)."""
    if topic not in TOPICS:
        raise ValueError(f"topic: {topic!r} is not accepted; expected one of {', '.join(TOPICS)}")
    build = {"results_model": _build_model, "results_tolerance": _build_reads,
             "results_overall": _build_overall}.get(topic, _build_subject)
    return first_worth_asking(seed, lambda s, v: build(s, v, topic), not_worth)


def not_worth(ex: Exercise) -> str | None:
    """Why this variant teaches nothing, or None."""
    p = ex.parameters
    if p.get("kind") in ("reads", "host-reads"):
        return None if p["reads_mib_s"] >= 1.0 else "the model reads less than 1 MiB/s of pages"
    if p.get("kind") == "host":
        if p["failed"]:
            return "the variant fails there, so its bar is a failure, not a speed"
        if not 0.05 <= p["value"] <= 1 - MIN_LOSS:
            return "the throughput is at its reference or too small to read off the bar"
        return None
    if ex.topic in SUBJECTS:
        if p["ratio"] > 1 - MIN_LOSS:
            return f"it keeps more than {1 - MIN_LOSS:.0%}: the cut changes nothing worth reading off"
        return None
    if ex.topic == "results_model" and p.get("kind") == "variant":
        return None if 0.05 <= p["value"] <= 1 - MIN_LOSS else "the variant runs at its reference speed there"
    if ex.topic == "results_model":
        return None if p["gap"] >= SLOWEST_GAP else "two variants are about equally slow"
    if ex.topic == "results_tolerance" and p.get("measure") == "row-reads":
        return None if p["page_read_mib_s"] >= 1.0 else "the row reads less than 1 MiB/s of pages"
    if ex.topic == "results_tolerance" and p.get("measure") == "resident":
        kept, b = p["resident_remaining_pct"], tolerance.BOUNDARIES
        if kept >= 99.0:
            return "every touched page is still resident: nothing was paged"
        if _near_boundary(kept, b.resident_low, b.resident_high):
            return "the share sits within 10 % of a class boundary"
        return None
    if ex.topic == "results_tolerance":
        share = p["read_share_pct"]
        if share < 1.0:
            return "the guest reads less than 1 % of the pages"
        if _near_boundary(share, tolerance.BOUNDARIES.reads_low, tolerance.BOUNDARIES.reads_high):
            return "the share sits within 10 % of a class boundary"
        return None
    return f"topic {ex.topic!r} has no rule"


# --- how much does it keep? ------------------------------------------------------------

def _build_keep(seed: int, variant: int, topic: str) -> Exercise:
    r = rng(variant)
    env = str(r.choice(ENVIRONMENTS))
    subjects = SUBJECTS[topic]
    subject = str(subjects[int(r.integers(len(subjects)))])
    if r.random() < 0.5:  # cut memory, keep the CPUs
        kind, cpus = "memory", int(r.choice(PAPER_CPUS))
        memory = int(r.choice(CUT_MEMORIES))
        base_cid, cid = f"512/{cpus}", f"{memory}/{cpus}"
        change = f"real memory is cut from 512 to **{memory} GiB** with **{cpus} real CPUs**"
        follow = f"follow the {cpus}-CPU line from 512 to {memory} GiB"
    else:  # cut CPUs, keep 512 GiB
        kind, memory = "cpus", 512
        cpus = int(r.choice(PAPER_CPUS[1:]))
        base_cid, cid = "512/20", f"512/{cpus}"
        change = f"the real CPUs are cut from 20 to **{cpus}** with 512 GiB of real memory"
        follow = f"compare the 20-CPU and the {cpus}-CPU points at 512 GiB"
    before, after = _value(subject, base_cid, env), _value(subject, cid, env)
    ratio = after / before
    answer = round(ratio, 2)
    chart = ("the overall throughput figure" if subject == "overall"
             else "the chapter's throughput figure" + (f" (pick {names.name(subject)} in the second drop-down)" if len(subjects) > 1 else ""))
    question = (
        f"On **{ENV_NAMES[env]}**, {change}. What fraction of its throughput at {base_cid} does "
        f"{_name(subject)} keep at {cid} in the model? Answer as a fraction with two decimals "
        "(0.80 means it lost a fifth).\n\n"
        f"In the page: in {chart}, choose *{ENV_MENU[env]}* and {follow} (the tooltips give the values: {tooltip_ways('a point')})."
    )
    _, _, res = _run(cid, env)
    lines = [
        f"The model's {_name(subject)} is {before:.3f} at {base_cid} and {after:.3f} at {cid}"
        + ("" if subject == "overall" else " (the tooltip's *relative to its own reference*)")
        + f", so it keeps {after:.3f} / {before:.3f} = **{ratio:.3f}**, about {answer:.2f}: it loses "
        f"{1 - ratio:.0%}.",
    ]
    if kind == "memory":
        reads = float(res.system["page_read_mib_s"])
        own = "" if subject == "overall" else (
            f", {float(res.workloads.loc[subject, 'page_read_mib_s']):.2f} MiB/s of them for {subject}")
        lines.append(
            f"With the CPUs unchanged the loss is memory's: at {cid} the model reads {reads:.1f} MiB/s of "
            f"pages from the paging devices{own}, and every page read is a wait for someone.")
    else:
        lines.append(
            f"With 512 GiB nothing pages, so the loss is CPU's: fewer real CPUs are shared by relative "
            f"share, and the model's CP system time and idle CPUs at {cid} are "
            f"{float(res.system['cp_system_cpu']):.2f} and {float(res.system['idle_cpu']):.2f} CPUs.")
    call = (f"simulate('{cid}', env='{env}').system['overall_relative_throughput']" if subject == "overall"
            else f"simulate('{cid}', env='{env}').workloads.loc['{subject}', 'relative_throughput']")
    lines.append(f"Reproduce it: `overcommit.{call}`, divided by the same at {base_cid}.")
    return Exercise(
        topic=topic, seed=seed, question=question, answer=answer, solution="\n\n".join(lines),
        rel_tolerance=0.0, abs_tolerance=0.01, units=("fraction",),
        parameters={"env": env, "kind": kind, "cid": cid, "base_cid": base_cid, "subject": subject,
                    "ratio": ratio}, exact=ratio,
    )


# --- the overall chapter: a cut, or the paging it causes -----------------------------------

# --- any host of the dense grid -------------------------------------------------------------

@lru_cache(maxsize=1)
def _any_grid():
    from ..book.figures_results import any_cid_grid

    return any_cid_grid().set_index(["env", "m", "c"])


def _build_host(seed: int, variant: int, topic: str) -> Exercise:
    """How fast is the subject (or, for the overall chapter, how much does the host page) at
    a host of the dense grid, read off the chapter's any-host figure."""
    from ..book.figures_results import ANY_CPUS, ANY_MEMORY_GIB

    r = rng(variant)
    env = str(r.choice(ENVIRONMENTS))
    memory, cpus = int(r.choice(ANY_MEMORY_GIB)), int(r.choice(ANY_CPUS))
    subjects = SUBJECTS[topic]
    subject = str(subjects[int(r.integers(len(subjects)))])
    row = _any_grid().loc[(env, memory, cpus)]
    host = names.cid(f"{memory}/{cpus}")
    where = (f"In the page: in the chapter's figure of any host, set real memory to {memory} GiB and the CPUs "
             f"to {cpus} (type them into the boxes beside the sliders) and choose *{ENV_MENU[env]}*")
    failed = subject != "overall" and subject in str(row["failed"]).split()
    if subject == "overall" and r.random() < 0.5:
        reads = float(row["reads"])
        question = (f"On a host of **{host}** on **{ENV_NAMES[env]}**, how many MiB/s of pages does the model "
                    f"read from the paging devices? Answer in MiB/s (within 5 %).\n\n{where}; the page reads are "
                    "written below the bars.")
        lines = [f"The figure's grid has **{reads:.3g} MiB/s** for {host} on {ENV_NAMES[env]}.",
                 f"Reproduce it: `overcommit.simulate('{memory}/{cpus}', env='{env}').system['page_read_mib_s']` "
                 "(the figure keeps three significant digits)."]
        return Exercise(topic=topic, seed=seed, question=question, answer=reads, solution="\n\n".join(lines),
                        rel_tolerance=0.05, abs_tolerance=0.05, units=("MiB/s",),
                        parameters={"env": env, "kind": "host-reads", "cid": f"{memory}/{cpus}", "reads_mib_s": reads})
    value = float(row[subject])
    what = "overall relative throughput" if subject == "overall" else "relative throughput"
    question = (f"On a host of **{host}** on **{ENV_NAMES[env]}**, what is {_name(subject)}"
                + ("" if subject == "overall" else "'s relative throughput (against its own reference run)")
                + " in the model? Answer as a fraction with two decimals (1.00 is its reference speed).\n\n"
                + where + ("; the overall relative throughput is written below the bars." if subject == "overall"
                           else f"; the bar of {names.name(subject)} has the value in its tooltip ({tooltip_ways('the bar')})."))
    lines = [f"The figure's grid has **{value:.3g}** for the {what} of {names.name(subject) if subject != 'overall' else 'the host'} "
             f"at {host} on {ENV_NAMES[env]}, about {value:.2f}."]
    lines.append("With fewer real CPUs than the guests want, relative shares decide who waits; with less memory "
                 "than their active pages, page reads do." if cpus < 20 or memory < 128 else
                 "The host is close to what the reference run had, so little is lost.")
    call = ("system['overall_relative_throughput']" if subject == "overall"
            else f"workloads.loc['{subject}', 'relative_throughput']")
    lines.append(f"Reproduce it: `overcommit.simulate('{memory}/{cpus}', env='{env}').{call}`.")
    return Exercise(topic=topic, seed=seed, question=question, answer=round(value, 2), solution="\n\n".join(lines),
                    rel_tolerance=0.0, abs_tolerance=0.01, exact=value, units=("fraction",),
                    parameters={"env": env, "kind": "host", "cid": f"{memory}/{cpus}", "subject": subject,
                                "value": value, "failed": failed})


def _build_subject(seed: int, variant: int, topic: str) -> Exercise:
    """A workload chapter's question: a cut on the paper's grid, or any host of the dense grid
    (a graded seed always the latter: the grid's few cuts would give a class the same ones)."""
    if seed < GRADED_BASE and rng(variant).random() < 0.35:
        return _build_keep(seed, variant, topic)
    return _build_host(seed, variant, topic)


def _build_overall(seed: int, variant: int, topic: str) -> Exercise:
    r = rng(variant)
    pick = r.random()
    if seed >= GRADED_BASE or pick >= 0.5:  # graded: any host, a pool a class cannot exhaust
        return _build_host(seed, variant, topic)
    if pick < 0.25:
        return _build_keep(seed, variant, topic)
    env = str(r.choice(ENVIRONMENTS))
    cpus = int(r.choice(PAPER_CPUS))
    memory = int(r.choice(CUT_MEMORIES))
    cid = f"{memory}/{cpus}"
    _, _, res = _run(cid, env)
    reads = float(res.system["page_read_mib_s"])
    question = (
        f"At CID **{cid}** on **{ENV_NAMES[env]}**, how many MiB/s does the model read from the paging "
        "devices? Answer in MiB/s (within 5 %).\n\n"
        f"In the page: in the overall throughput figure, choose *{ENV_MENU[env]}*; the lower panel has "
        f"the page reads, and the {cpus}-CPU point at {memory} GiB has the value in its tooltip "
        f"({tooltip_ways('the point')})."
    )
    w = res.workloads["page_read_mib_s"].sort_values(ascending=False)
    lines = [
        f"The model reads **{reads:.3g} MiB/s** at {cid}: the guests' active pages no longer all fit in "
        f"the {float(res.system['dpa_mib']) / 1024:.0f} GiB DPA, and each miss is a page read.",
        "The largest readers are " + "; ".join(f"{names.variant(v)} {float(m):.2f}" for v, m in w.head(3).items())
        + " MiB/s.",
        f"Reproduce it: `overcommit.simulate('{cid}', env='{env}').system['page_read_mib_s']`.",
    ]
    return Exercise(
        topic=topic, seed=seed, question=question, answer=round(reads, 3), solution="\n\n".join(lines),
        rel_tolerance=0.05, abs_tolerance=0.05, units=("MiB/s",),
        parameters={"env": env, "kind": "reads", "cid": cid, "reads_mib_s": reads},
    )


# --- who is hit hardest? ---------------------------------------------------------------

def _paper_grid() -> list[str]:
    return [f"{m}/{c}" for c in PAPER_CPUS for m in PAPER_MEMORIES]


def _build_model(seed: int, variant: int, topic: str) -> Exercise:
    """At a CID and environment of the paper's grid: half the practice seeds ask for the
    slowest variant; the others, and every graded seed, for one named variant's throughput
    (a pool eleven times larger)."""
    r = rng(variant)
    slowest = r.random() < 0.5 and seed < GRADED_BASE
    env = str(r.choice(ENVIRONMENTS))
    cids = _paper_grid()
    cid = cids[int(r.integers(len(cids)))]
    per_variant, _, res = _run(cid, env)
    if slowest:
        return _slowest_at(seed, topic, cid, env, per_variant, res)
    chosen = sorted(per_variant)[int(r.integers(len(per_variant)))]
    value = float(per_variant[chosen])
    question = (
        f"At CID **{cid}** on **{ENV_NAMES[env]}**, what is the relative throughput of **{names.variant(chosen)}** "
        "in the model (against its own reference run)? Answer as a fraction with two decimals.\n\n"
        f"In the page: in the figure *Every variant at one CID*, choose CID {cid} and *{ENV_MENU[env]}*; the bar of "
        f"{names.variant(chosen)} has the value in its tooltip ({tooltip_ways('the bar')})."
    )
    w = res.workloads
    lines = [f"{names.variant(chosen)} runs at **{value:.3f}** of its reference at {cid}, about {value:.2f}."
             + (f" The model fails it here: {w.loc[chosen, 'failure_reason']}." if bool(w.loc[chosen, "failed"]) else ""),
             f"Its page reads there are {float(w.loc[chosen, 'page_read_mib_s']):.2f} MiB/s and it uses "
             f"{float(w.loc[chosen, 'cpu_load']):.2f} CPUs.",
             f"Reproduce it: `overcommit.simulate('{cid}', env='{env}').workloads.loc['{chosen}', "
             "'relative_throughput']`."]
    return Exercise(topic=topic, seed=seed, question=question, answer=round(value, 2), solution="\n\n".join(lines),
                    rel_tolerance=0.0, abs_tolerance=0.01, exact=value, units=("fraction",),
                    parameters={"env": env, "cid": cid, "kind": "variant", "subject": chosen, "value": value})


def _slowest_at(seed: int, topic: str, cid: str, env: str, per_variant: dict, res) -> Exercise:
    """Which variant is slowest at ``cid`` on ``env``, and how fast it runs."""
    order = sorted(per_variant, key=lambda v: (per_variant[v], v))
    slowest, second = order[0], order[1]
    x = round(float(per_variant[slowest]), 3)
    question = (
        f"At CID **{cid}** on **{ENV_NAMES[env]}**, which workload variant does the model run slowest "
        "(lowest relative throughput), and what is that relative throughput? Answer with it as a "
        "fraction to two decimals, e.g. `0.42`: no other variant comes within "
        f"{SLOWEST_GAP:g} of the slowest, so the value tells which one you found.\n\n"
        f"In the page: in the figure *Every variant at one CID*, choose CID {cid} and *{ENV_MENU[env]}*."
    )
    w = res.workloads
    failed = bool(w.loc[slowest, "failed"])
    lines = [
        "Sorted from the slowest: " + "; ".join(f"{names.variant(v)} ({per_variant[v]:.3f})" for v in order[:3]) + ".",
        f"So **{names.variant(slowest)}**, at **{x:.2f}**."
        + (f" The model also fails it here: {w.loc[slowest, 'failure_reason']}." if failed else ""),
        f"Its page reads there are {float(w.loc[slowest, 'page_read_mib_s']):.2f} MiB/s and it uses "
        f"{float(w.loc[slowest, 'cpu_load']):.2f} CPUs; compare with its reference CPU load to see whether "
        "CPU or memory holds it back.",
        f"Reproduce it: `overcommit.simulate('{cid}', env='{env}').workloads['relative_throughput'].sort_values()`.",
    ]
    return Exercise(
        topic=topic, seed=seed, question=question, answer=x, solution="\n\n".join(lines),
        rel_tolerance=0.0, abs_tolerance=0.006, units=("fraction",),
        parameters={"env": env, "cid": cid, "slowest": slowest, "second": second,
                    "gap": float(per_variant[second] - per_variant[slowest])},
    )


# --- how much of the paging is one guest's? --------------------------------------------

def _tolerance_where(cid: str, env: str, gives: str) -> str:
    """Where a results_tolerance answer is in the page: the point's tooltip gives ``gives``."""
    return (f"In the page: in the tolerance figure, choose CID {cid} and *{ENV_MENU[env]}* and leave the "
            f"sliders where they start; the point's tooltip gives {gives} ({tooltip_ways('the point')}).")


def _class_line(low: float, high: float, cls: str) -> str:
    """The worked answer's sentence that puts a share in its class of Table 2."""
    return (f"The chapter's boundaries put a share below {low:g} % in *low*, from there to "
            f"{high:g} % in *medium* and above in *high*, so the class is **{cls}**.")


def _near_boundary(value: float, low: float, high: float) -> bool:
    """Within 10 % of either class boundary: a reading error could flip the class."""
    return any(abs(value - b) < 0.1 * b for b in (low, high))


def _build_reads(seed: int, variant: int, topic: str) -> Exercise:
    from ..book.figures_tolerance import SHORT  # the names the tolerance figure shows

    r = rng(variant)
    env = str(r.choice(ENVIRONMENTS))
    cpus = int(r.choice(PAPER_CPUS))
    # the sizes at which the model pages, 48 GiB (model only) among them: the figure offers it
    memory = int(r.choice((128, 112, 96, 64, 48)))
    cid = f"{memory}/{cpus}"
    _, _, res = _run(cid, env)
    m = _measures(cid, env)
    rows = list(m.index)
    row = rows[int(r.integers(len(rows)))]
    guests = int(m.loc[row, "guests"])
    # graded seeds also ask the figure's other measure and the row's reads, three times the pool
    if seed >= GRADED_BASE:
        u = r.random()
        if u < 1 / 3:
            return _resident_question(seed, topic, env, cid, row, m, SHORT[row])
        if u < 2 / 3:
            return _row_reads_question(seed, topic, env, cid, row, m, SHORT[row])
    share = float(m.loc[row, "read_share_pct"])
    b = tolerance.BOUNDARIES
    cls = str(tolerance.classify(share, b.reads_low, b.reads_high))
    per = " per guest" if guests > 1 else ""
    question = (
        f"At CID **{cid}** on **{ENV_NAMES[env]}**, what share of all page reads (in %{per}) does the "
        f"Table 2 row **{SHORT[row]}** take in the model, and in which page-read class (low, medium, "
        "high) does that put it with the chapter's boundaries? Answer like `medium, 4.2` (the share "
        "within 5 %).\n\n"
        + _tolerance_where(cid, env, "the share")
    )
    lines = [
        f"The model reads {float(res.system['page_read_mib_s']):.1f} MiB/s of pages at {cid}; the row "
        f"{SHORT[row]} ({guests} guest{'s' if guests > 1 else ''}) reads "
        f"{float(m.loc[row, 'page_read_mib_s']):.2f} MiB/s of them, **{share:.3g} %**{per}.",
        _class_line(b.reads_low, b.reads_high, cls),
        f"Reproduce it: `overcommit.tolerance.table2('{cid}', env='{env}')`.",
    ]
    return Exercise(
        topic=topic, seed=seed, question=question, answer=[cls, round(share, 3)], solution="\n\n".join(lines),
        rel_tolerance=0.05, abs_tolerance=0.05, units=(None, "%"),  # the class's name, the share
        parameters={"env": env, "cid": cid, "row": row, "read_share_pct": share, "class": cls},
    )


def _resident_question(seed: int, topic: str, env: str, cid: str, row: str, m: pd.DataFrame, label: str) -> Exercise:
    """Graded: the tolerance figure's vertical measure, the share of the row's touched pages
    still resident, and its class."""
    kept = float(m.loc[row, "resident_remaining_pct"])
    b = tolerance.BOUNDARIES
    cls = str(tolerance.classify(kept, b.resident_low, b.resident_high))
    question = (
        f"At CID **{cid}** on **{ENV_NAMES[env]}**, what share of the pages the Table 2 row **{label}** touches "
        "is still resident in the model (in %), and in which remaining-resident class (low, medium, high) does "
        "that put it with the chapter's boundaries? Answer like `medium, 42` (the share within 5 %).\n\n"
        + _tolerance_where(cid, env, "the share (*remaining resident*)")
    )
    lines = [
        f"The row {label} touches {float(m.loc[row, 'instantiated_mib']):,.0f} MiB and keeps "
        f"{float(m.loc[row, 'resident_mib']):,.0f} MiB of it resident at {cid}: **{kept:.3g} %**.",
        _class_line(b.resident_low, b.resident_high, cls),
        f"Reproduce it: `overcommit.tolerance.table2('{cid}', env='{env}')`, column `resident_remaining_pct`.",
    ]
    return Exercise(
        topic=topic, seed=seed, question=question, answer=[cls, round(kept, 3)], solution="\n\n".join(lines),
        rel_tolerance=0.05, abs_tolerance=0.05, units=(None, "%"),  # the class's name, the share
        parameters={"env": env, "cid": cid, "row": row, "measure": "resident", "resident_remaining_pct": kept,
                    "class": cls},
    )


def _row_reads_question(seed: int, topic: str, env: str, cid: str, row: str, m: pd.DataFrame, label: str) -> Exercise:
    """Graded: the page reads of all the row's guests together, from the figure's tooltip."""
    reads, guests = float(m.loc[row, "page_read_mib_s"]), int(m.loc[row, "guests"])
    total = float(m["page_read_mib_s"].sum())
    question = (
        f"At CID **{cid}** on **{ENV_NAMES[env]}**, how many MiB/s of pages do the guests of the Table 2 row "
        f"**{label}** read in the model, all {guests} together? Answer in MiB/s (within 5 %).\n\n"
        if guests > 1 else
        f"At CID **{cid}** on **{ENV_NAMES[env]}**, how many MiB/s of pages does the guest of the Table 2 row "
        f"**{label}** read in the model? Answer in MiB/s (within 5 %).\n\n"
    ) + _tolerance_where(cid, env, "the reads (*page reads of the row*)")
    lines = [
        f"The row {label} reads **{reads:.3g} MiB/s** at {cid}, {100 * reads / total if total else 0:.3g} % of "
        f"the {total:.3g} MiB/s the rows read together.",
        "A guest reads back the pages it touches again after they were paged out; a large, busy working set "
        "that no longer fits reads the most.",
        f"Reproduce it: `overcommit.tolerance.table2('{cid}', env='{env}')`, column `page_read_mib_s`.",
    ]
    return Exercise(
        topic=topic, seed=seed, question=question, answer=round(reads, 3), solution="\n\n".join(lines),
        rel_tolerance=0.05, abs_tolerance=0.01, units=("MiB/s",),
        parameters={"env": env, "cid": cid, "row": row, "measure": "row-reads", "page_read_mib_s": reads},
    )


__all__ = ["CUT_MEMORIES", "PAPER_CPUS", "PAPER_MEMORIES", "SLOWEST_GAP", "SUBJECTS", "TOPICS", "generate", "not_worth"]
