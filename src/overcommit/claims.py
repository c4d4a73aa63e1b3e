"""The paper's written findings as claims: a registry of small functions.

Each claim paraphrases one finding of seed 000 (with its section), names the paper's value or
direction and the ids of the records of ``data/observations_000.csv`` it stands for, and has
a check: a function of a :class:`Grid` (the model over the paper's
CIDs and the three environments) that returns the model's value and whether the claim
passes. The functions are plain module-level functions, so one claim can be imported and
run alone::

    from overcommit import claims, validation
    claims.CLAIMS["db-9620"].check(validation.grid())

:mod:`overcommit.validation` evaluates them all; ``kind`` says whether the finding was part
of the calibration subset (:mod:`overcommit.calibrate`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import numpy as np

from .model import ENVIRONMENTS

if TYPE_CHECKING:
    import pandas as pd


class Grid:
    """Model results over the paper's CIDs and the three environments (a frame of
    :func:`overcommit.sweep`): what every claim's check takes. :func:`overcommit.validation.grid`
    builds the one the book uses."""

    def __init__(self, frame: "pd.DataFrame"):
        self.frame = frame

    def x(self, variant: str, cid: str, env: str = "zvm63-edev") -> float:
        f = self.frame
        return float(f.loc[(f.cid == cid) & (f.env == env) & (f.variant == variant), "relative_throughput"].iloc[0])

    def system(self, key: str, cid: str, env: str = "zvm63-edev"):
        f = self.frame
        return f.loc[(f.cid == cid) & (f.env == env), "system_" + key].iloc[0]

    def overall(self, cid: str, env: str = "zvm63-edev") -> float:
        return float(self.system("overall_relative_throughput", cid, env))

    def guests(self, cid: str, env: str = "zvm63-edev"):
        """The guests frame of one run (not part of the sweep's long frame)."""
        from .model import simulate

        return simulate(cid, env=env).guests

    def user_share(self, cid: str, env: str = "zvm63-edev") -> float:
        """The share of the real CPUs the guests got: what CP's system time and the idle
        CPUs leave of them."""
        cpus = int(cid.split("/")[1])
        return 1 - float(self.system("cp_system_cpu", cid, env)) / cpus - float(self.system("idle_cpu", cid, env)) / cpus

    def cpu(self, variant: str, cid: str, env: str = "zvm63-edev") -> float:
        f = self.frame
        return float(f.loc[(f.cid == cid) & (f.env == env) & (f.variant == variant), "cpu_load"].iloc[0])

    def failed_variants(self, cid: str, env: str) -> list[str]:
        f = self.frame
        return list(f.loc[(f.cid == cid) & (f.env == env) & f.failed, "variant"])


@dataclass(frozen=True)
class Claim:
    id: str
    kind: str  # "validation" or "calibration"
    topic: str
    finding: str  # our paraphrase
    source: str  # seed 000 section
    paper: str  # the paper's value or direction, as text
    check: Callable[["Grid"], tuple[float | str, bool]]
    observations: tuple[str, ...]  # ids of the records in data/observations_000.csv it compares with


MEMORY_GIB = (512, 256, 128, 112, 96, 64)  #: the paper's memory sizes, largest first
CPU_COUNTS = (20, 15, 10, 5)  #: the paper's real CPU counts
RUN_CIDS = [f"{m}/{c}" for c in CPU_COUNTS for m in MEMORY_GIB]
#: how the claims read the paper's words: "almost unchanged", "a few percent", "very close"
#: is within 5 % of the value compared with; "noticeably", "clearly" is at least 5 % apart;
#: "slight" is a change of less than 10 %; "significant" is one of 10 % or more
ALMOST = 0.05
SLIGHT = 0.10
#: How a skeptical reader grades (one rule for every claim of its kind):
#: a direction ("rose", "fell", "lower", "above") counts only for a change of at least
#: DIRECTION_MIN: 3 points of relative throughput, or 3 % of a CPU load or a rate; far above
#: the solver's noise (1e-9) and above what a change of an assumption moves by a little
DIRECTION_MIN = 0.03
#: an "about x" claim passes inside x (1 ± ABOUT), a band stated with the claim
ABOUT = 0.15


def changed(a: float, b: float, *, relative: bool = False) -> float:
    """The change from ``a`` to ``b``: in points (relative throughput) or, with
    ``relative``, as a share of ``a`` (CPU loads, rates)."""
    return (b - a) / abs(a) if relative else b - a


def rises(a: float, b: float, *, relative: bool = False) -> bool:
    """``b`` is above ``a`` by at least :data:`DIRECTION_MIN`."""
    return changed(a, b, relative=relative) >= DIRECTION_MIN


def falls(a: float, b: float, *, relative: bool = False) -> bool:
    """``b`` is below ``a`` by at least :data:`DIRECTION_MIN`."""
    return changed(a, b, relative=relative) <= -DIRECTION_MIN


def about(value: float, paper: float) -> bool:
    """``value`` lies within :data:`ABOUT` of the paper's number."""
    return abs(value - paper) <= ABOUT * abs(paper)


def about_text(paper: float, digits: int = 2) -> str:
    """The band of an "about" claim, as the claims table states it."""
    return f"{paper:.{digits}f} (±{ABOUT:.0%}: {paper * (1 - ABOUT):.{digits}f}–{paper * (1 + ABOUT):.{digits}f})"

#: every claim, by id, in the order the book's table lists them
CLAIMS: dict[str, Claim] = {}


def _register(id, kind, topic, finding, source, paper, check, *, observations) -> None:
    if id in CLAIMS:
        raise ValueError(f"claim id {id!r} is registered twice")
    CLAIMS[id] = Claim(id, kind, topic, finding, source, paper, check, tuple(observations))



# --- failures
def eckd64(g):
    failed = [cid for cid in ("64/20", "64/15", "64/10", "64/5") if g.failed_variants(cid, "zvm63-eckd")]
    return f"{len(failed)} of 4 failed", len(failed) == 4
_register("fail-eckd-64", "validation", "failures", "Every z/VM 6.3 ECKD run with 64 GiB failed (page-cached fio, high level, did not finish).",
    "Comparison of different z/VM environments, observations", "4 of 4 failed", eckd64,
    observations=("o000-eckd-64-fail",))

def edev_none(g):
    n = sum(bool(g.failed_variants(cid, "zvm63-edev")) for cid in RUN_CIDS + ["512/25"])
    return f"{n} failed runs", n == 0
_register("fail-edev-none", "validation", "failures", "No run failed on z/VM 6.3 with EDEV-SCSI paging, down to 64 GiB.",
    "Comparison of different z/VM environments, conclusions", "0 failed runs", edev_none,
    observations=("o000-edev-nofail", "o000-sum-64-stable"))

def most_62(g):
    n = {e: sum(bool(g.failed_variants(cid, e)) for cid in RUN_CIDS) for e in ("zvm63-edev", "zvm63-eckd", "zvm62-edev")}
    ok = n["zvm62-edev"] > max(n["zvm63-edev"], n["zvm63-eckd"])
    return f"6.2: {n['zvm62-edev']}, ECKD: {n['zvm63-eckd']}, EDEV: {n['zvm63-edev']}", ok
_register("fail-62-most", "validation", "failures", "Most failures happened on z/VM 6.2 (WebSphere HTTP failures, sometimes the database).",
    "Comparison of different z/VM environments, conclusions", "6.2 has the most failed runs", most_62,
    observations=("o000-z62-was-fail", "o000-z62-db-fail"))

def was62(g):
    runs = [cid for cid in RUN_CIDS if g.failed_variants(cid, "zvm62-edev")]
    was = [cid for cid in runs if any(v.startswith("was-") for v in g.failed_variants(cid, "zvm62-edev"))]
    return f"WebSphere in {len(was)} of {len(runs)} failed runs", bool(runs) and len(was) > len(runs) / 2
_register("fail-62-was", "validation", "failures", "On z/VM 6.2 the failures were the transactional WAS workload's (HTTP communication errors).",
    "Comparison of different z/VM environments, observations", "WebSphere in most failed runs", was62,
    observations=("o000-z62-was-fail",))

# --- environments
def ref62(g):
    v = g.overall("512/25", "zvm62-edev")
    return round(v, 3), falls(1.0, v)
_register("env-62-reference-lower", "validation", "environments", "Unconstrained (512/25), z/VM 6.2 reached less overall throughput than the 6.3 reference.",
    "Analysis of overall workload results, observations", "3 points or more below 1.0", ref62,
    observations=("o000-z62-vs-edev-ref",))

def lower62(g):
    gaps = [g.overall(cid, "zvm63-edev") - g.overall(cid, "zvm62-edev") for cid in RUN_CIDS]
    worse = [d for d in gaps if d > 0]
    mean = float(np.mean(gaps))
    return (f"lower at {len(worse)} of {len(RUN_CIDS)} CIDs, by {mean:.3f} on average",
            len(worse) == len(RUN_CIDS) and mean >= DIRECTION_MIN)
_register("env-62-lower", "validation", "environments", "z/VM 6.2 gave consistently lower overall throughput than 6.3 with EDEV-SCSI.",
    "Analysis of overall workload results, conclusions", "lower at every CID, by 3 points or more on average", lower62,
    observations=("o000-z62-vs-edev",))

def eckd_similar(g):
    d = max(abs(g.overall(cid, "zvm63-eckd") - g.overall(cid, "zvm63-edev")) for cid in RUN_CIDS if not cid.startswith("64/") and not cid.endswith("/20"))
    return round(d, 3), d <= 0.03
_register("env-eckd-similar", "validation", "environments", "With 15 or fewer CPUs, ECKD and EDEV-SCSI paging gave similar overall throughput.",
    "Analysis of overall workload results, observations", "difference within 0.03", eckd_similar,
    observations=("o000-eckd-vs-edev-le15",))

def eckd_faster(g):
    d = g.overall("96/20", "zvm63-edev") - g.overall("96/20", "zvm63-eckd")
    return round(d, 3), d >= DIRECTION_MIN
_register("env-eckd-20cpu", "validation", "environments", "With 20 CPUs, overall throughput fell faster with ECKD paging than with EDEV-SCSI (compared at 96/20).",
    "Analysis of overall workload results, observations", "EDEV above ECKD by 3 points or more", eckd_faster,
    observations=("o000-eckd-vs-edev-20",))

# --- overall shape
def flat(g):
    d = max(abs(g.overall(f"{m}/20") - g.overall("512/20")) for m in (256, 128))
    return round(d, 3), d <= 0.02
_register("overall-flat", "validation", "overall", "Overall throughput stayed flat while memory was reduced to 128 GiB (20 CPUs).",
    "Summary", "within 0.02 of 512/20", flat,
    observations=("o000-sum-tput-vs-mem-above",))

def linear_cpu(g):
    r = g.overall("512/5") / g.overall("512/20")
    return round(r, 3), about(r, 0.25)
_register("overall-linear-cpus", "validation", "overall", "Overall throughput scaled about linearly with the number of CPUs (512 GiB: 5 vs 20 CPUs).",
    "Summary", "ratio " + about_text(0.25, 3), linear_cpu,
    observations=("o000-sum-tput-vs-cpus",))

def drop64(g):
    v = g.overall("64/20") / g.overall("512/20")
    return round(v, 3), falls(1.0, v)
_register("overall-drop-64", "validation", "overall", "Below the reference need (133 GiB) overall throughput decreased; at 64 GiB it is below the 512 GiB value (20 CPUs).",
    "Summary", "3 % or more below 512/20", drop64,
    observations=("o000-sum-tput-vs-mem-below", "o000-ref-mem"))

# --- paging
def reads_monotone(g, env="zvm63-edev"):
    vals = [float(g.system("page_read_mib_s", f"{m}/20", env)) for m in MEMORY_GIB]
    ok = all(b >= a - 1e-9 for a, b in zip(vals, vals[1:]))
    return ", ".join(f"{v:.0f}" for v in vals), ok
_register("paging-progressive", "validation", "paging", "On z/VM 6.3, page-read rates grew progressively as memory shrank (20 CPUs, 512 → 64 GiB).",
    "Analysis of z/VM paging, observations", "non-decreasing", reads_monotone,
    observations=("o000-pr-trend-edev",))

_register("paging-progressive-eckd", "validation", "paging", "With ECKD paging devices, too, page-read rates grew progressively as memory shrank (20 CPUs, 512 → 64 GiB).",
    "Analysis of z/VM paging, observations", "non-decreasing", lambda g: reads_monotone(g, "zvm63-eckd"),
    observations=("o000-pr-trend-eckd",))

def below96(g):
    r = {m: float(g.system("page_read_mib_s", f"{m}/20")) for m in (512, 96, 64)}
    return f"512→96: +{r[96] - r[512]:.0f}, 96→64: +{r[64] - r[96]:.0f} MiB/s", r[64] - r[96] > r[96] - r[512]
_register("paging-below-96", "validation", "paging", "Paging rose sharply once memory went below 96 GiB (20 CPUs): more from 96 to 64 GiB than from 512 to 96 GiB.",
    "z/VM CPU overcommitment, conclusions", "96→64 larger than 512→96", below96,
    observations=("o000-paging-below-96",))

def reads62(g):
    r = float(g.system("page_read_mib_s", "64/20", "zvm62-edev")) / max(float(g.system("page_read_mib_s", "64/20")), 1e-9)
    return round(r, 2), r > 1.5
_register("paging-62-steeper", "validation", "paging", "z/VM 6.2 paged much more than 6.3 under the same memory constraint (64/20).",
    "Analysis of z/VM paging, observations", "6.2 / 6.3 > 1.5", reads62,
    observations=("o000-pr-trend-z62",))

def reads88(g):
    v = float(g.system("page_read_mib_s", "64/20"))
    return round(v, 1), abs(v - 88) <= 0.25 * 88
_register("paging-6420-rate", "calibration", "paging", "At 64/20 the system read about 88 MiB/s from its paging devices.",
    "Database BI workload, memory usage at CID 64/20", "88 MiB/s (±25 %)", reads88,
    observations=("o000-sys-pr",))

def share(g, prefixes, cid="64/20"):
    guests = g.guests(cid)
    total = float(guests["page_read_mib_s"].sum())
    mine = float(guests.loc[[n for n in guests.index if n.startswith(prefixes)], "page_read_mib_s"].sum())
    return 100 * mine / total if total > 0 else 0.0

def db_share(g):
    v = share(g, ("db-bi",))
    return f"{v:.0f} %", abs(v - 22) <= 7
_register("paging-db-share", "calibration", "paging", "At 64/20 the database accounted for about 22 % of the page reads (20 of 88 MiB/s).",
    "Database BI workload, memory usage at CID 64/20", "22 % (±7 points)", db_share,
    observations=("o000-db-pr-share", "o000-db-pr", "o000-db-pin", "o000-sys-pr"))

def java_share(g):
    v = share(g, ("java-",))
    return f"{v:.0f} %", abs(v - 23) <= 7
_register("paging-java-share", "calibration", "paging", "At 64/20 the two Java levels together accounted for about a quarter of the page reads (5.7 % + 17.2 %).",
    "Java workload, memory usage at CID 64/20", "23 % (±7 points)", java_share,
    observations=("o000-jm-pr-share", "o000-jh-pr-share", "o000-j-pr-share"))

# --- CPU
def sys9(g):
    worst = max(float(g.system("cp_system_cpu", cid, e)) / int(cid.split("/")[1])
                for cid in RUN_CIDS for e in ("zvm63-edev", "zvm63-eckd"))
    return f"{worst:.1%}", worst < 0.09
_register("cpu-system-9", "validation", "cpu", "On z/VM 6.3, CP system CPU stayed below 9 % of the real CPU capacity.",
    "Analysis of z/VM CPU load (Figure 7), observations", "< 9 %", sys9,
    observations=("o000-sys-cpu-lt9-edev", "o000-sys-cpu-lt9-eckd"))

def user94(g):
    v = g.user_share("64/20")
    return f"{v:.1%}", v > 0.94
_register("cpu-user-94", "validation", "cpu", "Even at 64 GiB on z/VM 6.3, more than 94 % of the CPU capacity went to the guests (64/20).",
    "Analysis of z/VM CPU load, conclusions", "> 94 %", user94,
    observations=("o000-user-share-gt94-edev",))

def idle05(g):
    worst = max(float(g.system("idle_cpu", cid)) for cid in RUN_CIDS if int(cid.split("/")[0]) <= 96)
    return round(worst, 2), worst >= 0.5
_register("cpu-idle", "validation", "cpu", "In some constrained runs real CPUs stood idle (0.5 CPUs or more) while guests waited for pages.",
    "Analysis of z/VM CPU load (Figure 6), observations", ">= 0.5 CPUs somewhere", idle05,
    observations=("o000-cpu-idle",))

def user_close(g):
    worst = min(g.user_share(f"{m}/{c}", e) for m in (512, 256, 128) for c in CPU_COUNTS for e in ENVIRONMENTS)
    return f"{worst:.1%}", worst >= 1 - ALMOST
_register("cpu-user-128", "validation", "cpu", "With 128 GiB or more, the guests' CPU load stayed very close to the number of real CPUs, in every environment.",
    "Analysis of z/VM CPU load (Figure 6), observations", ">= 95 % of the real CPUs", user_close,
    observations=("o000-user-cpu-ge128",))

def cp_guest_flat(g):
    worst = 0.0
    for e in ("zvm63-edev", "zvm63-eckd"):
        # the paper has no ECKD result at 64 GiB (every run failed)
        for m in MEMORY_GIB[1:] if e == "zvm63-edev" else MEMORY_GIB[1:-1]:
            for c in CPU_COUNTS:
                base = float(g.system("cp_guest_cpu", f"512/{c}", e))
                worst = max(worst, abs(float(g.system("cp_guest_cpu", f"{m}/{c}", e)) / base - 1))
    return f"at most {worst:.1%} from 512 GiB", worst <= ALMOST
_register("cpu-cp-guest-flat", "validation", "cpu", "On z/VM 6.3 the CP time charged to the guests hardly changed as memory was reduced.",
    "Analysis of z/VM CPU load (Figure 6), observations", "within 5 % of the 512 GiB value", cp_guest_flat,
    observations=("o000-cp-guest-flat",))

def system_rises(g):
    falls = []
    for e in ENVIRONMENTS:
        for c in CPU_COUNTS:
            vals = [float(g.system("cp_system_cpu", f"{m}/{c}", e)) for m in MEMORY_GIB]
            if any(b < a - 1e-9 for a, b in zip(vals, vals[1:])):
                falls.append(f"{e} with {c} CPUs")
    return ("rises everywhere" if not falls else "falls with " + ", ".join(falls)), not falls
_register("cpu-system-rises", "validation", "cpu", "CP's system CPU load rose step by step as memory was reduced, like the page reads.",
    "Analysis of z/VM CPU load (Figure 7), observations", "non-decreasing in every environment", system_rises,
    observations=("o000-sys-cpu-trend",))

def user94_eckd(g):
    worst = min(g.user_share(cid, "zvm63-eckd") for cid in RUN_CIDS if int(cid.split("/")[0]) >= 96)
    return f"{worst:.1%}", worst > 0.94
_register("cpu-user-94-eckd", "validation", "cpu", "With ECKD paging too, more than 94 % of the CPU capacity went to the guests in every run that completed (96 GiB or more).",
    "Analysis of z/VM CPU load, conclusions", "> 94 %", user94_eckd,
    observations=("o000-user-share-gt94-eckd",))

def breakup(g):
    fractions = []
    for m in (512, 256, 128, 112, 96):
        for c in (20, 15, 10):
            parts = np.array([float(g.system(k, f"{m}/{c}")) for k in ("cp_system_cpu", "emulation_cpu", "cp_guest_cpu")])
            fractions.append(parts / parts.sum())
    spread = float((np.max(fractions, axis=0) - np.min(fractions, axis=0)).max())
    return f"spread {100 * spread:.2f} points", spread <= 0.01
_register("cpu-breakup-constant", "validation", "cpu", "Down to 96 GiB and 10 CPUs, the split of CPU time into CP system, emulation and CP time for the guests stayed about the same.",
    "z/VM CPU overcommitment (Figure 8), observations", "each share within 1 point", breakup,
    observations=("o000-cpu-breakup-mem", "o000-cpu-breakup-cpus"))

# --- database
def db_gain(g):
    a, b = g.x("db-bi", "512/20"), max(g.x("db-bi", f"{m}/20") for m in (128, 112, 96, 64))
    return f"{a:.3f} → {b:.3f}", rises(a, b)
_register("db-gains", "validation", "database", "With 20 CPUs the database's throughput rose as memory was reduced below 512 GiB.",
    "Database BI workload, observations", "rises (by 3 points or more)", db_gain,
    observations=("o000-db-trend-20",))

def db96(g):
    # the paper's best constrained result: the model's best must be within one paper step of
    # 96/20 (112 or 64 GiB with 20 CPUs) and about 70 %
    runs = {cid: g.x("db-bi", cid) for cid in RUN_CIDS}
    best = max(runs, key=runs.get)
    m, c = (int(p) for p in best.split("/"))
    near = c == 20 and m in (112, 96, 64)
    v = runs["96/20"]
    return f"{v:.2f} at 96/20; best {runs[best]:.2f} at {best}", near and about(v, 0.70)
_register("db-9620", "validation", "database", "The database's best constrained result was about 70 % at 96/20.",
    "Database BI workload, observations", "best at 96/20 (±1 step), " + about_text(0.70), db96,
    observations=("o000-db-tput-9620",))


def db512(g):
    v = g.x("db-bi", "512/20")
    return round(v, 2), v < 0.60
_register("db-51220-low", "validation", "database", "With 512 GiB and 20 CPUs the database stayed below 60 % of its reference throughput (less than with 15 CPUs).",
    "Database BI workload, observations", "< 0.60", db512,
    observations=("o000-db-tput-51220", "o000-db-tput-51215"))

def db_cpu20(g):
    vals = [g.cpu("db-bi", f"{m}/20") for m in (256, 128, 112, 96, 64)]
    return f"{min(vals):.2f}–{max(vals):.2f} CPUs", min(vals) > 2.82
_register("db-cpu-20", "validation", "database", "With 20 CPUs and less than 512 GiB the database used more CPU than in the reference run (2.82 CPUs) at a lower throughput.",
    "Database BI workload, CPU usage analysis, observations", "> 2.82 CPUs", db_cpu20,
    observations=("o000-db-cpu-20",))

def db10(g):
    vals = [g.x("db-bi", f"{m}/10") for m in (512, 256, 128, 112, 96, 64)]
    return f"{min(vals):.2f}–{max(vals):.2f}", min(vals) >= 0.27 and max(vals) <= 0.47
_register("db-10cpu", "validation", "database", "With 10 CPUs the database ran at 30 % to 44 % of its reference throughput.",
    "Database BI workload, observations", "0.30–0.44 (±0.03)", db10,
    observations=("o000-db-tput-10",))

def db15(g):
    vals = [g.x("db-bi", f"{m}/15") for m in MEMORY_GIB]
    ok = falls(vals[0], vals[-1]) and all(b <= a + 0.005 for a, b in zip(vals, vals[1:]))
    return f"{vals[0]:.3f} → {vals[-1]:.3f}", ok
_register("db-15-falls", "validation", "database", "With 15 CPUs the database's throughput fell gradually as memory was reduced.",
    "Database BI workload, observations", "falls by 3 points or more, no step up", db15,
    observations=("o000-db-trend-15",))

def db5(g):
    a, b = g.x("db-bi", "512/5"), max(g.x("db-bi", f"{m}/5") for m in MEMORY_GIB[1:])
    return f"{a:.3f} → {b:.3f}", rises(a, b)
_register("db-5-gains", "validation", "database", "With 5 CPUs, as with 20, the database's throughput rose when memory was reduced below 512 GiB.",
    "Database BI workload, observations", "rises (by 3 points or more)", db5,
    observations=("o000-db-trend-5",))

def db_cpus(g):
    bad = [m for m in MEMORY_GIB if not g.x("db-bi", f"{m}/5") < g.x("db-bi", f"{m}/10") < g.x("db-bi", f"{m}/20")]
    return f"falls at {len(MEMORY_GIB) - len(bad)} of {len(MEMORY_GIB)} sizes", not bad
_register("db-fewer-cpus", "validation", "database", "The database lost throughput as CPUs were taken away (20 → 10 → 5 CPUs, at every memory size).",
    "Database BI workload, observations and conclusions", "falls", db_cpus,
    observations=("o000-db-trend-cpus",))

def db_cpu15(g):
    a, b, c = (g.cpu("db-bi", f"{m}/15") for m in (512, 112, 64))
    return f"{a:.2f} → {b:.2f} → {c:.2f} CPUs", b < a and falls(a, c, relative=True) and c < b
_register("db-cpu-15", "validation", "database", "With 15 CPUs the database's CPU load decreased as memory was reduced, a little at 112 GiB and more below.",
    "Database BI workload, CPU usage analysis, observations", "512 > 112 > 64 GiB, 3 % or more in all", db_cpu15,
    observations=("o000-db-cpu-15",))

def db_cpu5(g):
    base = g.cpu("db-bi", "512/5")
    worst = max(abs(g.cpu("db-bi", f"{m}/5") / base - 1) for m in MEMORY_GIB[1:])
    return f"at most {worst:.1%} from 512 GiB", worst <= ALMOST
_register("db-cpu-5", "validation", "database", "With 5 CPUs the database's CPU load hardly depended on memory.",
    "Database BI workload, CPU usage analysis, observations", "within 5 % of the 512 GiB value", db_cpu5,
    observations=("o000-db-cpu-5",))

def db_halving(g):
    ratios = [g.cpu("db-bi", f"{m}/10") / g.cpu("db-bi", f"{m}/20") for m in MEMORY_GIB[:-1]]
    return f"{min(ratios):.2f}–{max(ratios):.2f}", all(about(r, 0.5) for r in ratios)
_register("db-cpu-halving", "validation", "database", "Halving the CPUs from 20 to 10 about halved the database's CPU load (every memory size but 64 GiB).",
    "Database BI workload, CPU usage analysis, conclusions", "ratio " + about_text(0.5), db_halving,
    observations=("o000-db-cpu-halving",))

# --- WAS
def was_linear(g):
    r = g.x("was-medium", "512/10") / g.x("was-medium", "512/20")
    return round(r, 3), about(r, 0.5)
_register("was-linear-cpus", "validation", "WAS", "The WebSphere workload's throughput depended nearly linearly on the number of CPUs (10 vs 20).",
    "Transactional WAS workload, conclusions", "ratio " + about_text(0.5, 3), was_linear,
    observations=("o000-was-trend-cpus",))

def was_mem(g):
    r = g.x("was-high", "96/15") / g.x("was-high", "512/15")
    return round(r, 3), r >= 0.95
_register("was-tolerates-memory", "validation", "WAS", "The high WebSphere level was almost unaffected by memory reductions down to 96 GiB (15 CPUs).",
    "Transactional WAS workload, observations", ">= 0.95 of the 512 GiB value", was_mem,
    observations=("o000-wash-flat",))

def was64(g):
    base = g.x("was-medium", "512/20")
    r112, r64 = g.x("was-medium", "112/20") / base, g.x("was-medium", "64/20") / base
    return f"112 GiB: {r112:.2f}, 64 GiB: {r64:.2f}", r112 >= 0.95 and r64 <= r112 - 0.05
_register("was-medium-64", "validation", "WAS", "The medium WebSphere level degraded only moderately down to 112 GiB and clearly at 64 GiB (20 CPUs).",
    "Transactional WAS workload, observations", "≥ 0.95 at 112, ≥ 5 points lower at 64", was64,
    observations=("o000-wasm-knee",))

def was_cpu20(g):
    ratios = {lv: max(g.cpu(f"was-{lv}", f"{m}/20") for m in (96, 64)) / g.cpu(f"was-{lv}", "512/20")
              for lv in ("medium", "high")}
    return ", ".join(f"{lv} {r:.3f}" for lv, r in ratios.items()), all(r <= 1 - ALMOST for r in ratios.values())
_register("was-cpu-20", "validation", "WAS", "With 20 CPUs WebSphere's CPU load fell noticeably at 96 GiB or less (both levels).",
    "Transactional WAS workload, CPU usage analysis, observations", "≥ 5 % below 512 GiB", was_cpu20,
    observations=("o000-was-cpu-20",))

def was_component(g):
    a = float(g.guests("512/20").loc["was-medium-was", "cpu_load"])
    b = min(float(g.guests(f"{m}/20").loc["was-medium-was", "cpu_load"]) for m in (96, 64))
    return f"{a:.3f} → {b:.3f} CPUs", rises(a, b, relative=True)
_register("was-medium-was-cpu", "validation", "WAS", "The medium level's WebSphere server (the WAS guest of the triplet) used more CPU at 96 GiB or less than at 512 GiB (20 CPUs).",
    "Transactional WAS workload, CPU load distribution, conclusions", "rises by 3 % or more", was_component,
    observations=("o000-wasm-was-cpu",))

# --- file system
def fs_direct_gain(g):
    a, b = g.x("fs-direct-high", "512/20"), g.x("fs-direct-high", "64/20")
    return f"{a:.3f} → {b:.3f}", rises(a, b)
_register("fs-direct-gains", "validation", "file system", "At 20 CPUs and 64 GiB the direct-I/O variant's throughput increased while the page-cached variant's fell.",
    "File system I/O workload, observations", "direct rises by 3 points or more", fs_direct_gain,
    observations=("o000-fsd-6420-up", "o000-fsdh-6420-gt-ref"))

def fs_pc_loses(g):
    a, b = g.x("fs-pagecache-high", "512/20"), g.x("fs-pagecache-high", "64/20")
    return f"{a:.3f} → {b:.3f}", falls(a, b)
_register("fs-pagecache-loses", "validation", "file system", "At 20 CPUs and 64 GiB the page-cached variant lost throughput.",
    "File system I/O workload, observations", "falls by 3 points or more", fs_pc_loses,
    observations=("o000-fsp-6420-down",))

def fs_flat(g):
    worst = max(abs(g.x(v, f"{m}/{c}") / g.x(v, f"512/{c}") - 1)
                for v in ("fs-pagecache-medium", "fs-direct-medium", "fs-pagecache-high", "fs-direct-high")
                for m in MEMORY_GIB[1:] for c in (15, 10, 5))
    return f"at most {worst:.1%} from 512 GiB", worst <= ALMOST
_register("fs-memory-flat", "validation", "file system", "With 15 or fewer CPUs every fio variant stayed within a few percent of its 512 GiB throughput as memory shrank.",
    "File system I/O workload, observations", "within 5 %", fs_flat,
    observations=("o000-fs-mem-flat",))

# --- Java
for level, loss, record in (("medium", 45, "o000-jm-degr"), ("high", 26, "o000-jh-degr")):
    def java64(g, level=level, loss=loss):
        v = g.x(f"java-{level}", "64/20")
        return round(v, 2), abs(v - (1 - loss / 100)) <= 0.05
    _register(f"java-6420-{level}", "calibration", "Java", f"At 64/20 the {level} Java level lost about {loss} % of its throughput.",
        "Java workload, CID 64/20 conclusions", f"{1 - loss / 100:.2f}", java64,
        observations=(record,))

def java_resident(g):
    guests = g.guests("64/20")
    frac = guests["resident_mib"] / guests["instantiated_mib"]
    m, h = float(frac["java-medium"]), float(frac["java-high"])
    return f"{m:.0%} / {h:.0%}", abs(m - 0.91) <= 0.05 and abs(h - 0.85) <= 0.05
_register("java-resident-6420", "calibration", "Java", "At 64/20 about 91 % (medium) and 85 % (high) of the Java guests' instantiated memory was resident.",
    "Java workload, memory usage at CID 64/20", "91 % / 85 % (±5 points)", java_resident,
    observations=("o000-jm-res-frac", "o000-jh-res-frac", "o000-jm-dpa", "o000-jh-dpa"))

def java_above(g):
    best = max(g.x(f"java-{lv}", f"{m}/{c}") for lv in ("medium", "high") for m in (512, 256, 128, 112) for c in (20, 15))
    return round(best, 3), best > 1.0
_register("java-above-ref", "validation", "Java", "With 112 GiB or more and 15 or more CPUs Java ran slightly above its reference throughput.",
    "Java workload, observations", "> 1.0", java_above,
    observations=("o000-j-gt-ref",))

def java_knee(g):
    hi = min(g.x("java-high", f"{m}/15") / g.x("java-high", "512/15") for m in (256, 128, 112))
    lo = g.x("java-high", "64/15") / g.x("java-high", "512/15")
    return f"≥112 GiB: {hi:.2f}, 64 GiB: {lo:.2f}", hi >= 0.95 and lo <= 0.85
_register("java-knee", "validation", "Java", "Java was hardly affected down to 112 GiB but lost considerably at 96 GiB or less (15 CPUs).",
    "Java workload, observations", "flat to 112, then down", java_knee,
    observations=("o000-j-knee-mem", "o000-j-req-mem"))

def java_cpu(g):
    r15 = g.x("java-high", "512/15") / g.x("java-high", "512/20")
    r5 = g.x("java-high", "512/5") / g.x("java-high", "512/10")
    return f"15/20: {r15:.2f}, 5/10: {r5:.2f}", r15 >= 0.9 and r5 <= 0.6
_register("java-cpus", "validation", "Java", "Java was only slightly affected with 15 or more CPUs and declined sharply below 10.",
    "Java workload, observations", "flat ≥15, sharp below 10", java_cpu,
    observations=("o000-j-knee-cpus", "o000-j-req-cpus"))

def java_cpu_mem(g):
    flat = min(g.cpu(f"java-{lv}", f"{m}/{c}") / g.cpu(f"java-{lv}", f"512/{c}")
               for lv in ("medium", "high") for m in (256, 128, 112) for c in (20, 15))
    down = all(falls(g.cpu(f"java-{lv}", f"112/{c}"), g.cpu(f"java-{lv}", f"64/{c}"), relative=True)
               for lv in ("medium", "high") for c in (20, 15))
    return f"≥112 GiB: at least {flat:.2f}; 64 below 112: {'yes' if down else 'no'}", flat >= 1 - ALMOST and down
_register("java-cpu-memory", "validation", "Java", "Java's CPU load was almost flat at 112 GiB or more and declined a little below (20 and 15 CPUs).",
    "Java workload, CPU usage analysis, observations", "flat to 112, 3 % or more lower at 64", java_cpu_mem,
    observations=("o000-j-cpu-mem",))

def java_cpu_cpus(g):
    r15 = min(g.cpu(f"java-{lv}", "512/15") / g.cpu(f"java-{lv}", "512/20") for lv in ("medium", "high"))
    r10 = max(g.cpu(f"java-{lv}", "512/10") / g.cpu(f"java-{lv}", "512/15") for lv in ("medium", "high"))
    return f"15/20: {r15:.2f}, 10/15: {r10:.2f}", r15 >= 1 - ALMOST and r10 < 10 / 15
_register("java-cpu-cpus", "validation", "Java", "Java's CPU load hardly changed with 15 or more CPUs and fell faster than the CPUs below 15.",
    "Java workload, CPU usage analysis, observations", "15/20 ≥ 0.95, 10/15 < 0.67", java_cpu_cpus,
    observations=("o000-j-cpu-cpus",))

# --- network
def net_high15(g):
    v = g.x("net-high", "512/15")
    return round(v, 3), about(v, 0.40)
_register("net-high-15", "validation", "network", "The high network level fell to about 40 % of its reference with 15 CPUs.",
    "Network workload, observations", about_text(0.40), net_high15,
    observations=("o000-nh-15",))

def net_medium(g):
    v = min(g.x("net-medium", f"{m}/{c}") for m in (512, 256, 128, 112, 96) for c in (20, 15))
    return round(v, 2), v >= 0.97
_register("net-medium-15", "validation", "network", "With 15 or more CPUs the medium network level kept (or exceeded) its reference throughput, except at 64 GiB.",
    "Network workload, observations", ">= 1.0 (−0.03)", net_medium,
    observations=("o000-nm-gt-ref",))

def net_mem20(g):
    ratios = [g.x(f"net-{lv}", "64/20") / g.x(f"net-{lv}", "512/20") for lv in ("medium", "high")]
    return ", ".join(f"{r:.3f}" for r in ratios), all(1 - SLIGHT < r < 1 for r in ratios)
_register("net-memory-20", "validation", "network", "With 20 CPUs both network levels degraded slightly with less memory (64 against 512 GiB).",
    "Network workload, observations", "lower by less than 10 %", net_mem20,
    observations=("o000-n-mem-20",))

def net_medium_cpus(g):
    r = g.x("net-medium", "512/10") / g.x("net-medium", "512/15")
    return round(r, 2), r <= 1 - SLIGHT
_register("net-medium-cpus", "validation", "network", "The medium network level declined significantly with 10 or fewer CPUs (512 GiB, 10 against 15 CPUs).",
    "Network workload, observations", "≥ 10 % lower", net_medium_cpus,
    observations=("o000-nm-cpus",))

def net_high_regain(g):
    a, b = g.x("net-high", "512/15"), max(g.x("net-high", f"{m}/15") for m in (96, 64))
    return f"{a:.3f} → {b:.3f}", rises(a, b)
_register("net-high-15-regain", "validation", "network", "With 15 CPUs the high network level got some throughput back at 96 GiB or less.",
    "Network workload, observations", "rises by 3 points or more", net_high_regain,
    observations=("o000-nh-15-regain",))

def net_high_below(g):
    best = max(g.x("net-high", cid) for cid in RUN_CIDS)
    return round(best, 3), best < 1.0
_register("net-high-below-ref", "validation", "network", "The high network level did not reach its reference throughput in any constrained run.",
    "Network workload, observations", "< 1.0 everywhere", net_high_below,
    observations=("o000-nh-lt-ref",))

def net_high_cpu20(g):
    down = falls(g.cpu("net-high", "512/20"), g.cpu("net-high", "64/20"), relative=True)
    worst = max(abs(g.cpu("net-high", f"{m}/{c}") / g.cpu("net-high", f"512/{c}") - 1) for m in MEMORY_GIB[1:] for c in (10, 5))
    return f"20 CPUs falls: {'yes' if down else 'no'}; ≤10 CPUs at most {worst:.1%} apart", down and worst <= ALMOST
_register("net-high-cpu-20", "validation", "network", "The high network level's CPU load fell with memory at 20 CPUs and did not depend on memory with 10 or fewer.",
    "Network workload, CPU usage analysis, observations", "falls 3 % or more at 20; within 5 % at ≤ 10", net_high_cpu20,
    observations=("o000-nh-cpu-20",))

def net_high_cpu15(g):
    a, b = g.cpu("net-high", "512/15"), g.cpu("net-high", "64/15")
    return f"{a:.2f} → {b:.2f} CPUs", rises(a, b, relative=True)
_register("net-high-cpu-15", "validation", "network", "With 15 CPUs the high network level's CPU load rose as memory was reduced (the paper's wording is ambiguous; read with its throughput regain).",
    "Network workload, CPU usage analysis, observations", "rises by 3 % or more", net_high_cpu15,
    observations=("o000-nh-cpu-15",))
