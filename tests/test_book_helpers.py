"""The book's presentation helpers: chart conventions, offline rendering, explorers."""

from __future__ import annotations

import json
import re

import altair as alt
import ipywidgets as widgets
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overcommit import study
from overcommit.book import VEGALITE_MIME, figures
from overcommit.book.explore import explorer
from overcommit.book.mime import STATIC_MIME, WIDGET_VIEW, OfflineMimeRenderer, chart_html
from spec_utils import walk as _walk  # noqa: E402


def _axis_titles(spec):
    for node in _walk(spec):
        for channel in ("x", "y"):
            enc = node.get("encoding", {}).get(channel) if isinstance(node.get("encoding"), dict) else None
            if isinstance(enc, dict) and "field" in enc:
                yield enc.get("title")


@pytest.mark.parametrize(
    "chart",
    [figures.cid_grid_chart(), figures.procedure_timeline(), figures.pressure_chart(64, 20)],
    ids=["cid-grid", "timeline", "pressure"],
)
def test_figures_have_descriptions_and_units(chart):
    spec = chart.to_dict()
    assert len(spec.get("description", "")) > 40
    titles = [t for t in _axis_titles(spec) if t is not None]
    assert titles, "no titled axes"
    for title in titles:
        assert "(" in title and ")" in title, f"axis title without a unit: {title!r}"


def test_cid_grid_chart_binds_a_cid_picker_over_the_paper_grid():
    spec = figures.cid_grid_chart("96/10").to_dict()
    (param,) = spec["params"]
    assert param["value"] == "96/10"
    assert param["bind"]["input"] == "select"
    import overcommit as oc

    assert param["bind"]["options"] == list(oc.PAPER_CIDS)
    with pytest.raises(ValueError, match="value: '1/1' is not accepted"):
        figures.cid_grid_chart("1/1")


def test_pressure_chart_values():
    row = study.pressure("64/20")
    assert row["memory_fraction"] == pytest.approx(64 / (136_456 / 1024))
    assert row["cpu_fraction"] == pytest.approx(20 / 21.58)
    assert row["defined_to_real_memory"] == pytest.approx(398_712 / 65_536)


def test_renderer_stores_the_spec_not_cdn_html():
    chart = alt.Chart(pd.DataFrame({"a": [1, 2]})).mark_point().encode(x="a:Q")
    bundle = chart._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert set(data) == {VEGALITE_MIME, "text/plain"}
    assert "cdn" not in json.dumps(data).lower()


def test_chart_html_is_deterministic_and_escapes_script_end():
    spec = {"description": 'a "quoted" label', "data": {"values": [{"s": "</script><b>"}]}}
    first, second = chart_html(spec, "1:0"), chart_html(spec, "1:0")
    assert first == second
    assert "</script><b>" not in first.split('class="oc-vega-spec"')[1].split("</script></div>")[0]
    assert 'aria-label="a &quot;quoted&quot; label"' in first
    assert chart_html(spec, "2:0") != first  # two identical charts on a page get two ids


def test_plugin_priorities_hide_widget_views_in_html():
    overrides = {(b, m): p for b, m, p in OfflineMimeRenderer.mime_priority_overrides}
    assert overrides[("html", WIDGET_VIEW)] is None
    assert overrides[("html", STATIC_MIME)] < overrides[("html", VEGALITE_MIME)] < 30


def test_explorer_static_bundle_and_error_message():
    def render(memory_gib, cpus):
        return figures.pressure_chart(memory_gib, cpus)

    memory = widgets.IntSlider(value=64, min=0, max=512, description="real memory (GiB)")
    ex = explorer(render, memory_gib=memory, cpus=widgets.IntSlider(value=20, min=1, max=32, description="real CPUs"))
    bundle = ex._repr_mimebundle_()
    assert WIDGET_VIEW in bundle and STATIC_MIME in bundle
    # the static page gets one sentence, no chart frozen at the defaults
    assert bundle[STATIC_MIME] == {"adds": "Its controls set real memory and real CPUs to any value, "
                                           "and each change runs the model afresh and redraws the chart."}
    # the text form reads the controls as a reader does, never as key = value
    plain = bundle["text/plain"]
    assert "real memory 64 GiB and real CPUs 20" in plain and "=" not in plain and "memory_gib" not in plain
    memory.value = 0  # invalid: shown as a message, not raised
    assert "memory 0.0 GiB is not accepted" in ex.message.value
    memory.value = 128
    assert ex.message.value == ""


