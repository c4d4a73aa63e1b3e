"""The source documents' numbers in data/: loadable, consistent with their own totals,
recovered cells as documented, malformed files rejected with a precise message."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import overcommit as oc
from overcommit import data

DATA = data.data_dir()
ALL_FILES = sorted(p.name for p in DATA.glob("*.csv"))


@pytest.mark.parametrize("name", ALL_FILES)
def test_every_file_loads_and_carries_provenance(name):
    frame = data.load_table(name)
    assert len(frame) > 0
    assert frame["source"].notna().all()
    # Every source names one of the five documents.
    assert frame["source"].str.contains(r"seed 00[0-4]").all(), name


def test_every_data_file_has_a_declared_schema():
    declared = set(data.TABLES)
    undeclared = [n for n in ALL_FILES if n not in declared and not n.startswith("observations_")]
    assert undeclared == []


def test_readme_lists_every_file():
    readme = (DATA / "README.md").read_text()
    for name in ALL_FILES:
        if name.startswith("observations_"):
            continue
        assert f"`{name}`" in readme, f"data/README.md does not describe {name}"


# --- Table 17 against its sum row and the prose ------------------------------------------


@pytest.mark.parametrize("row", data.table_sums().to_dict("records"), ids=lambda r: f"{r['column']}={r['stated_total']}")
def test_table_sums(row):
    frame = data.load_table(f"{row['table']}.csv")
    total = frame[row["column"]].sum()
    assert abs(total - row["stated_total"]) <= row["tolerance"], (
        f"{row['table']}.{row['column']} sums to {total}, the paper states {row['stated_total']} "
        f"({row['source']})"
    )


def test_prose_totals_of_the_paper():
    from overcommit import study

    totals = study.reference_totals()
    assert totals["vcpus"] == 36
    assert totals["defined_mib"] == 398_712
    assert totals["instantiated_mib"] == 136_456
    assert abs(totals["cpu_load_cpus"] - 21.57) <= 0.015
    assert round(totals["instantiated_gib"]) == 133
    assert round(totals["cpu_load_cpus"], 1) == 21.6


def test_recovered_cell_table17_row8():
    vs = data.virtual_systems_frame()
    row = vs.loc["fs-pagecache-medium"]
    assert row["ref_instantiated_mib"] == 12_288
    assert row["note"].startswith("recovered:")
    others = vs.drop(index="fs-pagecache-medium")["ref_instantiated_mib"].sum()
    assert 136_456 - others == 12_288


def test_virtual_systems_match_the_paper_conventions():
    vs = data.virtual_systems_frame()
    assert len(vs) == 17
    # Shares were assigned as 100 per virtual CPU (section "Assignment of relative shares").
    assert (vs["share"] == 100 * vs["vcpus"]).all()
    assert vs.loc["db-bi", "defined_mib"] == 300 * 1024
    assert sorted(vs["variant"].unique()) == sorted(
        ["db-bi", "was-medium", "was-high", "fs-pagecache-medium", "fs-direct-medium",
         "fs-pagecache-high", "fs-direct-high", "java-medium", "java-high", "net-medium",
         "net-high"]
    )
    typed = data.virtual_systems()
    assert typed[0].guest == "db-bi" and typed[0].vcpus == 4
    assert [g.guest for g in typed] == list(vs.index)


def test_cid_grid_is_table16_plus_reference():
    grid = data.cid_grid()
    assert len(grid) == 29
    assert set(grid["real_memory_gib"]) == {512, 256, 128, 112, 96, 64, 48}
    assert set(grid.loc[grid["kind"] == "grid", "real_cpus"]) == {20, 15, 10, 5}
    assert oc.PAPER_CIDS[0] == "512/25"
    assert len(set(oc.PAPER_CIDS)) == 29


def test_paging_device_arithmetic():
    devices = data.paging_devices()
    eckd = devices.loc["eckd"]
    per_device_gib = eckd["cylinders_per_device"] * eckd["pages_per_cylinder"] * 4 / 1024**2
    assert round(per_device_gib, 1) == eckd["device_size_gib"] == 20.6
    assert round(per_device_gib * eckd["devices"]) == eckd["total_gib"] == 516
    edev = devices.loc["edev-scsi"]
    assert edev["devices"] * edev["device_size_gib"] == edev["total_gib"] == 512
    assert devices.loc["xstor", "total_gib"] == 2


def test_environments():
    env = data.environments()
    assert tuple(env.index) == oc.ENVIRONMENTS
    assert env.loc["zvm62-edev", "xstor_gib"] == 2
    assert env.loc["zvm63-eckd", "paging_device"] == "eckd"


def test_seed002_table1_recomputes_from_page_counts():
    table = data.load_table("zvm52_guest_scaling.csv")
    memory_pages = 20_971_520  # 80 GB of 4 KiB pages, as the document states
    for row in table.to_dict("records"):
        real = (memory_pages + row["xstor_pages"] + row["dasd_pages"]) / memory_pages - 1
        assert abs(100 * real - row["real_overcommit_pct"]) < 1.0, row["guests"]
        assert row["planned_overcommit_pct"] == pytest.approx(100 * (row["guests"] / 5 - 1))
    assert list(table["throughput_pct"]) == [100, 52, 47, 41, 38, 31]
    assert table.loc[0, "note"].startswith("recovered:")


def test_seed003_table4_is_consistent():
    table = data.load_table("jvm_stacking_scenarios.csv")
    assert (table["jvms_per_guest"] * table["guests"] == 200).all()
    assert (table["guests"] * table["vcpus_per_guest"] == table["total_vcpus"]).all()
    # The ratio is printed to one decimal (30/24 = 1.25 is printed 1.3).
    assert ((table["total_vcpus"] / 24 - table["virtual_to_real_cpu_ratio"]).abs() <= 0.05 + 1e-9).all()


def test_seed004_overcommit_table():
    table = data.load_table("xen_zvm_overcommit.csv")
    assert 22_990 in set(table["virtual_memory_mb"])
    assert list(table["cpu_overcommit_ratio"]) == [1.0, 1.5, 2.0, 2.5]
    assert (table["virtual_cpus"] / table["physical_cpus"] == table["cpu_overcommit_ratio"]).all()


def test_observations():
    obs = data.observations()
    assert obs["id"].is_unique
    assert set(obs["document"]) >= {"seed 000", "seed 002", "seed 003", "seed 004"}
    paper = obs[obs["document"] == "seed 000"]
    dpa = paper[(paper["quantity"] == "dpa_mib") & (paper["cid"] == "64/20")]
    assert list(dpa["value"]) == [64783]
    eckd = paper[(paper["env"] == "zvm63-eckd") & (paper["quantity"] == "failed")]
    assert (eckd["value"] == 1).any()
    # Every seed-000 record names a known environment or none.
    assert set(paper["env"].dropna()) <= set(oc.ENVIRONMENTS) | {"all"}


# --- malformed files are rejected with file, row and field ---------------------------------


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


def _rewrite(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_non_numeric_cell_is_rejected(data_copy):
    _rewrite(data_copy / "virtual_systems.csv", "4,400,307200,2.82", "4,400,307200,2.8x")
    with pytest.raises(data.DataError) as err:
        data.load_table("virtual_systems.csv", data_copy)
    message = str(err.value)
    assert "virtual_systems.csv" in message and "row 1" in message
    assert "ref_cpu_load_cpus" in message and "'2.8x'" in message and "number" in message


def test_thousands_separator_is_rejected(data_copy):
    _rewrite(data_copy / "virtual_systems.csv", ",16384,1.60,16384,", ',"16,384",1.60,16384,')
    with pytest.raises(data.DataError, match=r"row 10, field 'defined_mib': '16,384'"):
        data.load_table("virtual_systems.csv", data_copy)


def test_unquoted_comma_is_rejected(data_copy):
    _rewrite(data_copy / "cid_grid.csv", "64,20,grid,", "64,20,grid,extra,")
    with pytest.raises(data.DataError, match=r"cid_grid.csv: row \d+ .*cells but the header"):
        data.load_table("cid_grid.csv", data_copy)


def test_missing_required_cell_is_rejected(data_copy):
    _rewrite(data_copy / "cid_grid.csv", '96/15,96,15,grid,"seed 000, Table 16",', '96/15,96,15,grid,,')
    with pytest.raises(data.DataError, match=r"row \d+, field 'source': empty"):
        data.load_table("cid_grid.csv", data_copy)


def test_impossible_value_is_rejected(data_copy):
    # A CPU load above the guest's virtual CPUs is a transcription error.
    _rewrite(data_copy / "virtual_systems.csv", "1,100,700,0.58,560", "1,100,700,1.58,560")
    with pytest.raises(data.DataError, match=r"row 2, field 'ref_cpu_load_cpus'.*virtual CPUs"):
        data.load_table("virtual_systems.csv", data_copy)


def test_bad_cid_is_rejected(data_copy):
    _rewrite(data_copy / "cid_grid.csv", "64/20,64,20", "64-20,64,20")
    with pytest.raises(data.DataError, match=r"field 'cid': '64-20' is not accepted"):
        data.load_table("cid_grid.csv", data_copy)


def test_bad_observation_relation_is_rejected(data_copy):
    path = data_copy / "observations_002.csv"
    lines = path.read_text().splitlines()
    header = lines[0].split(",")
    cells = lines[1].split(",")
    cells[header.index("relation")] = "about"
    lines[1] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(data.DataError, match=r"observations_002.csv: row 1, field 'relation'"):
        data.load_table("observations_002.csv", data_copy)


def test_missing_header_column_is_rejected(data_copy):
    _rewrite(data_copy / "environments.csv", "xstor_gib,", "xstor,")
    with pytest.raises(data.DataError, match=r"environments.csv: header lacks column\(s\) xstor_gib"):
        data.load_table("environments.csv", data_copy)


def test_missing_data_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("OVERCOMMIT_DATA", str(tmp_path / "nowhere"))
    with pytest.raises(data.DataError, match="not found"):
        data.data_dir()
