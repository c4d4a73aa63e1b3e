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
