"""The case-study chapters' seeded exercises: each answer is recomputed here from the case
module the chapter runs (not from the generator's cached figure frames), the question names a
figure the chapter has, and the rejection rules do reject."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overcommit import exercises, planning
from overcommit.book.figures_planning import MEMORIES
from overcommit.book.figures import sig as _sig
from overcommit.cases import jvm, xen, zvm52
from overcommit.exercises import cases

BOOK = Path(__file__).resolve().parents[1] / "book" / "_scripts"
#: practice seeds and graded ones, which ask some kinds of question practice seeds do not
SEEDS = st.one_of(st.integers(0, 999), st.integers(exercises.GRADED_BASE, exercises.GRADED_BASE + 10**12))


@settings(max_examples=12, deadline=None)
@given(seed=SEEDS)
def test_zvm52_answer_is_the_sweeps(seed):
    ex = exercises.generate("case_zvm52", seed)
    p = ex.parameters
    if p["kind"] == "knee":
        s = zvm52.memory_sweep([p["guests"]]).set_index("central_memory_gib")["throughput_pct"]
        reached = s[_sig(s) >= p["level"]]
        assert ex.answer == float(reached.index.min()) > float(s.index.min())
        assert exercises.check("case_zvm52", seed, ex.answer)
        assert not exercises.check("case_zvm52", seed, ex.answer + 4)
    elif p["kind"] == "throughput":
        pct = float(zvm52.memory_sweep([p["guests"]], [p["memory_gib"]])["throughput_pct"].iloc[0])
        assert ex.exact == pytest.approx(pct, abs=0.06) and pct < 99.0
        assert exercises.check("case_zvm52", seed, f"{pct:.1f} %")
        assert not exercises.check("case_zvm52", seed, pct + 3)
    elif p["kind"] == "paging":
        from overcommit.book.figures_case_zvm52 import KNEE_MEASURES, knee_frame

        long = knee_frame(zvm52.memory_sweep([p["guests"]], [p["memory_gib"]]))
        value = float(long[long["measure"] == KNEE_MEASURES[p["measure"]]]["value"].iloc[0])
        assert ex.answer == pytest.approx(value, rel=1e-3) and p["reads_mib_s"] >= cases.MIN_READS_MIB_S
        assert f"*{KNEE_MEASURES[p['measure']]}*" in ex.question
        assert exercises.check("case_zvm52", seed, value)
        assert not exercises.check("case_zvm52", seed, value * 1.1)
    else:
        reads = float(zvm52.memory_sweep([p["guests"]], [p["memory_gib"]])["page_read_mib_s"].iloc[0])
        assert reads >= cases.MIN_READS_MIB_S
        assert ex.answer == pytest.approx(reads, rel=1e-3)
        assert not exercises.check("case_zvm52", seed, reads * 1.1)


@settings(max_examples=12, deadline=None)
@given(seed=SEEDS)
def test_jvm_answer_is_the_cases(seed):
    ex = exercises.generate("case_jvm", seed)
    p = ex.parameters
    case = jvm.calibrated()
    if p["kind"] == "stacking":
        load = jvm.scaling([p["from"], p["to"]], case)["lpar_load"]
        change = float(load.loc[p["to"]] - load.loc[p["from"]])
        assert abs(change) >= cases.MIN_IFL_CHANGE
        assert ex.answer == pytest.approx(change, abs=0.006)
        assert exercises.check("case_jvm", seed, round(change, 2))
        assert not exercises.check("case_jvm", seed, -change)
        return
    if p["kind"] == "split":
        from overcommit.book import figures_case_jvm as fj

        parts = fj.stack_long(jvm.scaling([p["guests"]], case).reset_index())
        ifl = float(parts[(parts["view"] == p["view"]) & (parts["part"] == p["part"])]["ifl"].iloc[0])
        assert ifl >= cases.MIN_PART_IFL and ex.answer == pytest.approx(ifl, abs=0.006)
        assert exercises.check("case_jvm", seed, f"{ifl:.2f} IFLs")
        assert not exercises.check("case_jvm", seed, ifl + 0.05)
        return
    rows = jvm.memory_sweep([p["guests"]], None if p["kind"] == "timeouts" else [p["memory_gib"]], case)
    rows = rows[rows["binaries"] == p["binaries"]]
    if p["kind"] == "reads":
        reads = float(rows["page_read_mib_s"].iloc[0])
        assert reads >= cases.MIN_JVM_READS_MIB_S
        assert ex.answer == pytest.approx(reads, rel=5e-3)
    elif p["kind"] == "pause":
        pause = float(rows["model_reorder_pause_s"].iloc[0])
        assert ex.answer == pytest.approx(pause, rel=2e-3, abs=0.006) and pause >= 0.05  # 3 digits, as the figure
        assert not exercises.check("case_jvm", seed, pause * 1.5 + 0.1)
    elif p["kind"] == "short":
        short = float(rows["instantiated_gib"].iloc[0] - rows["dpa_gib"].iloc[0])
        assert short >= 0.5 and ex.answer == pytest.approx(short, rel=5e-3)  # 3 digits, as the figure
        assert not exercises.check("case_jvm", seed, short * 1.05)
    else:
        assert ex.answer == float(rows[rows["failed_share"] > 0]["memory_gib"].max())
        assert not exercises.check("case_jvm", seed, ex.answer + 4)


@settings(max_examples=12, deadline=None)
@given(seed=SEEDS)
def test_xen_answer_is_the_cases(seed):
    ex = exercises.generate("case_xen", seed)
    p = ex.parameters
    if p["kind"] == "triplet":
        key = "xen" if p["hypervisor"].startswith("Xen") else "zvm"
        row = xen.scaling([p["guests"] // xen.GUESTS_PER_TRIPLET], key).iloc[0]
        assert bool(row["feasible"])
        assert ex.answer == pytest.approx([100 * float(row["throughput_per_triplet"]), float(row["cpu_util_pct"])],
                                          rel=1e-3)
        assert not exercises.check("case_xen", seed, [ex.answer[0] * 1.1, ex.answer[1]])
    elif p["kind"] == "top":
        row = xen.memory_sweep([p["memory_gib"]], [p["guests"] // xen.GUESTS_PER_TRIPLET])
        row = row[row["hypervisor"] == "zvm"].iloc[0]
        assert float(row["page_read_mib_s"]) >= cases.MIN_READS_MIB_S
        value = float(row["throughput_pct" if p["asked"] == "throughput" else "page_read_mib_s"])
        assert ex.answer == pytest.approx(value, rel=2e-3)
        assert exercises.check("case_xen", seed, round(value, 2))
        assert not exercises.check("case_xen", seed, value - 0.2 if p["asked"] == "throughput" else value * 1.1)
    else:
        from overcommit.book.figures_case_xen import MEM_PARTS

        row = xen.memory_sweep([p["memory_gib"]], [p["guests"] // xen.GUESTS_PER_TRIPLET])
        row = row[row["hypervisor"] == "zvm"].iloc[0]
        if p["part"] == MEM_PARTS[0]:
            assert float(row["resident_mib"]) < 0.99 * float(row["instantiated_mib"])
            assert ex.answer == pytest.approx(float(row["resident_mib"]), rel=5e-4, abs=0.6)  # 4 digits, as the bars
        assert ex.answer >= 1 and (p["part"] == "touched" or f"*{p['part']}*" in ex.question)
        if p["part"] == "touched":
            assert ex.answer == pytest.approx(float(row["resident_mib"]) + float(row["xstor_mib"])
                                              + float(row["dasd_only_mib"]), rel=2e-3)  # the bar's rounded parts
        assert not exercises.check("case_xen", seed, ex.answer * 1.1 + 2)


@settings(max_examples=12, deadline=None)
@given(seed=SEEDS)
def test_planning_answer_is_the_grids(seed):
    ex = exercises.generate("case_planning", seed)
    p = ex.parameters
    g = planning.mix_grid(p["mix"], MEMORIES, [p["cpus"]], [p["env"]])
    g = g.assign(throughput=_sig(g["throughput"], 3))  # the chart's rounding
    below = g[g["throughput"] < p.get("level", 0)].groupby("variant")["memory_gib"].max()
    if p["kind"] == "value":
        mean = g[(g["variant"] == p["workload"]) & (g["memory_gib"] == p["memory_gib"])]["throughput"]
        assert ex.exact == pytest.approx(float(_sig(pd.Series([mean.mean()]), 3).iloc[0]), abs=1e-3)
        assert exercises.check("case_planning", seed, f"{ex.exact:.2f}")
    elif p["kind"] == "break":
        assert ex.answer == float(below[p["workload"]]) < 512
        assert exercises.check("case_planning", seed, ex.answer)
    else:
        memory = below[below < 512].sort_values(ascending=False)
        assert len(memory) >= cases.MIN_MEMORY_BREAKS and memory.iloc[0] > memory.iloc[1]
        # the answer is the workload's name as the figure shows it, typed without its commas
        assert p["first"] == memory.index[0] and ex.answer == cases.answer_name(memory.index[0])
        assert exercises.check("case_planning", seed, ex.answer.upper())
        assert not exercises.check("case_planning", seed, cases.answer_name(memory.index[1]))
        assert "," not in ex.answer and memory.index[0] not in ex.question


@pytest.mark.parametrize("topic", exercises.CASE_TOPICS)
def test_questions_name_a_figure_the_chapter_has(topic):
    captions = set(re.findall(r"\*\*Figure: ([^.]+)\.\*\*", (BOOK / f"{topic}.py").read_text()))
    for seed in range(40):
        named = re.findall(r"in the figure \*([^*]+)\*", exercises.generate(topic, seed).question)
        assert named and set(named) <= captions, f"{topic} seed {seed}: {named} not among {sorted(captions)}"


@pytest.mark.parametrize("topic", exercises.CASE_TOPICS)
def test_a_class_gets_varied_questions_and_answers(topic):
    generated = [exercises.generate(topic, s) for s in range(60)]
    assert len({e.question for e in generated}) >= 12
    assert len({str(e.answer) for e in generated}) >= 5
    assert len({e.parameters["kind"] for e in generated}) >= 2
    assert any(e.parameters["variant_seed"] != e.seed for e in generated), "the rejection rule never fires"


def test_rejections_say_why():
    knee = next(e for e in map(lambda s: exercises.generate("case_zvm52", s), range(40))
                if e.parameters["kind"] == "knee")
    knee.parameters.update(knee_gib=knee.parameters["grid_min"])
    assert "smallest memory" in cases.not_worth(knee)
    knee.parameters.update(knee_gib=None)
    assert "never reaches" in cases.not_worth(knee)
    reads = next(e for e in map(lambda s: exercises.generate("case_jvm", s), range(40))
                 if e.parameters["kind"] == "reads")
    reads.parameters.update(reads_mib_s=0.2)
    assert "less than 0.3 MiB/s" in cases.not_worth(reads)
    tri = next(e for e in map(lambda s: exercises.generate("case_xen", s), range(40))
               if e.parameters["kind"] == "triplet")
    tri.parameters.update(loss_pct=0.5)
    assert "less than 1 %" in cases.not_worth(tri)
    tri.parameters.update(feasible=False)
    assert "cannot run" in cases.not_worth(tri)
    brk = next(e for e in map(lambda s: exercises.generate("case_planning", s), range(40))
               if e.parameters["kind"] == "break")
    brk.parameters.update(break_gib=512.0)
    assert "CPUs, not memory" in cases.not_worth(brk)
    value = next(e for e in map(lambda s: exercises.generate("case_planning", s), range(40))
                 if e.parameters["kind"] == "value")
    value.parameters.update(value=1.0)
    assert "runs unhindered" in cases.not_worth(value)
    part = next(e for e in map(lambda s: exercises.generate("case_xen", s), range(80))
                if e.parameters.get("part") not in (None, "resident in memory"))
    part.parameters.update(mib=0.2)
    assert "less than 1 MiB" in cases.not_worth(part)


def test_planning_questions_name_workloads_as_the_figure_does():
    """A planning question names its workload by the display name the break-points figure
    shows, never by its id; "which breaks first" is answered with that name, without the
    commas the self-check box would read as separators."""
    from overcommit import names

    assert cases.answer_name("fs-pagecache-medium") == "fio page cache medium"
    assert cases.answer_name("db-bi") == "Database BI"
    kinds = set()
    for seed in range(60):
        ex = exercises.generate("case_planning", seed)
        p = ex.parameters
        kinds.add(p["kind"])
        workload = p["workload"] if p["kind"] in ("break", "value") else p["first"]
        assert f"**{names.variant(workload)}**" in ex.question + ex.solution
        assert not any(v in ex.question for v in names.VARIANTS), ex.question
    assert kinds == {"break", "first", "value"}


def test_a_name_is_right_with_or_without_its_commas():
    """The figure writes "fio, page cache, medium"; a student may type it so, or without
    the commas, in any case, and still be right; another workload stays wrong."""
    from overcommit import names

    seed = next(s for s in range(200) if exercises.generate("case_planning", s).parameters["kind"] == "first"
                and exercises.generate("case_planning", s).answer is not None)
    ex = exercises.generate("case_planning", seed)
    shown = names.variant(ex.parameters["first"])
    for typed in (shown, shown.upper(), shown.replace(",", ""), "  " + shown.replace(", ", " ,  ") + " "):
        assert exercises.check("case_planning", seed, typed).correct, typed
    other = next(v for v in names.VARIANTS if v != ex.parameters["first"])
    assert not exercises.check("case_planning", seed, names.variant(other)).correct


def test_the_chart_rule_for_break_points():
    import pandas as pd

    f = pd.DataFrame({"variant": ["a"] * 3 + ["b"] * 3, "memory_gib": [512, 128, 64] * 2,
                      "throughput": [1.0, 0.95, 0.5, 0.6, 0.7, 0.2]})
    assert cases.break_points(f, 0.9).to_dict() == {"b": 512, "a": 64}
    assert cases.break_points(f, 0.1).empty


def test_unknown_case_topic_is_refused():
    with pytest.raises(ValueError, match="topic: 'case_lpar' is not accepted; expected one of case_zvm52"):
        cases.generate(0, "case_lpar")
