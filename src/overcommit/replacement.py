"""Page replacement: trace simulation, LRU stack distances, and the characteristic time.

When a z/VM system overcommits memory, the guests together touch more pages than there are
real frames, and some policy decides which page leaves when a new one must come in. This
module answers "how often does a page fault happen?" in two ways that check each other.

**By simulation.** :func:`run` replays a page-reference trace against a memory of ``frames``
page frames under FIFO, LRU, CLOCK, random replacement or Belady's optimal policy OPT (MIN,
Belady 1966: evict the page whose next use lies farthest in the future; no real system can
do it, every real policy can be compared with it). LRU has a property the others lack: it
is a *stack algorithm* (Mattson, Gecsei, Slutz, Traiger 1970). The pages resident in a
memory of C frames are always the C most recently used ones, so a reference hits if and
only if fewer than C other distinct pages were referenced since the previous reference to
the same page. That number is the reference's *stack distance*
(:func:`stack_distances`); one pass over a trace gives the hits for every memory size at
once (:func:`lru_miss_ratio_curve`), and :func:`run` uses it to simulate LRU without
simulating it. FIFO is not a stack algorithm: more frames can mean more faults (Belady's
anomaly, the trace 1,2,3,4,1,2,5,1,2,3,4,5 faults 9 times with 3 frames and 10 times with 4).

**By a formula.** Under the *independent reference model* (IRM) page i is referenced as a
Poisson process of rate λᵢ. Che, Tung and Wang (IEEE JSAC 20(7), 2002) observed that in a
large LRU memory a page stays resident for an almost deterministic time T after its last
reference, the *characteristic time*: it leaves once C other distinct pages have been
referenced, and with many pages that takes nearly the same time whichever page it is. So
page i is resident, and a reference to it hits, with probability

    hᵢ(T) = 1 − exp(−λᵢ T),     and T solves  Σᵢ hᵢ(T) = C,

the memory holds C pages on average. Fricker, Robert and Roberts (ITC 24, 2012) explain why
the approximation is so accurate even for small memories. The same reasoning works for
other policies once one knows how long a page stays per load (its mean residence E[S]);
between two stays, a page waits on average 1/λ for its next reference, so the fraction of
time it is resident is h = λE[S]/(1 + λE[S]):

* FIFO and random replacement: a loaded page stays for T whatever happens (FIFO), or for an
  exponential time of mean T (random), so hᵢ = λᵢT/(1 + λᵢT) (Dan and Towsley, SIGMETRICS
  1990; Martina, Garetto and Leonardi, INFOCOM 2014).
* CLOCK, with the reference bit set when a page is loaded and when it is referenced: T is
  the time the hand needs for one sweep. The bit set on load buys one free sweep; after
  that the page survives each sweep in which it was referenced, probability 1 − e^{−λT}.
  So E[S] = T(1 + e^{λT}) and hᵢ = λᵢT(1 + e^{λᵢT}) / (1 + λᵢT(1 + e^{λᵢT})). This is a
  derivation in the same style, not a published result; the tests check it against
  :func:`run` on Zipf traces.

:func:`che` solves for T and returns the hit probabilities; :func:`shared_memory` puts
several guests in one memory. With *global* replacement there is one T for the whole
memory, so each guest holds Σ_{i∈g} hᵢ(T) frames and faults at rate Σ_{i∈g} λᵢ(1 − hᵢ(T)):
a guest gets memory in proportion to how hot its pages are, not to its size. Fagin (J.
Computer and System Sciences 14(2), 1977) showed that global LRU behaves like a working-set
policy whose window is chosen to fill memory, which is the same statement.

**z/VM.** z/VM 6.3 replaced the older scheme by a *global aging list*: frames of all guests
are taken from the resident pages in turn and their translation is invalidated on trial;
a page referenced again while on the list is revalidated and kept (a second chance),
one not referenced by the time it reaches the end is paged out (changed pages are written
early). That is CLOCK with one hand for the whole machine: model it with
``policy="clock"`` and one characteristic time. z/VM 6.2 and earlier found frames by a
*demand scan* that walked the scheduler's lists in passes, taking pages first from guests
that had not been dispatched recently, and moved many of them to expanded storage (XSTOR)
before paging them to disk. Its selection is by guest as much as by page, so it is not
the per-page global policy above; :func:`two_tier` models its XSTOR as a victim tier
behind real memory, one LRU stack split by age: a reference hits real memory if the page
was referenced within T₁, hits XSTOR if within T₁₂ but not T₁, and faults to disk
otherwise, with T₁ from C₁ frames and T₁₂ from C₁ + C₂.

Every random draw (random replacement, :func:`irm_trace`) goes through
:func:`overcommit.seeding.rng`, so a seed fixes the result.
"""

from __future__ import annotations

import heapq
import math
import statistics
import time
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np
import pandas as pd
from scipy.optimize import brentq
from scipy.special import gammainc, gammaincc

from .seeding import rng

__all__ = [
    "ANALYTIC_POLICIES",
    "COLD",
    "POLICIES",
    "CheResult",
    "Result",
    "SharedMemoryResult",
    "TwoTierResult",
    "benchmark_lru",
    "characteristic_time",
    "che",
    "hit_and_miss",
    "hit_and_slope",
    "hit_probabilities",
    "implied_time",
    "regular_classes",
    "regular_residency",
    "resident_slope_miss",
    "irm_trace",
    "lru_miss_ratio_curve",
    "run",
    "shared_memory",
    "stack_distances",
    "two_tier",
    "zipf_rates",
]

POLICIES: tuple[str, ...] = ("fifo", "lru", "clock", "opt", "random")
"""Policies :func:`run` simulates."""

ANALYTIC_POLICIES: tuple[str, ...] = ("lru", "fifo", "random", "clock")
"""Policies the characteristic-time approximation covers."""

COLD = -1
"""Stack distance of a first reference (a compulsory miss in a memory of any size)."""


