"""The three case modules read their data files with the same errors: a bad cell names the
file, row and field; a count must be whole; a missing or unknown parameter is named.

One parametrized test per error, each case with a row of its own data file to break.
"""

from __future__ import annotations

import pytest

from case_utils import copy_data_file, rewrite
from overcommit.cases import jvm, xen, zvm52

CASES = {
    # loader, bad cell (old, new, error), fractional count (old, new, error),
    # missing row (line prefix, loader for it, error), unknown name (old, new)
    "jvm": dict(
        module=jvm, load=jvm.parameters,
        cell=("cpus,24,IFLs", "cpus,many,IFLs", r"case_jvm.csv: row 2, field 'value': 'many'"),
        count=("paging_devices,25,", "paging_devices,2.5,", r"row 4, field 'value': '2.5'.*whole number"),
        missing=("think_frac,", jvm.parameters, r"no row for parameter\(s\) think_frac"),
        unknown=("blocking,0.1", "blockage,0.1", "blockage"),
    ),
    "zvm52": dict(
        module=zvm52, load=zvm52.parameters,
        cell=("cpus,10,CPUs", "cpus,ten,CPUs", r"case_zvm52.csv: row 3, field 'value': 'ten'"),
        count=("paging_devices,25,", "paging_devices,25.5,", r"row 6, field 'value': '25.5'.*whole number"),
        missing=("think_frac,", zvm52.parameters, r"no row for parameter\(s\) think_frac"),
        unknown=("blocking,0.05", "blockage,0.05", "blockage"),
    ),
    "xen": dict(
        module=xen, load=lambda d: xen.parameters("zvm", d),
        cell=("both,cpus,8,", "both,cpus,eight,", r"case_xen.csv: row 1, field 'value': 'eight'"),
        count=("zvm,paging_devices,25,", "zvm,paging_devices,25.5,", r"row 13, field 'value': '25.5'.*whole number"),
        missing=("xen,sched_overhead,", lambda d: xen.parameters("xen", d),
                 r"no row for parameter\(s\) sched_overhead \(xen\)"),
        unknown=("zvm,xstor_gib,", "zvm,xstore_gib,", "xstore_gib"),
    ),
}


@pytest.fixture(params=sorted(CASES))
def case(request, tmp_path):
    c = dict(CASES[request.param])
    c["dir"] = copy_data_file(tmp_path, c["module"].DATA_FILE)
    c["path"] = c["dir"] / c["module"].DATA_FILE
    return c


def test_the_unbroken_file_loads(case):
    case["load"](case["dir"])


def test_bad_cell_names_file_row_and_field(case):
    old, new, error = case["cell"]
    rewrite(case["path"], old, new)
    with pytest.raises(ValueError, match=error):
        case["load"](case["dir"])


def test_fractional_count_is_rejected(case):
    old, new, error = case["count"]
    rewrite(case["path"], old, new)
    with pytest.raises(ValueError, match=error):
        case["load"](case["dir"])


def test_missing_parameter_is_named(case):
    prefix, load, error = case["missing"]
    lines = case["path"].read_text().splitlines(keepends=True)
    assert any(line.startswith(prefix) for line in lines)
    case["path"].write_text("".join(line for line in lines if not line.startswith(prefix)))
    with pytest.raises(ValueError, match=error):
        load(case["dir"])


def test_unknown_parameter_is_named(case):
    old, new, name = case["unknown"]
    rewrite(case["path"], old, new)
    with pytest.raises(ValueError, match=rf"field 'parameter': '{name}'"):
        case["load"](case["dir"])