def test_explorer_says_when_the_model_has_no_steady_state():
    from overcommit.model import NotConvergedError

    def render(memory_gib):
        if memory_gib == 16:
            raise NotConvergedError("simulate('16/20', env='zvm63-eckd') did not converge in 500 iterations")
        return figures.pressure_chart(memory_gib, 20)

    memory = widgets.IntSlider(value=64, min=16, max=512, description="real memory (GiB)")
    ex = explorer(render, memory_gib=memory)
    last = ex.output.outputs
    memory.value = 16
    assert "No steady state here" in ex.message.value and "did not converge" in ex.message.value
    assert ex.output.outputs == last  # the last chart stays
    memory.value = 32
    assert ex.message.value == ""


def test_explorer_needs_controls():
    with pytest.raises(ValueError, match="controls: empty"):
        explorer(lambda: None)


def test_explorer_card_says_what_the_live_version_adds_and_how_to_open_it():
    from overcommit.book.explore import host_controls

    adds = "Any host, not only the study's grid."
    ex = explorer(lambda memory_gib, cpus, env: figures.pressure_chart(memory_gib, cpus), adds=adds, **host_controls())
    bundle = ex._repr_mimebundle_()
    assert bundle[STATIC_MIME] == {"adds": adds}
    from overcommit.book.figures_results import ENV_LABELS

    # a display name with a comma of its own ("z/VM 6.3, EDEV-SCSI") splits the settings by semicolons
    env = ENV_LABELS["zvm63-edev"]
    sep = "; " if "," in env else ", "
    assert bundle["text/plain"] == (f"Live explorer (run the notebook in Jupyter to use it). {adds} It starts at real "
                                    f"memory 64 GiB{sep}real CPUs 20 and environment {env}.")
    with pytest.raises(ValueError, match="adds: ' ' is not accepted"):
        explorer(lambda x: None, adds=" ", x=widgets.IntSlider())
    # many controls: the first three by name, then how many more
    many = {f"k{i}": widgets.IntSlider(description=f"control {i}") for i in range(6)}
    assert "control 0, control 1, control 2 and 3 more to any value" in explorer(lambda **k: None, **many).adds


def test_explorer_card_html_has_no_chart_and_links_the_kit_from_the_page():
    from overcommit.book.mime import ADDS_UNKNOWN, explorer_card

    card = explorer_card({"adds": "Any <host>."}, "../_static/overcommitted-kit.zip")
    assert "Any &lt;host&gt;." in card and "oc-vega" not in card and "<input" not in card
    assert '<a class="oc-kit-link" href="../_static/overcommitted-kit.zip" download>download the classroom kit' in card
    assert "make lab" in card and "Live explorer" in card
    # a bundle stored by the version before (a note and a frozen chart) gets the card alone
    old = explorer_card({"note": "In this static page the chart shows ... (memory_gib = 64)", "spec": {"mark": "bar"}},
                        "x.zip")
    assert ADDS_UNKNOWN in old and "memory_gib" not in old and "oc-vega" not in old