# --------------------------------------------------------------------------------------
# Validation


def _check_trace(trace) -> np.ndarray:
    """The trace as a 1-D int64 array of page ids >= 0, or ValueError."""
    if isinstance(trace, (str, bytes)):
        raise ValueError(
            f"trace: {trace!r} is not accepted; expected a 1-D sequence of integer page ids >= 0"
        )
    try:
        arr = np.asarray(trace)
    except (ValueError, TypeError) as exc:
        raise ValueError(
            "trace: not accepted; expected a 1-D sequence of integer page ids >= 0 "
            f"({exc})"
        ) from None
    if arr.ndim != 1:
        raise ValueError(
            f"trace: an array of shape {arr.shape} is not accepted; "
            "expected a 1-D sequence of integer page ids >= 0"
        )
    if arr.size == 0:
        return np.zeros(0, dtype=np.int64)
    if arr.dtype.kind not in "iu":
        raise ValueError(
            f"trace: values of type {arr.dtype} (first value {arr[0].item()!r}) are not "
            "accepted; expected integer page ids >= 0"
        )
    if arr.dtype.kind == "u":
        if arr.dtype.itemsize == 8 and int(arr.max()) > np.iinfo(np.int64).max:
            raise ValueError(
                f"trace: page id {int(arr.max())} is not accepted; expected ids < 2**63"
            )
        return arr.astype(np.int64)
    lo = int(arr.min())
    if lo < 0:
        i = int(np.argmax(arr < 0))
        raise ValueError(
            f"trace: page id {lo} (first negative id {int(arr[i])} at position {i}) is not "
            "accepted; expected integer page ids >= 0"
        )
    return arr.astype(np.int64, copy=False)


def _check_int(name: str, value, minimum: int) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError(
            f"{name}: {value!r} is not accepted; expected a whole number >= {minimum}"
        )
    if value < minimum:
        raise ValueError(
            f"{name}: {value!r} is not accepted; expected a whole number >= {minimum}"
        )
    return int(value)


def _check_policy(policy, accepted: tuple[str, ...]) -> str:
    if not isinstance(policy, str) or policy.lower() not in accepted:
        raise ValueError(
            f"policy: {policy!r} is not accepted; expected one of {', '.join(accepted)}"
        )
    return policy.lower()


def _check_rates(rates, name: str = "rates") -> np.ndarray:
    try:
        arr = np.asarray(rates, dtype=float)
    except (ValueError, TypeError):
        raise ValueError(
            f"{name}: {rates!r} is not accepted; expected a non-empty 1-D sequence of "
            "finite reference rates >= 0"
        ) from None
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(
            f"{name}: {'an empty sequence' if arr.size == 0 else f'shape {arr.shape}'} is "
            "not accepted; expected a non-empty 1-D sequence of finite reference rates >= 0"
        )
    bad = ~np.isfinite(arr) | (arr < 0)
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(
            f"{name}: rate {float(arr[i])!r} at position {i} is not accepted; expected finite "
            "reference rates >= 0 (no NaN, no infinity, no negative rate)"
        )
    return arr


def _check_capacity(name: str, value, allow_zero: bool = False) -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ValueError(f"{name}: {value!r} is not accepted; expected a number of frames > 0")
    v = float(value)
    if math.isnan(v) or math.isinf(v) or v < 0 or (v == 0 and not allow_zero):
        expected = ">= 0" if allow_zero else "> 0"
        raise ValueError(
            f"{name}: {value!r} is not accepted; expected a finite number of frames {expected}"
        )
    return v


# --------------------------------------------------------------------------------------
# Trace simulation


@dataclass(frozen=True)
class Result:
    """The outcome of :func:`run`.

    ``hits`` and ``misses`` count the references after the warm-up; ``resident`` is the
    set of page ids in memory at the end of the trace.
    """

    policy: str
    frames: int
    hits: int
    misses: int
    resident: frozenset = frozenset()

    @property
    def references(self) -> int:
        """References counted (hits + misses)."""
        return self.hits + self.misses

    @property
    def hit_ratio(self) -> float:
        """hits / references (NaN when no reference was counted)."""
        return self.hits / self.references if self.references else math.nan

    @property
    def miss_ratio(self) -> float:
        """misses / references (NaN when no reference was counted)."""
        return self.misses / self.references if self.references else math.nan


def run(trace, frames: int, policy: str, *, seed: int | None = None, warmup: int = 0) -> Result:
    """Replay ``trace`` against ``frames`` page frames under ``policy``.

    ``trace`` is a 1-D sequence of integer page ids >= 0; ``policy`` one of
    :data:`POLICIES`:

    * ``"fifo"``: evict the page loaded longest ago.
    * ``"lru"``: evict the page referenced longest ago. Computed exactly from the stack
      distances (a reference hits iff ``0 <= distance < frames``), not by a loop.
    * ``"clock"``: second chance. The frames form a ring with a hand; a page's reference
      bit is set when it is loaded *and* when it is referenced. On a fault the hand clears
      set bits and moves on until it finds a clear one, evicts that page, loads the new
      page there with its bit set, and advances one frame. (This is the convention of the
      analytic CLOCK formula in :func:`hit_probabilities`.)
    * ``"opt"``: Belady's MIN (1966), evict the page whose next use is farthest away.
    * ``"random"``: evict a frame chosen uniformly at random, drawn from
      ``overcommit.seeding.rng(seed)``. Deterministic policies ignore ``seed``.

    Memory starts empty. The first ``warmup`` references are replayed but not counted.
    """
    a = _check_trace(trace)
    frames = _check_int("frames", frames, 1)
    policy = _check_policy(policy, POLICIES)
    warmup = _check_int("warmup", warmup, 0)
    if warmup > a.size:
        raise ValueError(
            f"warmup: {warmup} is not accepted; expected at most the trace length {a.size}"
        )
    if policy == "random":
        gen = rng(seed)  # validates the seed
    if a.size == 0:
        return Result(policy, frames, 0, 0, frozenset())
    if policy == "lru":
        return _run_lru(a, frames, warmup)
    pages, ids = np.unique(a, return_inverse=True)
    ids = ids.ravel()
    segments = (ids[:warmup].tolist(), ids[warmup:].tolist())
    k = pages.size
    if policy == "fifo":
        misses, slots = _sim_fifo(segments, frames, k)
    elif policy == "clock":
        misses, slots = _sim_clock(segments, frames, k)
    elif policy == "random":
        victims = gen.integers(0, frames, size=max(a.size - frames, 0)).tolist()
        misses, slots = _sim_random(segments, frames, k, victims)
    else:
        nxt = _next_use(a)
        misses, slots = _sim_opt(segments, (nxt[:warmup].tolist(), nxt[warmup:].tolist()), frames, k)
    counted = a.size - warmup
    resident = frozenset(pages[[s for s in slots if s >= 0]].tolist())
    return Result(policy, frames, counted - misses, misses, resident)


