"""The book's colours: every colour a chart draws is named here, once.

Hues are Okabe and Ito's eight (*Color Universal Design*, 2008), chosen so that each pair
stays apart for readers with protanopia, deuteranopia or tritanopia;
:func:`distance` measures that (CIELAB ΔE76 after Machado, Oliveira and Fernandes' 2009
simulation), and the tests check every chart the book stores with it.

**One colour, one meaning.** Five *roles* keep their colour on every page. No family below
uses ``PAPER`` or ``ALERT`` (a test checks it). The greys recur in families, mostly for
members that mean what the role means (``IDLE`` for idle CPU, memory never touched, time not
measured); the exceptions are the host's DPA (``IDLE``) and two phases of the test
procedure's timeline (``MUTED``, ``INK``):

- :data:`PAPER` (black): a value a source document reports, the paper's or a case study's;
- :data:`ALERT` (vermillion): fails, misses, or crosses a limit;
- :data:`MUTED` (grey): context — the other items, the part not chosen;
- :data:`INK` (dark grey): rules and labels drawn on the chart (the 100 % line);
- :data:`IDLE` (pale grey): nothing — idle CPU, memory never touched.

A *family* names the members of one kind of thing (workloads, environments, the uses of a
CPU, the states of a page, CPU counts, ...) and gives each the same colour in every chapter;
a chart colours by one family, whose legend it shows. :data:`MODEL` (blue) is the model's
value where a chart draws one series of it, and the reader's chosen setting.

Dark mode: :data:`DARK` maps each colour that would vanish on a dark page (the roles drawn as
ink, the pale fills) to its counterpart; ``_static/overcommit.js`` swaps them and sets the
axes and legends to :data:`DARK_TEXT` when the reader's theme is dark.
"""

from __future__ import annotations

import itertools

import numpy as np

# Okabe & Ito (2008)
BLACK = "#000000"
ORANGE = "#e69f00"
SKY = "#56b4e9"
GREEN = "#009e73"
YELLOW = "#f0e442"
BLUE = "#0072b2"
VERMILLION = "#d55e00"
PURPLE = "#cc79a7"
WHITE = "#ffffff"


_NAMED = {"black": BLACK, "white": WHITE}


