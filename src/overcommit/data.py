"""The source documents' numbers, loaded from ``data/`` and checked on the way in.

Every file in ``data/`` is a CSV with a ``source`` column (which document, which table or
paragraph) and a ``note`` column (how a garbled cell was recovered, when one was). This
module declares what each file must contain and rejects a malformed file with a
:class:`DataError` that names the file, the row and the field, so a typo in a data file can
never turn into a silent NaN further down the model.

The data directory is ``OVERCOMMIT_DATA`` when that is set (another copy); otherwise the
copy inside an installed wheel (``overcommit/_data/``: the wheel ships ``data/`` as package
data, so a reader who installed it needs no clone); otherwise ``data/`` at the repository
root (the package installed in editable mode by the Makefile).
"""

from __future__ import annotations

import csv
import math
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

import pandas as pd

__all__ = [
    "DataError",
    "VirtualSystem",
    "data_dir",
    "load_table",
    "virtual_systems",
    "virtual_systems_frame",
    "cid_grid",
    "environments",
    "paging_devices",
    "observations",
    "table_sums",
    "TABLES",
]

ENV_IDS = ("zvm63-edev", "zvm63-eckd", "zvm62-edev")
RELATIONS = ("=", "~", "<", "<=", ">", ">=", "between")


class DataError(ValueError):
    """A data file does not match its declared schema."""


#: the data directory inside an installed wheel (package data ``overcommit._data``) and the
#: clone's (resolved once: every simulation asks for them)
_PACKAGED_DATA = Path(__file__).resolve().parent / "_data"
_CLONE_DATA = Path(__file__).resolve().parents[2] / "data"


_FOUND: dict[tuple[Path, Path], Path] = {}


def data_dir() -> Path:
    """The directory holding the data files: ``OVERCOMMIT_DATA`` if set (and then only
    that), else the wheel's ``overcommit/_data``, else the clone's ``data/``."""
    override = os.environ.get("OVERCOMMIT_DATA")
    if override:
        tried = [f"{override!r} (OVERCOMMIT_DATA)"]
        if Path(override).is_dir():
            return Path(override)
    else:
        candidates = (_PACKAGED_DATA, _CLONE_DATA)
        found = _FOUND.get(candidates)
        if found is not None:
            return found
        for directory in candidates:
            if directory.is_dir():
                _FOUND[candidates] = directory  # every simulation asks: look on disk once
                return directory
        tried = [f"{str(_PACKAGED_DATA)!r} (the installed wheel's data)",
                 f"{str(_CLONE_DATA)!r} (a clone's data/)"]
    raise DataError(
        f"data directory not found: tried {' and '.join(tried)}; install the package from its "
        "wheel (the book's classroom kit has one), in editable mode from a clone of the "
        "repository (pip install -e .), or set OVERCOMMIT_DATA to a copy of data/"
    )


# --------------------------------------------------------------------------------------
# Column kinds: each converts a cell or raises ValueError with what is accepted.


def _text(cell: str) -> str:
    return cell


def _integer(minimum: int | None = None) -> Callable[[str], int]:
    def convert(cell: str) -> int:
        try:
            value = int(cell)
        except ValueError:
            raise ValueError("a whole number (no thousands separators)") from None
        if minimum is not None and value < minimum:
            raise ValueError(f"a whole number >= {minimum}")
        return value

    convert.accepts = f"a whole number >= {minimum}" if minimum is not None else "a whole number"
    return convert


def _number(minimum: float | None = None, infinite: bool = False) -> Callable[[str], float]:
    def convert(cell: str) -> float:
        try:
            value = float(cell)
        except ValueError:
            raise ValueError("a number (no thousands separators, no units)") from None
        if math.isnan(value) or (math.isinf(value) and not (infinite and value > 0)):
            raise ValueError("a finite number or inf" if infinite else "a finite number")
        if minimum is not None and value < minimum:
            raise ValueError(f"a number >= {minimum}")
        return value

    return convert


def _choice(*choices: str) -> Callable[[str], str]:
    def convert(cell: str) -> str:
        if cell not in choices:
            raise ValueError("one of " + ", ".join(repr(c) for c in choices))
        return cell

    return convert


