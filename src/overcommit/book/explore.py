"""Live explorers: ipywidgets controls that recompute through the package in a kernel.

``explorer(render, controls)`` returns an object that displays as

- in a running Jupyter kernel: the controls and an output area that ``render(**values)``
  redraws on every change (a ``ValueError`` is shown as a message, never a traceback);
- in the static book: one short card, no chart and no control (a chart frozen at the
  defaults only repeated the chapter's other charts): what the live explorer adds, from
  ``explorer(..., adds=...)`` or else from its controls' labels, and how to open it
  (the card itself is drawn by :mod:`overcommit.book.mime`; the widget view is dropped).
"""

from __future__ import annotations

import html
import re
from typing import Any, Callable

import ipywidgets as widgets

from ..model import ENVIRONMENTS
from .figures_results import ENV_LABELS
from .mime import STATIC_MIME
from .palette import ERROR_TEXT

#: what the live version adds when a chapter does not say (``adds=``): {controls} is the
#: controls' labels as a reader reads them ("real memory, real CPUs and environment")
ADDS_FALLBACK = ("Its controls set {controls} to any value, and each change runs the model "
                 "afresh and redraws the chart.")
#: the text/plain form of an explorer (a notebook viewer without widgets, a terminal)
#: (JupyterLab shows it too, for a notebook opened but not yet run: "run", not "open")
PLAIN = "Live explorer (run the notebook in Jupyter to use it). {adds} It starts at {settings}."
#: controls named one by one in :data:`ADDS_FALLBACK`; beyond that, "and N more"
NAMED_CONTROLS = 4

_UNIT = re.compile(r"^(?P<name>.*?)\s*\((?P<unit>[^()]*)\)\s*$")


def _label(control: widgets.Widget, key: str) -> tuple[str, str]:
    """A control's label split into what it sets and its unit, from the widget's
    ``description`` ("real memory (GiB)" -> "real memory", "GiB"); the keyword only when
    the widget has no description, with its underscores as spaces."""
    text = (getattr(control, "description", "") or key.replace("_", " ")).strip()
    found = _UNIT.match(text)
    return (found["name"], found["unit"]) if found and found["name"] else (text, "")


def _number(value: float) -> str:
    return f"{value:,g}" if isinstance(value, float) else f"{value:,}" if isinstance(value, int) else str(value)


def _reading(control: widgets.Widget, key: str) -> str:
    """A control and its value as a reader reads them: "real memory 64 GiB", "environment
    z/VM 6.3, EDEV-SCSI paging" (a drop-down shows its option's label, an environment code
    its display name)."""
    name, unit = _label(control, key)
    if isinstance(control, widgets.Dropdown):
        value = ENV_LABELS.get(control.value, control.label) if isinstance(control.value, str) else control.label
        shown = str(value)
    elif isinstance(control.value, bool):
        shown = "on" if control.value else "off"
    else:
        shown = _number(control.value)
    return " ".join(part for part in (name, shown, unit) if part)


def _series(items: list[str]) -> str:
    """"a, b and c"; "a; b and c" when an item has a comma of its own ("z/VM 6.3, EDEV-SCSI")."""
    comma = "; " if any("," in item for item in items) else ", "
    return items[0] if len(items) == 1 else comma.join(items[:-1]) + " and " + items[-1]


def adds_fallback(controls: dict[str, widgets.Widget]) -> str:
    """:data:`ADDS_FALLBACK` for these controls: their labels without units, the first
    :data:`NAMED_CONTROLS` by name."""
    names = [_label(c, k)[0] for k, c in controls.items()]
    if len(names) > NAMED_CONTROLS:
        names = names[:NAMED_CONTROLS - 1] + [f"{len(names) - NAMED_CONTROLS + 1} more"]
    return ADDS_FALLBACK.format(controls=_series(names))


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

    def __init__(self, render: Callable[..., Any], controls: dict[str, widgets.ValueWidget],
                 adds: str | None = None):
        if not controls:
            raise ValueError("controls: empty; expected at least one widget")
        if adds is not None and not (isinstance(adds, str) and adds.strip()):
            raise ValueError(f"adds: {adds!r} is not accepted; expected a sentence or None")
        self.render = render
        #: one sentence: what the live version adds to the static page
        self.adds = adds.strip() if adds is not None else adds_fallback(controls)
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
        self._update()

    def values(self) -> dict[str, Any]:
        return {name: control.value for name, control in self.controls.items()}

    def _update(self, *_: Any) -> None:
        from ..model import NotConvergedError

        try:
            result = self.render(**self.values())
        except ValueError as exc:
            self.message.value = f'<span style="color:{ERROR_TEXT}">{html.escape(str(exc))}</span>'
            return
        except NotConvergedError as exc:
            # a host where the model has no steady state: say so, keep the last chart
            self.message.value = (f'<span style="color:{ERROR_TEXT}">No steady state here, so no answer: '
                                  f'{html.escape(str(exc))}. The chart still shows the last setting.</span>')
            return
        self.message.value = ""
        # Set the Output widget's state directly rather than capturing display messages:
        # that behaves the same in JupyterLab, nbclient and nbval (which has no widget
        # manager and would otherwise see the chart as a stray cell output).
        self.output.outputs = ()
        self.output.append_display_data(result)

    def settings(self) -> str:
        """The controls' current values as a reader reads them: "real memory 64 GiB; real
        CPUs 20 and environment z/VM 6.3, EDEV-SCSI" (semicolons: a name has a comma)."""
        return _series([_reading(c, k) for k, c in self.controls.items()])

    def _static_bundle(self) -> dict[str, Any]:
        # only the sentence: the card (overcommit.book.mime) has no chart, so nothing here
        # needs the render function, and a stored notebook stays small
        return {"adds": self.adds}

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        bundle = self.box._repr_mimebundle_(include=include, exclude=exclude, **kwargs) or {}
        if isinstance(bundle, tuple):  # (data, metadata)
            bundle = bundle[0]
        data = dict(bundle)
        data["text/plain"] = PLAIN.format(adds=self.adds, settings=self.settings())
        data[STATIC_MIME] = self._static_bundle()
        return data


def explorer(render: Callable[..., Any], *, adds: str | None = None, **controls: widgets.ValueWidget) -> Explorer:
    """Build an :class:`Explorer` from keyword controls: ``explorer(f, memory=slider)``.

    ``adds``: one sentence for the static page's card, what the live version adds to the
    page ("Any host, not only the study's grid: ..."); without it, a sentence built from
    the controls' labels (:func:`adds_fallback`)."""
    return Explorer(render, controls, adds=adds)


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
