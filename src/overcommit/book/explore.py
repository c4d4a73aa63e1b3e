"""Live explorers: ipywidgets controls that recompute through the package in a kernel.

``explorer(render, controls)`` returns an object that displays as

- in a running Jupyter kernel: the controls and an output area that ``render(**values)``
  redraws on every change (a ``ValueError`` is shown as a message, never a traceback);
- in the static book: the chart for the default values and a note on how to run it live
  (see :mod:`overcommit.book.mime`; the widget view is dropped, so no dead control).
"""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as widgets

from ..model import ENVIRONMENTS
from .figures_results import ENV_LABELS
from .mime import STATIC_MIME
from .palette import ERROR_TEXT

LIVE_NOTE = (
    "In this static page the chart shows the default settings ({defaults}). Open the "
    "chapter as a notebook in Jupyter (make lab, see the introduction) to move the "
    "controls: every change recomputes through the overcommit package."
)


def _describe(values: dict[str, Any]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in values.items())


#: the widest a control grows to when its row has room (a lone control on the last row
#: would otherwise stretch across the notebook)
MAX_CONTROL_WIDTH = "460px"


def _fit(control: widgets.Widget) -> None:
    """Lay a control out for a notebook from about 600 px (JupyterLab at 1,000 px with its
    file browser open) to full width: its label in full (ipywidgets cuts a default-width
    label, "environm..."), and its width, from :func:`slider`'s ``width`` or 300 px, as the
    least it takes in a row, growing to share the row's spare room up to
    :data:`MAX_CONTROL_WIDTH`. Only the widget's layout changes: nothing a notebook
    stores."""
    style = getattr(control, "style", None)
    if style is not None and hasattr(style, "description_width") and not style.description_width:
        style.description_width = "initial"
    basis = control.layout.width if control.layout.width not in (None, "", "auto") else "300px"
    control.layout.width = "auto"
    control.layout.min_width = basis
    control.layout.max_width = MAX_CONTROL_WIDTH
    control.layout.flex = f"1 1 {basis}"


class Explorer:
    """Controls plus an output area; see the module docstring."""

    def __init__(self, render: Callable[..., Any], controls: dict[str, widgets.ValueWidget]):
        if not controls:
            raise ValueError("controls: empty; expected at least one widget")
        self.render = render
        self.controls = controls
        self.output = widgets.Output()
        self.message = widgets.HTML()
        for control in controls.values():
            _fit(control)
            control.observe(self._update, names="value")
        self.box = widgets.VBox(
            # the controls wrap onto as many rows as the notebook's width needs (ten
            # controls in one row were 2,146 px wide, most of them off-screen)
            [widgets.HBox(list(controls.values()), layout=widgets.Layout(flex_flow="row wrap")),
             self.message, self.output]
        )
        self._defaults = self.values()
        self._update()

    def values(self) -> dict[str, Any]:
        return {name: control.value for name, control in self.controls.items()}

    def _update(self, *_: Any) -> None:
        try:
            result = self.render(**self.values())
        except ValueError as exc:
            self.message.value = f'<span style="color:{ERROR_TEXT}">{html.escape(str(exc))}</span>'
            return
        self.message.value = ""
        # Set the Output widget's state directly rather than capturing display messages:
        # that behaves the same in JupyterLab, nbclient and nbval (which has no widget
        # manager and would otherwise see the chart as a stray cell output).
        self.output.outputs = ()
        self.output.append_display_data(result)

    def _static_bundle(self) -> dict[str, Any]:
        result = self.render(**self._defaults)
        bundle: dict[str, Any] = {"note": LIVE_NOTE.format(defaults=_describe(self._defaults))}
        if hasattr(result, "to_dict"):
            from . import stored_spec

            bundle["spec"] = stored_spec(result.to_dict())
        elif hasattr(result, "_repr_html_"):
            bundle["html"] = result._repr_html_()
        else:
            bundle["html"] = f"<pre>{result!s}</pre>"
        return bundle

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        bundle = self.box._repr_mimebundle_(include=include, exclude=exclude, **kwargs) or {}
        if isinstance(bundle, tuple):  # (data, metadata)
            bundle = bundle[0]
        data = dict(bundle)
        data["text/plain"] = (
            "Live explorer: run this notebook in Jupyter to use its controls. "
            + f"Defaults: {_describe(self._defaults)}."
        )
        data[STATIC_MIME] = self._static_bundle()
        return data


def explorer(render: Callable[..., Any], **controls: widgets.ValueWidget) -> Explorer:
    """Build an :class:`Explorer` from keyword controls: ``explorer(f, memory=slider)``."""
    return Explorer(render, controls)


def slider(kind: type[widgets.ValueWidget], value: float, lo: float, hi: float, step: float,
           label: str, width: str = "300px") -> widgets.ValueWidget:
    """A slider of ``kind`` (``IntSlider``, ``FloatSlider``, ...) in the book's style: the
    label in full, ``width`` wide (300 px unless an explorer with many controls needs them
    narrower)."""
    if not lo <= value <= hi:
        raise ValueError(f"value: {value!r} is not accepted; expected a number from {lo} to {hi}")
    return kind(value=value, min=lo, max=hi, step=step, description=label,
                style={"description_width": "initial"}, layout=widgets.Layout(width=width))


def host_controls(memory_gib: int = 64, cpus: int = 20, env: str = "zvm63-edev",
                  max_cpus: int = 32) -> dict[str, widgets.ValueWidget]:
    """The three controls of a host explorer, keyed as the render functions expect them:
    ``memory_gib`` (16-512 GiB), ``cpus`` (1 to ``max_cpus``) and ``env`` (the study's
    environments)."""
    if env not in ENVIRONMENTS:
        raise ValueError(f"env: {env!r} is not accepted; expected one of {list(ENVIRONMENTS)}")
    return {
        "memory_gib": slider(widgets.IntSlider, memory_gib, 16, 512, 8, "real memory (GiB)"),
        "cpus": slider(widgets.IntSlider, cpus, 1, max_cpus, 1, "real CPUs"),
        "env": widgets.Dropdown(options=[(ENV_LABELS[e], e) for e in ENVIRONMENTS], value=env,
                                description="environment"),
    }
