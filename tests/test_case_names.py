"""The case studies in a reader's words: the tables their chapters show carry no code name.

Each case's data file names parameters for code and cites documents by seed number and
guests by id; :mod:`overcommit.book.figures_cases` and the case figure modules turn them into
meanings, author-year citations and display names. The check is the browser test's own
(:func:`test_visible_names.identifiers_in`), applied to every cell of every table, so a new
row without a meaning, or an id that slips through, fails here before a site is built.
"""

from __future__ import annotations

import pandas as pd
import pytest

from overcommit import names
from overcommit.book import figures_case_jvm as fj
from overcommit.book import figures_case_xen as fx
from overcommit.book import figures_case_zvm52 as fz
from overcommit.book import figures_cases as fc
from overcommit.cases import jvm, xen, zvm52
from test_visible_names import identifiers_in


def _cells(table: pd.DataFrame) -> list[str]:
    """Every text a reader sees in ``table``: its cells, column names and index."""
    return ([str(v) for v in table.to_numpy().ravel()] + [str(c) for c in table.columns]
            + [str(i) for i in table.index] + [str(n) for n in table.index.names if n])


@pytest.mark.parametrize("table", [
    pytest.param(lambda: fj.parameter_table(), id="jvm parameters"),
    pytest.param(lambda: fz.parameter_table(), id="zvm52 parameters"),
    pytest.param(lambda: fx.parameter_table(), id="xen parameters"),
    pytest.param(lambda: fc.system_table(jvm.environment(jvm.calibrated()), jvm.host(jvm.calibrated())),
                 id="jvm system"),
    pytest.param(lambda: fc.guest_table(zvm52.guests(6, zvm52.calibrated())[:2]), id="zvm52 guests"),
    pytest.param(lambda: fx.system_table(), id="xen machines"),
    pytest.param(lambda: fx.triplet_table(), id="xen triplet"),
])
def test_case_tables_show_no_code_name(table):
    t = table()
    found = [f for cell in _cells(t) for f in identifiers_in(cell)]
    assert not found, found
    assert not any("seed 0" in cell for cell in _cells(t))


def test_every_parameter_has_a_meaning_and_the_table_refuses_one_without():
    for module, case in ((fj, jvm), (fz, zvm52)):
        params = list(case.provenance()["parameter"])
        assert set(params) == set(module.PARAMETER_MEANINGS), module.__name__
        shown = module.parameter_table()
        assert list(shown["parameter"]) == [module.PARAMETER_MEANINGS[p] for p in params]
    extra = pd.concat([jvm.provenance(), jvm.provenance().iloc[:1].assign(parameter="new_knob")])
    with pytest.raises(ValueError, match="meanings: parameter 'new_knob' has no meaning"):
        fc.parameter_table(extra, jvm.calibrated(), fj.PARAMETER_MEANINGS)


def test_fitted_rows_keep_their_values_and_sources_keep_their_places():
    """The reader's table changes words, not facts: the value the model runs with, the start
    value, the unit and role, and each source's place in its document."""
    case = jvm.calibrated()
    shown = fj.parameter_table(case).set_index("parameter")
    fitted = shown.loc[fj.PARAMETER_MEANINGS["cp_vcpu_overhead"]]
    assert fitted["value in the model"] == float(f"{case.cp_vcpu_overhead:.4g}") and fitted["role"] == "fitted"
    assert fitted["start value"] == jvm.provenance().set_index("parameter").loc["cp_vcpu_overhead", "value"]
    raw = jvm.provenance().set_index("parameter")["source"]
    for p, text in zip(jvm.provenance()["parameter"], fj.parameter_table(case)["source"]):
        place = raw[p].split(", ", 1)[-1].split(" via ")[-1]
        assert fc.readable(place) in text, (p, text)
    assert shown.loc[fj.PARAMETER_MEANINGS["paging_kind"], "value in the model"] == "ECKD"


def test_readable_names_documents_guests_and_workloads():
    text = ("seed 000 via data/calibrated_parameters.csv, guest was-medium-was; variant db-bi; "
            "fitted by overcommit.cases.jvm.calibrate to seed 003; seed 002 Table 1")
    assert fc.readable(text) == (
        "Johanssen and Doelle 2014 via the study's calibration, guest "
        f"{names.guest('was-medium-was')}; variant Database BI; fitted to Doelle and Sadler 2012; "
        "IBM Corporation 2006 Table 1")
    # an id inside a file name or a longer word is not a workload
    assert fc.readable("data/db-bi.csv and db-bi-extra") == "data/db-bi.csv and db-bi-extra"
    # the xen table cites the same documents by the same labels
    assert all(fx.DOCUMENTS[seed] == fc.DOCUMENTS[seed] for seed in fx.DOCUMENTS)
    assert fc.readable_value("was-medium-ihs") == names.guest("was-medium-ihs")
    assert fc.readable_value("edev-scsi") == "EDEV-SCSI" and fc.readable_value(25) == 25


def test_system_tables_say_what_the_objects_hold():
    case = zvm52.calibrated()
    env, host = zvm52.environment(case), zvm52.host(case)
    t = fc.system_table(env, host)["value"]
    assert t["z/VM release"] == "5.2" and t["real CPUs"] == "10"
    assert t["real memory, expanded storage included (GiB)"] == f"{host.memory_gib:g}"
    assert t["of it expanded storage (GiB)"] == f"{env.xstor_gib:g}"
    assert t["paging devices"] == f"{host.paging_devices} ECKD volumes" and "FIFO" in t["memory management"]
    g = fc.guest_table(zvm52.guests(6, case)[:2])
    assert list(g.columns) == ["db01", "db02"]
    assert g.loc[names.quantity("write_frac"), "db01"] == f"{case.write_frac:.4g}"
    t = fx.triplet_table(4, xen.calibrated("xen"))
    assert list(t.index) == ["web1", "app1", "db1", "hv1"] and names.quantity("cpu_load") in t.columns