def test_stored_numbers_are_rounded_so_the_last_bits_do_not_reach_nbval():
    import numpy as np

    from overcommit.book import stable

    # Two values that differ only in the last bits (as the model's fixed point does from
    # one CPU to another) store the same text; a real difference still shows.
    assert repr(stable(51.3767417247387)) == repr(stable(51.37674172473871))
    assert repr(stable(8.08642125)) == repr(stable(8.086419314)) == "8.08642"
    assert stable(51.3767417247387) != stable(51.3777)
    nested = stable({"a": [np.float64(1 / 3), 2, "x", None, True], "b": (0.0, float("nan"))})
    assert nested["a"] == [0.333333, 2, "x", None, True]
    assert nested["b"][0] == 0.0 and np.isnan(nested["b"][1])
    # what is left of a difference of equal numbers is stored as 0 on every machine
    assert stable(4.6e-15) == stable(-2e-16) == stable(0.0) == 0.0
    assert stable(2.5e-6) == 2.5e-6
    spec = alt.Chart(pd.DataFrame({"x": [1 / 7]})).mark_point().encode(x="x:Q").to_dict()
    bundle, _ = alt.renderers.get()(spec)
    stored = json.dumps(bundle[VEGALITE_MIME])
    assert "0.142857" in stored and "0.1428571" not in stored


def test_host_controls_are_the_three_explorer_inputs():
    from overcommit.book.explore import host_controls, slider

    c = host_controls(memory_gib=96, cpus=15, env="zvm63-eckd", max_cpus=40)
    assert list(c) == ["memory_gib", "cpus", "env"]
    assert (c["memory_gib"].value, c["cpus"].value, c["env"].value) == (96, 15, "zvm63-eckd")
    assert c["cpus"].max == 40 and c["memory_gib"].min == 16
    assert [v for _, v in c["env"].options] == ["zvm63-edev", "zvm63-eckd", "zvm62-edev"]
    with pytest.raises(ValueError, match="env: 'zvm99' is not accepted"):
        host_controls(env="zvm99")
    with pytest.raises(ValueError, match="value: 600 is not accepted; expected a number from 16 to 512"):
        slider(widgets.IntSlider, 600, 16, 512, 8, "real memory (GiB)")


def test_memory_sizes_without_a_paper_result_are_marked_model_only():
    """Table 16 lists 48 GiB, but the paper reports no 48 GiB run: the results charts mark
    it with the rule's band (not a star on the axis as well), and the data file says why."""
    from overcommit import data
    from overcommit.book import figures as ff
    from overcommit.book import figures_results as fr

    grid = data.cid_grid()
    for m in ff.NO_PAPER_RESULT_GIB:
        notes = grid[grid["real_memory_gib"] == m]["note"]
        assert len(notes) == 4 and all(("never report" in n) or ("see 48/20" in n) for n in notes)
    assert "labelExpr" not in fr.memory_axis().to_dict() and "*" not in fr.MEMORY_TITLE
    band = ff.model_only_band(fr._x_memory()).to_dict()
    source = band["layer"][0].get("data", band.get("data"))  # Altair lifts data the layers share
    rows = band["datasets"][source["name"]] if "name" in source else source["values"]
    assert [v["memory_gib"] for v in rows] == list(ff.NO_PAPER_RESULT_GIB)


def test_zero_scale_by_fits_each_setting_and_ends_round():
    import altair as alt
    import pandas as pd

    from overcommit.book.figures import _js_string, nice_ceiling, zero_scale_by

    assert [nice_ceiling(v) for v in (0.9, 1.0, 1.01, 2.2, 4.9, 88, 110, 0.0031)] == pytest.approx(
        [1, 1, 1.2, 2.5, 5, 100, 120, 0.004])
    with pytest.raises(ValueError, match="value"):
        nice_ceiling(0)
    assert (_js_string(7.0), _js_string(0.5), _js_string(12), _js_string("a")) == ("7", "0.5", "12", "a")
    env = alt.param(name="env", value="a")
    frame = pd.DataFrame({"env": ["a", "a", "b"], "y": [0.4, 0.9, 30.0]})
    paper = pd.DataFrame({"env": ["a"], "y": [1.7]})
    bound = pd.DataFrame({"y": [9.0]})  # no env column: drawn for every setting
    expr = zero_scale_by([(frame, "y"), (paper, "y"), (bound, "y")], [(env, "env")]).to_dict()["domain"][1]["expr"]
    assert expr == '({"a": 10.0, "b": 30.0}[env] || 30.0)'


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False))
@settings(max_examples=200, deadline=None)
def test_sig_keeps_four_significant_digits(x):
    y = float(figures.sig(pd.Series([x]))[0])
    if abs(x) <= 1e-9:
        assert y == 0
    else:
        assert abs(y - x) <= abs(x) * 5.1e-4


