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
import os
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from pathlib import Path

from markdown_it import MarkdownIt

from . import CLASS_SEEDS, TOPICS, checks, generate, plain_answer

_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


def variant(topic: str, seed: int, solution: bool = True) -> dict:
    """What the browser gets for (``topic``, ``seed``): HTML question, the answer and its
    tolerances, and (``solution=True``, the instructor edition) the worked solution."""
    ex = generate(topic, seed)
    out = {
        "topic": topic, "seed": seed, "question": _markdown.render(ex.question),
        "answer": plain_answer(ex.answer), "rel": ex.rel_tolerance, "abs": ex.abs_tolerance,
    }
    if solution:
        out["solution"] = _markdown.render(ex.solution)
    return out


def fixed(id: str, solution: bool = True) -> dict:
    """What the browser gets for the fixed-answer exercise ``id``
    (:mod:`overcommit.exercises.checks`)."""
    c = checks.get(id)
    out = {"id": id, "answer": plain_answer(c.answer), "rel": c.rel_tolerance, "abs": c.abs_tolerance,
           "unit": c.unit}
    if solution:
        out["solution"] = _markdown.render(c.solution)
    return out


def write_checks(directory: str | Path, solutions: bool = True) -> int:
    """Write ``<directory>/check/<id>.json`` for every fixed-answer exercise; the count."""
    folder = Path(directory) / "check"
    folder.mkdir(parents=True, exist_ok=True)
    ids = checks.ids()
    for id in ids:
        text = json.dumps(fixed(id, solutions), separators=(",", ":"), ensure_ascii=False)
        (folder / f"{id}.json").write_text(text, encoding="utf-8")
    return len(ids)


def _variants(topic: str, seeds: tuple[int, ...]) -> list[dict]:
    return [variant(topic, seed, solution=True) for seed in seeds]


def bank(topics=TOPICS, seeds=CLASS_SEEDS, workers: int | None = None) -> dict[str, list[dict]]:
    """Every ``topic``'s variant for every seed of ``seeds``, with the worked solutions, in
    ``workers`` processes (default: one per CPU). The full bank, the one both editions of the
    book write, is kept in :mod:`overcommit.cache`, so it is computed once per version of the
    package and its data."""
    topics, seeds = tuple(topics), tuple(seeds)

    def compute() -> dict[str, list[dict]]:
        count = max(1, min(workers or os.cpu_count() or 1, len(topics)))
        if count == 1:
            return {t: _variants(t, seeds) for t in topics}
        with ProcessPoolExecutor(max_workers=count) as pool:
            return dict(zip(topics, pool.map(_variants, topics, repeat(seeds))))

    if topics == tuple(TOPICS) and seeds == tuple(CLASS_SEEDS):
        from ..cache import cached

        return cached("exercise-bank", compute)
    return compute()


def write_bank(directory: str | Path, topics=TOPICS, seeds=CLASS_SEEDS, solutions: bool = True) -> int:
    """Write ``<directory>/<topic>/<seed>.json`` for every topic and seed; the file count.
    ``solutions=False`` (the student edition) leaves the worked solutions out."""
    count = 0
    for topic, variants in bank(topics, seeds).items():
        folder = Path(directory) / topic
        folder.mkdir(parents=True, exist_ok=True)
        for v in variants:
            shown = v if solutions else {k: x for k, x in v.items() if k != "solution"}
            text = json.dumps(shown, separators=(",", ":"), ensure_ascii=False)
            (folder / f"{v['seed']}.json").write_text(text, encoding="utf-8")
            count += 1
    return count


__all__ = ["bank", "fixed", "variant", "write_bank", "write_checks"]
