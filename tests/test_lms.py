"""Grading an LMS's bulk download as the LMS names it (Canvas, Moodle, Blackboard), every
roster student with a row and a reason, spreadsheets that run nothing when opened, and
roster data kept out of git. Fast: topic "shares", a few notebooks per class."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest

from overcommit.__main__ import main
from overcommit.exercises import graded, grading, roster, sheets, submissions

SECRET = "a course secret for tests"
TOPIC = "shares"


# --- helpers -------------------------------------------------------------------------------


def _student(name: str, sid: str) -> roster.Student:
    return roster.Student(name, sid)


def _right(sid: str) -> list:
    return list(graded.exercise_for(SECRET, TOPIC, sid).answer)


def _notebook(made_for: str, source: str) -> str:
    """The notebook ``assign`` makes for ``made_for``, its answer cell holding ``source``."""
    nb = grading.assignment_notebook(TOPIC, _student("x", made_for), SECRET)
    nb.cells[-1].source = nb.cells[-1].source.replace("answer = None", source)
    return nbformat.writes(nb)


def _put(folder: Path, name: str, text: str, mtime: float | None = None) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


def _one_wrong(sid: str) -> tuple[str, str]:
    """An answer with its last part wrong, and the points it earns."""
    right = _right(sid)
    wrong = right[:-1] + [right[-1] * 3 + 1]
    return f"answer = {wrong!r}", f"{round((len(right) - 1) / len(right), 4):g}"


def _rows(path: Path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def _details(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _grade(tmp_path: Path, subs: Path, roster_path: Path, capsys, out: str = "grades.csv") -> tuple[str, str]:
    assert main(["grade", str(subs), "--topic", TOPIC, "--roster", str(roster_path), "--secret", SECRET,
                 "--out", str(tmp_path / out)]) == 0
    said = capsys.readouterr()
    return said.out, said.err


def _check_details(rows: list[dict[str, str]], expected: list[tuple[str, str, str]]) -> None:
    """Every row: (id or lms id, points, reason); a reason ending in "…" is a prefix."""
    assert len(rows) == len(expected), [r["reason"] for r in rows]
    for row, (who, points, reason) in zip(rows, expected):
        assert who in (row["id"], row["lms id"]), (row, who)
        assert row["points"] == points, (who, row)
        if reason.endswith("…"):
            assert row["reason"].startswith(reason[:-1]), (who, row["reason"])
        else:
            assert row["reason"] == reason, (who, row["reason"])


# --- Canvas --------------------------------------------------------------------------------

CANVAS = ("Student,ID,SIS User ID,SIS Login ID,Section\n"
          "    Points Possible,,,,\n"
          '"Lovelace, Ada",104210,S1,ada,A\n'
          '"Babbage, Charles",104211,S2,charles,A\n'
          '"Turing, Alan",104368,S3,alan,B\n'
          '"Hopper, Grace",104400,S4,grace,B\n'
          '"Noether, Emmy",104401,S5,emmy,A\n'
          '"Curie, Marie",104402,S6,marie,A\n'
          '"Franklin, Rosalind",104403,S7,rosalind,B\n'
          '"Meitner, Lise",104404,S8,lise,B\n'
          '"Student, Test",105999,,,A\n')


def _canvas_folder(tmp_path: Path) -> Path:
    """A Canvas bulk download, named as Canvas names it:
    ``sortablename[_LATE]_<user id>_<file id>_<original>``."""
    subs = tmp_path / "canvas"
    right = {i: f"answer = {_right(i)!r}" for i in ("104210", "104211", "104404")}
    # Ada, late, right; Canvas's test student hands in Ada's notebook (104210.ipynb), newest of all
    _put(subs, "lovelaceada_LATE_104210_7700101_shares.ipynb", _notebook("104210", right["104210"]), mtime=1e9)
    _put(subs, "studenttest_105999_7700999_104210.ipynb", _notebook("104210", right["104210"]), mtime=2e9)
    # Charles: an older wrong file and a resubmission of the same name (-1), right; file times say the opposite
    _put(subs, "babbagecharles_104211_7700102_shares.ipynb", _notebook("104211", "answer = [0, 0, 0, 0]"), mtime=2e9)
    _put(subs, "babbagecharles_104211_7700150_shares-1.ipynb", _notebook("104211", right["104211"]), mtime=1e9)
    # Alan hands in Ada's notebook, unrenamed
    _put(subs, "turingalan_104368_7700106_104210.ipynb", _notebook("104210", right["104210"]))
    # Grace: not a notebook at all; Emmy: did not answer; Marie: code in the answer
    _put(subs, "hoppergrace_104400_7700107_shares.ipynb", "this is not JSON {")
    _put(subs, "noetheremmy_104401_7700108_shares.ipynb", _notebook("104401", "answer = None"))
    _put(subs, "curiemarie_104402_7700109_shares.ipynb",
         _notebook("104402", f"answer = __import__('os').system('touch {tmp_path / 'pwned'}')"))
    # Rosalind hands in nothing; Lise gets one part wrong, and uploads a PDF too
    source, _ = _one_wrong("104404")
    _put(subs, "meitnerlise_104404_7700110_shares.ipynb", _notebook("104404", source))
    _put(subs, "meitnerlise_104404_7700111_working.pdf", "%PDF-1.4")
    # macOS's zip leftovers and Jupyter's checkpoints are no submissions
    _put(subs, "__MACOSX/._turingalan_104368_7700106_104210.ipynb", "junk")
    _put(subs, ".ipynb_checkpoints/lovelaceada_LATE_104210_7700101_shares-checkpoint.ipynb",
         _notebook("104210", "answer = None"))
    return subs


def test_a_canvas_download_is_graded_by_canvas_user_id(tmp_path, capsys):
    klass = tmp_path / "canvas.csv"
    klass.write_text(CANVAS, encoding="utf-8")
    subs = _canvas_folder(tmp_path)
    out, err = _grade(tmp_path, subs, klass, capsys)
    assert not (tmp_path / "pwned").exists()  # the answer was read, never run
    _, lise_points = _one_wrong("104404")
    assert _rows(tmp_path / "grades.csv") == [
        ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", TOPIC],
        ["Lovelace, Ada", "104210", "S1", "ada", "A", "1"],
        ["Babbage, Charles", "104211", "S2", "charles", "A", "1"],
        ["Turing, Alan", "104368", "S3", "alan", "B", "0"],
        ["Hopper, Grace", "104400", "S4", "grace", "B", "0"],
        ["Noether, Emmy", "104401", "S5", "emmy", "A", "0"],
        ["Curie, Marie", "104402", "S6", "marie", "A", "0"],
        ["Franklin, Rosalind", "104403", "S7", "rosalind", "B", ""],
        ["Meitner, Lise", "104404", "S8", "lise", "B", lise_points],
    ]
    n = {i: len(_right(i)) for i in ("104210", "104211", "104404")}
    details = _details(tmp_path / "grades-details.csv")
    _check_details(details, [
        ("104210", "1", f"scored: {n['104210']} of {n['104210']} parts right"),
        ("104211", "1", f"scored: {n['104211']} of {n['104211']} parts right"),
        ("104368", "0", "made for 104210 (Lovelace, Ada)"),
        ("104400", "0", "not a readable notebook: …"),
        ("104401", "0", "answer still None (not answered)"),
        ("104402", "0", "answer is not a plain value, not run: …"),
        ("104403", "", "nothing handed in"),
        ("104404", lise_points, f"scored: {n['104404'] - 1} of {n['104404']} parts right; part {n['104404']}: read …"),
        ("105999", "", "not on the roster; not graded"),
    ])
    by = {r["lms id"]: r for r in details}
    assert by["104210"]["file"].endswith("lovelaceada_LATE_104210_7700101_shares.ipynb")
    assert by["104211"]["file"].endswith("_7700150_shares-1.ipynb")
    assert by["104211"]["notes"] == "older file babbagecharles_104211_7700102_shares.ipynb left out"
    assert json.loads(by["104210"]["answer"]) == _right("104210")
    assert by["105999"]["student"] == "studenttest" and by["105999"]["id"] == ""
    assert by["105999"]["file"].endswith("studenttest_105999_7700999_104210.ipynb")
    assert all(r["lms"] == "canvas" for r in details if r["file"])
    assert "graded 7 of 8 students (2 full marks, 1 handed nothing in)" in out
    assert "not on the roster: 1 file" in out and "skipped Canvas's test student (line 11" in out
    assert "studenttest_105999_7700999_104210.ipynb: canvas id '105999': not on the roster; not graded" in err
    assert "__MACOSX" not in err and "checkpoint" not in err

    # the same download with a roster of student numbers: nobody is attributed, and one warning says why
    numbers = tmp_path / "numbers.csv"
    numbers.write_text("student,id\n" + "".join(f"S{k},S{k}\n" for k in range(1, 9)), encoding="utf-8")
    out, err = _grade(tmp_path, subs, numbers, capsys, out="by-number.csv")
    assert err.count("Canvas names downloads by its user id") == 1 and "the ID column of a Canvas gradebook" in err
    assert "graded 0 of 8 students" in out and "not on the roster: 9 files" in out


# --- Moodle --------------------------------------------------------------------------------

WORKSHEET_HEADER = ("Identifier,Full name,ID number,Email address,Status,Grade,Maximum Grade,Grade can be changed,"
                    "Last modified (submission),Last modified (grade),Feedback comments\n")
MOODLE_STUDENTS = [("2200101", "Ada Lovelace", "S1001"), ("2200102", "Charles Babbage", "S1002"),
                   ("2200103", "Alan Turing", "S1003"), ("2200104", "Grace Hopper", "S1004"),
                   ("2200105", "Emmy Noether", "S1005"), ("2200106", "Marie Curie", "S1006"),
                   ("2200107", "Rosalind Franklin", "S1007")]


def _worksheet(tmp_path: Path) -> Path:
    path = tmp_path / "worksheet.csv"
    path.write_text(WORKSHEET_HEADER + "".join(
        f'Participant {p},{name},{sid},{sid.lower()}@uni.example,"Submitted for grading",,1.00,Yes,'
        f'"Monday, 2 March 2026, 10:00 AM",-,\n' for p, name, sid in MOODLE_STUDENTS), encoding="utf-8")
    return path


def _moodle_folder(tmp_path: Path) -> Path:
    """A Moodle download: ``Full Name_<participant>_assignsubmission_file_<original>`` (and
    one student's files in a folder, as "download submissions in folders" gives them)."""
    subs = tmp_path / "moodle"
    f = "_assignsubmission_file_"
    _put(subs, f"Ada Lovelace_2200101{f}shares.ipynb", _notebook("S1001", f"answer = {_right('S1001')!r}"))
    # Charles's submission holds two notebooks: the newer by file time is graded
    _put(subs, f"Charles Babbage_2200102{f}draft.ipynb", _notebook("S1002", "answer = [0, 0, 0, 0]"), mtime=1e9)
    _put(subs, f"Charles Babbage_2200102{f}shares.ipynb", _notebook("S1002", f"answer = {_right('S1002')!r}"),
         mtime=2e9)
    _put(subs, f"Alan Turing_2200103{f}S1001.ipynb", _notebook("S1001", f"answer = {_right('S1001')!r}"))
    _put(subs, "Grace Hopper_2200104_assignsubmission_file/shares.ipynb", "{\"cells\": [")
    _put(subs, f"Emmy Noether_2200105{f}shares.ipynb", _notebook("S1005", "x = 1"))
    _put(subs, f"Marie Curie_2200106{f}shares.ipynb",
         _notebook("S1006", f"answer = __import__('os').system('touch {tmp_path / 'pwned'}')"))
    _put(subs, "Marie Curie_2200106_assignsubmission_onlinetext_onlinetext.html", "<p>see the notebook</p>")
    _put(subs, f"Guest Person_2200999{f}S1001.ipynb", _notebook("S1001", f"answer = {_right('S1001')!r}"))
    return subs


def test_a_moodle_download_is_graded_by_participant_number_from_the_worksheet(tmp_path, capsys):
    klass = roster.read_roster(_worksheet(tmp_path))
    assert klass.kind == "moodle-worksheet" and klass.id_column == "ID number" and klass.lms == "moodle"
    assert [(s.name, s.id, s.aliases) for s in klass.students][:2] == [
        ("Ada Lovelace", "S1001", ("2200101",)), ("Charles Babbage", "S1002", ("2200102",))]
    subs = _moodle_folder(tmp_path)
    out, err = _grade(tmp_path, subs, tmp_path / "worksheet.csv", capsys)
    assert not (tmp_path / "pwned").exists()
    grades = _rows(tmp_path / "grades.csv")
    assert grades[0] == WORKSHEET_HEADER.strip().split(",")
    assert [(r[0], r[2], r[5]) for r in grades[1:]] == [
        ("Participant 2200101", "S1001", "1"), ("Participant 2200102", "S1002", "1"),
        ("Participant 2200103", "S1003", "0"), ("Participant 2200104", "S1004", "0"),
        ("Participant 2200105", "S1005", "0"), ("Participant 2200106", "S1006", "0"),
        ("Participant 2200107", "S1007", "")]
    assert all(r[8] == "Monday, 2 March 2026, 10:00 AM" for r in grades[1:])  # the rest of the row as exported
    n1, n2 = len(_right("S1001")), len(_right("S1002"))
    details = _details(tmp_path / "grades-details.csv")
    _check_details(details, [
        ("S1001", "1", f"scored: {n1} of {n1} parts right"),
        ("S1002", "1", f"scored: {n2} of {n2} parts right"),
        ("S1003", "0", "made for S1001 (Ada Lovelace)"),
        ("S1004", "0", "not a readable notebook: …"),
        ("S1005", "0", "no answer = line (not answered)"),
        ("S1006", "0", "answer is not a plain value, not run: …"),
        ("S1007", "", "nothing handed in"),
        ("2200999", "", "not on the roster; not graded"),
    ])
    assert details[1]["notes"] == ("another file of the submission, Charles Babbage_2200102_assignsubmission_file_"
                                   "draft.ipynb, left out (the newest by file time is graded)")
    assert details[3]["file"].endswith("Grace Hopper_2200104_assignsubmission_file/shares.ipynb")
    assert details[7]["student"] == "Guest Person" and details[7]["lms"] == "moodle"
    assert "Guest Person_2200999" in err and "graded 6 of 7 students (2 full marks, 1 handed nothing in)" in out

    # a Moodle gradebook export has no participant numbers: nothing is guessed from the names
    gradebook = tmp_path / "gradebook.csv"
    gradebook.write_text("First name,Last name,ID number,Institution,Department,Email address\n" + "".join(
        f"{name.split()[0]},{name.split()[1]},{sid},,,{sid.lower()}@uni.example\n" for _, name, sid in MOODLE_STUDENTS),
        encoding="utf-8")
    out, err = _grade(tmp_path, subs, gradebook, capsys, out="from-gradebook.csv")
    assert err.count("Moodle names downloads by the participant number") == 1
    assert "Pass the assignment's grading worksheet" in err and "as --roster" in err
    rows = _details(tmp_path / "from-gradebook-details.csv")
    assert [r["reason"] for r in rows[:7]] == ["nothing handed in"] * 7
    assert len(rows) == 15 and all("roster has no Moodle participant ids" in r["reason"] for r in rows[7:])
    assert "graded 0 of 7 students" in out


# --- Blackboard ----------------------------------------------------------------------------

BLACKBOARD = [("Lovelace", "Ada", "ada_l"), ("Babbage", "Charles", "cbabbage"), ("Turing", "Alan", "aturing"),
              ("Hopper", "Grace", "ghopper"), ("Noether", "Emmy", "enoether"), ("Curie", "Marie", "m_curie_2"),
              ("Franklin", "Rosalind", "rfranklin")]


def test_a_blackboard_download_is_graded_by_username(tmp_path, capsys):
    klass = tmp_path / "blackboard.xls"
    klass.write_bytes(('"Last Name"\t"First Name"\t"Username"\t"Student ID"\t"Last Access"\t"Availability"\n' + "".join(
        f'"{last}"\t"{first}"\t"{user}"\t""\t"2026-09-01"\t"Yes"\n' for last, first, user in BLACKBOARD)
    ).encode("utf-16"))
    subs = tmp_path / "blackboard"
    a = "Week 3_Shares HW"  # an assignment name with a space and an underscore
    _put(subs, f"{a}_ada_l_attempt_2026-03-01-10-00-00.ipynb", _notebook("ada_l", f"answer = {_right('ada_l')!r}"))
    _put(subs, f"{a}_ada_l_attempt_2026-03-01-10-00-00.txt", "Name: Ada Lovelace (ada_l)\n")
    # Charles: an older attempt, wrong, and a newer one, right; the file times say the opposite
    _put(subs, f"{a}_cbabbage_attempt_2026-03-01-09-00-00_shares.ipynb", _notebook("cbabbage", "answer = [0, 0, 0, 0]"),
         mtime=2e9)
    _put(subs, f"{a}_cbabbage_attempt_2026-03-02-09-00-00_shares.ipynb",
         _notebook("cbabbage", f"answer = {_right('cbabbage')!r}"), mtime=1e9)
    _put(subs, f"{a}_aturing_attempt_2026-03-01-11-00-00_ada_l.ipynb", _notebook("ada_l", f"answer = {_right('ada_l')!r}"))
    _put(subs, f"{a}_ghopper_attempt_2026-03-01-11-30-00_shares.ipynb", "")
    _put(subs, f"{a}_enoether_attempt_2026-03-01-12-00-00_shares.ipynb", _notebook("enoether", "answer = None"))
    _put(subs, f"{a}_m_curie_2_attempt_2026-03-01-12-30-00_shares.ipynb",
         _notebook("m_curie_2", f"answer = __import__('os').system('touch {tmp_path / 'pwned'}')"))
    _put(subs, f"{a}_guest_x_attempt_2026-03-01-13-00-00_shares.ipynb", _notebook("ada_l", "answer = 1"))
    out, err = _grade(tmp_path, subs, klass, capsys)
    assert not (tmp_path / "pwned").exists()
    assert _rows(tmp_path / "grades.csv") == [["student", "id", TOPIC], ["Ada Lovelace", "ada_l", "1"],
                                              ["Charles Babbage", "cbabbage", "1"], ["Alan Turing", "aturing", "0"],
                                              ["Grace Hopper", "ghopper", "0"], ["Emmy Noether", "enoether", "0"],
                                              ["Marie Curie", "m_curie_2", "0"], ["Rosalind Franklin", "rfranklin", ""]]
    n1, n2 = len(_right("ada_l")), len(_right("cbabbage"))
    details = _details(tmp_path / "grades-details.csv")
    _check_details(details, [
        ("ada_l", "1", f"scored: {n1} of {n1} parts right"),
        ("cbabbage", "1", f"scored: {n2} of {n2} parts right"),
        ("aturing", "0", "made for ada_l (Ada Lovelace)"),
        ("ghopper", "0", "not a readable notebook: …"),
        ("enoether", "0", "answer still None (not answered)"),
        ("m_curie_2", "0", "answer is not a plain value, not run: …"),
        ("rfranklin", "", "nothing handed in"),
        ("x", "", "not on the roster; not graded"),  # an unknown username: the last field
    ])
    assert details[1]["notes"] == f"older file {a}_cbabbage_attempt_2026-03-01-09-00-00_shares.ipynb left out"
    assert details[5]["lms id"] == "m_curie_2" and details[7]["student"] == f"{a}_guest"
    assert ".txt" not in err and "guest_x_attempt" in err


def test_the_notebooks_own_id_decides_whose_it_is(tmp_path):
    """The metadata's student id, else the STUDENT_ID line; when they disagree the metadata
    counts, and the details say so."""
    path = tmp_path / "class.csv"
    path.write_text("student,id\nAda,1\nAlan,2\nGrace,3\n", encoding="utf-8")
    klass = roster.read_roster(path)
    subs = tmp_path / "subs"
    for sid, made_for, line, metadata in (("1", "1", '"1"', False), ("2", "1", '"2"', True), ("3", "1", '"1"', False)):
        nb = nbformat.reads(_notebook(made_for, f"answer = {_right(sid)!r}"), as_version=4)
        nb.cells[-1].source = nb.cells[-1].source.replace('STUDENT_ID = "1"', f"STUDENT_ID = {line}")
        if not metadata:
            del nb.metadata["overcommit"]
        _put(subs, f"{sid}.ipynb", nbformat.writes(nb))
    found = grading.grade_folder(subs, TOPIC, klass, SECRET)
    ada, alan, grace = found.results
    assert ada.points == 1 and ada.notes == [] and ada.lms == "plain"
    assert (alan.points, alan.reason) == (0, "made for 1 (Ada)")
    assert alan.notes == ["its metadata says it was made for 1, its STUDENT_ID line says 2: the metadata counts"]
    assert (grace.points, grace.reason) == (0, "made for 1 (Ada)") and not found.extras and not found.warnings


# --- file names ----------------------------------------------------------------------------


@pytest.mark.parametrize("name, lms, who, original", [
    ("lovelaceada_LATE_104210_7700101_shares.ipynb", "canvas", "104210", "shares.ipynb"),
    ("studenttest_105999_7700999_studentb_104368_7700106_104210.ipynb", "canvas", "105999",
     "studentb_104368_7700106_104210.ipynb"),
    ("obriensen_104500_88_my_notebook 2.ipynb", "canvas", "104500", "my_notebook 2.ipynb"),
    ("anon_xK3p9_7700_shares.ipynb", "canvas", "anon_xK3p9", "shares.ipynb"),
    ("Seán O'Brien_1234567_assignsubmission_file_lovelaceada_104210_77_x.ipynb", "moodle", "1234567",
     "lovelaceada_104210_77_x.ipynb"),
    ("Ada_1_assignsubmission_onlinetext_onlinetext.html", "moodle", "1", "onlinetext.html"),
    ("HW 1_part_a_jo_smith_attempt_2026-01-02-03-04-05_nb.ipynb", "blackboard", "jo_smith", "nb.ipynb"),
    ("HW 1_part_a_jo_smith_attempt_2026-01-02-03-04-05.txt", "blackboard", "jo_smith", ""),
    ("104210.ipynb", "plain", "104210", "104210.ipynb"),
    ("notes_1_2.ipynb", "plain", "notes_1_2", "notes_1_2.ipynb"),
])
def test_file_names_as_each_lms_writes_them(name, lms, who, original):
    named = submissions.parse(Path(name), usernames={"jo_smith", "smith"})
    assert (named.lms, named.submitter, named.original) == (lms, who, original)


def test_the_newest_canvas_file_is_the_larger_file_id_and_blackboard_the_later_attempt():
    older = submissions.parse("smithjo_104210_900_shares.ipynb")
    newer = submissions.parse("smithjo_104210_1000_shares-1.ipynb")
    assert older.order < newer.order and newer.late is False
    assert submissions.parse("x_LATE_1_2_y.ipynb").late
    a = submissions.parse("A_jo_attempt_2026-01-02-03-04-05.ipynb")
    b = submissions.parse("A_jo_attempt_2026-01-10-03-04-05.ipynb")
    assert a.order < b.order and a.name == "A"


# --- rosters -------------------------------------------------------------------------------


@pytest.mark.parametrize("text, message", [
    ("Student,ID,SIS User ID,SIS Login ID,Section\n\"Lovelace, Ada\",1,S1,a,A\n# a comment\n\"Turing, Alan\",,S2,b,A\n",
     "line 4 has an empty id (tried ['ID'])"),
    ("Student,ID,SIS User ID,SIS Login ID,Section\n\"Lovelace, Ada\",1,S1,a,A\n\"Turing, Alan\",12a,S2,b,A\n",
     "line 3: ID '12a' is not accepted"),
    (WORKSHEET_HEADER + "Participant 1,Ada,S1,a@x,,,,,,,\nParticipant,Alan,S2,b@x,,,,,,,\n",
     "line 3: Identifier 'Participant' is not accepted"),
    (WORKSHEET_HEADER + "Participant 1,Ada,,,,,,,,,\n", "line 2 has an empty id (tried ['ID number', 'Email address'])"),
])
def test_a_roster_error_names_the_line(tmp_path, text, message):
    path = tmp_path / "class.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match="roster: ") as info:
        roster.read_roster(path)
    assert message in str(info.value)


def test_canvas_test_student_and_manual_posting_rows_are_not_students(tmp_path):
    path = tmp_path / "class.csv"
    path.write_text("Student,ID,SIS User ID,SIS Login ID,Section,HW (1)\n,,,,,Manual Posting\n"
                    "    Points Possible,,,,,1\n\"Lovelace, Ada\",104210,S1,ada,A,\nTest Student,105999,,,A,\n",
                    encoding="utf-8")
    klass = roster.read_roster(path)
    assert [s.id for s in klass.students] == ["104210"] and klass.students[0].aliases == ("104210",)
    assert klass.notes == ("skipped Canvas's test student (line 5: 'Test Student')",)


def test_a_worksheet_without_id_numbers_takes_the_email(tmp_path):
    path = tmp_path / "w.csv"
    path.write_text(WORKSHEET_HEADER + "Participant 11,Ada Lovelace,,ada@x,,,,,,,\n"
                    "Participant 12,Alan Turing,S2,alan@x,,,,,,,\n", encoding="utf-8")
    klass = roster.read_roster(path)
    assert [(s.id, s.aliases) for s in klass.students] == [("ada@x", ("11",)), ("alan@x", ("12",))]


# --- spreadsheets safe to open -------------------------------------------------------------

FORMULA_NAMES = ['=HYPERLINK("http://x","y")', "+SUM(1)", "-2+3", "@cmd", "\tTabbed", "Plain Name"]


def _unsafe(value: str) -> bool:
    return value.startswith(sheets.FORMULA_START) and not __import__("re").fullmatch(sheets.PLAIN_NUMBER, value)


def test_formula_like_names_and_answers_are_neutralised_in_every_csv(tmp_path, capsys):
    path = tmp_path / "class.csv"
    ids = ["1001", "1002", "1003", "1004", "-7", "1006"]  # -7: a number, kept as it is
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student", "id"], *zip(FORMULA_NAMES, ids)])
    klass = roster.read_roster(path)
    assert [s.id for s in klass.students] == ids
    key_dir, nb_dir, subs = tmp_path / "key", tmp_path / "nb", tmp_path / "subs"
    assert main(["exercise", "--roster", str(path), "--secret", SECRET, "--out", str(key_dir), "--no-pdf",
                 "--topics", TOPIC]) == 0
    assert main(["assign", TOPIC, "--roster", str(path), "--secret", SECRET, "--out", str(nb_dir)]) == 0
    answers = {"1001": 'answer = "=1+1"', "1002": "answer = ['+SUM(1)', '@x']", "1003": 'answer = "-2+3"',
               "1004": "answer = '@cmd'", "-7": f"answer = {_right('-7')!r}", "1006": 'answer = "\\tx"'}
    for sid, source in answers.items():
        nb = nbformat.read(nb_dir / f"{sid}.ipynb", as_version=4)
        nb.cells[-1].source = nb.cells[-1].source.replace("answer = None", source)
        subs.mkdir(exist_ok=True)
        nbformat.write(nb, subs / f"{sid}.ipynb")
    _put(subs, "=cmd_1_assignsubmission_file_x.ipynb", "{}")  # a name part that looks like a formula
    _grade(tmp_path, subs, path, capsys)
    written = [tmp_path / "grades.csv", tmp_path / "grades-details.csv", key_dir / "answer_key.csv",
               key_dir / "seeds.csv"]
    for sheet in written:
        rows = _rows(sheet)
        assert len(rows) > 1
        for row in rows:
            for value in row:
                assert not _unsafe(value), (sheet.name, value)
        names = [r[0] for r in rows[1:]]
        for name in FORMULA_NAMES[:4]:
            assert "'" + name in names, (sheet.name, name)
        assert "Tabbed" in names  # the roster's reader strips it; never written with its tab
        assert {r[1] for r in rows[1:] if r[0] != "'=cmd"} == set(ids), sheet.name  # ids as the roster has them
    details = {r["id"]: r for r in _details(tmp_path / "grades-details.csv")}
    assert details["1001"]["answer"] == "'=1+1" and details["1003"]["answer"] == "'-2+3"
    assert details["1004"]["answer"] == "'@cmd" and details["-7"]["points"] == "1"
    assert details[""]["student"] == "'=cmd" and details[""]["lms"] == "moodle"
    grades = _rows(tmp_path / "grades.csv")
    assert grades[5] == ["Tabbed", "-7", "1"]
    md = (key_dir / "answer_key.md").read_text(encoding="utf-8")
    assert "## =HYPERLINK\\(&quot;http://x&quot;,&quot;y&quot;\\) (id 1001)" in md and "<" not in md.split("###")[0]


@pytest.mark.parametrize("value, written", [
    ("=1+1", "'=1+1"), ("+SUM(1)", "'+SUM(1)"), ("-2+3", "'-2+3"), ("@cmd", "'@cmd"), ("\tx", "'\tx"), ("\rx", "'\rx"),
    ("-0.5", "-0.5"), ("+3", "+3"), ("1e-05", "1e-05"), (-0.5, "-0.5"), (3, "3"), (None, ""), ("a=b", "a=b"),
    ("104210", "104210"), ("- item", "'- item"),
])
def test_a_cell_is_neutralised_unless_it_is_a_plain_number(value, written):
    assert sheets.cell(value) == written


# --- roster data outside the repository ----------------------------------------------------


@pytest.mark.skipif(shutil.which("git") is None, reason="no git on this machine")
def test_writing_roster_data_into_a_repository_warns_unless_git_ignores_it(tmp_path, capsys):
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    path = tmp_path / "class.csv"  # the roster itself outside the repository
    path.write_text("student,id\nAda,1\nAlan,2\n", encoding="utf-8")
    common = ["--roster", str(path), "--secret", SECRET]
    assert main(["exercise", *common, "--out", str(repo / "key"), "--no-pdf", "--topics", TOPIC]) == 0
    assert main(["assign", TOPIC, *common, "--out", str(repo / "nb")]) == 0
    assert main(["grade", str(repo / "nb"), "--topic", TOPIC, *common, "--out", str(repo / "grades.csv")]) == 0
    err = capsys.readouterr().err
    for written in ("key", "nb", "grades.csv", "grades-details.csv"):
        assert f"warning: {repo / written} holds" in err, written
    assert err.count("outside the repository") == 4
    # ignored by git, or outside any work tree: nothing to say
    (repo / ".gitignore").write_text("key/\nnb/\ngrades*.csv\n", encoding="utf-8")
    assert main(["exercise", *common, "--out", str(repo / "key"), "--no-pdf", "--topics", TOPIC]) == 0
    assert main(["assign", TOPIC, *common, "--out", str(repo / "nb")]) == 0
    assert main(["grade", str(repo / "nb"), "--topic", TOPIC, *common, "--out", str(repo / "grades.csv")]) == 0
    assert main(["assign", TOPIC, *common, "--out", str(tmp_path / "elsewhere")]) == 0
    assert "outside the repository" not in capsys.readouterr().err
    assert sheets.repo_warning(tmp_path / "elsewhere") is None


def test_the_default_outputs_are_git_ignored_in_this_project():
    root = Path(__file__).resolve().parents[1]
    ignored = (root / ".gitignore").read_text(encoding="utf-8").splitlines()
    for entry in ("/answer-key/", "/notebooks/", "/grades.csv", "/grades-details.csv", "_build/"):
        assert entry in ignored, entry
