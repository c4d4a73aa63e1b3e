"""One quantity, one computation: the reference run's yardsticks (overcommit.book.reference)
and the numbers the tiers chapter glues. Several chapters state how much the seventeen guests
used in the reference run; all of them glue it from ``reference.texts()``, so no twin may type
it again, and the facts the prose builds on them must hold for the current model and data.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

import overcommit as oc
from overcommit import data, study, tiers
from overcommit.book import figures_tiers as ft
from overcommit.book import reference

SCRIPTS = Path(__file__).resolve().parents[1] / "book" / "_scripts"
ROLE = re.compile(r"\{glue:[a-z]+\}`([^`]+)`")


def _markdown(path: Path) -> str:
    """The Markdown cells of a twin (jupytext percent format), comment marks removed."""
    out, keep = [], False
    for line in path.read_text().splitlines():
        if line.startswith("# %%"):
            keep = "[markdown]" in line
            continue
        if keep:
            out.append(line[2:] if line.startswith("# ") else line.lstrip("#"))
    return "\n".join(out)


def test_texts_come_from_the_study_totals():
    totals = study.reference_totals()
    t = reference.texts()
    assert t["ref-cpus"] == f"{totals['cpu_load_cpus']:.1f}"
    assert t["ref-gib"] == f"{totals['instantiated_gib']:.0f}"
    assert t["ref-vcpus"] == str(int(totals["vcpus"]))
    assert t["ref-cpus-printed"] == f"{totals['cpu_load_cpus']:.2f}"
    # the Sum row as the data file states it, and the printed rows agree with it
    sums = reference.sum_row()
    assert sums["ref_instantiated_mib"] == totals["instantiated_mib"]
    assert abs(sums["ref_cpu_load_cpus"] - totals["cpu_load_cpus"]) <= 0.015
    assert t["ref-cpu-pct-20"] == f"{100 * 20 / totals['cpu_load_cpus']:.0f} %"
    assert reference.cid_texts("112/20") == {
        "memory": t["ref-mem-pct-112"], "cpus": t["ref-cpu-pct-20"]}


def test_every_ref_name_a_chapter_uses_exists():
    names = reference.texts()
    for path in sorted(SCRIPTS.glob("*.py")):
        for name in ROLE.findall(_markdown(path)):
            if name.startswith("ref-"):
                assert name in names, (path.name, name)


# The reference run's CPU load and instantiated memory, typed out as numbers in the prose.
TYPED = re.compile(r"(?<![\d.])(21\.5[78]|21\.6)(?![\d])|(?<![\d.])133 GiB|136,456|398,712")


@pytest.mark.parametrize("path", sorted(SCRIPTS.glob("*.py")), ids=lambda p: p.stem)
def test_no_twin_types_the_reference_need(path):
    text = ROLE.sub("", _markdown(path))
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # code blocks shown in the prose
    text = re.sub(r"`[^`]*`", "", text)
    assert not TYPED.search(text), (path.name, TYPED.search(text).group(0))


# --- facts the tiers chapter's prose builds on ------------------------------------------


def test_the_model_dpa_rule_uses_the_data_files_dpa():
    """The tiers module's fitted constant is typed in code: it must be the data file's value,
    which the chapter glues."""
    obs = data.observations(["observations_000.csv"]).set_index("id")["value"]
    assert float(obs["o000-sys-dpa"]) == tiers.PAPER_DPA_MIB_AT_64GIB == tiers.dpa_mib(64)


def test_the_tiers_walk_through():
    cids = ["512/20", "256/20", "128/20", "112/20", "96/20", "64/20"]
    bars, ratios = ft.grid_frames(cids=cids, envs=("zvm63-edev",))
    gib = bars.groupby(["cid", "row"])["gib"].sum().unstack()
    ocr = ratios.pivot(index="cid", columns="measure", values="ratio")[ft.RATIO_OCR]
    # "at 128 GiB ... nothing is stored on disk and the overcommit ratio is still 1 : 1"
    assert ocr["128/20"] == pytest.approx(1.0)
    assert not gib.loc["128/20"].fillna(0).get("stored on paging devices", 0) > 0
    # "from 112 GiB on ... the overcommit ratio rises"
    assert ocr["112/20"] > 1.0 and ocr["96/20"] > ocr["112/20"] and ocr["64/20"] > ocr["96/20"]
    # instantiated memory is largest on the large hosts and smallest at the bottom
    assert gib.loc["512/20", "instantiated"] == gib["instantiated"].max()
    assert gib.loc["64/20", "instantiated"] == pytest.approx(gib["instantiated"].min())
    # the released pages are why ocr at 64 GiB is below the reference-memory ratio
    run = oc.simulate("64/20", env="zvm63-edev")
    ref_ratio = study.reference_totals()["instantiated_mib"] / tiers.dpa_mib(64)
    assert run.system["overcommit_ratio"] < ref_ratio


# --- the model's fixed assumptions (overcommit.book.model_texts) --------------------------


def test_model_texts_come_from_the_model_constants():
    from overcommit import model, paging
    from overcommit.book import model_texts

    t = model_texts.texts()
    assert float(t["model-reorder-s-8gib"]) == pytest.approx(model.REORDER_S_PER_MIB * 8192, rel=0.05)
    assert float(t["model-cp-us-per-page"]) == paging.DEFAULT_CP_CPU_S_PER_PAGE["edev-scsi"] * 1e6
    assert t["model-62-cpu-cost"] == f"{100 * (model.CPU_COST_FACTOR['6.2'] - 1):.0f} %"
    assert int(t["model-62-steal-ratio"]) == round(model.STEAL_CPU_S_PER_PAGE["6.2"] / model.STEAL_CPU_S_PER_PAGE["6.3"])


MODEL_TYPED = re.compile(r"\b10 µs per page|assumed (?:8 %|six times)|(?:a second|one second) per 8 G")


@pytest.mark.parametrize("path", sorted(SCRIPTS.glob("*.py")), ids=lambda p: p.stem)
def test_no_twin_types_the_model_constants(path):
    text = ROLE.sub("", _markdown(path))
    assert not MODEL_TYPED.search(text), (path.name, MODEL_TYPED.search(text).group(0))
    for name in ROLE.findall(_markdown(path)):
        if name.startswith("model-"):
            assert name in _model_names(), (path.name, name)


@functools.lru_cache(maxsize=1)
def _model_names() -> frozenset[str]:
    """Every glue name overcommit.book.model_texts publishes."""
    from overcommit.book import model_texts
    return frozenset(model_texts.texts()) | frozenset(model_texts.swept_database_texts())


def test_the_models_reorder_rule_is_the_reports():
    """replacement and case_jvm: the model 'uses exactly that rule', the WebSphere stacking
    report's ~1 s of reorder per 8 GB resident (observations_003.csv), glued as
    ibm-reorder-s-8gb on both pages."""
    from overcommit import model

    obs = data.observations(["observations_003.csv"]).set_index("id")["value"]
    assert model.REORDER_S_PER_MIB * 8 * 1024 == pytest.approx(float(obs["o003-t1-reorder-cost"]))
