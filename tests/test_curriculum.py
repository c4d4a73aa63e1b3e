"""The instructor's guide's data: every chapter of the TOC has objectives, every lesson plan
fills 90 minutes with exercises that exist, and the plans render as lists that fit a phone."""

from __future__ import annotations

import re

import pytest

from overcommit.book import curriculum


def test_every_toc_chapter_is_in_the_guide():
    table = curriculum.chapters_md()
    for chapter in curriculum.chapters():
        assert f"{{doc}}`{chapter}`" in table
        assert curriculum.chapter_frame().loc[chapter, "objectives"], chapter


@pytest.mark.parametrize("index", range(3))
def test_lesson_plan_fills_the_lesson_and_lists_its_exercises(index):
    plan = curriculum.lesson_plans()[index]
    assert sum(int(s["minutes"]) for s in plan["segments"]) == curriculum.LESSON_MINUTES
    text = curriculum.lesson_plan_md(index)
    assert "|" not in text, "a table pushes the exercises off a 390 px screen"
    items = re.findall(r"^\d+\. \*\*(\d+)–(\d+) min\*\*", text, flags=re.M)
    assert len(items) == len(plan["segments"])
    assert items[0][0] == "0" and items[-1][1] == str(curriculum.LESSON_MINUTES)
    labels = {e.label for c in curriculum.chapters() for e in curriculum.exercises(c)}
    for seg in plan["segments"]:
        for label in seg.get("exercises", []):
            assert label in labels
            assert f"{{ref}}`{label}`" in text


def test_the_results_lesson_uses_seeded_results_exercises():
    plan = curriculum.lesson_plans()[2]
    named = [label for s in plan["segments"] for label in s.get("exercises", [])]
    assert any(label.startswith("results_") and label.endswith("-ex-seeded") for label in named)


def test_a_plan_naming_a_missing_exercise_is_refused(monkeypatch):
    authored = curriculum._authored()
    broken = {**authored, "lesson_plans": [
        {**authored["lesson_plans"][0], "segments": [
            {**authored["lesson_plans"][0]["segments"][0], "minutes": 90, "exercises": ["no-such-ex"]}]}]}
    monkeypatch.setattr(curriculum, "_authored", lambda: broken)
    with pytest.raises(ValueError, match="no exercise 'no-such-ex'"):
        curriculum.lesson_plans()


def test_lesson_plan_punctuation_is_not_doubled():
    for index in range(3):
        assert "?." not in curriculum.lesson_plan_md(index)
        assert ".." not in curriculum.lesson_plan_md(index)


def test_prerequisites_name_chapters_by_their_titles():
    """A prerequisite that is a chapter shows as a link to it (its title, in the built page),
    never as the chapter's file name; free text stays as the curriculum file says it."""
    md = curriculum.prerequisites_md("tiers; a first course in probability, results_overall and shares")
    assert md == ("{doc}`tiers`; a first course in probability, {doc}`results_overall` and {doc}`shares`")
    befores = re.findall(r"before it: (.*)\)$", curriculum.objectives_md(), flags=re.M)
    assert len(befores) == len(curriculum.chapters())
    assert any("{doc}`results_overall`" in b for b in befores)
    for before in befores:
        bare = re.sub(r"\{doc\}`[^`]*`", "", before)
        assert not any(re.search(rf"(?<![\w/.-]){c}(?![\w/-])", bare) for c in curriculum.chapters()), before


def test_the_semester_plan_reads_every_chapter_and_grades_seeded_topics(monkeypatch):
    from overcommit.exercises import TOPICS

    weeks = curriculum.semester_plan()
    assert [w["week"] for w in weeks] == list(range(1, 15))
    read = [c for w in weeks for c in w["chapters"]]
    assert set(read) == set(curriculum.chapters()) and len(read) == len(set(read))
    assert all(w.get("graded") in TOPICS for w in weeks[1:])
    text = curriculum.semester_plan_md()
    assert text.count("**Read**") == 14 and "{doc}`case_planning`" in text
    authored = curriculum._authored()
    broken = {**authored, "semester_plan": [w for w in authored["semester_plan"] if "case_xen" not in w["chapters"]]}
    monkeypatch.setattr(curriculum, "_authored", lambda: broken)
    with pytest.raises(ValueError, match="semester plan: no week reads case_xen"):
        curriculum.semester_plan()


def test_the_exercises_name_each_chapter_by_its_title():
    """A chapter's own topic carries the chapter's title; a section's topic
    (results_db_time) the title, a colon and the section."""
    from overcommit.exercises import CHAPTER_TITLES, TOPICS, chapter_of

    assert set(CHAPTER_TITLES) == set(TOPICS)
    for topic, title in CHAPTER_TITLES.items():
        chapter = chapter_of(topic)
        assert chapter in curriculum.chapters(), topic
        if topic == chapter:
            assert curriculum.title(chapter) == title
        else:
            assert title.startswith(curriculum.title(chapter) + ": ") and title != curriculum.title(chapter) + ": "


def test_a_week_may_grade_a_sections_topic(monkeypatch):
    """A graded section's topic links its chapter and names the section: there is no page
    called results_db_time."""
    authored = curriculum._authored()
    weeks = [dict(w) for w in authored["semester_plan"]]
    week = next(w for w in weeks if "results_db" in w["chapters"])
    week["graded"] = "results_db_time"
    monkeypatch.setattr(curriculum, "_authored", lambda: {**authored, "semester_plan": weeks})
    text = curriculum.semester_plan_md()
    assert "Graded: the {doc}`results_db` exercise on where the time goes, each student's own variant." in text
    assert "results_db_time" not in text


def test_a_seeded_box_asks_a_topic_of_its_own_chapter():
    """A chapter may hold a box for its own topic and one per section topic
    (``results_db_time`` in ``results_db``), never another chapter's."""
    from overcommit.exercises import TOPICS, chapter_of

    seeded = curriculum.exercise_frame().query("selfcheck == 'seeded'")
    assert len(seeded) and all(t in TOPICS and chapter_of(t) == c for c, t in zip(seeded["chapter"], seeded["topic"]))
    twin = ("# :::{exercise}\n# :label: results_db-ex-time\n# :class: oc-where-browser\n#\n# Where did it go?\n#\n"
            '# <div class="oc-selfcheck" data-topic="results_db_time" data-seed="3"></div>\n# :::\n')
    (found,) = curriculum.parse_exercises("results_db", twin)
    assert (found.selfcheck, found.topic, found.label) == ("seeded", "results_db_time", "results_db-ex-time")