def _sim_fifo(segments, frames, k):
    frame = [-1] * frames
    loaded = bytearray(k)
    hand = 0
    misses = 0
    for seg in segments:
        misses = 0  # only the last segment's count is kept
        for p in seg:
            if not loaded[p]:
                misses += 1
                old = frame[hand]
                if old >= 0:
                    loaded[old] = 0
                frame[hand] = p
                loaded[p] = 1
                hand += 1
                if hand == frames:
                    hand = 0
    return misses, frame


def _sim_clock(segments, frames, k):
    frame = [-1] * frames
    bit = bytearray(frames)
    slot = [-1] * k
    hand = 0
    misses = 0
    for seg in segments:
        misses = 0
        for p in seg:
            s = slot[p]
            if s >= 0:
                bit[s] = 1
                continue
            misses += 1
            while bit[hand]:
                bit[hand] = 0
                hand += 1
                if hand == frames:
                    hand = 0
            old = frame[hand]
            if old >= 0:
                slot[old] = -1
            frame[hand] = p
            slot[p] = hand
            bit[hand] = 1
            hand += 1
            if hand == frames:
                hand = 0
    return misses, frame


def _sim_random(segments, frames, k, victims):
    frame = [-1] * frames
    slot = [-1] * k
    used = 0
    draw = 0
    misses = 0
    for seg in segments:
        misses = 0
        for p in seg:
            if slot[p] >= 0:
                continue
            misses += 1
            if used < frames:
                s = used
                used += 1
            else:
                s = victims[draw]
                draw += 1
                slot[frame[s]] = -1
            frame[s] = p
            slot[p] = s
    return misses, frame


def _sim_opt(segments, next_segments, frames, k):
    # Heap of -(next_use * k + page): the top is the resident page used farthest ahead.
    # Entries go stale when the page is referenced again or evicted; they are skipped.
    current = [-1] * k  # next use of each resident page, -1 if not resident
    heap: list[int] = []
    push, pop = heapq.heappush, heapq.heappop
    used = 0
    misses = 0
    for seg, nseg in zip(segments, next_segments):
        misses = 0
        for p, nu in zip(seg, nseg):
            if current[p] < 0:
                misses += 1
                if used < frames:
                    used += 1
                else:
                    while True:
                        key = -pop(heap)
                        q = key % k
                        if current[q] == key // k:
                            break
                    current[q] = -1
            current[p] = nu
            push(heap, -(nu * k + p))
    return misses, [p for p in range(k) if current[p] >= 0]


def _next_use(a: np.ndarray) -> np.ndarray:
    """Position of the next reference to the same page, ``len(a)`` if there is none."""
    prev, _, _ = _reuse(a)
    nxt = np.full(a.size, a.size, dtype=np.int64)
    warm = prev >= 0
    nxt[prev[warm]] = np.flatnonzero(warm)
    return nxt


def _run_lru(a: np.ndarray, frames: int, warmup: int) -> Result:
    prev, last_pages, last_pos = _reuse(a)
    counted = a.size - warmup
    if last_pages.size <= frames:
        # Everything fits: only first references miss.
        misses = int(np.count_nonzero(prev[warmup:] < 0))
        resident = last_pages
    else:
        d = _distances_from_prev(prev)[warmup:]
        hits = int(np.count_nonzero((d >= 0) & (d < frames)))
        misses = counted - hits
        resident = last_pages[np.argpartition(last_pos, last_pos.size - frames)[-frames:]]
    return Result("lru", frames, counted - misses, misses, frozenset(resident.tolist()))


# --------------------------------------------------------------------------------------
# Stack distances (Mattson et al. 1970)


def _reuse(a: np.ndarray):
    """For each position the previous position of the same page (-1 if none), and the
    distinct pages with the position of their last reference."""
    n = a.size
    shift = max(int(n).bit_length(), 1)
    if n and int(a.max()) >= 1 << (62 - shift):
        pages, ids = np.unique(a, return_inverse=True)
        prev, last_ids, last_pos = _reuse(ids.ravel().astype(np.int64))
        return prev, pages[last_ids], last_pos
    # One sort of (page, position) keys groups each page's references in time order.
    key = (a << shift) | np.arange(n, dtype=np.int64)
    key.sort()
    pos = key & ((1 << shift) - 1)
    page = key >> shift
    same = page[1:] == page[:-1]
    prev = np.empty(n, dtype=np.int64)
    if n:
        prev[pos[0]] = -1
        prev[pos[1:]] = np.where(same, pos[:-1], -1)
    last = np.ones(n, dtype=bool)
    last[:-1] = ~same
    return prev, page[last], pos[last]


_TAIL_BITS = 4


