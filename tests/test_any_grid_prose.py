"""The any-host grid as the chapters describe it ("16 to 512 GiB in steps of 8 GiB, 1 to 25
CPUs") is the grid the chart offers: figures_results.ANY_MEMORY_GIB and ANY_CPUS. The prose
glues it from figures_results.any_grid_texts, so no twin may type it again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from overcommit.book import figures_results as fr

SCRIPTS = Path(__file__).resolve().parents[1] / "book" / "_scripts"


def test_texts_describe_the_grid():
    t = fr.any_grid_texts()
    m, c = fr.ANY_MEMORY_GIB, fr.ANY_CPUS
    assert (int(t["any-mem-min"]), int(t["any-mem-max"])) == (m[0], m[-1])
    assert tuple(range(m[0], m[-1] + 1, int(t["any-mem-step"]))) == m  # evenly spaced, no gaps
    assert tuple(range(int(t["any-cpus-min"]), int(t["any-cpus-max"]) + 1)) == c


def test_chart_sliders_follow_the_grid():
    spec = fr.any_cid_chart().to_dict()
    binds = {p["name"]: p["bind"] for p in spec["params"] if "bind" in p and "min" in p["bind"]}
    t = fr.any_grid_texts()
    assert (binds["any_mem"]["min"], binds["any_mem"]["max"], binds["any_mem"]["step"]) == (
        int(t["any-mem-min"]), int(t["any-mem-max"]), int(t["any-mem-step"]))
    assert (binds["any_cpus"]["min"], binds["any_cpus"]["max"]) == (int(t["any-cpus-min"]), int(t["any-cpus-max"]))


@pytest.mark.parametrize("path", sorted(SCRIPTS.glob("*.py")), ids=lambda p: p.stem)
def test_no_twin_types_the_grid(path):
    text = path.read_text()
    assert not re.search(r"16 to 512 GiB|steps of 8 GiB", text), path.name
    for name in re.findall(r"\{glue:text\}`(any-[a-z-]+)`", text):
        assert name in fr.any_grid_texts(), (path.name, name)
        assert "glue_any_grid()" in text, path.name
