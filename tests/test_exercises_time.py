"""The seeded exercises on where the time goes (``results_<workload>_time``): every answer is
what the chapter's chart shows for the bar the seed drew, recomputed here from the grid the
static page loads (``figures_time.time_grid()``) and from ``simulate``, not from the
generator's helpers; the rejection rules reject; a section's topic belongs to its chapter
wherever a student is told where to look."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overcommit import exercises, names, simulate
from overcommit.book import figures_time
from overcommit.book.figures_results import ENV_LABELS
from overcommit.book.figures_workload import WORKLOADS
from overcommit.exercises import Exercise, time as time_ex
from overcommit.model import BREAKDOWN_PARTS
from overcommit.workloads import study_variants

TOPICS = exercises.TIME_TOPICS
#: the chart's unit in seconds and its tooltip's decimals, per workload
SECONDS = {"db": 1.0, "was": 1e-3, "fs": 1e-3, "java": 1e-3, "net": 1e-3}
PLACES = {"db": 1, "was": 0, "fs": 2, "java": 1, "net": 2}
seeds = st.one_of(st.integers(0, 999), st.integers(exercises.GRADED_BASE, exercises.GRADED_BASE + 10**12))


def _tooltip(x: float, places: int) -> float:
    """What the tooltip writes for ``x``: JavaScript's toFixed (the exact double, ties up)."""
    return float(Decimal(x).quantize(Decimal(10) ** -places, rounding=ROUND_HALF_UP))


def _row(env: str, memory: int, cpus: int):
    g = figures_time.time_grid()
    rows = g[(g["env"] == env) & (g["m"] == memory) & (g["c"] == cpus)]
    assert len(rows) == 1
    return rows.iloc[0]


def _chart(key: str, variant: str, env: str, memory: int, cpus: int) -> tuple[dict, dict, bool]:
    """The bar's parts and the reference run's as the tooltips write them, and whether the
    variant fails there."""
    per_thousandth = study_variants()[variant].cycle_s / SECONDS[key] / 1000
    here, ref = _row(env, memory, cpus), _row("zvm63-edev", 512, 25)
    at = {p: _tooltip(int(here[f"{variant}:{p}"]) * per_thousandth, PLACES[key]) for p in BREAKDOWN_PARTS}
    base = {p: _tooltip(int(ref[f"{variant}:{p}"]) * per_thousandth, PLACES[key]) for p in BREAKDOWN_PARTS}
    return at, base, variant in str(here["failed"]).split()


@pytest.mark.parametrize("topic", TOPICS)
@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_the_answer_is_the_charts(topic, seed):
    ex = exercises.generate(topic, seed)
    p = ex.parameters
    key = topic.removeprefix("results_").removesuffix("_time")
    assert p["workload"] == key and p["variant"] in WORKLOADS[key].variants
    memory, cpus = p["memory"], p["cpus"]
    assert cpus in (25, 20, 15, 10, 5) and memory in (512, 256, 128, 112, 96, 64, 48)
    assert (p["cid"], p["env"]) != ("512/25", "zvm63-edev"), "the reference host is no question"
    at, base, failed = _chart(key, p["variant"], p["env"], memory, cpus)
    assert not failed, "a variant that fails there has a failure for a bar, not a time"
    step = 10.0 ** -PLACES[key]
    growth = {q: at[q] - base[q] for q in BREAKDOWN_PARTS}
    part = p["part"]
    if p["kind"] == "part":
        assert ex.answer == pytest.approx(at[part], abs=1e-9)
        assert at[part] >= 0.02 * study_variants()[p["variant"]].cycle_s / SECONDS[key] - step
    elif p["kind"] == "grew":
        top = max(BREAKDOWN_PARTS, key=lambda q: growth[q])
        assert part == top and ex.answer == pytest.approx(growth[top], abs=1e-9)
        second = sorted(growth.values())[-2]
        assert growth[top] >= 1.2 * max(second, 0) and growth[top] - second >= 3 * step - 1e-9
        assert f"**{names.time_part(top)}**" in ex.solution
        # the next part's growth is not the answer
        assert not exercises.check(topic, seed, second)
    else:
        assert p["kind"] == "part-growth" and seed >= exercises.GRADED_BASE
        assert ex.answer == pytest.approx(growth[part], abs=1e-9) and growth[part] > 0
    # the model's own value, in seconds, is the answer within what the chart's storage and
    # the tooltip's rounding can move it
    b = simulate(p["cid"], env=p["env"]).breakdown.loc[p["variant"]]
    r = simulate("512/25", env="zvm63-edev").breakdown.loc[p["variant"]]
    model = (b[part] - (0 if p["kind"] == "part" else r[part])) / SECONDS[key]
    stored = study_variants()[p["variant"]].cycle_s / SECONDS[key] / 1000
    assert ex.answer == pytest.approx(model, abs=step + 2 * stored) and ex.abs_tolerance == pytest.approx(2 * step)
    assert exercises.check(topic, seed, ex.answer) and exercises.check(topic, seed, f"{model:.6g}")
    assert exercises.check(topic, seed, f"{ex.answer} {time_ex.unit(key)}")
    assert not exercises.check(topic, seed, ex.answer * 1.2 + 3 * step)


