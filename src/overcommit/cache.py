"""A disk cache for results that several processes compute again and again (the self-check
boxes' 17,000 exercise variants, the any-host grid of 4,725 runs): both editions of the
book, the test workers and ``make lab`` would each recompute them.

An entry is keyed by a hash of everything the result can depend on: every source file of
the package, every file of the data directory (:func:`overcommit.data.data_dir`), the
Python version and the versions of NumPy, SciPy and pandas. Change any of them and the key
changes, so a stale entry is never read; old entries are simply left behind (``make
clean`` removes them with ``_build``).

Where: ``OVERCOMMIT_CACHE`` if set (an empty value turns the cache off); otherwise
``_build/.cache`` of the clone the package runs from, or, for an installed wheel, no cache.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import platform
import tempfile
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator, TypeVar

from . import data

T = TypeVar("T")

CACHE_ENV = "OVERCOMMIT_CACHE"
_PACKAGE = Path(__file__).resolve().parent
_CLONE = _PACKAGE.parents[1]


def directory() -> Path | None:
    """The cache directory, or None when caching is off."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    if (_CLONE / "pyproject.toml").is_file() and (_CLONE / "src" / "overcommit").is_dir():
        return _CLONE / "_build" / ".cache"
    return None


def inputs_key() -> str:
    """A hash of the package's source, the data files and the numerical libraries' versions
    (read once per process and data directory)."""
    return _inputs_key(str(data.data_dir()))


@lru_cache(maxsize=4)
def _inputs_key(data_directory: str) -> str:
    import numpy
    import pandas
    import scipy

    digest = hashlib.sha256()
    digest.update(f"python {platform.python_version()} numpy {numpy.__version__} scipy {scipy.__version__} "
                  f"pandas {pandas.__version__}\n".encode())
    for root, pattern in ((_PACKAGE, "*.py"), (Path(data_directory), "*")):
        for path in sorted(p for p in root.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


_MISSING = object()


def _read(path: Path):
    if path.is_file():
        try:
            with open(path, "rb") as handle:
                return pickle.load(handle)
        except (OSError, EOFError, pickle.UnpicklingError):
            pass  # a damaged entry is recomputed and replaced
    return _MISSING


@contextmanager
def _alone(folder: Path, stem: str) -> Iterator[None]:
    """Hold ``stem``'s lock in ``folder`` while the block runs, so that processes started
    together (the test workers) compute an entry once, not each on its own; without
    ``fcntl`` or a writable folder, the block runs unlocked."""
    try:
        import fcntl

        folder.mkdir(parents=True, exist_ok=True)
        lock = open(folder / f".{stem}.lock", "w")
    except (ImportError, OSError):
        yield
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def cached(name: str, compute: Callable[[], T]) -> T:
    """``compute()``, or what an earlier call with the same ``name`` and the same inputs
    (:func:`inputs_key`) stored. ``name`` must be a plain file-name stem. While one process
    computes an entry, others asking for it wait and read what it stored."""
    if not name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"name: {name!r} is not accepted; expected letters, digits, '-' and '_'")
    folder = directory()
    if folder is None:
        return compute()
    path = folder / f"{name}-{inputs_key()}.pickle"
    value = _read(path)
    if value is not _MISSING:
        return value
    with _alone(folder, path.stem):
        value = _read(path)  # stored by another process while this one waited
        if value is not _MISSING:
            return value
        value = compute()
        try:
            # written under another name and renamed: a concurrent reader never sees half a file
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name}-", suffix=".tmp")
            with os.fdopen(handle, "wb") as out:
                pickle.dump(value, out, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, path)
        except OSError:
            pass  # a read-only checkout still works, uncached
    return value


__all__ = ["CACHE_ENV", "cached", "directory", "inputs_key"]
