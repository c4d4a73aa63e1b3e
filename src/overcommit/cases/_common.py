"""What every case module shares: reading its data file's cells with clear errors, and
grading the model against the document.

Grading: ``close`` when the model is within :data:`CLOSE` (10 %) of the document's number,
``rough`` within :data:`ROUGH` (25 %), else ``misses``. The bands are ours; each case chapter
states them beside its comparison table.
"""

from __future__ import annotations

import math

import numpy as np

CLOSE, ROUGH = 0.10, 0.25


def verdict(ratio: float) -> str:
    """``close`` within 10 %, ``rough`` within 25 %, else ``misses`` (model / document)."""
    if not math.isfinite(ratio):
        return "misses"
    off = abs(ratio - 1.0)
    return "close" if off <= CLOSE else "rough" if off <= ROUGH else "misses"


def blank(cell) -> bool:
    """True for an empty CSV cell (None, NaN or whitespace)."""
    return (cell is None or (isinstance(cell, float) and math.isnan(cell))
            or (isinstance(cell, str) and not cell.strip()))


def number(name: str, value, *, minimum: float = 0.0, strict: bool = True) -> float:
    """``value`` as a finite float above ``minimum`` (or at least it, ``strict=False``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)) \
            or not math.isfinite(value) or (value <= minimum if strict else value < minimum):
        raise ValueError(f"{name}: {value!r} is not accepted; expected a finite number "
                         f"{'>' if strict else '>='} {minimum:g}")
    return float(value)


def whole(name: str, value, minimum: int = 1) -> int:
    """``value`` as a whole number of at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"{name}: {value!r} is not accepted; expected a whole number >= {minimum}")
    return int(value)


def check_provenance(where: str, row: dict, note_roles: tuple[str, ...] = ("recovered", "assumption", "borrowed")) -> None:
    """The provenance rules a case's data row must follow beyond its schema in
    :data:`overcommit.data.TABLES` (which already checks role, the other choice columns and
    that a value is present): the source names a seed document, and a row whose role is in
    ``note_roles`` says in its note how the value was obtained. ``where`` is "file: row N"."""
    if blank(row["source"]) or "seed 00" not in str(row["source"]):
        raise ValueError(f"{where}, field 'source': {row['source']!r} does not name a seed document")
    if row["role"] in note_roles and blank(row["note"]):
        raise ValueError(f"{where}, field 'note': empty; a {row['role']} value must say how it was obtained")


def cell_value(where: str, name: str, cell: str, *, text: set[str], integer: set[str]) -> str | float | int:
    """A case row's value cell: text for parameters in ``text``, a whole number for those
    in ``integer``, else a finite float; a bad cell is a ValueError naming row and field."""
    if name in text:
        return str(cell)
    try:
        value = float(cell)
    except (TypeError, ValueError):
        raise ValueError(f"{where}, field 'value': {cell!r} is not accepted; expected a number") from None
    if not math.isfinite(value):
        raise ValueError(f"{where}, field 'value': {cell!r} is not accepted; expected a finite number")
    if name in integer:
        if not value.is_integer():
            raise ValueError(f"{where}, field 'value': {cell!r} is not accepted; expected a whole number")
        return int(value)
    return value


def case_parameters(data_file: str, frame, case_type, wanted: set[str], overrides: dict, *, text: set[str],
                    integer: set[str], fitted_names_source: bool = False):
    """A case's dataclass from its data file's ``parameter``/``value`` rows (with
    provenance), plus ``overrides``.

    Every row's parameter must be one of ``wanted`` and appear once, every one of ``wanted``
    must have a row, and an override must name a field of ``case_type``; each error names
    the file, row and field, or the parameter. ``fitted_names_source``: a fitted value's
    source must name the function that fits it.
    """
    from dataclasses import fields

    values: dict[str, object] = {}
    for index, row in enumerate(frame.to_dict("records"), start=1):
        where = f"{data_file}: row {index}"
        name = row["parameter"]
        if name not in wanted:
            raise ValueError(f"{where}, field 'parameter': {name!r} is not accepted; expected one of {sorted(wanted)}")
        if name in values:
            raise ValueError(f"{where}, field 'parameter': {name!r} appears twice")
        check_provenance(where, row)
        if fitted_names_source and row["role"] == "fitted" and "fitted by" not in str(row["source"]):
            raise ValueError(f"{where}, field 'source': a fitted value must name the function that fits it")
        values[name] = cell_value(where, name, row["value"], text=text, integer=integer)
    absent = sorted(wanted - set(values))
    if absent:
        raise ValueError(f"{data_file}: no row for parameter(s) {', '.join(absent)}")
    unknown = sorted(set(overrides) - {f.name for f in fields(case_type)})
    if unknown:
        raise ValueError(f"overrides: {', '.join(map(repr, unknown))} {'is' if len(unknown) == 1 else 'are'} "
                         f"not accepted; expected fields of "
                         f"{case_type.__module__.rsplit('.', 1)[-1]}.{case_type.__name__}")
    values.update(overrides)
    return case_type(**values)
