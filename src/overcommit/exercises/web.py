"""The seeded exercises for the static site: every seed's question, answer and worked
solution, precomputed from this package, so a reader can type the seed an instructor gave
and check an answer in the browser without a kernel.

One small JSON file per exercise and seed (``exercises/<topic>/<seed>.json`` under the
site's ``_static``), because a page should load only the variant the reader asks for: the
1,000 DAT variants together are about 11 MB, one of them about 11 KB. The book's Sphinx
extension (:mod:`overcommit.book.sphinxext`) writes them at the end of every HTML build;
``_static/selfcheck.js`` fetches them and compares answers with the same tolerances as
:func:`overcommit.exercises.check`.
"""

from __future__ import annotations

import json
from pathlib import Path

from markdown_it import MarkdownIt

from . import CLASS_SEEDS, TOPICS, generate, plain_answer

_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


def variant(topic: str, seed: int) -> dict:
    """What the browser gets for (``topic``, ``seed``): HTML question and solution, the
    answer and its tolerances."""
    ex = generate(topic, seed)
    return {
        "topic": topic, "seed": seed,
        "question": _markdown.render(ex.question), "solution": _markdown.render(ex.solution),
        "answer": plain_answer(ex.answer), "rel": ex.rel_tolerance, "abs": ex.abs_tolerance,
    }


def write_bank(directory: str | Path, topics=TOPICS, seeds=CLASS_SEEDS) -> int:
    """Write ``<directory>/<topic>/<seed>.json`` for every topic and seed; the file count."""
    count = 0
    for topic in topics:
        folder = Path(directory) / topic
        folder.mkdir(parents=True, exist_ok=True)
        for seed in seeds:
            text = json.dumps(variant(topic, seed), separators=(",", ":"), ensure_ascii=False)
            (folder / f"{seed}.json").write_text(text, encoding="utf-8")
            count += 1
    return count


__all__ = ["variant", "write_bank"]
