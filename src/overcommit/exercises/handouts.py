"""A class's graded questions on paper: the answer key and one handout per student.

``python -m overcommit exercise --roster class.csv --secret S --out DIR`` writes, for the
roster's students and the chosen topics (:mod:`overcommit.exercises.graded` draws each
student's variant):

- ``answer_key.csv``: one row per student and topic with the question's text, the answer
  and the tolerance, for the instructor (every cell safe to open in a spreadsheet,
  :mod:`overcommit.exercises.sheets`);
- ``answer_key.md``: the same with the worked solutions, to print (names and ids HTML
  escaped, :func:`markdown_text`);
- ``seeds.csv``: the graded seeds, should a question ever need regenerating (keep it with
  the secret: a seed is the answer to anyone with the package);
- ``handouts/<id>.html`` and ``handouts/<id>.pdf``: the student's questions with room for
  the answers, no seed, no answer. The PDF is headless Chromium's print of the HTML.

All of it is roster data: write it outside the project's repository (the default
``answer-key/`` is git-ignored; the command warns otherwise).
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from . import CHAPTER_TITLES, TOPICS, chapter_of, web
from .graded import exercise_for
from .roster import Roster, answer_text
from .sheets import write_csv

#: Chromium's names on the machines the book supports
CHROMIUM = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

STYLE = """
body { font: 11pt/1.45 "DejaVu Sans", Arial, sans-serif; max-width: 44rem; margin: 1.5rem auto; padding: 0 1rem; color: #111; }
h1 { font-size: 1.35rem; margin-bottom: 0.2rem; } h2 { font-size: 1.1rem; margin-top: 1.6rem; border-top: 1px solid #999; padding-top: 0.6rem; }
.who { color: #333; margin-top: 0; } table { border-collapse: collapse; margin: 0.5rem 0; } td, th { border: 1px solid #999; padding: 0.15rem 0.5rem; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 0.95em; } .answer { border: 1px solid #555; min-height: 4.5rem; margin-top: 0.6rem; padding: 0.3rem; color: #555; }
@media print { h2 { break-inside: avoid; } .answer { break-inside: avoid; } }
"""


def markdown_text(text: str) -> str:
    """A roster's name or id as Markdown text: HTML escaped (as the handouts escape it), and
    the marks that make links, emphasis or code (``[ ] ( ) * _ ` \\ < > !``) taken literally."""
    return re.sub(r"([\\`*_\[\]()!])", r"\\\1", html.escape(text))


def file_name(student_id: str) -> str:
    """A student's id as a file name: letters, digits, ``.``, ``-`` and ``_`` kept."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", student_id) or "_"


def handout_html(name: str, student_id: str, questions: list[tuple[str, str]], course: str = "") -> str:
    """One student's handout: ``questions`` as (topic, Markdown question)."""
    parts = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(name)}: "
             f"questions</title><style>{STYLE}</style></head><body>",
             f"<h1>{html.escape(course or 'Overcommitted')}: your questions</h1>",
             f"<p class=\"who\">{html.escape(name)} (id {html.escape(student_id)}). These questions are yours "
             "alone: answer them from the book's chapters and figures.</p>"]
    for k, (topic, question) in enumerate(questions, start=1):
        chapter = CHAPTER_TITLES[chapter_of(topic)]
        section = CHAPTER_TITLES[topic].removeprefix(chapter)  # ": where the time goes", or nothing
        parts += [f"<h2>Question {k} (chapter <em>{html.escape(chapter)}</em>{html.escape(section)})</h2>",
                  web.markdown.render(question),
                  "<div class=\"answer\">Your answer:</div>"]
    parts.append("</body></html>")
    return "\n".join(parts)


def chromium() -> str:
    """The path of a Chromium to print with, or a ``ValueError`` naming what was looked for."""
    for name in CHROMIUM:
        found = shutil.which(name)
        if found:
            return found
    raise ValueError(f"pdf: no Chromium found (looked for {', '.join(CHROMIUM)}); install one "
                     "(Debian: apt-get install chromium) or pass --no-pdf for HTML handouts only")


def print_pdf(html_path: Path, pdf_path: Path, browser: str) -> None:
    """``html_path`` printed to ``pdf_path`` by headless Chromium, with no header or footer."""
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
                        "--no-pdf-header-footer", f"--print-to-pdf={pdf_path}", html_path.resolve().as_uri()],
                       check=True, capture_output=True, timeout=120)
    if not pdf_path.is_file() or pdf_path.stat().st_size == 0:
        raise RuntimeError(f"pdf: Chromium wrote no PDF for {html_path}")


def write_class(roster: Roster, secret: str, out: str | Path, topics: tuple[str, ...] = TOPICS,
                pdf: bool = True, course: str = "") -> list[Path]:
    """Write the answer key, the seeds and every student's handout into ``out``."""
    for t in topics:
        if t not in TOPICS:
            raise ValueError(f"topics: {t!r} is not accepted; expected some of {', '.join(TOPICS)}")
    browser = chromium() if pdf else None
    out = Path(out)
    (out / "handouts").mkdir(parents=True, exist_ok=True)
    key_path, sheet_path, seeds_path = out / "answer_key.csv", out / "answer_key.md", out / "seeds.csv"
    sheet = ["# Answer key (graded variants)", "",
             f"Topics: {', '.join(topics)}. Every student has their own question per topic.", ""]
    written = [key_path, sheet_path, seeds_path]
    key, seeds = [], []
    for s in roster.students:
        sheet += [f"## {markdown_text(s.name)} (id {markdown_text(s.id)})", ""]
        questions = []
        for topic in topics:
            ex = exercise_for(secret, topic, s.id)
            key.append([s.name, s.id, topic, ex.question, answer_text(ex.answer), ex.rel_tolerance, ex.abs_tolerance])
            seeds.append([s.name, s.id, topic, ex.seed])
            sheet += [f"### {topic}", "", ex.question, "", f"**Answer:** `{answer_text(ex.answer)}`", "",
                      ex.solution, ""]
            questions.append((topic, ex.question))
        page = out / "handouts" / f"{file_name(s.id)}.html"
        page.write_text(handout_html(s.name, s.id, questions, course), encoding="utf-8")
        written.append(page)
        if browser:
            print_pdf(page, page.with_suffix(".pdf"), browser)
            written.append(page.with_suffix(".pdf"))
    write_csv(key_path, ["student", "id", "topic", "question", "answer", "relative_tolerance", "absolute_tolerance"],
              key)
    write_csv(seeds_path, ["student", "id", "topic", "seed"], seeds)
    sheet_path.write_text("\n".join(sheet), encoding="utf-8")
    return written


__all__ = ["CHROMIUM", "chromium", "file_name", "handout_html", "markdown_text", "print_pdf", "write_class"]