@pytest.mark.parametrize("topic", TOPICS)
@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_the_question_says_where_to_read_it(topic, seed):
    ex = exercises.generate(topic, seed)
    p = ex.parameters
    asked, where = ex.question.split("In the page")
    assert names.cid(p["cid"]) in asked and names.variant(p["variant"]) in asked
    assert "Where the time goes" in where and f"*{ENV_LABELS[p['env']]}*" in where
    assert f"{p['cpus']} real CPUs" in where and f"bar *{p['memory']} GiB" in where
    several = len(WORKLOADS[p["workload"]].variants) > 1
    assert (f"*{names.variant(p['variant'])}* as the workload" in where) == several
    assert figures_time.UNITS[p["workload"]][0] in where
    if p["kind"] != "grew":
        assert f"*{names.time_part(p['part'])}*" in asked
    else:  # what grew most is for the student to find
        assert not any(names.time_part(q) in asked for q in BREAKDOWN_PARTS)
        assert "grew most" in asked and "growth alone" in asked
    assert ex.solution.rstrip().endswith("may differ.") and f"simulate('{p['cid']}', env='{p['env']}')" in ex.solution
    assert f".breakdown.loc['{p['variant']}', '{p['part']}']" in ex.solution


def test_a_grew_solution_shows_every_part_at_the_host_and_in_the_reference_run():
    ex = next(e for e in (exercises.generate("results_java_time", s) for s in range(50))
              if e.parameters["kind"] == "grew")
    p = ex.parameters
    at, base, _ = _chart("java", p["variant"], p["env"], p["memory"], p["cpus"])
    for q in BREAKDOWN_PARTS:
        assert f"| {names.time_part(q)} | {base[q]:.1f} | {at[q]:.1f} | {at[q] - base[q]:.1f} |" in ex.solution


def test_the_reference_bar_is_the_grids_reference_run():
    """The chart's reference bar (reference_frame) and the grid's row of the reference host
    are the same run."""
    for key in WORKLOADS:
        ref = figures_time.reference_frame(key)
        row = _row("zvm63-edev", 512, 25)
        for r in ref.itertuples():
            assert round(1000 * r.share) == int(row[f"{r.variant}:{BREAKDOWN_PARTS[r.order]}"])


@pytest.mark.parametrize("topic", TOPICS)
def test_a_class_gets_varied_questions_and_both_kinds(topic):
    generated = [exercises.generate(topic, s) for s in range(60)]
    assert len({e.question for e in generated}) >= 12
    assert len({str(e.answer) for e in generated}) >= 5
    assert {e.parameters["kind"] for e in generated} == {"grew", "part"}
    assert any(e.parameters["variant_seed"] != e.seed for e in generated), "the rejection rule never fires"


def test_no_seed_asks_about_a_variant_that_fails_there():
    """The database fails on z/VM 6.2 at several of the chart's bars: those are never asked
    about, and the rule says why. The rule rejects a bar, not an environment: with the same
    CPUs, the bar just above the largest memory where the database fails (128 GiB on z/VM 6.2)
    is asked."""
    failing = [(e, m, c) for e in ("zvm63-edev", "zvm63-eckd", "zvm62-edev") for c in time_ex.CPUS
               for m in time_ex.MEMORIES if "db-bi" in str(_row(e, m, c)["failed"]).split()]
    assert failing, "no bar of the chart fails: this test checks nothing"
    asked = set()
    for s in range(300):
        p = exercises.generate("results_db_time", s).parameters
        asked.add((p["env"], p["memory"], p["cpus"]))
        assert not _chart("db", p["variant"], p["env"], p["memory"], p["cpus"])[2]
    # per failing (environment, CPUs): the next larger memory of the chart, where it runs
    edge = {(e, min(m for m in time_ex.MEMORIES if m > max(f[1] for f in failing if f[0] == e and f[2] == c)), c)
            for e, _, c in failing}
    assert not edge & set(failing) and edge & asked, "the environment that fails is asked where it does not"
    assert not asked & set(failing)
    env, memory, cpus = failing[0]
    raw = time_ex._part(0, time_ex._Context("results_db_time", "db", "db-bi", env, memory, cpus), "running")
    assert time_ex.not_worth(raw) == "the variant fails there, so its bar is a failure, not a time"


