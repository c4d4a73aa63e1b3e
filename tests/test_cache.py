"""overcommit.cache: an entry is read back only for the same name and the same inputs
(package source, data files, library versions); the cache can be moved or turned off."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import time

import pytest

from overcommit import cache, data


def test_a_second_call_reads_what_the_first_stored(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path))
    calls = []

    def compute():
        calls.append(1)
        return {"x": [1.5, 2.5]}

    assert cache.cached("probe", compute) == {"x": [1.5, 2.5]}
    assert cache.cached("probe", compute) == {"x": [1.5, 2.5]}
    assert len(calls) == 1
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith(".")] == [
        f"probe-{cache.inputs_key()}.pickle"]


def _compute_slowly(counter: str):
    with open(counter, "a") as out:
        out.write("computed\n")
    time.sleep(1.0)
    return [4, 2]


def _ask(folder: str, counter: str, results) -> None:
    os.environ[cache.CACHE_ENV] = folder
    results.put(cache.cached("together", lambda: _compute_slowly(counter)))


def test_processes_asking_together_compute_once(tmp_path):
    counter = tmp_path / "count.txt"
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    workers = [context.Process(target=_ask, args=(str(tmp_path / "c"), str(counter), results)) for _ in range(3)]
    for w in workers:
        w.start()
    got = [results.get(timeout=60) for _ in workers]
    for w in workers:
        w.join(timeout=60)
    assert got == [[4, 2]] * 3
    assert counter.read_text().count("computed") == 1


def test_other_data_files_give_another_key(tmp_path, monkeypatch):
    copy = tmp_path / "data"
    shutil.copytree(data.data_dir(), copy)
    monkeypatch.setenv("OVERCOMMIT_DATA", str(copy))
    before = cache.inputs_key()
    path = copy / "host.csv"
    path.write_text(path.read_text() + "\n")
    cache._inputs_key.cache_clear()
    assert cache.inputs_key() != before


def test_an_empty_setting_turns_the_cache_off_and_a_damaged_entry_is_recomputed(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.CACHE_ENV, "")
    assert cache.directory() is None
    calls = []
    cache.cached("probe", lambda: calls.append(1))
    cache.cached("probe", lambda: calls.append(1))
    assert len(calls) == 2
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path))
    (tmp_path / f"probe-{cache.inputs_key()}.pickle").write_bytes(b"not a pickle")
    assert cache.cached("probe", lambda: 42) == 42
    assert cache.cached("probe", lambda: 43) == 42


def test_a_name_that_is_not_a_file_stem_is_refused():
    with pytest.raises(ValueError, match=r"name: '\.\./x' is not accepted; expected letters, digits"):
        cache.cached("../x", lambda: 1)