def _cid(cell: str) -> str:
    mem, sep, cpus = cell.partition("/")
    try:
        ok = sep == "/" and int(mem) > 0 and int(cpus) > 0
    except ValueError:
        ok = False
    if not ok:
        raise ValueError("a configuration ID 'MEM/CPUS' with positive whole numbers, e.g. '64/20'")
    return cell


@dataclass(frozen=True)
class Column:
    name: str
    convert: Callable[[str], Any] = _text
    required: bool = True


def _schema(*columns: Column) -> tuple[Column, ...]:
    # Every file carries its provenance.
    return columns + (Column("source"), Column("note", required=False))


TABLES: dict[str, tuple[Column, ...]] = {
    "virtual_systems.csv": _schema(
        Column("row", _integer(1)),
        Column("guest"),
        Column("variant"),
        Column("workload", _choice("db-bi", "was", "fs", "java", "net")),
        Column("level", _choice("medium", "high"), required=False),
        Column("component", required=False),
        Column("vcpus", _integer(1)),
        Column("share", _integer(1)),
        Column("defined_mib", _integer(1)),
        Column("ref_cpu_load_cpus", _number(0)),
        Column("ref_instantiated_mib", _integer(0)),
        Column("additional_resources", required=False),
    ),
    "table_sums.csv": _schema(
        Column("table"),
        Column("column"),
        Column("stated_total", _number()),
        Column("tolerance", _number(0)),
    ),
    "cid_grid.csv": _schema(
        Column("cid", _cid),
        Column("real_memory_gib", _integer(1)),
        Column("real_cpus", _integer(1)),
        Column("kind", _choice("reference", "grid")),
    ),
    "environments.csv": _schema(
        Column("env", _choice(*ENV_IDS)),
        Column("zvm_release", _choice("6.2", "6.3")),
        Column("paging_device", _choice("edev-scsi", "eckd")),
        Column("xstor_gib", _number(0)),
        Column("memory_management"),
        Column("guest_io_sharing_paging_path"),
        Column("label"),
    ),
    "paging_devices.csv": _schema(
        Column("paging_device", _choice("edev-scsi", "eckd", "xstor")),
        Column("devices", _integer(1)),
        Column("device_size_gib", _number(0)),
        Column("cylinders_per_device", _integer(1), required=False),
        Column("pages_per_cylinder", _integer(1), required=False),
        Column("total_gib", _number(0)),
        Column("concurrent_io_per_device", required=False),
        Column("channel_cards", _integer(1), required=False),
        Column("channel_gbit", _number(0), required=False),
    ),
    "host.csv": _schema(Column("item"), Column("value"), Column("unit", required=False)),
    "workload_parameters.csv": _schema(
        Column("table", _integer(7)),
        Column("workload", _choice("db-bi", "was", "fs", "java", "net")),
        Column("variant", required=False),
        Column("component", required=False),
        Column("parameter"),
        Column("name", required=False),
        Column("value"),
        Column("unit", required=False),
    ),
    "overcommit_tolerance.csv": _schema(
        Column("workload"),
        Column("subject"),
        Column("page_read_rate", _choice("low", "medium", "high")),
        Column("resident_remaining", _choice("low", "medium", "high")),
    ),
    "zvm52_guest_scaling.csv": _schema(
        Column("guests", _integer(1)),
        Column("xstor_pages", _integer(0)),
        Column("dasd_pages", _integer(0)),
        Column("real_overcommit_pct", _number()),
        Column("planned_overcommit_pct", _number()),
        Column("throughput_pct", _number(0)),
    ),
    "jvm_stacking_scenarios.csv": _schema(
        Column("jvms_per_guest", _integer(1)),
        Column("guests", _integer(1)),
        Column("vcpus_per_guest", _integer(1)),
        Column("total_vcpus", _integer(1)),
        Column("virtual_to_real_cpu_ratio", _number(0)),
        Column("jvms_per_vcpu", _number(0)),
        Column("guest_memory_gb", _number(0)),
        Column("total_virtual_memory_gb", _number(0)),
        Column("comment", required=False),
    ),
    "guest_behaviour.csv": _schema(
        Column("guest"),
        Column("released_frac", _number(0)),
        Column("skew", _number(0)),
        Column("median_rate_per_s", _number(0)),
        Column("write_frac", _number(0)),
        Column("active_frac", _number(0)),
        Column("regularity", _number(1), required=False),
        # MiB every unit of work touches (overcommit.workloads.Guest.hot_set_mib); 0: none
        Column("hot_set_mib", _number(0), required=False),
    ),
    "variant_drivers.csv": _schema(
        Column("variant"),
        Column("users", _number(0)),
        Column("think_frac", _number(0)),
        Column("blocking", _number(0)),
        Column("io_path", _choice("scsi", "eckd"), required=False),
        Column("io_mib_s", _number(0)),
        Column("cycle_s", _number(0)),
        Column("timeout_s", _number(0), required=False),
        Column("min_progress", _number(0), required=False),
        Column("io_error_utilisation", _number(0), required=False),
        Column("pause_limit_s", _number(0), required=False),
        Column("drain_limit_s", _number(0), required=False),
        Column("coupling", _number(0)),
        Column("streams_per_user", _number(1), required=False),
        Column("wakeups_per_cycle", _number(0), required=False),
        Column("batched", _choice("true", "false"), required=False),
    ),
    "calibrated_parameters.csv": _schema(
        Column("target"),
        Column("parameter"),
        Column("value", _number()),
    ),
    "calibration_scan.csv": _schema(
        Column("beta", _number(0)),
        Column("T_s", _number(0)),
        # blank where the fit did not settle: its cost is not determined
        Column("cost", _number(0), required=False),
        # "no": the Java levels miss their targets by more than calibrate.SETTLED_JAVA_GAP
        Column("settled", _choice("yes", "no")),
        # inf when the pair or a neighbour is not settled
        Column("worst_of_neighbours", _number(0, infinite=True)),
        # whose neighbours: the √2 grid's, or the finer ones of the refinement around its choice
        Column("stage", _choice("grid", "refined")),
        # the pair whose fit was written to calibrated_parameters.csv
        Column("chosen", _choice("yes", "no")),
    ),
    "calibration_sensitivity.csv": _schema(
        Column("beta", _number(0)),
        Column("T_s", _number(0)),
        Column("cost", _number(0), required=False),  # blank for the chosen fit itself
        Column("settled", _choice("yes", "no")),
        # blank where the refit model does not converge on the paper's grid
        Column("validation_passed", _integer(0), required=False),
        Column("calibration_passed", _integer(0), required=False),
        Column("flipped"),
    ),
    "xen_zvm_overcommit.csv": _schema(
        Column("guests", _integer(1)),
        Column("triplets", _integer(1)),
        Column("virtual_cpus", _integer(1)),
        Column("physical_cpus", _integer(1)),
        Column("cpu_overcommit_ratio", _number(0)),
        Column("virtual_memory_mb", _integer(1)),
        Column("physical_memory_gb", _number(0)),
        Column("memory_overcommit_ratio", _number(0), required=False),
        Column("zvm_max_throughput", _choice("0", "1")),
        Column("xen_max_throughput", _choice("0", "1")),
    ),
    # Case-study parameters: values are text because a row may name a variant or
    # a paging kind; each case module converts and checks its own rows.
    "case_zvm52.csv": _schema(
        Column("parameter"),
        Column("value"),
        Column("unit", required=False),
        Column("applies_to", _choice("host", "environment", "guest", "workload")),
        Column("role", _choice("document", "recovered", "assumption", "borrowed", "fitted")),
    ),
    "case_xen.csv": _schema(
        Column("hypervisor", _choice("both", "zvm", "xen")),
        Column("parameter"),
        Column("value"),
        Column("unit", required=False),
        Column("role", _choice("document", "recovered", "assumption", "borrowed", "fitted")),
    ),
    "case_jvm_fitted.csv": _schema(
        Column("parameter"),
        Column("value", _number()),
        Column("unit", required=False),
    ),
    "case_jvm.csv": _schema(
        Column("parameter"),
        Column("value"),
        Column("unit", required=False),
        Column("applies_to", _choice("host", "environment", "workload", "jvm", "guest", "cp", "binaries")),
        Column("role", _choice("document", "recovered", "assumption", "borrowed", "fitted")),
    ),
}

