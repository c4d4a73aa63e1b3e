"""Seeded exercise for the chapter "Page replacement": replay a short trace under one
policy, count its page faults and say what is left in memory.

The seed picks the policy (FIFO, LRU, CLOCK or OPT; random replacement is left out because
its answer would depend on the draws), the number of frames (3 to 5; 3 or 4 for OPT) and a
trace of 12 to 18 references over two more pages than frames. The answer is the number of
misses with memory starting empty, then the pages in memory after the last reference in
increasing order, each part worth its share of the points: both are computed by
:func:`overcommit.replacement.run`, and the worked solution replays the trace reference by
reference with the same function.
"""

from __future__ import annotations

from ..replacement import run
from ..seeding import rng
from . import Exercise, first_worth_asking

POLICY_RULES = {
    "fifo": "FIFO evicts the page that was *loaded* longest ago; a hit changes nothing.",
    "lru": "LRU evicts the page that was *referenced* longest ago; a hit makes the page the "
           "most recent.",
    "clock": (
        "CLOCK keeps the frames in a ring with a hand and one reference bit per frame. A hit "
        "sets the page's bit. On a miss the hand clears set bits and moves on until it finds "
        "a clear one, evicts that page, loads the new page there with its bit set, and "
        "advances one frame. (While memory is filling, the hand just moves to the next empty "
        "frame.)"
    ),
    "opt": "OPT (Belady's MIN) evicts the page whose next reference lies farthest in the "
           "future, or one that is never referenced again.",
}
NAMES = {"fifo": "FIFO", "lru": "LRU", "clock": "CLOCK", "opt": "OPT"}
#: the shortest and longest traces asked
LENGTHS = (12, 18)


def _trace(gen, pages: int, length: int) -> list[int]:
    return [int(p) for p in gen.integers(1, pages + 1, size=length)]


def _replay(trace: list[int], frames: int, policy: str) -> list[tuple[int, str, str]]:
    """(page, hit or miss, pages in memory afterwards) for each reference."""
    steps = []
    previous = 0
    for k in range(1, len(trace) + 1):
        result = run(trace[:k], frames, policy)
        outcome = "miss" if result.misses > previous else "hit"
        previous = result.misses
        steps.append((trace[k - 1], outcome, " ".join(str(p) for p in sorted(result.resident))))
    return steps


def generate(seed: int) -> Exercise:
    """The exercise for ``seed``: same seed, same trace, policy, frames and answer."""
    return first_worth_asking(seed, _build, not_worth)


def not_worth(ex: Exercise) -> str | None:
    """Why this replacement variant teaches nothing, or None: every miss is a first
    reference (the policy never chooses), or nothing hits."""
    trace = ex.parameters["trace"]
    misses = ex.answer[0] if isinstance(ex.answer, list) else ex.answer
    if misses <= len(set(trace)):
        return "no miss is caused by an eviction"
    if "policy" in ex.parameters and misses - len(set(trace)) < _wanted(ex.parameters["policy"]):
        return "too few misses are caused by evictions to tell the policy apart"
    if misses >= len(trace):
        return "every reference misses"
    return None


def _wanted(policy: str) -> int:
    """The fewest misses beyond the compulsory ones a trace must cause (OPT faults least)."""
    return 2 if policy == "opt" else 3


def _build(seed: int, variant: int) -> Exercise:
    gen = rng(variant)
    policy = str(gen.choice(list(NAMES)))
    # OPT faults so rarely that 4 frames leave almost nothing to work out.
    frames = int(gen.integers(3, 5)) if policy == "opt" else int(gen.integers(3, 6))
    length = int(gen.integers(LENGTHS[0], LENGTHS[1] + 1))
    pages = frames + 2
    wanted = _wanted(policy)
    # Draw until the trace is not trivial: at least `wanted` misses beyond the compulsory
    # ones (the first reference to each page). Keep the best draw should none qualify.
    best = None
    for _ in range(1000):
        candidate = _trace(gen, pages, length)
        extra = run(candidate, frames, policy).misses - len(set(candidate))
        if best is None or extra > best[0]:
            best = (extra, candidate)
        if extra >= wanted:
            break
    trace = best[1]
    distinct = len(set(trace))
    result = run(trace, frames, policy)
    misses, left = result.misses, sorted(int(p) for p in result.resident)
    steps = _replay(trace, frames, policy)
    shown = ", ".join(str(p) for p in trace)
    question = (
        f"A memory of **{frames} frames**, empty at the start, runs **{NAMES[policy]}** "
        f"replacement. How many page faults (misses) does this trace of {length} references "
        f"cause, and which pages are in memory after its last reference?\n\n`{shown}`\n\n"
        f"{POLICY_RULES[policy]}\n\nAnswer with the number of faults, then the {frames} pages left in "
        f"memory in increasing order, all separated by commas; each of them earns its share."
    )
    table = ["| # | page | outcome | in memory afterwards |", "|---:|---:|:---|:---|"]
    table += [f"| {k} | {p} | {o} | {m} |" for k, (p, o, m) in enumerate(steps, start=1)]
    compulsory = distinct
    solution = (
        f"Replay the trace one reference at a time ({NAMES[policy]}, {frames} frames; pages "
        "in memory listed in numerical order):\n\n" + "\n".join(table) + "\n\n"
        f"**{misses} misses**: {compulsory} compulsory (the first reference to each of the "
        f"{distinct} pages) and {misses - compulsory} caused by earlier evictions; memory ends "
        f"holding pages **{', '.join(map(str, left))}**. Check: `replacement.run([{shown}], {frames}, "
        f"\"{policy}\")` has `misses` {misses} and `resident` {set(left)}."
    )
    return Exercise(
        topic="replacement",
        seed=seed,
        question=question,
        answer=[misses, *left],
        solution=solution,
        rel_tolerance=0.0,
        abs_tolerance=0.0,
        units=("faults", *[None] * len(left)),  # the faults, then page numbers
        parameters={"trace": trace, "frames": frames, "policy": policy},
    )


__all__ = ["generate"]