def _mix(colour: str, toward: float, amount: float) -> str:
    if not 0 <= amount <= 1:
        raise ValueError(f"amount: {amount!r} is not accepted; expected a fraction from 0 to 1")
    rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)
    mixed = np.rint(rgb + (toward - rgb) * amount).astype(int)
    return "#" + "".join(f"{v:02x}" for v in mixed)


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white: ``amount`` 0 is the colour, 1 is white. The lighter
    member of a pair (a workload's medium level beside its high level)."""
    return _mix(colour, 255, amount)


def shade(colour: str, amount: float) -> str:
    """``colour`` mixed with black: ``amount`` 0 is the colour, 1 is black."""
    return _mix(colour, 0, amount)


LIGHT = 0.5  # a pale member beside its full colour (a medium level beside the high one)

# Roles: one meaning on every page
PAPER = BLACK
ALERT = VERMILLION
MUTED = "#9a9a9a"
INK = "#333333"
IDLE = "#dddddd"
MODEL = BLUE
WATER = SKY  # CPU time the water-filling rule pours into a guest (the shares chapter)
CHOSEN = BLUE  # the setting the reader picked, among MUTED others
ON_FILL = "#fefefe"  # text drawn on a coloured bar (not swapped in dark mode, unlike WHITE)
ERROR_TEXT = "#b00020"  # an error message in a live explorer (4.5:1 on white, unlike ALERT)
ON_PALE = "#1a1a1a"  # text drawn on a pale fill (not swapped in dark mode, unlike INK)
# a grid cell of a run: completed or failed (pale, so the text on it reads)
RUN_CELLS = {"completed": tint(BLUE, LIGHT), "failed": tint(VERMILLION, LIGHT)}
BAND = "#fff3b0"  # a shaded range behind a chart (the validation's calibration rows)

# Families: the same member, the same colour, in every chapter
WORKLOADS = {"database": BLUE, "WebSphere": ORANGE, "file system": GREEN, "Java": PURPLE, "network": SKY}
WORKLOAD_LEVELS = {
    "db-bi": BLUE,
    "was-medium": tint(ORANGE, LIGHT), "was-high": ORANGE,
    "fs-pagecache-medium": tint(GREEN, LIGHT), "fs-pagecache-high": GREEN,
    "fs-direct-medium": YELLOW, "fs-direct-high": "#a39700",
    "java-medium": tint(PURPLE, LIGHT), "java-high": PURPLE,
    "net-medium": tint(SKY, LIGHT), "net-high": SKY,
}
ENVIRONMENTS = {"zvm63-edev": BLUE, "zvm63-eckd": ORANGE, "zvm62-edev": PURPLE}
# the uses of real CPU time, in the order charts stack them: the guest's own work, CP on its
# behalf, CP for itself, nothing
CP_GREY = "#707070"
CPU_USE = {"guest work": BLUE, "CP for guests": SKY, "CP system": CP_GREY, "idle": IDLE}
PAGE_STATES = {"resident": BLUE, "XSTOR": YELLOW, "DASD": SKY, "DASD copy": tint(SKY, LIGHT), "never touched": IDLE}
CPU_COUNTS = {"25": PURPLE, "20": BLUE, "15": GREEN, "10": ORANGE, "5": SKY}
# what a guest's pages are doing, as the model counts them
PAGE_MEASURES = {"resident": BLUE, "stored": SKY, "instantiated": GREEN,
                 "reference instantiated": tint(GREEN, LIGHT), "expanded storage": YELLOW}
# the host's own parts of real memory, beside the guests' (the tiers chapter)
HOST_PARTS = {"DPA": IDLE, "CP's own structures": CP_GREY, "expanded storage (XSTOR)": PAGE_STATES["XSTOR"]}
# page-replacement policies; OPT, the lower bound, in grey
POLICIES = {"FIFO": ORANGE, "LRU": BLUE, "CLOCK": GREEN, "random": PURPLE, "OPT": CP_GREY}
SIMULATED = INK  # a point the trace simulator measured, beside the MODEL's formula
# the JVM case's split of CPU time: the cost law's parts beside z/VM's accounting (CPU_USE)
CPU_COSTS = {"JVM work": GREEN, "stacking overhead": ORANGE, "virtual CPU cost": PURPLE,
             "CP dispatching": YELLOW, "CP system time": CP_GREY, "emulation": CPU_USE["guest work"],
             "CP attributed to guests": CPU_USE["CP for guests"], "idle": CPU_USE["idle"]}
# the two hypervisors of the Xen case
HYPERVISORS = {"z/VM": BLUE, "Xen": ORANGE}
# where a user of the z/VM 5.2 case spends a cycle of work
USER_CYCLE = {"think and own I/O": IDLE, "CPU work": CPU_USE["guest work"], "waiting for DASD pages": SKY,
              "waiting for a CPU or XSTOR": ORANGE}
# where a unit of work's time goes (overcommit.model.BREAKDOWN_PARTS), in the order charts
# stack them: the two parts on a CPU, the wait for one, paging, then the waits outside the host
TIME_PARTS = {"running": CPU_USE["guest work"], "spin": PURPLE, "cpu_wait": ORANGE, "paging": SKY,
              "io": GREEN, "think": IDLE}
IO_PARTS = {"guest I/O": GREEN, "page reads": BLUE, "page writes": SKY}
RESOURCES = {"real memory": GREEN, "real CPUs": ORANGE}
PHASES = {"start-up (not measured)": IDLE, "measured by the z/VM monitor": BLUE,
          "run-out (not measured)": MUTED, "terminate, let running work finish": ORANGE, "monitor on": INK}
# An ordered quantity (memory sizes, largest first): BLUE darkened and lightened in steps even
# enough to stay apart for colour-blind readers (ColorBrewer's Blues crowd at the light end).
# Dark mode reverses it.
BLUES = [shade(BLUE, 0.55), shade(BLUE, 0.3), shade(BLUE, 0.08), tint(BLUE, 0.3), tint(BLUE, 0.55), tint(BLUE, 0.75)]
# Up to six unordered categories with no family of their own, in this order
CATEGORIES = [BLUE, ORANGE, GREEN, PURPLE, SKY, YELLOW]
# Pale fills behind text (boxes of a schematic), in this order
FILLS = [tint(c, 0.45) for c in (ORANGE, SKY, GREEN, PURPLE, YELLOW)] + ["#eeeeee"]

_WORDS = {BLACK: "black", ORANGE: "orange", SKY: "sky blue", GREEN: "green", YELLOW: "yellow", BLUE: "blue",
          VERMILLION: "red", PURPLE: "pink", MUTED: "grey", INK: "dark grey", IDLE: "light grey", WHITE: "white",
          BAND: "pale yellow", CP_GREY: "mid grey", WORKLOAD_LEVELS["fs-direct-high"]: "dark yellow"}
COLOUR_WORDS = tuple(sorted(set(_WORDS.values()) | {f"light {w}" for w in _WORDS.values()}, key=len, reverse=True))


def word(colour: str) -> str:
    """What the book's prose calls ``colour`` ("orange", "light orange" for its tint), so
    that a chart's description names the colours it draws from the same table."""
    colour = _NAMED.get(colour, colour)
    if colour in _WORDS:
        return _WORDS[colour]
    for base, name in _WORDS.items():
        if tint(base, LIGHT) == colour:
            return f"light {name}"
    raise ValueError(f"colour: {colour!r} is not accepted; expected a colour of overcommit.book.palette")


# Dark mode
DARK_TEXT = "#d0d0d0"
DARK_BACKGROUND = "transparent"
DARK = {
    BLACK: "#f0f0f0",
    INK: "#cfcfcf",
    WHITE: "#1e1e1e",
    IDLE: "#464646",
    BLUE: "#2a8ccc",  # 4.9:1 on the dark page (BLUE is 3.4:1), still apart from SKY
    **dict(zip(BLUES, reversed(BLUES))),  # the largest memory stays the most visible
    BAND: "#5a5020",
    "black": "#f0f0f0",
    "white": "#1e1e1e",
}

# Machado, Oliveira & Fernandes (2009), severity 1, on linear RGB
_CVD = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
VISIONS = ("typical", *_CVD)


def _linear(colour: str) -> np.ndarray:
    colour = _NAMED.get(colour, colour)
    if not (isinstance(colour, str) and len(colour) == 7 and colour[0] == "#"):
        raise ValueError(f"colour: {colour!r} is not accepted; expected #rrggbb")
    c = np.array([int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)])
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _lab(linear: np.ndarray) -> np.ndarray:
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                    [0.0193, 0.1192, 0.9505]]) @ np.clip(linear, 0, 1)
    n = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(n > (6 / 29) ** 3, np.cbrt(n), n / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def distance(a: str, b: str, vision: str = "typical") -> float:
    """CIELAB ΔE76 between two colours as a reader with ``vision`` sees them."""
    if vision not in VISIONS:
        raise ValueError(f"vision: {vision!r} is not accepted; expected one of {', '.join(VISIONS)}")
    la, lb = _linear(a), _linear(b)
    if vision != "typical":
        la, lb = _CVD[vision] @ la, _CVD[vision] @ lb
    return float(np.linalg.norm(_lab(la) - _lab(lb)))


def closest_pair(colours) -> tuple[float, str, str, str]:
    """The two of ``colours`` closest for any reader: (ΔE76, a, b, vision)."""
    pairs = [(distance(a, b, v), a, b, v) for a, b in itertools.combinations(dict.fromkeys(colours), 2)
             for v in VISIONS]
    if not pairs:
        raise ValueError(f"colours: {list(colours)!r} is not accepted; expected at least two colours")
    return min(pairs)