_OBSERVATION_SCHEMA = _schema(
    Column("id"),
    Column("document", _choice("seed 000", "seed 001", "seed 002", "seed 003", "seed 004")),
    Column("cid", required=False),
    Column("env", required=False),
    Column("subject"),
    Column("quantity"),
    Column("relation", _choice(*RELATIONS)),
    Column("value", _number(), required=False),
    Column("lower", _number(), required=False),
    Column("upper", _number(), required=False),
    Column("unit", required=False),
)


def _schema_for(name: str) -> tuple[Column, ...] | None:
    if name.startswith("observations_"):
        return _OBSERVATION_SCHEMA
    return TABLES.get(name)


def _read_rows(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    try:
        with path.open(newline="", encoding="utf-8") as handle:
            reader = csv.DictReader(handle, strict=True)
            header = list(reader.fieldnames or [])
            rows = []
            for row in reader:
                if None in row:
                    raise DataError(
                        f"{path.name}: row {len(rows) + 1} (line {reader.line_num}): "
                        f"{len(header) + len(row[None])} cells but the header has "
                        f"{len(header)} columns; quote cells that contain commas"
                    )
                if any(value is None for value in row.values()):
                    raise DataError(
                        f"{path.name}: row {len(rows) + 1} (line {reader.line_num}): fewer "
                        f"cells than the {len(header)} columns of the header"
                    )
                rows.append(row)
    except FileNotFoundError:
        raise DataError(f"data file {str(path)!r} not found") from None
    except (csv.Error, UnicodeDecodeError) as exc:
        raise DataError(f"{path.name}: not a readable UTF-8 CSV file: {exc}") from None
    return header, rows


def _validate(name: str, header: list[str], rows: list[dict[str, str]]) -> list[dict[str, Any]]:
    schema = _schema_for(name)
    if schema is None:
        # Files without a declared schema still must carry provenance.
        schema = tuple(Column(h, required=False) for h in header if h not in ("source", "note"))
        schema = _schema(*schema)
    missing = [c.name for c in schema if c.name not in header]
    if missing:
        raise DataError(f"{name}: header lacks column(s) {', '.join(missing)}; header is {header}")
    out = []
    for number, row in enumerate(rows, start=1):
        record: dict[str, Any] = {}
        for column in schema:
            cell = row[column.name].strip()
            if cell == "":
                if column.required:
                    raise DataError(
                        f"{name}: row {number}, field {column.name!r}: empty; a value is required"
                    )
                record[column.name] = None
                continue
            try:
                record[column.name] = column.convert(cell)
            except ValueError as exc:
                raise DataError(
                    f"{name}: row {number}, field {column.name!r}: {cell!r} is not accepted; "
                    f"expected {exc}"
                ) from None
        for extra in header:
            if extra not in record:
                record[extra] = row[extra].strip() or None
        out.append(record)
    return out


def _check_observation(name: str, number: int, rec: dict[str, Any]) -> None:
    where = f"{name}: row {number} (id {rec['id']!r})"
    if rec["relation"] == "between":
        if rec["lower"] is None or rec["upper"] is None:
            raise DataError(f"{where}, field 'lower'/'upper': relation 'between' needs both bounds")
        if rec["lower"] > rec["upper"]:
            raise DataError(f"{where}, field 'lower': {rec['lower']} is above upper {rec['upper']}")
    elif rec["value"] is None:
        raise DataError(f"{where}, field 'value': empty; relation {rec['relation']!r} needs a value")
    if rec["env"] is not None and rec["env"] not in ENV_IDS + ("all",) and rec["document"] in (
        "seed 000",
        "seed 001",
    ):
        raise DataError(
            f"{where}, field 'env': {rec['env']!r} is not accepted; expected one of "
            + ", ".join(ENV_IDS + ("all",))
        )


def load_table(name: str, directory: Path | None = None) -> pd.DataFrame:
    """Load and validate one data file (``name`` as in ``data/``) into a DataFrame."""
    directory = directory or data_dir()
    path = Path(directory) / name
    header, rows = _read_rows(path)
    records = _validate(name, header, rows)
    if name == "virtual_systems.csv":
        _check_virtual_systems(name, records)
    if name.startswith("observations_"):
        seen: dict[str, int] = {}
        for number, rec in enumerate(records, start=1):
            _check_observation(name, number, rec)
            if rec["id"] in seen:
                raise DataError(
                    f"{name}: row {number}, field 'id': {rec['id']!r} repeats row {seen[rec['id']]}"
                )
            seen[rec["id"]] = number
    return pd.DataFrame.from_records(records, columns=list(header))


def _check_virtual_systems(name: str, records: list[dict[str, Any]]) -> None:
    seen = set()
    for number, rec in enumerate(records, start=1):
        if rec["guest"] in seen:
            raise DataError(f"{name}: row {number}, field 'guest': {rec['guest']!r} appears twice")
        seen.add(rec["guest"])
        if rec["ref_cpu_load_cpus"] > rec["vcpus"]:
            raise DataError(
                f"{name}: row {number}, field 'ref_cpu_load_cpus': {rec['ref_cpu_load_cpus']} "
                f"exceeds the guest's {rec['vcpus']} virtual CPUs (a virtual CPU uses at most "
                "one real CPU)"
            )
        if rec["ref_instantiated_mib"] > rec["defined_mib"]:
            raise DataError(
                f"{name}: row {number}, field 'ref_instantiated_mib': "
                f"{rec['ref_instantiated_mib']} exceeds the defined {rec['defined_mib']} MiB"
            )


# --------------------------------------------------------------------------------------
# Typed views


@dataclass(frozen=True)
class VirtualSystem:
    """One of the study's 17 virtual systems (seed 000, Tables 6 and 17)."""

    guest: str
    variant: str
    workload: str
    level: str | None
    component: str | None
    vcpus: int
    share: int
    defined_mib: int
    ref_cpu_load_cpus: float
    ref_instantiated_mib: int
    source: str
    note: str | None = None


@lru_cache(maxsize=None)
def _cached(name: str, directory: str) -> pd.DataFrame:
    return load_table(name, Path(directory))


def _table(name: str) -> pd.DataFrame:
    return _cached(name, str(data_dir())).copy()


def virtual_systems_frame() -> pd.DataFrame:
    """Table 17 joined with Table 6, indexed by guest id."""
    return _table("virtual_systems.csv").set_index("guest")


def virtual_systems() -> tuple[VirtualSystem, ...]:
    """The 17 virtual systems as typed records, in Table 17 order."""
    frame = _table("virtual_systems.csv")
    fields = VirtualSystem.__dataclass_fields__
    return tuple(
        VirtualSystem(**{k: _none_if_nan(v) for k, v in rec.items() if k in fields})
        for rec in frame.to_dict("records")
    )


def _none_if_nan(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def cid_grid() -> pd.DataFrame:
    """Table 16 plus the reference CID 512/25."""
    return _table("cid_grid.csv")


def environments() -> pd.DataFrame:
    return _table("environments.csv").set_index("env")


def paging_devices() -> pd.DataFrame:
    return _table("paging_devices.csv").set_index("paging_device")


def table_sums() -> pd.DataFrame:
    return _table("table_sums.csv")


def observation_files() -> list[str]:
    return sorted(p.name for p in data_dir().glob("observations_*.csv"))


def observations(files: Iterable[str] | None = None) -> pd.DataFrame:
    """All written numeric observations of the source documents, one record per row."""
    names = list(files) if files is not None else observation_files()
    frames = [_table(name).assign(file=name) for name in names]
    frame = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    if not frame.empty and frame["id"].duplicated().any():
        dup = frame.loc[frame["id"].duplicated(), ["id", "file"]].iloc[0]
        raise DataError(f"{dup['file']}: field 'id': {dup['id']!r} also appears in another file")
    return frame
