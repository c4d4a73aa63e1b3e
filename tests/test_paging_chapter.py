"""The chapter "Paging devices": its figure data, its charts and its seeded exercise."""

from __future__ import annotations

import json
import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import overcommit as oc
from overcommit import exercises, names, paging
from overcommit.book import figures_paging as fp
from spec_utils import walk as _walk  # noqa: E402


def _params(spec):
    return [p for node in _walk(spec) for p in node.get("params", []) if isinstance(p, dict) and "bind" in p]


# --------------------------------------------------------------------------------------
# Figure data


def test_parameter_table_separates_paper_and_assumptions():
    t = fp.parameter_table()
    assert t.loc["paging devices", "EDEV-SCSI"] == "16"
    assert t.loc["paging devices", "ECKD"] == "25"
    assert t.loc["size of one device (GiB)", "ECKD"] == "20.6"
    for row in ("fixed time per paging I/O (ms)", "transfer time per 4 KiB page (µs)",
                "pages per paging I/O", "CP CPU per page moved (µs)"):
        assert "assumed" in t.loc[row, "source"]
    assert t.loc["device capacity, reads + writes (MiB/s)", "ECKD"] == "362"


def test_mmk_curves_start_at_s_and_single_server_is_worst():
    f = fp.mmk_curves()
    at0 = f[f["utilisation"] == 0]
    assert (at0["response_over_s"] == 1).all()
    at08 = f[(f["utilisation"] - 0.8).abs() < 0.01].sort_values("k")
    assert (np.diff(at08["response_over_s"].to_numpy()) < 0).all()  # more servers, less wait


def test_response_grid_is_monotone_and_finite():
    g = fp.response_grid(8)
    assert set(g["kind"]) == set(paging.KINDS)
    assert set(g["devices"]) == set(range(1, 9))
    assert np.isfinite(g["response_ms"]).all()
    for (_, devices), curve in g.groupby(["kind", "devices"]):
        curve = curve.sort_values("traffic")
        assert (np.diff(curve["response_ms"].to_numpy()) >= -1e-9).all()
        assert curve["response_ms"].iloc[0] >= 1.08 - 1e-6  # never below the service time
        if devices >= 4:  # the first point (>= 1 MiB/s) is still on the flat part
            assert curve["response_ms"].iloc[0] == pytest.approx(1.08, abs=0.05)


def test_capacity_scales_with_devices_and_servers():
    c = fp.capacity_table(4).set_index(["kind", "devices"])["capacity"]
    assert c[("eckd", 4)] == pytest.approx(4 * c[("eckd", 1)], rel=1e-3)
    assert c[("edev-scsi", 1)] == pytest.approx(4 * c[("eckd", 1)], rel=1e-3)


def test_simulation_agrees_with_formulas():
    t = fp.simulation_table(seed=2014, ios=50_000)
    assert len(t) == 18
    assert (t["difference"].abs() < 0.12).all()
    low = t[t["utilisation"] <= 0.6]
    assert (low["difference"].abs() < 0.03).all()
    # same seed, same numbers
    assert fp.simulation_table(seed=2014, ios=50_000).equals(t)


def test_shared_guest_io_and_threshold():
    assert fp.shared_guest_io("zvm63-eckd") > fp.shared_guest_io("zvm63-edev") > 0
    assert 0 < fp.io_error_threshold() <= 1
    with pytest.raises(ValueError, match="env"):
        fp.shared_guest_io("zvm62-edev")


def test_interference_frame_eckd_path_is_the_tight_one():
    f = fp.interference_frame(traffic_max=100, points=11)
    eckd = f[f["env"] == fp.ENV_LABELS["zvm63-eckd"]]
    edev = f[f["env"] == fp.ENV_LABELS["zvm63-edev"]]
    assert eckd["path_utilisation"].iloc[0] == pytest.approx(eckd["guest_io"].iloc[0] / eckd["bandwidth"].iloc[0])
    assert (eckd["path_utilisation"].to_numpy() > edev["path_utilisation"].to_numpy()).all()
    assert (np.diff(eckd["slowdown"].to_numpy()) > 0).all()


def test_model_table_reports_every_environment():
    t = fp.model_table(("96/20", "64/20"))
    assert len(t) == 6
    assert (t["device utilisation"] < 1).all()
    eckd = t[t["env"] == "zvm63-eckd"]
    assert (eckd["of which driving paging I/O (CPUs)"] == 0).all()
    s = fp.model_summary(("96/20", "64/20"))
    assert s.index.names == ["environment", "CID"]
    # the environments as the whole book names them, not by a short name of the table's own
    assert set(s.index.get_level_values("environment")) == {names.environment(e) for e in fp.ENV_LABELS}


def test_environments_and_paths_have_the_books_names():
    assert fp.ENV_LABELS == {e: names.environment(e) for e in ("zvm63-edev", "zvm63-eckd", "zvm62-edev")}
    t = fp.path_table()
    assert set(fp.PATH_LABELS) == set(oc.model.PATH_MIB_S)
    assert list(t.index) == [fp.PATH_LABELS[p] for p in fp.PATH_LABELS]
    assert list(t.iloc[:, 0]) == [oc.model.PATH_MIB_S[p] for p in fp.PATH_LABELS]


# --------------------------------------------------------------------------------------
# Charts