def _earlier_greater(v: np.ndarray) -> np.ndarray:
    """For a permutation ``v`` of 0..m-1: ``out[v[i]] = #{j < i : v[j] > v[i]}``.

    A most-significant-bit-first radix partition (a wavelet tree laid out by value): at bit
    b the elements are grouped by ``v >> (b+1)`` in their original order; an element whose
    bit b is 0 gains the number of earlier elements of its group whose bit b is 1. Because
    ``v`` is a permutation, every group before the last is full, so its start and the ones
    before it follow from arithmetic, and each level is a dozen vectorised passes plus one
    scatter: O(m log m) work without a Python loop over elements. The last few levels,
    where groups are tiny, are replaced by comparing each element with the up to 15 before
    it in its group.
    """
    m = v.size
    dt = np.int32 if m < 2**31 - 1 else np.int64
    cur = v.astype(dt)
    ans = np.zeros(m, dtype=dt)
    q = np.arange(m, dtype=dt)
    bits = np.empty(m, dtype=dt)
    c = np.empty(m, dtype=dt)
    h = np.empty(m, dtype=dt)
    t = np.empty(m, dtype=dt)
    pos = np.empty(m, dtype=np.intp)
    nxt_cur = np.empty(m, dtype=dt)
    nxt_ans = np.empty(m, dtype=dt)
    # Radix levels down to b = _TAIL_BITS; the groups left then hold at most 2**_TAIL_BITS
    # elements, and their inversions are counted by direct comparison (cheaper than more
    # levels).
    tail = min(_TAIL_BITS, max(int(m - 1).bit_length(), 1))
    for b in range(max(int(m - 1).bit_length(), 1) - 1, tail - 1, -1):
        np.right_shift(cur, b, out=bits)
        np.bitwise_and(bits, 1, out=bits)
        np.cumsum(bits, out=c)
        c -= bits  # ones before each element
        np.right_shift(cur, b + 1, out=h)
        np.left_shift(h, b, out=h)  # ones in the groups before this element's group
        np.subtract(c, h, out=t)  # ones before the element within its group
        ans += t
        t *= bits
        ans -= t  # counted only where the element's own bit is 0
        # new position: zeros of a group first, then its ones, each in original order
        np.add(c, c, out=t)
        t += 1 << b
        t -= q
        t *= bits
        t += h
        t += q
        t -= c
        pos[...] = t
        nxt_cur[pos] = cur
        nxt_ans[pos] = ans
        cur, nxt_cur = nxt_cur, cur
        ans, nxt_ans = nxt_ans, ans
    # Now grouped by v >> tail, each group a full row of g = 2**tail positions (the last
    # padded with values >= m, which come after every real element and so add nothing).
    g = 1 << tail
    size = -(-m // g) * g
    x = np.full(size, m, dtype=dt)
    x[:m] = cur
    col = np.arange(size, dtype=dt) & (g - 1)
    greater = np.empty(size, dtype=bool)
    same_group = np.empty(size, dtype=bool)
    extra = np.zeros(size, dtype=dt)
    for k in range(1, g):  # element p against element p - k of the same group
        np.greater(x[:-k], x[k:], out=greater[k:])
        np.greater_equal(col[k:], k, out=same_group[k:])
        greater[k:] &= same_group[k:]
        extra[k:] += greater[k:]
    ans += extra[:m]
    out = np.empty(m, dtype=dt)
    out[cur] = ans
    return out  # in value order


def _distances_from_prev(prev: np.ndarray) -> np.ndarray:
    n = prev.size
    out = np.full(n, COLD, dtype=np.int64)
    warm = np.flatnonzero(prev >= 0)
    if warm.size == 0:
        return out
    s = prev[warm]
    # The references strictly between s and t, minus the repeats among them, are the
    # distinct pages between them. A repeat is a j in (s, t) with prev[j] > s; since
    # prev[j] < j, that is every j < t with prev[j] > s. Ranking the (distinct) previous
    # positions turns the count into "earlier elements greater than me" on a permutation.
    mark = np.zeros(n, dtype=np.int32 if n < 2**31 - 1 else np.int64)
    mark[s] = 1
    rank = np.cumsum(mark, dtype=mark.dtype)
    v = rank[s] - 1
    repeats = _earlier_greater(v)[v]
    out[warm] = warm - s - 1 - repeats
    return out


def stack_distances(trace) -> np.ndarray:
    """The LRU stack distance of every reference of ``trace`` (int64 array, same length).

    The distance of a reference to page p is the number of *distinct other* pages
    referenced since the previous reference to p: 0 for an immediate re-reference, and
    :data:`COLD` (-1) for the first reference to p. It is Mattson et al.'s (1970) stack
    depth minus one, so in an LRU memory of C frames the reference hits if and only if
    ``0 <= distance < C``, for every C at once.

    Computed in O(n log n) vectorised work, no loop over references (see
    ``_earlier_greater``).
    """
    a = _check_trace(trace)
    prev, _, _ = _reuse(a)
    return _distances_from_prev(prev)


def lru_miss_ratio_curve(trace, sizes: Iterable[int] | None = None) -> pd.DataFrame:
    """LRU hits and misses of ``trace`` for every memory size, from one pass.

    Returns a DataFrame with columns ``frames``, ``hits``, ``misses``, ``miss_ratio``, one
    row per size: 1 .. number of distinct pages by default, or the given ``sizes`` (whole
    numbers >= 1, in the order given). Beyond the number of distinct pages only the first
    references miss. Mattson, Gecsei, Slutz, Traiger, IBM Systems Journal 9(2), 1970.
    """
    a = _check_trace(trace)
    d = stack_distances(a)
    n = d.size
    distinct = int(np.count_nonzero(d == COLD))
    if sizes is None:
        frames = np.arange(1, distinct + 1, dtype=np.int64)
    else:
        if isinstance(sizes, (int, np.integer)):
            sizes = [sizes]
        frames = np.array([_check_int("sizes", s, 1) for s in sizes], dtype=np.int64)
    warm = d[d >= 0]
    hist = np.bincount(warm, minlength=1) if warm.size else np.zeros(1, dtype=np.int64)
    cum = np.concatenate(([0], np.cumsum(hist)))
    hits = cum[np.minimum(frames, hist.size)]
    misses = n - hits
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = misses / n if n else np.full(frames.size, math.nan)
    return pd.DataFrame(
        {"frames": frames, "hits": hits.astype(np.int64), "misses": misses.astype(np.int64),
         "miss_ratio": np.asarray(ratio, dtype=float)}
    )


def benchmark_lru(n_refs: int = 100_000, frames: int = 1000, repeat: int = 5) -> float:
    """References per second of ``run(trace, frames, "lru")``, median of ``repeat`` runs.

    The trace is an IRM trace of ``n_refs`` references over ``10 * frames`` pages with
    Zipf(0.8) popularity (seeded), so a little over half of the references miss.
    """
    n_refs = _check_int("n_refs", n_refs, 1)
    frames = _check_int("frames", frames, 1)
    repeat = _check_int("repeat", repeat, 1)
    trace = irm_trace(zipf_rates(10 * frames, 0.8), n_refs)
    run(trace, frames, "lru")  # warm caches and allocators
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run(trace, frames, "lru")
        times.append(time.perf_counter() - t0)
    return n_refs / statistics.median(times)


# --------------------------------------------------------------------------------------
# Independent reference model and the characteristic time


def zipf_rates(n_pages: int, alpha: float, total_rate: float = 1.0) -> np.ndarray:
    """Reference rates λᵢ ∝ i^(−alpha), i = 1..n_pages, summing to ``total_rate``."""
    n_pages = _check_int("n_pages", n_pages, 1)
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float, np.integer, np.floating)) \
            or not math.isfinite(alpha) or alpha < 0:
        raise ValueError(f"alpha: {alpha!r} is not accepted; expected a finite number >= 0")
    if isinstance(total_rate, bool) or not isinstance(total_rate, (int, float, np.integer, np.floating)) \
            or not math.isfinite(total_rate) or total_rate <= 0:
        raise ValueError(
            f"total_rate: {total_rate!r} is not accepted; expected a finite number > 0"
        )
    w = np.arange(1, n_pages + 1, dtype=float) ** -float(alpha)
    return w * (float(total_rate) / w.sum())


