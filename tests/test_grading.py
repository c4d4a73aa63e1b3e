"""Graded variants as a class uses them: rosters from an LMS, a question per student that
only the course secret reproduces, notebooks per student, a grader that cannot be fooled by
what a submission says about itself, partial credit, and a grades file Canvas imports."""

from __future__ import annotations

import csv

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overcommit import exercises
from overcommit.__main__ import main
from overcommit.exercises import answers, graded, grading, handouts, roster

SECRET = "a course secret for tests"
CANVAS = ("Student,ID,SIS User ID,SIS Login ID,Section\n"
          "    Points Possible,,,,\n"
          '"Lovelace, Ada",101,S101,ada,A\n'
          '"Turing, Alan",103,S103,alan,B\n'
          '"Hopper, Grace",104,S104,grace,B\n'
          '"Noether, Emmy",105,S105,emmy,A\n')


def _file(tmp_path, text: str, name: str = "class.csv", encoding: str = "utf-8") -> str:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return str(path)


# --- rosters -------------------------------------------------------------------------------


def test_inserting_a_student_into_a_canvas_export_changes_no_other_seed(tmp_path):
    before = roster.read_roster(_file(tmp_path, CANVAS))
    lines = CANVAS.splitlines(keepends=True)
    after = roster.read_roster(_file(tmp_path, "".join(lines[:2] + ['"Babbage, Charles",102,S102,charles,A\n']
                                                       + lines[2:]), "later.csv"))
    assert before.kind == after.kind == "canvas" and before.id_column == "ID"
    assert [s.name for s in after.students][:2] == ["Babbage, Charles", "Lovelace, Ada"]
    for topic in exercises.TOPICS:
        seeds_before = {s.id: graded.seed_for(SECRET, topic, s.id) for s in before.students}
        seeds_after = {s.id: graded.seed_for(SECRET, topic, s.id) for s in after.students}
        assert all(seeds_after[i] == seed for i, seed in seeds_before.items()), topic
        assert len(set(seeds_after.values())) == len(seeds_after)


@pytest.mark.parametrize("text, encoding, kind, expected", [
    (CANVAS, "utf-8", "canvas", [("Lovelace, Ada", "101"), ("Turing, Alan", "103")]),
    ("\ufeffstudent,id\nAda Lovelace,a1\n# a comment, not a student\nAlan Turing,a2\n", "utf-8", "plain",
     [("Ada Lovelace", "a1"), ("Alan Turing", "a2")]),
    ("student,id\nO'Brien, Seán,42\nAda,43\n", "latin-1", "plain", [("O'Brien, Seán", "42"), ("Ada", "43")]),
    ("student,id\nO'Brien, Seán,42\n", "utf-8", "plain", [("O'Brien, Seán", "42")]),
    ('"First name","Last name","ID number","Institution","Department","Email address"\n'
     'Ada,Lovelace,,,,ada@uni.example\nAlan,Turing,,,,alan@uni.example\n', "utf-8", "moodle",
     [("Ada Lovelace", "ada@uni.example"), ("Alan Turing", "alan@uni.example")]),
    ('"Last Name"\t"First Name"\t"Username"\t"Student ID"\t"Last Access"\t"Availability"\n'
     '"Lovelace"\t"Ada"\t"alovelace"\t""\t"2026-09-01"\t"Yes"\n', "utf-16", "blackboard",
     [("Ada Lovelace", "alovelace")]),
    ("student\nAda\nAlan\n", "utf-8", "plain", [("Ada", "Ada"), ("Alan", "Alan")]),
    ("name;id\nAda;1\n", "utf-8", "plain", [("Ada", "1")]),
])
def test_rosters_from_the_common_exports(tmp_path, text, encoding, kind, expected):
    r = roster.read_roster(_file(tmp_path, text, encoding=encoding))
    assert r.kind == kind
    assert [(s.name, s.id) for s in r.students][:len(expected)] == expected


@pytest.mark.parametrize("text, message", [
    ("student,id\nAda,1\nAlan,1\n", "id '1' appears twice (lines 2 and 3)"),
    ("id,email\n1,a@x\n", "has no column of names; its header is ['id', 'email']"),
    ("student,id\nAda,1\n,2\n", "line 3 has an empty student name"),
    ("student,id\nAda,1\nAlan,\n", "line 3 has an empty id"),
    ("student,id\n", "lists no students"),
    ("# only a comment\n", "is empty"),
    ("Student,ID,SIS User ID,SIS Login ID,Section\n\"Lovelace, Ada\",1,S1,ada,A\n\"Turing, Alan\",,S2,al,A\n",
     "line 3 has an empty id (tried ['ID'])"),
    ("Student,ID,SIS User ID,SIS Login ID,Section\n\"Lovelace, Ada\",S1,S1,ada,A\n",
     "line 2: ID 'S1' is not accepted; expected Canvas's user id, digits only"),
])
def test_bad_rosters_are_refused_with_the_reason(tmp_path, text, message):
    with pytest.raises(ValueError, match="roster: ") as info:
        roster.read_roster(_file(tmp_path, text))
    assert message in str(info.value)


