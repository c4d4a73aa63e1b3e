"""Helpers shared by the chart tests: the specs the notebooks store, walking a Vega-Lite spec."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Iterator

from overcommit.book.mime import STATIC_MIME, VEGALITE_MIMES


def notebook_specs(notebooks: Iterable[Path]) -> list[tuple[str, dict]]:
    """Every Vega-Lite spec the ``notebooks`` store, each with where it is ("dat cell 4"): a
    chart's own output, and the spec inside a live explorer's static card."""
    out = []
    for nb in notebooks:
        for i, cell in enumerate(json.loads(nb.read_text())["cells"]):
            for output in cell.get("outputs", []):
                found = output.get("data", {})
                for mime in VEGALITE_MIMES:
                    if mime in found:
                        out.append((f"{nb.stem} cell {i}", found[mime]))
                if STATIC_MIME in found and "spec" in found[STATIC_MIME]:
                    out.append((f"{nb.stem} cell {i} (explorer)", found[STATIC_MIME]["spec"]))
    return out


def walk(spec: Any) -> Iterator[dict]:
    """Every dict in a (nested) Vega-Lite spec, depth first."""
    if isinstance(spec, dict):
        yield spec
        for value in spec.values():
            yield from walk(value)
    elif isinstance(spec, list):
        for value in spec:
            yield from walk(value)


def bound(spec: Any) -> dict[str, dict]:
    """The parameters of a spec that are bound to an input (the chart's controls), by name."""
    return {p["name"]: p for node in walk(spec) for p in node.get("params", [])
            if isinstance(p, dict) and "bind" in p}
