"""The seeded exercises for the static site: every seed's question, answer and worked
solution, precomputed from this package, so a reader can type the seed an instructor gave
and check an answer in the browser without a kernel.

The variants of an exercise are packed a few seeds to a file,
``exercises/<topic>/<first>-<last>.json`` under the site's ``_static`` (a JSON list of the
variants of seeds ``first`` to ``last``), and ``exercises/index.json`` says how many seeds
each topic packs per file. A page should load little more than the variant the reader asks
for (the 1,000 DAT variants together are about 11 MB, one of them about 11 KB), but one file
per seed made the site 17,000 files, which a course's web space or a zip of the site handles
badly. So each topic gets as many seeds per file as keep every one of its files within
:data:`CHUNK_BYTES`, counted with the worked solutions, so that the student and the
instructor edition have the same files. The book's Sphinx extension
(:mod:`overcommit.book.sphinxext`) writes them at the end of every HTML build;
``_static/selfcheck.js`` fetches the file that holds the reader's seed and compares answers
with the same tolerances as :func:`overcommit.exercises.check`.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from pathlib import Path

from markdown_it import MarkdownIt

from . import CLASS_SEEDS, TOPICS, answers, checks, generate, part_units, plain_answer

#: the Markdown renderer of everything students read outside the notebooks (the site, handouts)
markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


def variant(topic: str, seed: int, solution: bool = True) -> dict:
    """What the browser gets for (``topic``, ``seed``): HTML question, the answer, its
    units and tolerances, and (``solution=True``) the worked solution."""
    ex = generate(topic, seed)
    out = {
        "topic": topic, "seed": seed, "question": markdown.render(ex.question),
        "answer": plain_answer(ex.answer), "units": part_units(ex), "rel": ex.rel_tolerance, "abs": ex.abs_tolerance,
    }
    if ex.exact is not None:  # rounded either way from it is right (answers.judge_part)
        out["exact"] = plain_answer(ex.exact)
    if solution:
        out["solution"] = markdown.render(ex.solution)
    return out


def fixed(id: str, solution: bool = True) -> dict:
    """What the browser gets for the fixed-answer exercise ``id``
    (:mod:`overcommit.exercises.checks`)."""
    c = checks.get(id)
    out = {"id": id, "answer": plain_answer(c.answer), "units": c.part_units(), "rel": c.rel_tolerance,
           "abs": c.abs_tolerance}
    if solution:
        out["solution"] = markdown.render(c.solution)
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


#: The most bytes a file of variants may hold (UTF-8 JSON, worked solutions included): what a
#: seed box loads. Under 50 KB with room to spare for a variant that grows a little.
CHUNK_BYTES = 40_000

#: Where :func:`write_bank` records each topic's seeds per file, and the answer reader's
#: grammar (:data:`overcommit.exercises.answers.GRAMMAR`) under :data:`READER_KEY`.
INDEX_FILE = "index.json"
READER_KEY = "_reader"


def _encoded(value) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def seeds_per_chunk(topic: str, variants: list[dict], budget: int = CHUNK_BYTES) -> int:
    """The most seeds per file for which every file of ``variants`` (with their worked
    solutions) stays within ``budget`` bytes; seed ``s`` goes to file ``s // n``."""
    if budget <= 2:
        raise ValueError(f"budget: {budget!r} is not accepted; expected more than 2 bytes")
    sizes: dict[int, int] = {}
    for v in variants:
        seed = v["seed"]
        if not isinstance(seed, int) or seed < 0:
            raise ValueError(f"{topic}: seed {seed!r} is not accepted; expected a whole number from 0")
        sizes[seed] = len(_encoded(v))
        if sizes[seed] + 2 > budget:
            raise ValueError(f"{topic}, seed {seed}: the variant is {sizes[seed]} bytes, more than a file "
                             f"may hold (budget {budget} bytes): raise CHUNK_BYTES or shorten the exercise")
    for n in range(max(len(sizes), 1), 0, -1):
        files: dict[int, int] = {}
        for seed, size in sizes.items():
            files[seed // n] = files.get(seed // n, 1) + size + 1  # "[" and a comma or "]" each
        if max(files.values(), default=0) <= budget:
            return n
    return 1  # not reached: one seed per file fits, checked above


def chunk_name(first: int, per_chunk: int, last_seed: int) -> str:
    """The name of the file of ``per_chunk`` seeds that starts at seed ``first``:
    ``<first>-<last>.json``, the last seed cut at the topic's highest, ``last_seed``."""
    return f"{first}-{min(first + per_chunk - 1, last_seed)}.json"


def write_bank(directory: str | Path, topics=TOPICS, seeds=CLASS_SEEDS, budget: int = CHUNK_BYTES) -> int:
    """Write every topic's variants for ``seeds`` as ``<directory>/<topic>/<first>-<last>.json``
    files of :func:`seeds_per_chunk` seeds each (within ``budget`` bytes), and ``<directory>/index.json``
    (``{topic: {"per_chunk": n, "last": the highest seed}}`` and the reader's grammar under
    :data:`READER_KEY`); the number of variants. Both editions carry the worked solutions of
    these practice seeds (the site answers them anyway): the instructor edition shows one
    after Check, the student edition offers it after three wrong tries."""
    count, index = 0, {}
    for topic, variants in bank(topics, seeds).items():
        per_chunk = seeds_per_chunk(topic, variants, budget)
        last = max((v["seed"] for v in variants), default=0)
        index[topic] = {"per_chunk": per_chunk, "last": last}
        chunks: dict[int, list[dict]] = {}
        for v in variants:
            chunks.setdefault(v["seed"] // per_chunk, []).append(v)
        folder = Path(directory) / topic
        folder.mkdir(parents=True, exist_ok=True)
        for k, chunk in chunks.items():
            chunk.sort(key=lambda v: v["seed"])
            (folder / chunk_name(k * per_chunk, per_chunk, last)).write_bytes(_encoded(chunk))
            count += len(chunk)
    Path(directory).mkdir(parents=True, exist_ok=True)
    index[READER_KEY] = answers.GRAMMAR
    (Path(directory) / INDEX_FILE).write_bytes(_encoded(index))
    return count


def read_variant(directory: str | Path, topic: str, seed: int) -> dict:
    """The variant (``topic``, ``seed``) as :func:`write_bank` stored it under ``directory``,
    found the way ``selfcheck.js`` finds it: through ``index.json`` to the file that holds
    the seed."""
    index = json.loads((Path(directory) / INDEX_FILE).read_text(encoding="utf-8"))
    if topic not in index or topic == READER_KEY:
        raise ValueError(f"topic: {topic!r} is not accepted; the bank under {directory} has "
                         + ", ".join(repr(t) for t in sorted(index) if t != READER_KEY))
    entry = index[topic]
    if not isinstance(seed, int) or not 0 <= seed <= entry["last"]:
        raise ValueError(f"seed: {seed!r} is not accepted; the bank of {topic!r} has seeds from 0 to {entry['last']}")
    first = seed - seed % entry["per_chunk"]
    chunk = json.loads((Path(directory) / topic / chunk_name(first, entry["per_chunk"], entry["last"])).read_text(encoding="utf-8"))
    found = [v for v in chunk if v["seed"] == seed]
    if not found:
        raise ValueError(f"seed: {seed!r} is not accepted; the bank of {topic!r} has seeds from 0 to {entry['last']}")
    return found[0]


__all__ = ["CHUNK_BYTES", "bank", "chunk_name", "fixed", "read_variant", "seeds_per_chunk", "variant", "write_bank",
           "write_checks"]