def irm_trace(rates, n_refs: int, seed: int | None = None) -> np.ndarray:
    """An IRM trace: ``n_refs`` page ids drawn independently, page i with probability
    λᵢ / Σλ. Draws come from ``overcommit.seeding.rng(seed)``."""
    lam = _check_rates(rates)
    n_refs = _check_int("n_refs", n_refs, 0)
    total = lam.sum()
    if total <= 0:
        raise ValueError("rates: all rates are 0; expected at least one rate > 0")
    gen = rng(seed)
    cdf = np.cumsum(lam / total)
    cdf[-1] = 1.0
    u = gen.random(n_refs)
    ids = np.searchsorted(cdf, u, side="right")
    return np.minimum(ids, lam.size - 1).astype(np.int64)


def hit_and_miss(load: np.ndarray, policy: str) -> tuple[np.ndarray, np.ndarray]:
    """h and 1 − h as functions of the finite *load* ``y = λT`` (references per
    characteristic time), each computed without cancellation or overflow.

    :func:`hit_probabilities`, :func:`che`, :func:`shared_memory`, :func:`two_tier` and
    :func:`implied_time` evaluate the hit formulas here; the study's model evaluates the
    same functions through :func:`hit_and_slope`, the form its Newton solver needs (a test
    pins the two together). No argument checks: callers check.
    """
    x = np.asarray(load, dtype=float)
    if policy == "lru":
        miss = np.exp(-x)
        return -np.expm1(-x), miss
    if policy in ("fifo", "random"):
        return x / (1.0 + x), 1.0 / (1.0 + x)
    # CLOCK: multiply numerator and denominator by y = e^{-x} (no overflow for large x).
    y = np.exp(-x)
    den = y + x * (1.0 + y)
    return x * (1.0 + y) / den, y / den


def hit_and_slope(load: np.ndarray, policy: str) -> tuple[np.ndarray, np.ndarray]:
    """h(y) and y·h'(y), the derivative of h with respect to log T at ``y = λT``.

    Newton's method on log T (the model's solver for Σ S·h(λT) = C) needs the slope;
    it is derived from the same formulas as :func:`hit_and_miss`.
    """
    y = np.asarray(load, dtype=float)
    if policy == "lru":
        e = np.exp(-y)
        return 1.0 - e, y * e
    if policy in ("fifo", "random"):
        return y / (1.0 + y), y / (1.0 + y) ** 2
    y = np.minimum(y, 50.0)  # h(50) = 1 - 4e-24: resident for good
    ey = np.exp(y)
    one_ey = 1.0 + ey
    inverse = 1.0 / (1.0 + y * one_ey)  # 1 / (1 + z), z = y (1 + e^y)
    # y dh/dy = y z' / (1 + z)^2 with z' = 1 + e^y + y e^y
    return 1.0 - inverse, y * (one_ey + y * ey) * inverse * inverse