# --- graded seeds --------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(student=st.text(min_size=1, max_size=40).filter(str.strip), topic=st.sampled_from(exercises.TOPICS))
def test_a_graded_seed_is_stable_private_and_never_a_practice_seed(student, topic):
    seed = graded.seed_for(SECRET, topic, student)
    assert seed == graded.seed_for(SECRET, topic, " " + student + " ")
    assert graded.GRADED_BASE <= seed < graded.GRADED_BASE + graded.GRADED_SPACE
    assert not graded.is_practice(seed) and seed not in exercises.CLASS_SEEDS
    assert seed != graded.seed_for(SECRET + "!", topic, student)
    assert seed != graded.seed_for(SECRET, topic, student + "x")


@pytest.mark.parametrize("topic", exercises.TOPICS)
def test_graded_and_practice_questions_never_meet(topic):
    """Practice seeds ask practice-side questions only, graded seeds graded-side ones."""
    for seed in range(0, 1000, 97):
        assert not exercises.question_side(exercises.generate(topic, seed).question)
    for k in range(6):
        assert exercises.question_side(graded.exercise_for(SECRET, topic, f"s{k}").question)


@pytest.mark.parametrize("secret, message", [
    (None, "secret: missing"), ("", "secret: missing"), ("short", "secret: 5 characters is not accepted"),
])
def test_a_weak_or_missing_secret_is_refused(secret, message, monkeypatch):
    monkeypatch.delenv(graded.SECRET_ENV, raising=False)
    with pytest.raises(ValueError, match=message):
        graded.secret_from(secret)
    with pytest.raises(ValueError, match="student: ' ' is not accepted"):
        graded.seed_for(SECRET, "dat", " ")


# --- notebooks and grading -----------------------------------------------------------------


def _submit(folder, name: str, notebook, answer_source: str) -> None:
    nb = nbformat.from_dict(notebook)
    nb.cells[-1].source = answer_source
    folder.mkdir(exist_ok=True)
    nbformat.write(nb, folder / name)


def test_the_notebook_carries_the_question_and_id_but_no_seed_or_secret(tmp_path):
    klass = roster.read_roster(_file(tmp_path, CANVAS))
    paths = grading.write_assignments("paging", klass, SECRET, tmp_path / "nb")
    assert [p.name for p in paths] == ["101.ipynb", "103.ipynb", "104.ipynb", "105.ipynb"]
    text = paths[0].read_text()
    ex = graded.exercise_for(SECRET, "paging", "101")
    assert ex.question.splitlines()[0] in text and '"student_id": "101"' in text
    assert str(ex.seed) not in text and SECRET not in text


def test_grading_recomputes_from_the_roster_and_gives_partial_credit(tmp_path, capsys):
    """Ada answers right, Alan gets one of two parts, Grace hands in Ada's notebook, Emmy
    writes a practice seed and its answer: 1, 0.5, 0, 0, and the grades file Canvas reads."""
    topic = "paging"  # two parts: utilisation and response time
    path = _file(tmp_path, CANVAS)
    klass = roster.read_roster(path)
    nbs = {s.id: grading.assignment_notebook(topic, s, SECRET) for s in klass.students}
    right = {i: list(graded.exercise_for(SECRET, topic, i).answer) for i in nbs}
    assert len(right["101"]) == 2 and right["101"] != right["103"]
    subs = tmp_path / "subs"
    _submit(subs, "lovelaceada_101_9001_paging.ipynb", nbs["101"], f"x = {right['101']}\nanswer = x\nanswer = {right['101']}")
    _submit(subs, "turingalan_103_9002_paging.ipynb", nbs["103"], f"answer = [{right['103'][0]}, {right['103'][1] * 3 + 1}]")
    _submit(subs, "hoppergrace_104_9003_paging.ipynb", nbs["101"], f"answer = {right['101']}")
    mine = graded.exercise_for(SECRET, topic, "105")
    practice = next(s for s in exercises.CLASS_SEEDS
                    if grading.score(mine, list(exercises.generate(topic, s).answer)).right == 0)
    _submit(subs, "noetheremmy_105_9004_paging.ipynb", nbs["105"],
            f"SEED = {practice}\nanswer = {list(exercises.generate(topic, practice).answer)}")
    (subs / "notes.ipynb").write_text(nbformat.writes(nbformat.from_dict(nbs["101"])))  # no id in its name
    out = tmp_path / "grades.csv"
    assert main(["grade", str(subs), "--topic", topic, "--roster", path, "--secret", SECRET, "--out", str(out)]) == 0
    said = capsys.readouterr()
    assert "graded 4 of 4 students (1 full marks, 0 handed nothing in)" in said.out
    assert "notes.ipynb: plain id 'notes': not on the roster; not graded" in said.err
    with open(out, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", topic]
    assert {r[1]: r[5] for r in rows[1:]} == {"101": "1", "103": "0.5", "104": "0", "105": "0"}
    assert rows[1][:5] == ["Lovelace, Ada", "101", "S101", "ada", "A"]
    details = {r["id"]: r for r in csv.DictReader(open(tmp_path / "grades-details.csv", encoding="utf-8"))}
    assert details["103"]["parts right"] == "1 0"
    assert details["104"]["reason"] == "made for 101 (Lovelace, Ada)" and details["104"]["points"] == "0"
    assert details["101"]["reason"] == "scored: 2 of 2 parts right"
    assert details["103"]["reason"].startswith("scored: 1 of 2 parts right; part 2: read ")


def test_a_classmates_answer_scores_zero():
    for topic in exercises.TOPICS:
        mine = graded.exercise_for(SECRET, topic, "101")
        other = next(graded.exercise_for(SECRET, topic, f"s{k}") for k in range(50)
                     if grading.score(mine, graded.exercise_for(SECRET, topic, f"s{k}").answer).points == 0)
        assert grading.score(mine, other.answer).points == 0, topic
        assert grading.score(mine, mine.answer).points == 1, topic


def test_answers_are_read_as_values_never_run(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("answer = [0.5, 3 * 2 - 1, 'Linux', -2]")])
    assert grading.read_answer(nb) == [0.5, 5, "Linux", -2]
    nb.cells[0].source = "import os\nanswer = os.system('echo no')"
    with pytest.raises(ValueError, match="is not a plain value"):
        grading.read_answer(nb)
    nb.cells[0].source = "answer = None"
    with pytest.raises(ValueError, match="still None"):
        grading.read_answer(nb)


