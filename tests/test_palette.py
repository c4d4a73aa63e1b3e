"""The named palette (overcommit.book.palette) and the colours of every chart the book stores.

Checked on the charts as the notebooks store them (what the reader sees):

- every colour a chart draws is one the palette names, and no figure module types one;
- the colours of one colour scale differ from each other, also for colour-blind readers
  (the palette's simulation of protanopia, deuteranopia and tritanopia);
- ALERT (the colour of failure) never names something that is not a failure or a miss;
- a chart's description names only colours the chart draws.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from overcommit.book import palette
from spec_utils import notebook_specs

ROOT = Path(__file__).resolve().parents[1]
BOOK_MODULES = sorted((ROOT / "src" / "overcommit" / "book").glob("*.py"))
NOTEBOOKS = sorted((ROOT / "book").glob("*.ipynb"))
#: Colour scales with more members than this also tell them apart some other way (a
#: dash, a shape, a label beside each bar); only their typical-vision distance is tested.
CATEGORICAL_MAX = 8
#: ΔE76 below which two colours of one scale count as too close to tell apart.
MIN_DISTANCE = 10.0
COLOUR_LITERAL = re.compile(r"""["']#[0-9a-fA-F]{3,8}["']|["'](?:black|white|red|blue|green|orange|grey|gray|"""
                            r"""purple|pink|yellow|steelblue|lightgrey|lightgray)["']""")
COLOUR_KEYS = {"color", "fill", "stroke", "symbolStrokeColor", "fillColor", "strokeColor"}
#: Words that name a failure or a miss, the only meanings ALERT may have in a legend.
ALERT_MEANINGS = ("fail", "miss", "another cell", "time out")


def _palette_colours() -> set[str]:
    named = set()
    for name in dir(palette):
        if name in ("DARK", "DARK_TEXT", "DARK_BACKGROUND"):  # dark-mode counterparts, not drawn in the specs
            continue
        value = getattr(palette, name)
        if isinstance(value, str) and value.startswith("#"):
            named.add(value.lower())
        elif isinstance(value, dict):
            named |= {v.lower() for v in value.values() if isinstance(v, str) and v.startswith("#")}
        elif isinstance(value, (list, tuple)):
            named |= {v.lower() for v in value if isinstance(v, str) and v.startswith("#")}
    return named


PALETTE = _palette_colours()


SPECS = notebook_specs(NOTEBOOKS)


def _walk(node):
    if isinstance(node, dict):
        yield node
        for key, value in node.items():
            if key not in ("data", "datasets"):
                yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def _drawn(spec: dict) -> set[str]:
    """Every colour the spec names: mark colours, condition values and scale ranges."""
    found = set()
    for node in _walk(spec):
        for key, value in node.items():
            if key in COLOUR_KEYS and isinstance(value, str):
                found.add(value.lower())
            elif key == "value" and isinstance(value, str) and value.startswith("#"):
                found.add(value.lower())
        scale = node.get("scale")
        if isinstance(scale, dict) and isinstance(scale.get("range"), list):
            found |= {c.lower() for c in scale["range"] if isinstance(c, str) and c.startswith("#")}
    return found


def _scales(spec: dict) -> list[tuple[list, list[str]]]:
    """(domain, range) of every colour scale given as explicit colours."""
    out = []
    for node in _walk(spec):
        scale = node.get("scale")
        if not isinstance(scale, dict) or not isinstance(scale.get("range"), list):
            continue
        colours = scale["range"]
        if colours and all(isinstance(c, str) and c.startswith("#") for c in colours):
            out.append((list(scale.get("domain") or []), [c.lower() for c in colours]))
    return out


def test_the_notebooks_store_charts():
    assert len(SPECS) >= 60, len(SPECS)


@pytest.mark.parametrize("module", BOOK_MODULES, ids=lambda p: p.name)
def test_no_figure_module_types_a_colour(module):
    if module.name == "palette.py":
        return
    found = COLOUR_LITERAL.findall(module.read_text())
    assert not found, f"{module.name} types colours {found}; name them in overcommit/book/palette.py"


def test_every_colour_a_chart_draws_is_in_the_palette():
    strays = {}
    for where, spec in SPECS:
        extra = {c for c in _drawn(spec) if c.startswith("#")} - PALETTE
        if extra:
            strays[where] = sorted(extra)
    assert not strays


def test_the_colours_of_one_scale_are_distinct_for_every_reader():
    close = {}
    for where, spec in SPECS:
        for domain, colours in _scales(spec):
            if len(set(colours)) != len(colours):
                close[where] = ("repeated", domain, colours)
                continue
            if len(colours) < 2:
                continue
            if len(colours) > CATEGORICAL_MAX:
                worst = min((palette.distance(a, b), a, b, "typical")
                            for i, a in enumerate(colours) for b in colours[i + 1:])
            else:
                worst = palette.closest_pair(colours)
            if worst[0] < MIN_DISTANCE:
                close[where] = (domain, worst)
    assert not close


def test_alert_means_a_failure_or_a_miss():
    wrong = {}
    for where, spec in SPECS:
        for domain, colours in _scales(spec):
            for label, colour in zip(domain, colours):
                if colour == palette.ALERT and not any(w in str(label).lower() for w in ALERT_MEANINGS):
                    wrong[where] = label
    assert not wrong