CHARTS = {
    "mmk": lambda: fp.mmk_chart(),
    "response": lambda: fp.response_chart(),
    "simulation": lambda: fp.simulation_chart(fp.simulation_table(ios=20_000)),
    "interference": lambda: fp.interference_chart(),
    "explorer": lambda: fp.explorer_chart(),
    "explorer-saturated": lambda: fp.explorer_chart("edev-scsi", 2, 4, 500, 400, 100),
}


@pytest.mark.parametrize("name", list(CHARTS))
def test_chart_conventions(name):
    spec = CHARTS[name]().to_dict()
    assert spec.get("description")
    titles = [enc.get("title") for node in _walk(spec) if isinstance(node.get("encoding"), dict)
              for ch in ("x", "y") for enc in [node["encoding"].get(ch)] if isinstance(enc, dict) and enc.get("title")]
    assert titles and all("(" in t for t in titles), titles  # units in axis titles
    assert len(json.dumps(spec)) < 300_000


def test_response_chart_controls():
    spec = fp.response_chart("edev-scsi", 16).to_dict()
    params = {p["name"]: p for p in _params(spec)}
    assert params["kind"]["bind"]["input"] == "select"
    assert params["kind"]["value"] == "edev-scsi"
    assert params["devices"]["bind"]["input"] == "range"
    assert params["devices"]["bind"]["max"] == fp.MAX_DEVICES
    filters = json.dumps([t["filter"] for node in _walk(spec) for t in node.get("transform", []) if "filter" in t])
    assert "kind" in filters and "devices" in filters


@pytest.mark.parametrize(
    "call",
    [
        lambda: fp.response_chart("fcp"),
        lambda: fp.response_chart("eckd", 0),
        lambda: fp.explorer_chart("eckd", 25, 2),
        lambda: fp.explorer_chart("tape"),
        lambda: fp.explorer_chart("eckd", 0),
        lambda: fp.explorer_chart("eckd", 25, 1, -1),
    ],
)
def test_invalid_values_raise_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_explorer_chart_follows_its_inputs():
    a = json.dumps(fp.explorer_chart().to_dict(), sort_keys=True)
    b = json.dumps(fp.explorer_chart(devices=10).to_dict(), sort_keys=True)
    assert a != b
    assert "saturated" in fp.explorer_chart("eckd", 1, 1, 100, 100).to_dict()["description"]


# --------------------------------------------------------------------------------------
# The seeded exercise


def test_same_seed_same_exercise():
    a, b = exercises.generate("paging", 5), exercises.generate("paging", 5)
    assert (a.question, a.answer, a.solution) == (b.question, b.answer, b.solution)
    assert len({exercises.generate("paging", s).question for s in range(20)}) >= 18


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_answer_matches_the_package(seed):
    ex = exercises.generate("paging", seed)
    p = ex.parameters
    config = paging.PagingConfig.from_data(p["kind"], devices=p["devices"],
                                           servers_per_device=p["servers_per_device"],
                                           pages_per_io=p["pages_per_io"])
    reads, writes = p["page_read_mib_s"], p["page_write_mib_s"]
    rho = paging.response_time(config, reads, writes).device_utilisation
    t = paging.device_response_time(config, (reads + writes) * paging.PAGES_PER_MIB)
    assert 0 < rho < 1 and math.isfinite(t)
    assert ex.answer[0] == pytest.approx(rho, abs=1e-5)
    assert ex.answer[1] == pytest.approx(t * 1e3, abs=1e-4)
    if p["kind"] == "eckd":  # M/M/1 by hand
        assert ex.answer[1] == pytest.approx(config.service_time_s * 1e3 / (1 - rho), rel=1e-4)
    assert f"{reads} MiB/s" in ex.question and f"{writes} MiB/s" in ex.question
    assert exercises.check("paging", seed, ex.answer)
    assert not exercises.check("paging", seed, [ex.answer[0], ex.answer[1] * 1.2])
    assert not exercises.check("paging", seed, [ex.answer[0] * 1.5, ex.answer[1]])


def test_question_asks_for_the_answer_in_words():
    """The question is a reader's text: it names the two numbers, not a code name for them."""
    for seed in range(10):
        question = exercises.generate("paging", seed).question
        assert "response_ms" not in question and "two numbers" in question
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", question), question


def test_worked_solution_shows_erlang_c_for_edev():
    ex = exercises.generate("paging", 1)
    assert ex.parameters["kind"] == "edev-scsi"
    assert "Erlang C" in ex.solution
    assert f"{ex.answer[1]:.4f} ms" in ex.solution


def test_the_interference_exercise_facts():
    """paging-ex-interference: the paper's 64/20 reads would cross the ECKD path's failure
    threshold (with writes at 60 % of reads), the model's own ECKD reads at 64/20 do not."""
    import overcommit as oc
    from overcommit.book import figures_paging as fp

    headroom = fp.io_error_threshold() * oc.model.PATH_MIB_S["eckd"] - fp.shared_guest_io("zvm63-eckd")
    reads_limit = headroom / 1.6
    obs = oc.data.observations().set_index("id")
    assert float(obs.loc["o000-sys-pr", "value"]) > reads_limit
    eckd = oc.simulate("64/20", "zvm63-eckd").system
    assert eckd["page_read_mib_s"] < reads_limit
    assert eckd["page_read_mib_s"] + eckd["page_write_mib_s"] < headroom
