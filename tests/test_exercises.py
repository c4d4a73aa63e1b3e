"""The seeded exercises as a class uses them: every variant worth asking, the instructor's
command line and the roster's seeds and answer key."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overcommit import exercises
from overcommit.__main__ import main
from overcommit.exercises import Exercise, dat as dat_ex, shares as shares_ex
from overcommit.seeding import variant_seeds

seeds = st.integers(min_value=0, max_value=10**9)


@pytest.mark.parametrize("topic", exercises.TOPICS)
@settings(max_examples=60, deadline=None)
@given(seed=seeds)
def test_every_generated_variant_is_worth_asking(topic, seed):
    ex = exercises.generate(topic, seed)
    assert exercises.not_worth_asking(topic, ex) is None
    assert ex.seed == seed
    again = exercises.generate(topic, seed)
    assert (again.question, again.answer) == (ex.question, ex.answer)


#: how a question says how exact the answer must be, and in which unit
PRECISION = re.compile(r"within|decimals?\b|significant figures|exact|whole|in steps of|grid|number of|name", re.I)
UNIT = re.compile(r"(?<![\w/])(GiB|MiB/s|MiB|IFLs|seconds|ms|real CPUs|fraction|million pages|byte address|"
                  r"page faults|workload's name|%)(?![\w/])")


@pytest.mark.parametrize("topic", exercises.TOPICS)
@settings(max_examples=15, deadline=None)
@given(seed=st.one_of(st.integers(0, 999), st.integers(exercises.GRADED_BASE, exercises.GRADED_BASE + 10**9)))
def test_every_question_states_its_unit_and_precision(topic, seed):
    asked = exercises.generate(topic, seed).question.split("In the page")[0]
    assert PRECISION.search(asked), f"{topic} seed {seed}: no precision in {asked[-200:]!r}"
    assert UNIT.search(asked), f"{topic} seed {seed}: no unit in {asked[-200:]!r}"


def test_the_precision_rule_refuses_a_question_that_states_none():
    old_shares = ("How many real CPUs does each guest receive under z/VM's relative shares? Answer with a list "
                  "in the order of the table, e.g. `[0.5, 0.5]`.")
    assert not PRECISION.search(old_shares)


def test_dat_seed_12s_first_draw_faults_nowhere_and_is_replaced():
    # Seed 12's first draw translated all four addresses (two on one page): nothing faults.
    raw = dat_ex._build(12, 12)
    assert dat_ex.not_worth(raw) == "no address faults"
    ex = exercises.generate("dat", 12)
    assert ex.parameters["variant_seed"] != 12
    assert any(isinstance(a, str) for a in ex.answer) and any(isinstance(a, int) for a in ex.answer)


@pytest.mark.parametrize("topic", ["dat", "shares", "tiers", "paging"])
def test_rejected_first_draws_exist_and_are_replaced(topic):
    module = exercises._module(topic)
    rejected = [s for s in range(300) if module.not_worth(module._build(s, s)) is not None]
    assert rejected, f"{topic}: no first draw in 300 was rejected, so the rule is not exercised"
    for s in rejected[:5]:
        assert exercises.generate(topic, s).parameters["variant_seed"] != s


def test_shares_rule_names_both_failures():
    base = dict(topic="shares", seed=0, question="", solution="")
    all_capped = Exercise(answer=[1.0, 0.5], parameters={"vcpus": [1, 1], "demand": [1.0, 0.5]}, **base)
    none_capped = Exercise(answer=[0.5, 0.5], parameters={"vcpus": [2, 2], "demand": [2.0, 2.0]}, **base)
    good = Exercise(answer=[0.5, 1.5], parameters={"vcpus": [1, 2], "demand": [0.5, 2.0]}, **base)
    assert "shares decide nothing" in shares_ex.not_worth(all_capped)
    assert "no guest is capped" in shares_ex.not_worth(none_capped)
    assert shares_ex.not_worth(good) is None


def test_replacement_rule_rejects_a_trace_without_evictions():
    from overcommit.exercises import replacement as rep

    base = dict(topic="replacement", seed=0, question="", solution="")
    cold_only = Exercise(answer=[3, 1, 2, 3], parameters={"trace": [1, 2, 3, 1, 2, 3]}, **base)
    assert rep.not_worth(cold_only) == "no miss is caused by an eviction"
    assert rep.not_worth(Exercise(answer=[5, 1, 2, 4], parameters={"trace": [1, 2, 3, 4, 1, 2]}, **base)) is None


def test_variant_seeds_start_with_the_seed_and_do_not_repeat():
    first = list(variant_seeds(5, attempts=50))
    assert first[0] == 5 and len(set(first)) == 50
    assert first == list(variant_seeds(5, attempts=50))
    with pytest.raises(ValueError, match="seed: -1"):
        list(variant_seeds(-1))


# --- the instructor's command line --------------------------------------------------------


def test_cli_prints_the_question_and_with_c_the_answer(capsys):
    assert main(["exercise", "shares", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    ex = exercises.generate("shares", 3)
    assert out.startswith("# Exercise: shares, seed 3") and ex.question in out
    assert "Worked solution" not in out
    assert main(["exercise", "shares", "--seed", "3", "-c"]) == 0
    out = capsys.readouterr().out
    assert json.dumps(ex.answer) in out and ex.solution in out


@pytest.mark.parametrize("argv, message", [
    (["exercise", "nonsense"], "topic: 'nonsense' is not accepted; expected one of tiers"),
    (["exercise", "dat", "--seed", "-3"], "seed: '-3' is not accepted; expected a whole number >= 0"),
    (["exercise", "dat", "--seed", "1.5"], "seed: '1.5' is not accepted"),
    (["exercise"], "topic: missing"),
    (["exercise", "--roster", "no-such-file.csv"], "roster: 'no-such-file.csv' is not a file"),
])
def test_cli_bad_input_names_the_field(capsys, argv, message):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


# --- the roster ------------------------------------------------------------------------------


def test_cli_refuses_an_unknown_topic_in_the_roster_list(tmp_path, capsys):
    path = tmp_path / "class.csv"
    path.write_text("student,id\nAda,a1\n", encoding="utf-8")
    assert main(["exercise", "--roster", str(path), "--topics", "dat,bogus", "--secret", "a course secret",
                 "--out", str(tmp_path / "k"), "--no-pdf"]) == 2
    assert "topics: 'bogus' is not accepted" in capsys.readouterr().err


# --- the static site's bank ------------------------------------------------------------------


def test_web_bank_holds_the_packages_variant_as_html_and_json(tmp_path):
    from overcommit.exercises import web

    assert web.write_bank(tmp_path, topics=("dat", "shares"), seeds=range(3)) == 6
    stored = web.read_variant(tmp_path, "dat", 2)
    ex = exercises.generate("dat", 2)
    assert stored["answer"] == ex.answer and stored["seed"] == 2
    assert "<table>" in stored["question"] and stored["rel"] == ex.rel_tolerance
    assert exercises.check("shares", 1, web.read_variant(tmp_path, "shares", 1)["answer"])


def test_the_bank_is_the_same_in_parallel_and_carries_the_practice_solutions(tmp_path):
    """Both editions write the same practice variants, worked solutions included (the
    student edition offers one after three wrong tries), and the reader's grammar."""
    from overcommit.exercises import answers, web

    seeds = range(4)
    together = web.bank(("dat", "paging"), seeds, workers=2)
    assert together == {t: [web.variant(t, s) for s in seeds] for t in ("dat", "paging")}
    web.write_bank(tmp_path, topics=("dat",), seeds=seeds)
    for s in seeds:
        stored = web.read_variant(tmp_path, "dat", s)
        assert stored["solution"] and stored == web.variant("dat", s)
    index = json.loads((tmp_path / web.INDEX_FILE).read_text())
    assert index[web.READER_KEY] == json.loads(json.dumps(answers.GRAMMAR))
    with pytest.raises(ValueError, match="topic: '_reader' is not accepted"):
        web.read_variant(tmp_path, web.READER_KEY, 0)


