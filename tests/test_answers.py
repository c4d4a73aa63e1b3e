"""One answer reader for the page and the grader (:mod:`overcommit.exercises.answers` and
``book/_static/selfcheck.js``): a table of answer texts as students type them, each with
the verdict it must get; the Python reader is held to the table here, and the page's own
script, run in Chromium on the same grammar, is held to the Python reader's every part
(right or not, why not, the value read) in :func:`test_the_page_reads_every_text_as_the_grader`."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overcommit.exercises import Exercise, answers
from overcommit.exercises.grading import score

ROOT = Path(__file__).resolve().parents[1]
SELFCHECK = ROOT / "book" / "_static" / "selfcheck.js"

# expected answers: (answer, units, rel, abs, exact)
MINUTES = (38.8, ["min"], 0.03, 0.5, None)
FRACTIONS = ([0.55, 0.74], ["fraction", "fraction"], 0.04, 0.0, None)
FRACTION = (0.36, ["fraction"], 0.0, 0.005, 0.3612)
ROUNDED = (0.33, ["fraction"], 0.0, 0.005, 0.325)
RATE = (36.5, ["MiB/s"], 0.05, 0.0, None)
LIST5 = ([9, 2, 3, 5, 6], [None] * 5, 0.0, 0.0, None)
DPA_OCR = ([107455, 1.428], ["MiB", "ratio"], 0.002, 0.0, [107455, 1.4282])
CLASS_SHARE = (["high", 12.22], [None, "%"], 0.05, 0.0, None)
NAME = ("fio, page cache, high", [None], 0.0, 0.0, None)
DAT = ([0x31F4, "Linux", "z/VM", 12788], [None, None, None, None], 0.0, 0.0, None)
RATIO = (2.11, ["ratio"], 0.01, 0.0, None)
SECONDS = ([4.71, 1.88], ["s", "s"], 0.03, 0.0, None)
CPUS = ([0.28, 0.1, 0.2, 0.42], ["CPUs"] * 4, 0.0, 0.005, None)
PERCENT = (12.2, ["%"], 0.05, 0.0, None)
RESPONSE = ([0.3415, 1.76159], ["fraction", "ms"], 0.01, 0.0, None)

#: (expected, text, parts right as "1 0 ...", problem). At least 40 rows: hedged numbers,
#: percents for fractions, units converted and refused, decimal and thousands commas, lists
#: with and without brackets, names, ratios, hex.
TABLE = [
    (MINUTES, "38.8", "1", ""),
    (MINUTES, "39", "1", ""),
    (MINUTES, "about 39 minutes", "1", ""),
    (MINUTES, "~39", "1", ""),
    (MINUTES, "≈ 39", "1", ""),
    (MINUTES, "approx. 39 min", "1", ""),
    (MINUTES, "Around 39 mins", "1", ""),
    (MINUTES, "39 min", "1", ""),
    (MINUTES, "2328 s", "1", ""),
    (MINUTES, "0.65 h", "1", ""),
    (MINUTES, "38.8 hours", "0", ""),
    (MINUTES, "39 GiB", "0", ""),
    (MINUTES, "39 apples", "0", ""),
    (MINUTES, "38,8", "0", "comma"),
    (MINUTES, "3.88e1 min", "1", ""),
    (MINUTES, "45", "0", ""),
    (MINUTES, "", "0", ""),
    (FRACTIONS, "0.55, 0.74", "1 1", ""),
    (FRACTIONS, "55%, 74%", "1 1", ""),
    (FRACTIONS, "55 %, 74 percent", "1 1", ""),
    (FRACTIONS, "[0.55, 0.74]", "1 1", ""),
    (FRACTIONS, "0.55 0.74", "0 0", ""),
    (FRACTIONS, "0.55", "1 0", ""),
    (FRACTIONS, "0.55, 0.74, 0.9", "1 1", ""),
    (FRACTIONS, "0.55, 0.99", "1 0", ""),
    (FRACTION, "36 %", "1", ""),
    (FRACTION, "0.36", "1", ""),
    (FRACTION, "36", "0", ""),
    (FRACTION, "0.37", "1", ""),  # 0.3612 rounded up: rounded either way is right
    (FRACTION, "0.38", "0", ""),
    (ROUNDED, "0.32", "1", ""),
    (ROUNDED, "0.33", "1", ""),
    (ROUNDED, "32 %", "1", ""),
    (ROUNDED, "0.31", "0", ""),
    (RATE, "36.5 MiB/s", "1", ""),
    (RATE, "about 37 MiB/s", "1", ""),
    (RATE, "38 MB/s", "1", ""),
    (RATE, "0.0357 GiB/s", "1", ""),
    (RATE, "36.5 MiB", "0", ""),
    (RATE, "36.5 ms", "0", ""),
    (LIST5, "9, 2, 3, 5, 6", "1 1 1 1 1", ""),
    (LIST5, "9,2,3,5,6", "1 1 1 1 1", ""),
    (LIST5, "[9, 2, 3, 5, 6]", "1 1 1 1 1", ""),
    (LIST5, "9, 2, 3, 5, 7", "1 1 1 1 0", ""),
    (LIST5, "9, 2, 3", "1 1 1 0 0", ""),
    (DPA_OCR, "107455, 1.428", "1 1", ""),
    (DPA_OCR, "107,455, 1.428", "1 1", ""),
    (DPA_OCR, "107455 MiB, 1.428:1", "1 1", ""),
    (DPA_OCR, "104.94 GiB, 1.43x", "1 1", ""),
    (DPA_OCR, "107455, 1.5", "1 0", ""),
    (CLASS_SHARE, "high, 12.2", "1 1", ""),
    (CLASS_SHARE, "HIGH, 12.2 %", "1 1", ""),
    (CLASS_SHARE, "'high', '12.2 %'", "1 1", ""),
    (CLASS_SHARE, "medium, 12.2", "0 1", ""),
    (CLASS_SHARE, "high, 0.122", "1 0", ""),
    (NAME, "fio, page cache, high", "1", ""),
    (NAME, "FIO page cache high", "1", ""),
    (NAME, "fio, direct, high", "0", ""),
    (DAT, "0x31f4, Linux, z/VM, 12788", "1 1 1 1", ""),
    (DAT, '[0x31F4, "linux", "z/vm", 12788]', "1 1 1 1", ""),
    (DAT, "12789, Linux, z/VM, 12788", "0 1 1 1", ""),
    (RATIO, "2.11:1", "1", ""),
    (RATIO, "2.11", "1", ""),
    (RATIO, "2.11x", "1", ""),
    (RATIO, "2.11 : 1", "1", ""),
    (RATIO, "2.11 %", "0", ""),
    (RATIO, "2.5:1", "0", ""),
    (SECONDS, "4.71 s, 1880 ms", "1 1", ""),
    (SECONDS, "4.71, 1.88 min", "1 0", ""),
    (SECONDS, "4,71, 1,88", "0 0", "comma"),
    (CPUS, "0.28, 0.1, 0.2, 0.42", "1 1 1 1", ""),
    (CPUS, "0.28 CPUs, 0.10 CPU, 0.20, 0.42 real CPUs", "1 1 1 1", ""),
    (CPUS, "0.28, 0.1, 0.2, 0.43", "1 1 1 0", ""),
    (PERCENT, "12.2", "1", ""),
    (PERCENT, "12.2 %", "1", ""),
    (PERCENT, "0.122", "0", ""),
    (PERCENT, "\u221212.2", "0", ""),
    (RESPONSE, "0.3415, 1.76 ms", "1 1", ""),
    (RESPONSE, "34.2 %, 1762 µs", "1 1", ""),
    (RESPONSE, "0.3415, 0.00176 s", "1 1", ""),
]


def _exercise(expected) -> Exercise:
    answer, units, rel, abs_, exact = expected
    return Exercise(topic="t", seed=0, question="", answer=answer, solution="", rel_tolerance=rel, abs_tolerance=abs_,
                    exact=exact, units=tuple(units))


def _python(expected, text: str) -> dict:
    answer, units, rel, abs_, exact = expected
    parts = answer if isinstance(answer, list) else [answer]
    exacts = exact if isinstance(exact, list) else [exact] * len(parts)
    v = answers.judge(text, parts, units, rel, abs_, exacts)
    return {"parts": [{"ok": p.ok, "why": p.why, "value": p.value} for p in v.parts], "given": v.given,
            "problem": v.problem, "correct": v.correct, "right": v.right, "outOf": v.out_of,
            "feedback": "" if v.correct else answers.feedback(v, units)}


def test_the_table_is_large_enough():
    assert len(TABLE) >= 40
    assert len({text for _, text, _, _ in TABLE}) >= 40


@pytest.mark.parametrize("expected, text, right, problem", TABLE, ids=[f"{k}:{row[1]}" for k, row in enumerate(TABLE)])
def test_the_grader_reads_every_text_as_the_table_says(expected, text, right, problem):
    got = _python(expected, text)
    assert " ".join("1" if p["ok"] else "0" for p in got["parts"]) == right, got
    assert got["problem"] == problem
    # the grader scores the same text in a notebook (answer = "...") the same way
    s = score(_exercise(expected), text)
    assert s.parts == tuple(p["ok"] for p in got["parts"])
    assert s.points == pytest.approx(got["right"] / got["outOf"], abs=1e-4)
    if not got["correct"] and text:
        assert s.reason, "a zero must say what was read and what was expected"


def test_every_wrong_part_says_why_and_what_was_read():
    s = score(_exercise(FRACTION), "19 %")
    assert s.points == 0 and "read 0.19 (from '19 %'), expected 0.36: too low" in s.reason
    s = score(_exercise(MINUTES), "39 GiB")
    assert "'39 GiB' is not in min" in s.reason
    s = score(_exercise(SECONDS), ["4.71 s", 2])
    assert s.parts == (True, False) and "part 2: read 2 s, expected 1.88 s: too high" in s.reason
    assert answers.feedback(answers.judge("38.8 hours", [38.8], ["min"], 0.03, 0.5), ["min"]) == "too high."
    assert "part 2 is not in min" in answers.feedback(answers.judge("1, 2 kg", [1, 2], ["min", "min"], 0, 0),
                                                       ["min", "min"])


def test_a_notebook_value_is_read_as_the_page_reads_text():
    ex = _exercise(LIST5)
    assert score(ex, "9, 2, 3, 5, 6").points == 1 == score(ex, [9, 2, 3, 5, 6]).points
    assert score(ex, ["9", "2", "3", "5", "6"]).points == 1
    assert score(_exercise(FRACTIONS), ["55 %", 0.74]).points == 1
    assert score(_exercise(FRACTIONS), (0.55, 0.74, 0.9)).points == pytest.approx(2 / 3, abs=1e-4)


@settings(max_examples=200, deadline=None)
@given(value=st.floats(min_value=1e-3, max_value=1e6), decimals=st.integers(0, 4),
       unit=st.sampled_from(["s", "ms", "min", "h", "MiB", "GiB", "MiB/s", "%", "fraction", "CPUs"]))
def test_a_number_typed_in_the_unit_asked_reads_back(value, decimals, unit):
    """The answer written with its own unit, or with none, is right; converted to another
    unit of the same kind at full precision it is right too."""
    text = f"{value:.{decimals}f}"
    if float(text) == 0:
        return
    expected = float(text)
    for typed in (text, f"{text} {unit}" if unit != "fraction" else text, f"about {text}"):
        assert answers.judge(typed, [expected], [unit], 0.01, 0.0).correct, typed
    kind = answers.UNITS[unit][0]
    for other, (k, (num, den), _) in answers.UNITS.items():
        if k != kind or other == unit or other == "fraction":
            continue
        na, da = answers.UNITS[unit][1]
        converted = expected * na * den / (da * num)
        if math.isfinite(converted) and converted != 0:
            assert answers.judge(f"{converted!r} {other}", [expected], [unit], 0.01, 0.0).correct, (other, converted)


def test_the_grammar_names_only_units_it_can_convert():
    g = answers.GRAMMAR
    assert set(g["aliases"].values()) <= set(g["units"])
    for alias, unit in g["aliases"].items():
        assert alias == alias.lower(), alias
        assert answers.read_item(f"3 {alias}").unit == unit or alias == ":1", alias
    with pytest.raises(ValueError, match="unit: 'furlongs' is not accepted; expected None or one of s, ms"):
        answers.check_unit("furlongs")


@pytest.fixture(scope="module")
def browser():
    from test_browser import CHROMIUM, CHROMIUM_ARGS

    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        pytest.skip(f"{CHROMIUM} not found: install Debian's chromium (.ci/run does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.mark.browser
def test_the_page_reads_every_text_as_the_grader(browser):
    """The real selfcheck.js, loaded into a blank page in Chromium with the grammar the
    site carries, gives every text of the table the Python reader's verdict, part by part,
    with the same feedback."""
    context = browser.new_context()
    page = context.new_page()
    page.set_content('<html><head><meta name="overcommit-edition" content="student"></head><body></body></html>')
    page.add_script_tag(path=str(SELFCHECK))
    rows = []
    for expected, text, _, _ in TABLE:
        answer, units, rel, abs_, exact = expected
        rows.append({"text": text, "v": {"answer": answer, "units": units, "rel": rel, "abs": abs_, "exact": exact}})
    got = page.evaluate("""([grammar, rows]) => {
        const r = window.OvercommitSelfcheck.Reader(grammar);
        return rows.map(row => {
            const v = r.judge(row.text, row.v);
            const units = row.v.units;
            return {parts: v.parts, given: v.given, problem: v.problem, correct: v.correct, right: v.right,
                    outOf: v.outOf, feedback: v.correct ? "" : r.feedback(v, units)};
        });
    }""", [json.loads(json.dumps(answers.GRAMMAR)), rows])
    context.close()
    wrong = []
    for (expected, text, _, _), page_verdict in zip(TABLE, got):
        python = _python(expected, text)
        if page_verdict != python:
            wrong.append((text, python, page_verdict))
    assert wrong == [], wrong
