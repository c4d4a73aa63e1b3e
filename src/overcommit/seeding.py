"""The one place randomness comes from.

Every random draw in the package, the tests and the book goes through :func:`rng`, so a
seed fully determines a result: the same seed gives the same exercise, the same trace, the
same figure. Chapters that need randomness pass an explicit seed; the default is fixed so
that executing a notebook twice gives byte-identical outputs (strict nbval relies on it).
"""

from __future__ import annotations

import numpy as np

DEFAULT_SEED = 20141001  # the paper's publication month, as good a constant as any


def rng(seed: int | None = None) -> np.random.Generator:
    """A NumPy generator for ``seed`` (``DEFAULT_SEED`` when None).

    Raises ``ValueError`` for a seed that is not a non-negative whole number.
    """
    if seed is None:
        seed = DEFAULT_SEED
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed: {seed!r} is not accepted; expected a whole number >= 0")
    return np.random.default_rng(int(seed))


def variant_seeds(seed: int, attempts: int = 200):
    """The seeds a generator may try for the student-facing ``seed``: ``seed`` itself first,
    then ``attempts - 1`` seeds derived from ``(seed, attempt)`` with NumPy's
    ``SeedSequence``. A generator that rejects a variant as not worth asking takes the next
    one, so the same ``seed`` always ends at the same exercise.
    """
    rng(seed)  # the same check and message as every other seed
    yield int(seed)
    for attempt in range(1, attempts):
        yield int(np.random.SeedSequence([int(seed), attempt]).generate_state(1, dtype=np.uint64)[0])