def test_picker_binds_a_drop_down_with_its_label_and_option_texts():
    p = figures.picker("env", ["a", "b"], "b", "Environment", labels=["A", "B"])
    spec = alt.Chart(pd.DataFrame({"v": [1]})).mark_point().add_params(p).to_dict()
    param = next(q for q in spec["params"] if q["name"] == "env")
    assert param["value"] == "b"
    assert param["bind"] == {"input": "select", "options": ["a", "b"], "labels": ["A", "B"], "name": "Environment "}


def test_picker_names_the_field_the_value_and_the_options():
    with pytest.raises(ValueError, match=r"cpus: 7 is not accepted; expected one of \[5, 10\]"):
        figures.picker("cpus", (5, 10), 7, "Real CPUs", field="cpus")


def test_every_drop_down_of_the_book_is_built_by_the_picker():
    """One builder for drop-downs: no figure module binds a select itself."""
    import pathlib

    import overcommit.book as book

    for path in pathlib.Path(book.__file__).parent.glob("figures_*.py"):
        assert "binding_select" not in path.read_text(), path.name


def test_workload_value_reads_one_cell_and_names_what_is_missing():
    from overcommit.book import figures_workload as fw

    frame = pd.DataFrame({"cid": ["64/20", "64/20"], "env": ["zvm63-edev", "zvm63-eckd"],
                          "variant": ["db-bi", "db-bi"], "throughput": [0.9, 0.8]})
    assert fw.value(frame, "64/20", "db-bi") == 0.9
    assert fw.value(frame, "64/20", "db-bi", env="zvm63-eckd") == 0.8
    with pytest.raises(ValueError, match="column: 'cpu'"):
        fw.value(frame, "64/20", "db-bi", "cpu")
    with pytest.raises(ValueError, match=r"\('96/20', 'db-bi', 'zvm63-edev'\) is not in the frame"):
        fw.value(frame, "96/20", "db-bi")
    assert fw.cid_tag("64/20") == "64-20"


def test_breaks_sentence_sorts_workloads_by_what_limits_them():
    from overcommit.book import figures_planning as fp

    rows = []
    for m in (512, 128, 64):
        rows += [("study", 20, "zvm63-edev", "cpu-bound", m, 0.5),  # under the level everywhere
                 ("study", 20, "zvm63-edev", "memory", m, 0.95 if m > 64 else 0.6),  # breaks at 64
                 ("study", 20, "zvm63-edev", "fine", m, 1.0)]
    frame = pd.DataFrame(rows, columns=["mix", "cpus", "env", "variant", "memory_gib", "throughput"])
    text = fp.breaks_sentence(frame, "study", level=0.9)
    # a workload the mix defines itself keeps its own name (the study's are named by
    # overcommit.names: tests/test_planning_chapter.py)
    assert text == ("- below the level already at 512 GiB: cpu-bound\n- breaking as memory shrinks: memory at 64 GiB\n"
                    "- never below it on the grid: fine")
    with pytest.raises(ValueError, match="mix, cpus, env"):
        fp.breaks_sentence(frame, "study", cpus=10)


def test_explorer_controls_wrap_instead_of_running_off_the_notebook():
    box = explorer(lambda a, b: pd.DataFrame({"a": [a], "b": [b]}),
                   a=widgets.IntSlider(value=1, min=0, max=2), b=widgets.IntSlider(value=1, min=0, max=2)).box
    controls = box.children[0]
    assert isinstance(controls, widgets.HBox) and controls.layout.flex_flow == "row wrap"