def _colour_words(text: str) -> set[str]:
    found = set()
    text = text.lower()
    for word in palette.COLOUR_WORDS:  # longest first: "light sky blue" before "sky blue"
        pattern = rf"(?<![\w-]){re.escape(word)}(?![\w-])"
        if re.search(pattern, text):
            found.add(word)
            text = re.sub(pattern, " ", text)
    return found


def _words_of(colours: set[str]) -> set[str]:
    words = set()
    for c in colours:
        try:
            w = palette.word(c)
        except ValueError:
            continue
        words.add(w)
        words.add(w.removeprefix("light "))  # a tint is also "its colour, lighter"
    return words


def test_descriptions_name_only_colours_the_chart_draws():
    wrong = {}
    for where, spec in SPECS:
        text = " ".join(str(node.get("description", "")) for node in _walk(spec))
        said = _colour_words(text) - {"white"}
        drawn = _words_of(_drawn(spec))
        if palette.PAPER in _drawn(spec):  # the paper's marks drawn translucent read as grey
            drawn |= {"grey", "light grey"}
        missing = said - drawn
        if missing:
            wrong[where] = sorted(missing)
    assert not wrong


# --- the palette's own functions ------------------------------------------------------------

HEX = st.integers(0, 0xFFFFFF).map(lambda v: f"#{v:06x}")


@given(HEX, HEX)
def test_distance_is_symmetric_and_zero_only_for_equal_colours(a, b):
    for vision in palette.VISIONS:
        assert palette.distance(a, b, vision) == pytest.approx(palette.distance(b, a, vision))
    assert palette.distance(a, a) == 0.0
    if a != b:
        assert palette.distance(a, b) > 0.0


@given(HEX, st.floats(0, 1))
def test_a_tint_is_lighter_and_ends_at_white(colour, amount):
    light = palette.tint(colour, amount)
    assert palette.tint(colour, 0) == colour
    assert palette.tint(colour, 1) == palette.WHITE
    assert all(int(light[i:i + 2], 16) >= int(colour[i:i + 2], 16) for i in (1, 3, 5))


def test_simulated_colour_blindness_merges_red_and_green():
    # the classic confusion: pure red and a green of similar lightness
    assert palette.distance("#d00000", "#6b8e00") > 50
    assert palette.distance("#d00000", "#6b8e00", "deuteranopia") < 20


def test_every_family_is_distinct_for_every_reader():
    for name in ("WORKLOADS", "ENVIRONMENTS", "CPU_USE", "PAGE_STATES", "CPU_COUNTS", "POLICIES",
                 "CPU_COSTS", "IO_PARTS", "PAGE_MEASURES", "HYPERVISORS", "USER_CYCLE", "RESOURCES", "TIME_PARTS"):
        family = list(getattr(palette, name).values())
        assert palette.closest_pair(family)[0] >= MIN_DISTANCE, name


def test_no_family_uses_the_colour_of_failure_or_of_the_paper():
    for name in ("WORKLOADS", "WORKLOAD_LEVELS", "ENVIRONMENTS", "CPU_USE", "PAGE_STATES", "CPU_COUNTS",
                 "POLICIES", "CPU_COSTS", "IO_PARTS", "PAGE_MEASURES", "HYPERVISORS", "USER_CYCLE", "TIME_PARTS"):
        assert not {palette.ALERT, palette.PAPER} & set(getattr(palette, name).values()), name


def test_every_palette_colour_has_a_word():
    for colour in PALETTE - {palette.ON_FILL, palette.ON_PALE, palette.ERROR_TEXT} - set(palette.FILLS) \
            - set(palette.BLUES):
        assert palette.word(colour)


@pytest.mark.parametrize("call, field", [
    (lambda: palette.tint("#000000", 1.5), "amount"),
    (lambda: palette.distance("#000000", "#fff", "typical"), "colour"),
    (lambda: palette.distance("#000000", "#ffffff", "colourless"), "vision"),
    (lambda: palette.word("#123456"), "colour"),
    (lambda: palette.closest_pair(["#000000"]), "colours"),
])
def test_bad_input_names_the_field(call, field):
    with pytest.raises(ValueError, match=rf"^{field}: "):
        call()


def test_no_mark_falls_back_to_vega_lites_default_colour():
    """A bar, line, point or area with no colour of its own would be drawn in Vega-Lite's
    default blue, which is not in the palette."""
    coloured = {"bar", "line", "point", "area", "rect", "tick", "circle", "square", "trail"}
    unnamed = set()
    for where, spec in SPECS:
        for node in _walk(spec):
            mark = node.get("mark")
            kind = mark if isinstance(mark, str) else mark.get("type") if isinstance(mark, dict) else None
            if kind not in coloured:
                continue
            props = mark if isinstance(mark, dict) else {}
            encoding = node.get("encoding", {})
            if not ({"color", "fill", "stroke"} & set(props) or {"color", "fill", "stroke"} & set(encoding)):
                unnamed.add(f"{where}: {kind}")
    assert not unnamed


def test_dark_mode_swaps_only_palette_colours_and_keeps_the_ramp_ordered():
    assert set(palette.DARK) - {"black", "white"} <= PALETTE
    # on a dark page the largest memory, darkest in light, becomes the lightest
    dark = [palette.DARK[c] for c in palette.BLUES]
    assert dark == list(reversed(palette.BLUES))