def _padded(seed: int, size: int) -> dict:
    """A stand-in variant of ``seed`` that is ``size`` bytes as the bank writes it."""
    from overcommit.exercises import web

    v = {"seed": seed, "question": ""}
    v["question"] = "x" * (size - len(web._encoded(v)))
    return v


def test_seeds_per_chunk_packs_the_most_seeds_that_fit_the_budget():
    from overcommit.exercises import web

    variants = [_padded(s, 100) for s in range(10)]
    # a file of n variants is n * 100 bytes, n - 1 commas and two brackets
    assert web.seeds_per_chunk("t", variants, budget=4 * 101 + 1) == 4
    assert web.seeds_per_chunk("t", variants, budget=4 * 101) == 3
    assert web.seeds_per_chunk("t", variants, budget=10_000) == 10
    # one large variant makes the files of every seed smaller
    variants[7] = _padded(7, 250)
    assert web.seeds_per_chunk("t", variants, budget=4 * 101 + 1) == 2


def test_the_bank_is_written_in_files_of_a_few_seeds_each_within_the_budget(tmp_path):
    from overcommit.exercises import web

    # DAT's variants are about 10 KB: 30,000 bytes hold two
    assert web.write_bank(tmp_path, topics=("dat",), seeds=range(7), budget=30_000) == 7
    index = json.loads((tmp_path / "index.json").read_text())
    assert index == {"dat": {"per_chunk": 2, "last": 6}, web.READER_KEY: json.loads(json.dumps(web.answers.GRAMMAR))}
    files = sorted((tmp_path / "dat").iterdir(), key=lambda p: int(p.name.split("-")[0]))
    assert [p.name for p in files] == ["0-1.json", "2-3.json", "4-5.json", "6-6.json"]
    assert all(p.stat().st_size <= 30_000 for p in files)
    assert [[v["seed"] for v in json.loads(p.read_text())] for p in files] == [[0, 1], [2, 3], [4, 5], [6]]
    assert web.read_variant(tmp_path, "dat", 5) == web.variant("dat", 5)


def test_the_bank_refuses_what_it_cannot_hold_or_find(tmp_path):
    from overcommit.exercises import web

    with pytest.raises(ValueError, match=r"dat, seed 0: the variant is \d+ bytes, more than a file may hold \(budget 5000"):
        web.write_bank(tmp_path, topics=("dat",), seeds=range(1), budget=5_000)
    with pytest.raises(ValueError, match="t: seed -1 is not accepted; expected a whole number from 0"):
        web.seeds_per_chunk("t", [_padded(-1, 50)])
    web.write_bank(tmp_path, topics=("shares",), seeds=range(3))
    with pytest.raises(ValueError, match="seed: 3 is not accepted; the bank of 'shares' has seeds from 0 to 2"):
        web.read_variant(tmp_path, "shares", 3)
    with pytest.raises(ValueError, match="topic: 'dat' is not accepted; the bank under .* has 'shares'"):
        web.read_variant(tmp_path, "dat", 0)