def test_handouts_hold_questions_not_seeds_or_answers(tmp_path):
    klass = roster.read_roster(_file(tmp_path, CANVAS))
    handouts.write_class(klass, SECRET, tmp_path / "out", ("shares", "results_db"), pdf=False)
    page = (tmp_path / "out" / "handouts" / "101.html").read_text()
    key = list(csv.DictReader(open(tmp_path / "out" / "answer_key.csv", encoding="utf-8")))
    assert len(key) == 8 and key[0]["question"] == graded.exercise_for(SECRET, "shares", "101").question
    ex = graded.exercise_for(SECRET, "results_db", "101")
    assert "Lovelace, Ada" in page and str(ex.seed) not in page and ex.solution[:60] not in page
    assert "src=" not in page and "href=" not in page  # prints offline


@pytest.mark.slow
def test_handouts_print_to_pdf(tmp_path):
    pytest.importorskip("markdown_it")
    try:
        handouts.chromium()
    except ValueError:
        pytest.skip("no Chromium on this machine")
    klass = roster.read_roster(_file(tmp_path, "student,id\nAda,1\n"))
    handouts.write_class(klass, SECRET, tmp_path / "out", ("dat",))
    assert (tmp_path / "out" / "handouts" / "1.pdf").read_bytes()[:5] == b"%PDF-"


# --- checking as a person writes -----------------------------------------------------------


@pytest.mark.parametrize("topic", ["results_overall", "results_db", "results_java", "results_was", "results_fs",
                                   "results_net"])
def test_a_fraction_rounded_either_way_is_right(topic):
    asked = 0
    for seed in range(60):
        ex = exercises.generate(topic, seed)
        if "ratio" not in ex.parameters or asked == 8:
            continue  # another kind of question
        asked += 1
        ratio = ex.exact
        down, up = int(ratio * 100) / 100, -int(-ratio * 100) / 100
        for typed in (f"{down:.2f}", f"{up:.2f}", down, up):
            assert exercises.check(topic, seed, typed).correct, (topic, seed, ratio, typed)
        assert not exercises.check(topic, seed, f"{down - 0.02:.2f}").correct
    assert asked >= 3


@pytest.mark.parametrize("typed, value", [("21 MiB/s", 21.0), ("2.11:1", 2.11), ("62 %", 62.0), ("0x1F", 31.0),
                                          (" -0.5 ", -0.5), ("\u22123", -3.0)])
def test_numbers_are_read_as_people_write_them(typed, value):
    assert answers.read_item(typed).number == value
    assert answers.read_item("twenty-one").number is None


# --- the built site ------------------------------------------------------------------------


@pytest.mark.site
def test_no_graded_variant_is_in_the_built_site():
    """For a class of 40 under a secret, no student's question (and so no graded answer) is
    among the variants the site serves, and the site serves no seed outside 0-999."""
    import json
    import os
    from pathlib import Path

    site = Path(os.environ.get("OVERCOMMIT_SITE", Path(__file__).resolve().parents[1] / "_build" / "html"))
    folder = site / "_static" / "exercises"
    if not (folder / "index.json").is_file():
        pytest.skip("no built site: run `make book` first")
    from overcommit.exercises import web

    served: dict[str, set[str]] = {}
    for path in folder.glob("*/*.json"):
        if path.parent.name == "check":
            continue
        for v in json.loads(path.read_text(encoding="utf-8")):
            assert graded.is_practice(v["seed"]) and v["seed"] in exercises.CLASS_SEEDS
            served.setdefault(v["topic"], set()).add(v["question"])
    assert set(served) == set(exercises.TOPICS)
    for topic in exercises.TOPICS:
        for k in range(40):
            ex = graded.exercise_for(SECRET, topic, f"student-{k}")
            assert web.variant(topic, ex.seed, solution=False)["question"] not in served[topic], (topic, k)
