"""Every seeded exercise declares the unit of each part of its answer, says it where the
question asks, and takes its own answer typed as a student types it: with its units, without
them, but not with a unit of another kind (:mod:`overcommit.exercises.answers`)."""

from __future__ import annotations

import re

import pytest

from overcommit import exercises
from overcommit.exercises import answers

#: practice seeds sampled per topic: 0, 1, ... (below GRADED_BASE)
PRACTICE_SEEDS = 10
#: graded seeds sampled per topic: GRADED_BASE + k * GRADED_STEP (they may ask other kinds)
GRADED_SEEDS = 10
GRADED_STEP = 7919
SEEDS = [*range(PRACTICE_SEEDS), *(exercises.GRADED_BASE + k * GRADED_STEP for k in range(GRADED_SEEDS))]

#: What in a question states a unit, where the unit's own words (its symbol and aliases in
#: answers.UNITS, one-letter words left out: "s" or "h" says nothing) do not: the unitless kinds.
STATED = {
    "fraction": ("fraction", "relative throughput", "of its own reference"),
    "ratio": ("ratio", ":1", "÷", "factor"),
}
#: the sentences of a question that ask: a question, or an instruction to answer or compute
ASKING = re.compile(r"^(?:Answer|Compute)\b|\?$")
#: a tolerance ("within 5 %", "within 1 point"): it states no unit of the answer
TOLERANCE = re.compile(r"within\s+[0-9.]+\s*(?:%|points?\b)", re.I)
#: units typed after the number as they are (a fraction or a ratio is typed bare)
BARE = ("fraction", "ratio")


def stated(unit: str) -> tuple[str, ...]:
    """The words that state ``unit`` in a question."""
    if unit in STATED:
        return STATED[unit]
    return tuple(w for w in (unit, *answers.UNITS[unit][2]) if len(w) > 1 or not w.isalpha())


def _word(phrase: str) -> re.Pattern:
    """``phrase`` as a whole word: "MiB" is not in "MiB/s", nor "ms" in "items"."""
    before = r"(?<![\w/])" if phrase[0].isalnum() else ""
    after = r"(?![\w/])" if phrase[-1].isalnum() else ""
    return re.compile(before + re.escape(phrase) + after, re.I)


def asking_sentences(question: str) -> list[str]:
    """The sentences of ``question`` (before "In the page", the how-to) that ask for the answer,
    without their tolerances."""
    paragraphs = question.split("In the page")[0].split("\n\n")
    sentences = [s for p in paragraphs for s in re.split(r"(?<=[.?!])\s+", " ".join(p.split()))]
    return [TOLERANCE.sub("", s) for s in sentences if ASKING.search(s.strip("*` "))]


def typed(ex: exercises.Exercise, units: bool = True, wrong: tuple[int, str] | None = None) -> str:
    """``ex``'s answer as a student types it: each number with ``:g``, followed by its unit's
    symbol (not for a fraction or a ratio) when ``units``; ``wrong``: (part, unit) typed after
    that part's number instead."""
    out = []
    for k, ((value, _), unit) in enumerate(zip(exercises.answer_parts(ex), exercises.part_units(ex))):
        if isinstance(value, str):
            out.append(value)
            continue
        text = f"{value:g}"
        if wrong is not None and wrong[0] == k:
            text += f" {wrong[1]}"
        elif units and unit is not None and unit not in BARE:
            text += f" {unit}"
        out.append(text)
    return ", ".join(out)


@pytest.fixture(scope="module", params=exercises.TOPICS)
def sample(request) -> list[exercises.Exercise]:
    return [exercises.generate(request.param, seed) for seed in SEEDS]


def test_every_part_has_a_declared_unit(sample):
    for ex in sample:
        n = len(exercises.answer_parts(ex))
        assert ex.units, f"{ex.topic} seed {ex.seed}: no units declared"
        assert len(ex.units) == n, f"{ex.topic} seed {ex.seed}: {ex.units!r} for {n} parts"
        for (value, _), unit in zip(exercises.answer_parts(ex), exercises.part_units(ex)):
            assert unit is None or unit in answers.UNITS
            if isinstance(value, str):
                assert unit is None, f"{ex.topic} seed {ex.seed}: the name {value!r} has unit {unit!r}"


def test_every_unit_is_stated_where_the_question_asks(sample):
    for ex in sample:
        asking = " ".join(asking_sentences(ex.question))
        assert asking, f"{ex.topic} seed {ex.seed}: no sentence asks in {ex.question!r}"
        for unit in {u for u in exercises.part_units(ex) if u is not None}:
            assert any(_word(w).search(asking) for w in stated(unit)), (
                f"{ex.topic} seed {ex.seed}: unit {unit!r} ({', '.join(stated(unit))}) not stated in {asking!r}")


def test_the_answer_typed_with_or_without_units_is_right(sample):
    for ex in sample:
        for text in (typed(ex), typed(ex, units=False)):
            v = exercises.verdict(ex, text)
            assert v.correct, f"{ex.topic} seed {ex.seed}: {text!r} judged {v}"


def test_a_unit_of_another_kind_is_refused(sample):
    for ex in sample:
        units = exercises.part_units(ex)
        numeric = [k for k, (value, _) in enumerate(exercises.answer_parts(ex)) if not isinstance(value, str)]
        if not numeric:
            continue
        k = numeric[0]
        other = "GiB" if units[k] is not None and answers.UNITS[units[k]][0] == "time" else "s"
        text = typed(ex, units=False, wrong=(k, other))
        v = exercises.verdict(ex, text)
        assert not v.correct and v.parts[k].why == "unit", f"{ex.topic} seed {ex.seed}: {text!r} judged {v}"


def test_the_rule_refuses_a_question_that_does_not_state_its_unit():
    says = "What is the page read rate at 128/20? Answer in MiB/s (within 5 %)."
    hides = "What is the page read rate at 128/20? Answer with a number (within 5 %). The host has 128 GiB."
    fraction = "What does it keep? Answer with two decimals. Its relative throughput was 1.00."
    tolerance = "How fast does it run? Answer with a number (within 2 %)."
    assert any(_word(w).search(" ".join(asking_sentences(says))) for w in stated("MiB/s"))
    assert not any(_word(w).search(" ".join(asking_sentences(hides))) for w in stated("MiB/s"))
    assert not any(_word(w).search(" ".join(asking_sentences(hides))) for w in stated("GiB"))
    assert not any(_word(w).search(" ".join(asking_sentences(fraction))) for w in stated("fraction"))
    assert not any(_word(w).search(" ".join(asking_sentences(tolerance))) for w in stated("%"))
    assert not _word("MiB").search("Answer in MiB/s.") and not _word("ms").search("items")