def _params(**changed) -> Exercise:
    ex = exercises.generate("results_db_time", 1)
    return Exercise(topic=ex.topic, seed=ex.seed, question=ex.question, answer=ex.answer, solution=ex.solution,
                    parameters={**ex.parameters, **changed})


def test_the_rules_reject_what_cannot_be_read_or_tells_nothing():
    base = {q: 0 for q in BREAKDOWN_PARTS}
    small = _params(kind="part", part="paging", failed=False, stored={**base, "paging": 19},
                    reference_stored=base)
    assert "less than 2% of the reference cycle" in time_ex.not_worth(small)
    unchanged = _params(kind="part", part="running", failed=False, stored={**base, "running": 384},
                        reference_stored={**base, "running": 380})
    assert "what it was in the reference run" in time_ex.not_worth(unchanged)
    readable = _params(kind="part", part="paging", failed=False, stored={**base, "paging": 20},
                       reference_stored=base)
    assert time_ex.not_worth(readable) is None
    growth = {q: 0.0 for q in BREAKDOWN_PARTS}
    tie = _params(kind="grew", part="cpu_wait", second="spin", failed=False, cycle=60.0, step=0.1, abs=0.2,
                  growth={**growth, "cpu_wait": 12.0, "spin": 10.5})
    assert time_ex.not_worth(tie) == "two parts grew about as much"
    tiny = _params(kind="grew", part="cpu_wait", second="spin", failed=False, cycle=60.0, step=0.1, abs=0.2,
                   growth={**growth, "cpu_wait": 1.1})
    assert "no part grew by 2%" in time_ex.not_worth(tiny)
    close = _params(kind="grew", part="cpu_wait", second="spin", failed=False, cycle=60.0, step=0.1, abs=0.2,
                    growth={**growth, "cpu_wait": 1.4, "spin": 1.2})
    assert time_ex.not_worth(close) == "two parts grew about as much"
    clear = _params(kind="grew", part="cpu_wait", second="spin", failed=False, cycle=60.0, step=0.1, abs=0.2,
                    growth={**growth, "cpu_wait": 12.0, "spin": 9.9})
    assert time_ex.not_worth(clear) is None


def test_the_tooltip_rounds_as_javascript_does():
    assert time_ex.shown(0.125, 2) == 0.13  # a tie in binary too: up, where Python's format gives 0.12
    assert time_ex.shown(97 * 0.005, 2) == 0.48  # just below 0.485 as a double
    assert time_ex.shown(610.5, 0) == 611.0


def test_each_section_topic_follows_its_chapters_own_and_belongs_to_it():
    for topic in TOPICS:
        chapter = exercises.chapter_of(topic)
        assert topic == f"{chapter}_time" and chapter in exercises.TOPICS
        assert exercises.TOPICS.index(topic) == exercises.TOPICS.index(chapter) + 1
        assert exercises.CHAPTER_TITLES[topic] == exercises.CHAPTER_TITLES[chapter] + ": where the time goes"
    assert exercises.chapter_of("shares") == "shares"


@pytest.mark.parametrize("call, message", [
    (lambda: exercises.generate("results_cpu_time", 0), "topic: 'results_cpu_time' is not accepted; expected one of"),
    (lambda: time_ex.generate(0, "results_db"), "topic: 'results_db' is not accepted; expected one of results_db_time"),
    (lambda: exercises.chapter_of("results_time"), "topic: 'results_time' is not accepted"),
    (lambda: exercises.generate("results_db_time", -1), "seed: -1 is not accepted"),
])
def test_bad_input_names_the_field(call, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        call()


def test_a_student_is_sent_to_the_chapter_and_its_section():
    from overcommit.exercises import assignment, grading, handouts, roster

    student = roster.Student("Ada", "a1")
    nb = grading.assignment_notebook("results_net_time", student, "a course secret for tests")
    head = nb.cells[0].source
    assert head.startswith("# Overcommitted: The network workload: where the time goes")
    assert "from the book's chapter *The network workload* and its figures" in head
    page = handouts.handout_html("Ada", "a1", [("results_net_time", "Q?"), ("shares", "Q?")])
    assert "(chapter <em>The network workload</em>: where the time goes)" in page
    assert "(chapter <em>Relative shares</em>)" in page
    assert assignment._topic("results_net_time") == "results_net_time"
    with pytest.raises(ValueError, match="chapter: 'results_net_times' is not accepted"):
        assignment._topic("results_net_times")