def test_parameter_table_shows_the_fitted_value_beside_its_start():
    from overcommit.book.figures import parameter_table
    from overcommit.cases import zvm52

    table = parameter_table(zvm52.provenance(), zvm52.calibrated()).set_index("parameter")
    fitted = zvm52.calibrated()
    assert table.loc["median_rate_per_s", "value in the model"] == pytest.approx(fitted.median_rate_per_s, rel=1e-3)
    assert float(table.loc["median_rate_per_s", "start value"]) == zvm52.parameters().median_rate_per_s
    assert table.loc["median_rate_per_s", "value in the model"] != float(table.loc["median_rate_per_s", "start value"])
    assert table.loc["cpus", "start value"] == ""
    with pytest.raises(ValueError, match="^provenance: lacks column"):
        parameter_table(zvm52.provenance().drop(columns=["role"]), fitted)


def test_one_rule_says_which_hosts_the_paper_ran():
    from overcommit.book import figures as ff

    ran = ff.paper_ran_cids()
    assert "64/20" in ran and "512/25" in ran and not any(c.startswith("48/") for c in ran)
    assert ff.provenance(64, 20, "zvm63-edev") == ff.PAPER_RAN and ff.provenance(512, 25, "zvm63-edev") == ff.PAPER_RAN
    for memory, cpus in ((48, 20), (72, 20), (16, 5), (64, 25), (64, 1), (63.5, 20)):
        assert ff.provenance(memory, cpus, "zvm63-edev") == ff.MODEL_ONLY, (memory, cpus)
    # the browser's expression names exactly the same hosts
    expr = ff.provenance_expr("any_mem", "any_cpus", "any_env")
    sizes, counts = (json.loads(a) for a in re.findall(r"indexof\((\[[\d, ]+\]), toNumber", expr))
    named = {f"{m}/{c}" for m in sizes for c in counts} | set(
        "/".join(h) for h in re.findall(r"\(any_mem == (\d+) && any_cpus == (\d+) && any_env == 'zvm63-edev'\)", expr))
    assert named == set(ran)
    assert expr.endswith(f"? '{ff.PAPER_RAN}' : '{ff.MODEL_ONLY}')")


def test_the_any_host_chart_marks_the_models_own_hosts():
    import json

    from overcommit.book import figures as ff
    from overcommit.book import figures_results as fr

    text = json.dumps(fr.any_cid_chart().to_dict())
    assert ff.provenance_expr("any_mem", "any_cpus", "any_env") in text  # the title
    assert ff.provenance_expr("datum.m", "any_cpus", "any_env") in text  # the points over memory, one rule
    assert text.count(f"'{ff.MODEL_ONLY}'") >= 2 and json.dumps(ff.RING) in text
    # the band follows the chosen CPUs and environment: no band where the paper ran none
    assert ff.paper_memory_floor_expr("any_cpus", "any_env") in text


def test_sliders_over_the_paper_grid_carry_the_papers_hosts_as_stops():
    """The any-host charts and the shares chart name the paper's hosts for their memory and
    CPU sliders (usermeta.stops, marked on the slider by overcommit.js): the memory sizes and
    CPU counts of the hosts the paper ran, each a value the slider can take."""
    from overcommit.book import figures_results, figures_shares, figures_workload

    ran = figures.paper_ran_cids()
    memory, cpus = {int(c.split("/")[0]) for c in ran}, {int(c.split("/")[1]) for c in ran}
    assert memory == {512, 256, 128, 112, 96, 64} and cpus == {25, 20, 15, 10, 5}
    charts = {"any host": figures_results.any_cid_chart(), "any host, one workload": figures_workload.any_cid_chart("db"),
              "shares": figures_shares.study_allocation_chart()}
    expected = {"any host": {"any_mem": memory, "any_cpus": cpus}, "any host, one workload": {"any_mem": memory, "any_cpus": cpus},
                "shares": {"cpus": cpus}}
    for name, chart in charts.items():
        spec = chart.to_dict()
        stops = spec["usermeta"]["stops"]
        assert {k: set(v) for k, v in stops.items()} == expected[name], name
        bound = {p["name"]: p["bind"] for p in spec["params"] if "bind" in p}
        for param, values in stops.items():
            bind = bound[param]
            assert bind["input"] == "range" and values == sorted(values), (name, param)
            assert all(bind["min"] <= v <= bind["max"] and (v - bind["min"]) % bind["step"] == 0 for v in values), (name, param)
