"""Helpers shared by the chart tests: walking a Vega-Lite spec."""

from __future__ import annotations

from typing import Any, Iterator


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