def regular_residency(load: np.ndarray, regularity) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Residency ρ, its slope y·dρ/dy and the miss share per reference of pages whose
    references are a renewal process with Erlang-k intervals (mean 1/λ, shape
    ``k = regularity``), kept for ``T`` after their last reference, at ``y = λT``:

        miss share      m = P(X > T) = Q(k, k·y)
        residency       ρ = λ·E[min(X, T)] = y·Q(k, k·y) + P(k + 1, k·y)
        slope           y·dρ/dy = y·Q(k, k·y)      (d E[min(X, T)]/dT = P(X > T))

    with P and Q the regularised incomplete gamma functions. ``k = 1`` is the independent
    reference model (Poisson references: ρ = 1 − e^{−y} = 1 − m, the LRU formula of
    :func:`hit_and_miss`); a large ``k`` is a page touched like clockwork, once per sweep
    of a loop: resident for good when the interval is shorter than T (ρ → 1, m → 0), and
    when it is longer, resident only for the T after each touch (ρ → y) and faulted back
    at *every* touch (m → 1), OSTEP's looping workload, on which LRU does worst. At the
    same residency a regular page therefore faults several times as often as a random
    one. TTL caches with renewal requests: Fofack, Nain, Neglia, Towsley, Computer
    Networks 2014; Garetto, Leonardi, Martina, ACM TOMPECS 2016. No argument checks.
    """
    y = np.asarray(load, dtype=float)
    k = np.asarray(regularity, dtype=float)
    if k.shape != y.shape:
        k = np.broadcast_to(k, y.shape)
    ky = np.minimum(k * y, 1e6)
    miss = gammaincc(k, ky)
    slope = y * miss
    return slope + gammainc(k + 1.0, ky), slope, miss


def resident_slope_miss(load: np.ndarray, policy: str, regularity=None, *, regular=None):
    """Per class of pages: residency, its slope y·dρ/dy and the miss share per reference.

    Pages referenced at random (``regularity`` 1 or ``None``) follow the policy's
    characteristic-time formula (:func:`hit_and_slope`; residency equals the hit share, so
    the miss share is 1 − ρ); regular pages (``regularity`` > 1) follow
    :func:`regular_residency`, for which the policies' random-reference formulas do not
    apply and every policy keeps a page for about T after its last touch. The study's
    model evaluates its memory through this function, passing ``regular`` (what
    :func:`regular_classes` found in ``regularity``) so that a loop does not look the
    regular classes up again at every call.
    """
    y = np.asarray(load, dtype=float)
    h, slope = hit_and_slope(y, policy)
    miss = 1.0 - h
    if regular is None:
        if regularity is None:
            return h, slope, miss
        regular = regular_classes(regularity, y.shape)
    where, k = regular
    if where.size:
        # hit_and_slope returned fresh arrays: overwrite the regular classes in place
        h[where], slope[where], miss[where] = regular_residency(y[where], k)
    return h, slope, miss


def regular_classes(regularity, shape=None) -> tuple[np.ndarray, np.ndarray]:
    """Where the classes with ``regularity`` > 1 are (indices) and their regularity k: the
    classes :func:`resident_slope_miss` evaluates with :func:`regular_residency`."""
    k = np.asarray(regularity, dtype=float)
    if shape is not None:
        k = np.broadcast_to(k, shape)
    k = k.ravel()
    where = np.flatnonzero(k > 1.0)
    return where, k[where]


def _hit_and_miss(lam: np.ndarray, T: float, policy: str):
    """hᵢ and 1 − hᵢ for rates ``lam`` at characteristic time ``T``."""
    if T == math.inf:
        h = (lam > 0).astype(float)
        return h, 1.0 - h
    return hit_and_miss(lam * T, policy)


def implied_time(resident_frac: float, paged_in_per_s: float, policy: str = "clock") -> tuple[float, float]:
    """Invert the hit formula for memory whose pages are all touched at one rate λ.

    Given the resident share ``h`` of a guest's memory and its page-in rate ``p`` (share of
    the *resident* memory read back per second), return the characteristic time ``T`` (s)
    and the touch interval ``1/λ`` (s) with ``h = h(λT)`` and ``p = λ(1 − h)/h``. The book
    uses it to show what the paper's residency/page-in pairs say about each guest's
    reclaim time (seed 000, CID 64/20 memory paragraphs).
    """
    for name, value in (("resident_frac", resident_frac), ("paged_in_per_s", paged_in_per_s)):
        if isinstance(value, bool) or not isinstance(value, (int, float, np.floating)) or not math.isfinite(value):
            raise ValueError(f"{name}: {value!r} is not accepted; expected a finite number")
    if not 0 < resident_frac < 1:
        raise ValueError(f"resident_frac: {resident_frac!r} is not accepted; expected a fraction in (0, 1)")
    if not paged_in_per_s > 0:
        raise ValueError(f"paged_in_per_s: {paged_in_per_s!r} is not accepted; expected a rate > 0 per second")
    policy = _check_policy(policy, ANALYTIC_POLICIES)

    def excess(y: float) -> float:
        return float(hit_and_miss(np.array([y]), policy)[0][0]) - resident_frac

    y = brentq(excess, 1e-9, 60.0 if policy != "fifo" else 1e9, xtol=1e-12)
    lam = paged_in_per_s * resident_frac / (1 - resident_frac)
    return y / lam, 1 / lam


#: z/VM 6.2 and earlier: reordering a guest's frame list stops the guest about one second per
#: 8 GB resident (seed 003: the pause is proportional to the resident pages, "unless all the
#: pages are resident", when there is nothing to reorder)
REORDER_S_PER_MIB = 1.0 / 8192


def reorder_pause_s(resident_mib):
    """One page-reorder pause of a z/VM 6.2 guest (seconds): ``resident × REORDER_S_PER_MIB``.

    CP reorders a guest's frame list to find frames to steal, and stops the guest meanwhile
    (seed 003). Together with :func:`reorder_rate_per_s` and :func:`reorder_duty`, the one
    place that works the pause out."""
    return np.multiply(resident_mib, REORDER_S_PER_MIB)


def reorder_rate_per_s(paged_in_mib_s, resident_mib):
    """How often CP reorders a guest's frame list (per second): once per turnover of its
    resident pages, ``paged_in / resident``. The more the host pages, the more often; the
    smaller the guest's resident set, the shorter each pause (seed 003: shorter, but more
    often)."""
    return np.asarray(paged_in_mib_s, float) / np.maximum(np.asarray(resident_mib, float), 1e-9)


def reorder_duty(paged_in_mib_s):
    """The share of time a z/VM 6.2 guest is stopped by page reorder: pauses per second times
    seconds per pause, ``(paged_in / resident) × (resident × REORDER_S_PER_MIB)``: the resident
    memory cancels, so the guest stops for ``REORDER_S_PER_MIB`` seconds per MiB paged in
    (at most all the time)."""
    return np.minimum(np.asarray(paged_in_mib_s, float) * REORDER_S_PER_MIB, 1.0)


def reclaim_weights(sizes_mib, exponent: float, reference_mib: float = 4096.0) -> np.ndarray:
    """Each guest's reclaim time relative to the global characteristic time:
    ``w_g = (S_g / S_ref)^β``, so that guest g's pages age for ``T_g = w_g T``.

    z/VM 6.3 reclaims frames by visiting the guests' frame lists in turn. If a visit takes
    from a guest a number of frames that grows like ``S_g^(1−β)`` with its size ``S_g``, the
    hand goes round guest g's ``S_g`` frames once every ``S_g / S_g^(1−β) ∝ S_g^β``: ``β = 0``
    is one global time for every guest (frames taken in proportion to size, global CLOCK),
    ``β = 1`` takes the same number from every guest, so a small guest's frames turn over
    fastest. No argument checks: callers check.
    """
    sizes = np.asarray(sizes_mib, dtype=float)
    if exponent == 0:
        return np.ones_like(sizes)
    return (np.maximum(sizes, 1.0) / reference_mib) ** exponent


def hit_probabilities(rates, T: float, policy: str = "lru") -> np.ndarray:
    """Per-page hit (= residency) probability hᵢ(T) under the IRM.

    * LRU (Che, Tung, Wang 2002): hᵢ = 1 − e^{−λᵢT}
    * FIFO, random (Dan & Towsley 1990; Martina, Garetto, Leonardi 2014): λᵢT / (1 + λᵢT)
    * CLOCK, reference bit set on load and on reference: λᵢT(1 + e^{λᵢT}) /
      (1 + λᵢT(1 + e^{λᵢT})), evaluated as λᵢT(1 + y)/(y + λᵢT(1 + y)) with y = e^{−λᵢT}
      so that a large λᵢT gives 1, not an overflow.

    ``T`` may be ``inf`` (every referenced page resident); a page of rate 0 has hᵢ = 0.
    """
    lam = _check_rates(rates)
    policy = _check_policy(policy, ANALYTIC_POLICIES)
    if isinstance(T, bool) or not isinstance(T, (int, float, np.integer, np.floating)) \
            or math.isnan(T) or T < 0:
        raise ValueError(f"T: {T!r} is not accepted; expected a time >= 0 (inf allowed)")
    return _hit_and_miss(lam, float(T), policy)[0]


def _solve_T(lam: np.ndarray, capacity: float, policy: str) -> float:
    """T with Σ hᵢ(T) = capacity; inf when every referenced page fits."""
    positive = lam[lam > 0]
    if capacity >= positive.size:
        return math.inf
    lam_max = positive.max()

    def excess(tau: float) -> float:  # in units of 1/λ_max, so the root is O(1)..O(n)
        return float(_hit_and_miss(positive, tau / lam_max, policy)[0].sum()) - capacity

    hi = 1.0
    while excess(hi) < 0:
        hi *= 2.0
        if not math.isfinite(hi):  # pragma: no cover - needs capacity within ulps of n
            return math.inf
    lo = 0.0 if hi == 1.0 else hi / 2.0
    tau = brentq(excess, lo, hi, xtol=1e-14 * hi, rtol=4 * np.finfo(float).eps, maxiter=200)
    return tau / lam_max


def characteristic_time(rates, frames: float, policy: str = "lru") -> float:
    """The characteristic time T solving Σᵢ hᵢ(T) = frames (:func:`hit_probabilities`).

    Solved by ``scipy.optimize.brentq``. Returns ``inf`` when ``frames`` is at least the
    number of pages with a positive rate (everything referenced stays resident). ``frames``
    may be fractional; ``frames <= 0`` raises ValueError. Che, Tung, Wang, IEEE JSAC 20(7),
    2002; for FIFO/random Martina, Garetto, Leonardi, INFOCOM 2014.
    """
    lam = _check_rates(rates)
    capacity = _check_capacity("frames", frames)
    policy = _check_policy(policy, ANALYTIC_POLICIES)
    return _solve_T(lam, capacity, policy)


@dataclass(frozen=True, eq=False)
class CheResult:
    """The characteristic-time approximation for one memory (:func:`che`)."""

    policy: str
    frames: float
    T: float
    hit_probability: np.ndarray  # per page
    hit_ratio: float  # Σλh / Σλ, the fraction of references that hit
    miss_rate: float  # Σλ(1 − h), faults per unit time

    @property
    def resident(self) -> float:
        """Mean number of resident pages, Σ hᵢ (= frames unless everything fits)."""
        return float(self.hit_probability.sum())


def _readonly(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a


def che(rates, frames: float, policy: str = "lru") -> CheResult:
    """Hit probabilities, hit ratio and fault rate of a memory of ``frames`` frames shared
    by pages referenced at ``rates`` (IRM), by the characteristic-time approximation:
    solve Σᵢ hᵢ(T) = C for T (:func:`characteristic_time`), then hit ratio Σλᵢhᵢ/Σλᵢ and
    miss rate Σλᵢ(1 − hᵢ). Che, Tung, Wang 2002; Fricker, Robert, Roberts 2012.
    """
    lam = _check_rates(rates)
    capacity = _check_capacity("frames", frames)
    policy = _check_policy(policy, ANALYTIC_POLICIES)
    T = _solve_T(lam, capacity, policy)
    h, miss = _hit_and_miss(lam, T, policy)
    total = lam.sum()
    hit_ratio = float((lam * h).sum() / total) if total > 0 else math.nan
    return CheResult(policy, capacity, T, _readonly(h), hit_ratio, float((lam * miss).sum()))


@dataclass(frozen=True, eq=False)
class SharedMemoryResult:
    """Several guests in one memory under global replacement (:func:`shared_memory`)."""

    policy: str
    frames: float
    T: float  # one characteristic time for the whole memory
    resident: np.ndarray  # R_g = Σ_{i∈g} hᵢ(T), frames held by each guest
    fault_rate: np.ndarray  # F_g = Σ_{i∈g} λᵢ(1 − hᵢ(T))
    hit_ratio: np.ndarray  # Σ_{i∈g} λᵢhᵢ / Σ_{i∈g} λᵢ (NaN for a guest with no references)

    def to_frame(self) -> pd.DataFrame:
        """One row per guest: group, resident, fault_rate, hit_ratio."""
        return pd.DataFrame(
            {"group": np.arange(self.resident.size), "resident": self.resident,
             "fault_rate": self.fault_rate, "hit_ratio": self.hit_ratio}
        )


def shared_memory(groups: Sequence, frames: float, policy: str = "lru",
                  weights=None) -> SharedMemoryResult:
    """Guests (``groups``, one array of page rates each) sharing ``frames`` frames.

    Global replacement sees one pool of pages, so one characteristic time T solves
    Σ_g Σ_{i∈g} hᵢ(T) = C; guest g then holds R_g = Σ_{i∈g} hᵢ(T) frames and faults at
    F_g = Σ_{i∈g} λᵢ(1 − hᵢ(T)). When memory is short Σ_g R_g = C. Che et al. 2002;
    Fagin 1977 (global LRU as a working-set policy whose window fills memory).

    ``weights`` (one per guest, default all 1) give each guest its own reclaim time
    ``T_g = w_g T`` (:func:`reclaim_weights`): then hᵢ = h(λᵢ w_g T) for i in g, and the
    same capacity equation fixes T. ``T`` in the result is the global time.
    """
    if isinstance(groups, np.ndarray) and groups.ndim == 1:
        groups = [groups]
    if isinstance(groups, (str, bytes)) or not isinstance(groups, (list, tuple, np.ndarray)) \
            or len(groups) == 0:
        raise ValueError(
            f"groups: {groups!r} is not accepted; expected a non-empty list of rate arrays, "
            "one per guest"
        )
    lams = [_check_rates(g, name=f"groups[{k}]") for k, g in enumerate(groups)]
    capacity = _check_capacity("frames", frames)
    policy = _check_policy(policy, ANALYTIC_POLICIES)
    if weights is None:
        w = np.ones(len(lams))
    else:
        w = _check_rates(weights, name="weights")
        if w.size != len(lams) or not np.all(w > 0):
            raise ValueError(f"weights: {weights!r} is not accepted; expected one number > 0 per guest "
                             f"({len(lams)})")
    T = _solve_T(np.concatenate([lam * wg for lam, wg in zip(lams, w)]), capacity, policy)
    resident, fault, ratio = [], [], []
    for lam, wg in zip(lams, w):
        h, miss = _hit_and_miss(lam * wg, T, policy)
        resident.append(h.sum())
        fault.append((lam * miss).sum())
        total = lam.sum()
        ratio.append((lam * h).sum() / total if total > 0 else math.nan)
    as_array = lambda xs: _readonly(np.array(xs, dtype=float))  # noqa: E731
    return SharedMemoryResult(policy, capacity, T, as_array(resident), as_array(fault),
                              as_array(ratio))


@dataclass(frozen=True, eq=False)
class TwoTierResult:
    """Real memory in front of a victim tier (:func:`two_tier`); per-page arrays sum to 1."""

    policy: str
    frames_1: float
    frames_2: float
    T1: float  # characteristic time of tier 1 alone
    T12: float  # characteristic time of tiers 1 and 2 together
    tier1: np.ndarray  # per page: probability a reference hits tier 1
    tier2: np.ndarray  # per page: probability it hits tier 2
    miss: np.ndarray  # per page: probability it goes to disk
    hit_ratio_1: float  # rate-weighted over pages
    hit_ratio_2: float
    miss_ratio: float


def two_tier(rates, frames_1: float, frames_2: float, policy: str = "lru") -> TwoTierResult:
    """A first tier of ``frames_1`` frames backed by a victim tier of ``frames_2`` (z/VM
    6.2's expanded storage behind real memory).

    The two tiers are treated as one memory of C₁ + C₂ frames ordered by age, split at C₁:
    T₁ solves Σ hᵢ(T₁) = C₁, T₁₂ solves Σ hᵢ(T₁₂) = C₁ + C₂, and a reference to page i hits

        tier 1 with probability hᵢ(T₁),  tier 2 with hᵢ(T₁₂) − hᵢ(T₁),  neither with 1 − hᵢ(T₁₂).

    For LRU (1 − e^{−λT₁}, e^{−λT₁} − e^{−λT₁₂}, e^{−λT₁₂}) this is exact in the sense
    that an exclusive victim tier which takes tier 1's evictions and gives a page back on a
    hit *is* one LRU stack split at depth C₁ (a stack distance d hits tier 1 iff d < C₁,
    tier 2 iff C₁ <= d < C₁ + C₂), so only Che's approximation remains. For the other
    policies it is an approximation of the same form. ``frames_2`` may be 0.
    """
    lam = _check_rates(rates)
    c1 = _check_capacity("frames_1", frames_1)
    c2 = _check_capacity("frames_2", frames_2, allow_zero=True)
    policy = _check_policy(policy, ANALYTIC_POLICIES)
    T1 = _solve_T(lam, c1, policy)
    T12 = _solve_T(lam, c1 + c2, policy) if c2 > 0 else T1
    h1, _ = _hit_and_miss(lam, T1, policy)
    h12, m12 = _hit_and_miss(lam, T12, policy)
    t2 = np.maximum(h12 - h1, 0.0)
    total = lam.sum()

    def weighted(p):
        return float((lam * p).sum() / total) if total > 0 else math.nan

    return TwoTierResult(policy, c1, c2, T1, T12, _readonly(h1), _readonly(t2), _readonly(m12),
                         weighted(h1), weighted(t2), weighted(m12))
