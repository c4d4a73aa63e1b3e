"""Figures of the chapter "Paging devices" (``book/paging.ipynb``).

Every number comes from the package: queue formulas and the paging subsystem from
:mod:`overcommit.paging` (:func:`~overcommit.paging.response_time`,
:func:`~overcommit.paging.device_response_time`, :func:`~overcommit.paging.simulate_devices`,
:func:`~overcommit.paging.erlang_c`), the study's configurations from
:meth:`overcommit.paging.PagingConfig.from_data`, the model's operating points from
:func:`overcommit.simulate`. The helpers here only tabulate those results and build the
charts (conventions in :mod:`overcommit.book.figures`).

Timing parameters (service time per I/O, pages per I/O, concurrent I/Os per EDEV-SCSI
device, path bandwidth, CP CPU per page) are the assumptions documented in
:mod:`overcommit.paging`, not numbers from the paper; every chart built on them says so.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

import altair as alt
import numpy as np
import pandas as pd

from .. import data, names, paging
from ..model import PATH_MIB_S, simulate
from ..workloads import study_variants
from .figures import WIDE, picker
from .palette import ALERT, CATEGORIES, ENVIRONMENTS, INK, MODEL, MUTED, PAPER

KIND_LABELS = {"edev-scsi": "EDEV-SCSI", "eckd": "ECKD"}
KIND_COLOURS = {"edev-scsi": ENVIRONMENTS["zvm63-edev"], "eckd": ENVIRONMENTS["zvm63-eckd"]}
#: the environments as the whole book names them (:func:`overcommit.names.environment`)
ENV_LABELS = {env: names.environment(env) for env in ("zvm63-edev", "zvm63-eckd", "zvm62-edev")}
#: the two storage paths of :data:`overcommit.model.PATH_MIB_S`, as the chapter names them
PATH_LABELS = {"scsi": "FCP channels to the SCSI disks", "eckd": "FICON channels to the ECKD volumes"}
#: Which guests' disks share the storage path with paging in each 6.3 environment.
SHARING = {"zvm63-edev": ("scsi", "database BI guest's SCSI disks"),
           "zvm63-eckd": ("eckd", "file-system guests' 3390 volumes")}
MAX_DEVICES = 40
#: Utilisations at which the response curves are tabulated: log-spaced from 0.001 (for the
#: log-scaled traffic axis) and dense near 1, where the curves turn up.
UTILISATIONS = tuple(sorted({round(float(u), 5) for u in np.geomspace(0.001, 0.5, 12)}
                            | {round(float(u), 5) for u in 1 - np.geomspace(0.5, 0.005, 16)}))
MODEL_CIDS = ("128/20", "112/20", "96/20", "80/20", "64/20")


def _config(kind: str, devices: int | None = None, **overrides) -> paging.PagingConfig:
    if devices is not None:
        overrides["devices"] = devices
    return paging.PagingConfig.from_data(kind, **overrides)


# --------------------------------------------------------------------------------------
# Tables


def parameter_table() -> pd.DataFrame:
    """The two paging subsystems of the study: what is from the paper, what is assumed."""
    e, k = _config("edev-scsi"), _config("eckd")
    paper, assumed = "paper", "assumed (the book's paging model)"
    rows = [
        ("paging devices", e.devices, k.devices, paper),
        ("size of one device (GiB)", round(e.device_gib, 1), round(k.device_gib, 1), paper),
        ("paging space (GiB)", round(e.total_gib), round(k.total_gib), paper),
        ("I/Os in progress per device", f"overlapping: {e.servers_per_device} assumed", 1, paper + " (EDEV count assumed)"),
        ("channels", "4 × 8 Gbit FCP", "4 × 8 Gbit FICON", paper),
        ("channel line rate (MiB/s)", round(e.path_bandwidth_mib_s), round(k.path_bandwidth_mib_s), "paper's cards; 8b/10b coding"),
        ("fixed time per paging I/O (ms)", e.io_overhead_s * 1e3, k.io_overhead_s * 1e3, assumed),
        ("transfer time per 4 KiB page (µs)", e.page_transfer_s * 1e6, k.page_transfer_s * 1e6, assumed),
        ("pages per paging I/O", e.pages_per_io, k.pages_per_io, assumed),
        ("service time S of one I/O (ms)", round(e.service_time_s * 1e3, 3), round(k.service_time_s * 1e3, 3), "from the three above"),
        ("device capacity, reads + writes (MiB/s)", round(e.device_capacity_mib_s), round(k.device_capacity_mib_s), "from the above"),
        ("CP CPU per page moved (µs)", e.cp_cpu_s_per_page * 1e6, k.cp_cpu_s_per_page * 1e6, assumed),
    ]
    table = pd.DataFrame(rows, columns=["", "EDEV-SCSI", "ECKD", "source"]).set_index("")
    return table.astype({"EDEV-SCSI": str, "ECKD": str})


def mmk_curves(servers: Sequence[int] = (1, 2, 4, 8), points: int = 60) -> pd.DataFrame:
    """Mean response time in units of S of an M/M/k queue against its utilisation per server."""
    rows = []
    for k in servers:
        for u in np.linspace(0, 0.97, points):
            lam = k * float(u)  # arrivals per unit of S
            t = paging.mmc_response(lam, 1.0, int(k))
            rows.append({"servers": f"k = {k}", "k": int(k), "utilisation": round(float(u), 4),
                         "response_over_s": round(t, 4), "wait_prob": round(paging.erlang_c(int(k), lam), 4)})
    return pd.DataFrame(rows)


@lru_cache(maxsize=2)
def _response_grid(max_devices: int) -> pd.DataFrame:
    rows = []
    for kind in paging.KINDS:
        for n in range(1, max_devices + 1):
            config = _config(kind, n)
            capacity = config.device_capacity_mib_s
            for u in UTILISATIONS:
                traffic = u * capacity
                if traffic < 1:  # below the chart's log axis
                    continue
                state = paging.response_time(config, traffic / 2, traffic / 2)
                if not math.isfinite(state.read_response_s):
                    continue
                rows.append({"kind": kind, "devices": n, "traffic": round(traffic, 3),
                             "response_ms": round(state.read_response_s * 1e3, 4)})
    return pd.DataFrame(rows)


def response_grid(max_devices: int = MAX_DEVICES) -> pd.DataFrame:
    """Page-read response time (ms) against paging traffic (reads + writes, MiB/s, split
    evenly) for both device kinds and 1..``max_devices`` devices, from
    :func:`overcommit.paging.response_time` with no guest I/O on the path."""
    return _response_grid(int(max_devices)).copy()


def capacity_table(max_devices: int = MAX_DEVICES) -> pd.DataFrame:
    """Device capacity (MiB/s of reads + writes) for both kinds and 1..``max_devices``."""
    rows = [{"kind": kind, "devices": n, "capacity": round(_config(kind, n).device_capacity_mib_s, 2)}
            for kind in paging.KINDS for n in range(1, max_devices + 1)]
    return pd.DataFrame(rows)


@lru_cache(maxsize=4)
def _simulation_table(seed: int, ios: int) -> pd.DataFrame:
    rows = []
    cases = [("EDEV-SCSI, 16 devices, M/M/4", "edev-scsi", "exponential"),
             ("ECKD, 25 volumes, M/M/1", "eckd", "exponential"),
             ("ECKD, 25 volumes, M/D/1", "eckd", "deterministic")]
    for index, (label, kind, service) in enumerate(cases):
        config = _config(kind)
        for j, u in enumerate((0.2, 0.4, 0.6, 0.7, 0.8, 0.9)):
            pages_per_s = u * config.device_capacity_mib_s * paging.PAGES_PER_MIB
            duration = ios * config.pages_per_io / pages_per_s
            simulated = paging.simulate_devices(config, pages_per_s, duration, seed=seed + 10 * index + j,
                                                service=service)
            if service == "exponential":
                formula = paging.device_response_time(config, pages_per_s)
            else:  # one server per volume, constant service: Pollaczek-Khinchine with C_s^2 = 0
                lam = pages_per_s / config.pages_per_io / config.devices
                formula = paging.mg1_response(lam, config.service_time_s, 0.0)
            rows.append({"case": label, "utilisation": u,
                         "traffic (MiB/s)": round(u * config.device_capacity_mib_s, 1),
                         "formula (ms)": round(formula * 1e3, 4), "simulated (ms)": round(simulated * 1e3, 4)})
    table = pd.DataFrame(rows)
    table["difference"] = (table["simulated (ms)"] / table["formula (ms)"] - 1).round(4)
    return table


def simulation_table(seed: int = 2014, ios: int = 200_000) -> pd.DataFrame:
    """Formula against :func:`overcommit.paging.simulate_devices` for the study's two
    configurations at several utilisations (``ios`` paging I/Os per run, seeded)."""
    return _simulation_table(int(seed), int(ios)).copy()


def shared_guest_io(env: str) -> float:
    """Guest I/O (MiB/s at reference throughput) on the storage path paging uses in ``env``
    (the model's assumed rates from :func:`overcommit.workloads.study_variants`)."""
    if env not in SHARING:
        raise ValueError(f"env: {env!r} is not accepted; expected one of {list(SHARING)}")
    path = SHARING[env][0]
    return float(sum(v.io_mib_s for v in study_variants().values() if v.io_path == path))


@lru_cache(maxsize=1)
def _model_table(cids: tuple[str, ...]) -> pd.DataFrame:
    rows = []
    for env in ("zvm63-edev", "zvm63-eckd", "zvm62-edev"):
        kind = "eckd" if env == "zvm63-eckd" else "edev-scsi"
        per_page = _config(kind).cp_cpu_s_per_page
        for cid in cids:
            s = simulate(cid, env).system
            traffic = float(s["page_read_mib_s"] + s["page_write_mib_s"])
            rows.append({
                "environment": ENV_LABELS[env], "env": env, "CID": cid,
                "page reads (MiB/s)": round(float(s["page_read_mib_s"]), 1),
                "page writes (MiB/s)": round(float(s["page_write_mib_s"]), 1),
                "page-read response (ms)": round(float(s["page_read_response_ms"]), 3),
                "device utilisation": round(float(s["paging_device_utilisation"]), 3),
                "CP system CPU (CPUs)": round(float(s["cp_system_cpu"]), 3),
                "of which driving paging I/O (CPUs)": round(per_page * traffic * paging.PAGES_PER_MIB, 3),
                "failed": bool(s["failed"]),
            })
    return pd.DataFrame(rows)


def model_table(cids: Sequence[str] = MODEL_CIDS) -> pd.DataFrame:
    """What ``oc.simulate(cid, env)`` reports about paging, for the 20-CPU CIDs."""
    return _model_table(tuple(cids)).copy()


def model_summary(cids: Sequence[str] = MODEL_CIDS) -> pd.DataFrame:
    """:func:`model_table` with short labels, for display in a ~700 px column."""
    t = model_table(cids)
    out = pd.DataFrame({
        "environment": t["environment"],
        "CID": t["CID"],
        "reads (MiB/s)": t["page reads (MiB/s)"],
        "writes (MiB/s)": t["page writes (MiB/s)"],
        "read resp. (ms)": t["page-read response (ms)"],
        "device util.": t["device utilisation"],
        "CP sys. CPU": t["CP system CPU (CPUs)"],
        "of it paging I/O": t["of which driving paging I/O (CPUs)"],
        "failed": t["failed"].map({True: "yes", False: "no"}),
    })
    return out.set_index(["environment", "CID"])


def path_table() -> pd.DataFrame:
    """The model's assumed effective bandwidth of each storage path
    (:data:`overcommit.model.PATH_MIB_S`), one row per path named by :data:`PATH_LABELS`."""
    return pd.DataFrame({"bandwidth (MiB/s), assumed": [float(PATH_MIB_S[p]) for p in PATH_LABELS]},
                        index=pd.Index(list(PATH_LABELS.values()), name="storage path"))


def simulation_summary(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`simulation_table` for display: one row per case and utilisation."""
    out = table.copy()
    out["difference (%)"] = (out["difference"] * 100).round(1)
    return out.drop(columns=["difference"]).set_index(["case", "utilisation"])


# --------------------------------------------------------------------------------------
# Charts


def mmk_chart() -> alt.LayerChart:
    """Response time over service time of M/M/k queues against utilisation per server."""
    frame = mmk_curves()
    order = sorted(frame["servers"].unique(), key=lambda s: int(s.split("= ")[1]))
    lines = alt.Chart(frame).mark_line(strokeWidth=2).encode(
        x=alt.X("utilisation:Q", title="utilisation per server ρ (fraction)", scale=alt.Scale(domain=[0, 1])),
        y=alt.Y("response_over_s:Q", title="mean response time (multiples of S)",
                scale=alt.Scale(domain=[0, 12], clamp=True)),
        color=alt.Color("servers:N", title="servers per device", sort=order,
                        scale=alt.Scale(domain=order, range=CATEGORIES[:4]),
                        legend=alt.Legend(orient="bottom")),
        tooltip=[alt.Tooltip("servers:N"), alt.Tooltip("utilisation:Q", format=".2f"),
                 alt.Tooltip("response_over_s:Q", title="response / S", format=".2f"),
                 alt.Tooltip("wait_prob:Q", title="P(wait), Erlang C", format=".2f")],
    )
    return lines.properties(
        width=WIDE,
        height=230,
        title="One queue, k servers: response time against utilisation",
        description=(
            "Line chart of the mean response time of an M/M/k queue, in multiples of the "
            "service time S, against the utilisation per server from 0 to 0.97, for k = 1, 2, "
            "4 and 8 servers. All curves start at 1 and grow without bound as utilisation "
            "approaches 1; the single server (M/M/1, S/(1 − ρ)) rises first and most: at "
            "ρ = 0.8 it is at "
            + ", ".join(f"{paging.mmc_response(0.8 * k, 1.0, k):.2f} S for k = {k}" for k in (1, 2, 4, 8))
            + "."
        ),
    )


def response_chart(default_kind: str = "eckd", default_devices: int = 25) -> alt.LayerChart:
    """Response time against paging traffic; a drop-down for the kind, a slider for devices."""
    if default_kind not in paging.KINDS:
        raise ValueError(f"default_kind: {default_kind!r} is not accepted; expected one of {list(paging.KINDS)}")
    if isinstance(default_devices, bool) or not 1 <= int(default_devices) <= MAX_DEVICES:
        raise ValueError(f"default_devices: {default_devices!r} is not accepted; expected 1..{MAX_DEVICES}")
    grid = response_grid()
    caps = capacity_table()
    kind = picker("kind", list(paging.KINDS), default_kind, "Paging devices", labels=[KIND_LABELS[k] for k in paging.KINDS])
    devices = alt.param(name="devices", value=int(default_devices),
                        bind=alt.binding_range(min=1, max=MAX_DEVICES, step=1, name="Number of devices "))
    xscale = alt.Scale(type="log", domain=[1, 4000], nice=False)
    x = alt.X("traffic:Q", title="paging traffic, reads + writes (MiB/s, log scale)", scale=xscale)
    y = alt.Y("response_ms:Q", title="mean page-read response time (ms)",
              scale=alt.Scale(domain=[0, 10], clamp=True))
    study = grid[((grid.kind == "edev-scsi") & (grid.devices == 16)) | ((grid.kind == "eckd") & (grid.devices == 25))]
    study = study.assign(config=study["kind"].map({"edev-scsi": "study: 16 EDEV-SCSI", "eckd": "study: 25 ECKD"}))
    configs = ["study: 16 EDEV-SCSI", "study: 25 ECKD"]
    reference = alt.Chart(study).mark_line(strokeDash=[5, 3], strokeWidth=1.5).encode(
        x=x, y=y,
        color=alt.Color("config:N", title=None, sort=configs,
                        scale=alt.Scale(domain=configs, range=[KIND_COLOURS["edev-scsi"], KIND_COLOURS["eckd"]]),
                        legend=alt.Legend(orient="bottom")),
        tooltip=[alt.Tooltip("config:N"), alt.Tooltip("traffic:Q", title="MiB/s", format=",.1f"),
                 alt.Tooltip("response_ms:Q", title="ms", format=".2f")],
    )
    chosen = (
        alt.Chart(grid)
        .transform_filter((alt.datum.kind == kind) & (alt.datum.devices == devices))
        .mark_line(strokeWidth=3.5)
        .encode(x=x, y=y, color=alt.Color("kind:N", legend=None, scale=alt.Scale(
            domain=list(KIND_COLOURS), range=list(KIND_COLOURS.values()))), tooltip=[alt.Tooltip("traffic:Q", title="MiB/s", format=",.1f"),
                                   alt.Tooltip("response_ms:Q", title="ms", format=".2f")])
    )
    cap_base = alt.Chart(caps).transform_filter((alt.datum.kind == kind) & (alt.datum.devices == devices))
    cap_rule = cap_base.mark_rule(color=ALERT, strokeDash=[2, 2]).encode(x=alt.X("capacity:Q", scale=xscale))
    cap_text = cap_base.transform_calculate(
        label="'capacity ' + format(datum.capacity, ',.0f') + ' MiB/s'"
    ).mark_text(align="right", dx=-4, dy=8, color=INK, fontSize=11, baseline="top").encode(
        x=alt.X("capacity:Q", scale=xscale), y=alt.value(0), text="label:N"
    )
    paper_reads = float(_paper_page_reads())
    marks = pd.DataFrame({"traffic": [paper_reads], "label": [f"paper, 64/20: {paper_reads:.0f} MiB/s of reads"]})
    paper_rule = alt.Chart(marks).mark_rule(color=PAPER, strokeDash=[1, 3]).encode(x=alt.X("traffic:Q", scale=xscale))
    paper_text = alt.Chart(marks).mark_text(align="right", dx=-4, fontSize=10, color=PAPER).encode(
        x=alt.X("traffic:Q", scale=xscale), y=alt.value(60), text="label:N"
    )
    return alt.layer(reference, chosen, cap_rule, cap_text, paper_rule, paper_text).add_params(kind, devices).resolve_scale(color="independent").properties(
        width=WIDE,
        height=260,
        title="Page-read response time against paging traffic (assumed timings)",
        description=(
            "Line chart, paging traffic (page reads plus page writes, MiB/s, log scale from 1 to "
            "4000) against the mean page-read response time in milliseconds, from the queueing "
            f"formulas with the assumed timings ({_config('eckd').service_time_s * 1e3:.2f} ms per "
            "paging I/O). A drop-down picks EDEV-SCSI (four I/Os at a time per device) or ECKD "
            f"(one at a time), a slider the number of devices from 1 to {MAX_DEVICES}; the chosen "
            "configuration is drawn thick in its kind's colour, with a dotted vermillion rule at its capacity. Dashed: the "
            f"study's 16 EDEV-SCSI devices (capacity {_config('edev-scsi').device_capacity_mib_s:,.0f} "
            f"MiB/s) and 25 ECKD volumes ({_config('eckd').device_capacity_mib_s:,.0f} MiB/s). A "
            f"dotted black rule marks the {paper_reads:.0f} MiB/s of page reads the paper measured at "
            "64/20 with EDEV-SCSI. Each curve stays near the service time until the devices are "
            "well loaded and then rises steeply towards its capacity."
        ),
    )


def _paper_page_reads() -> float:
    obs = data.observations()
    row = obs[obs["id"] == "o000-sys-pr"]
    if row.empty:
        raise ValueError("observations: 'o000-sys-pr' (page reads at 64/20) not found in data/")
    return float(row["value"].iloc[0])


def simulation_chart(table: pd.DataFrame | None = None) -> alt.LayerChart:
    """Formula (lines) against the discrete-event simulation (points)."""
    table = simulation_table() if table is None else table
    cases = list(dict.fromkeys(table["case"]))
    colour = alt.Color("case:N", title=None, sort=cases,
                       scale=alt.Scale(domain=cases, range=CATEGORIES[:3]),
                       legend=alt.Legend(orient="bottom", columns=1, labelLimit=320))
    x = alt.X("utilisation:Q", title="device utilisation ρ (fraction)", scale=alt.Scale(domain=[0, 1]))
    # formula lines on a fine grid
    rows = []
    for case in cases:
        kind = "edev-scsi" if case.startswith("EDEV") else "eckd"
        config = _config(kind)
        for u in np.linspace(0.02, 0.92, 46):
            pages = u * config.device_capacity_mib_s * paging.PAGES_PER_MIB
            if case.endswith("M/D/1"):
                lam = pages / config.pages_per_io / config.devices
                t = paging.mg1_response(lam, config.service_time_s, 0.0)
            else:
                t = paging.device_response_time(config, pages)
            rows.append({"case": case, "utilisation": round(float(u), 4), "ms": round(t * 1e3, 4)})
    lines = alt.Chart(pd.DataFrame(rows)).mark_line().encode(
        x=x, y=alt.Y("ms:Q", title="mean response time of a paging I/O (ms)"), color=colour)
    points = alt.Chart(table).mark_point(filled=True, size=60).encode(
        x=x, y=alt.Y("simulated (ms):Q"), color=colour, shape=alt.value("diamond"),
        tooltip=[alt.Tooltip("case:N"), alt.Tooltip("utilisation:Q"),
                 alt.Tooltip("formula (ms):Q", format=".3f"), alt.Tooltip("simulated (ms):Q", format=".3f")],
    )
    return alt.layer(lines, points).properties(
        width=WIDE,
        height=240,
        title="Queueing formulas (lines) and simulation (diamonds)",
        description=(
            "Mean response time of a paging I/O in milliseconds against device utilisation, "
            "for the study's 16 EDEV-SCSI devices with four servers each (M/M/4), its 25 ECKD "
            "volumes with exponential service (M/M/1) and with constant service (M/D/1). "
            "Lines are the formulas (Erlang C; S/(1 − ρ); Pollaczek-Khinchine), diamonds the "
            "seeded discrete-event simulation at utilisations 0.2 to 0.9; the largest "
            f"difference is {table['difference'].abs().max():.1%}. At utilisation 0.9 the "
            + "; ".join(f"{c}: {g.iloc[-1]['formula (ms)']:.1f} ms" for c, g in table.groupby("case", sort=False))
            + "."
        ),
    )


def io_error_threshold() -> float:
    """Path utilisation from which the model lets the file-system workload fail (its
    ``io_error_utilisation``, an assumption of :mod:`overcommit.workloads`)."""
    values = {v.io_error_utilisation for v in study_variants().values() if v.io_error_utilisation is not None}
    if len(values) != 1:
        raise ValueError(f"io_error_utilisation: {sorted(values)} is not accepted; expected one common value")
    return float(values.pop())


def interference_frame(traffic_max: float = 400.0, points: int = 81) -> pd.DataFrame:
    """Path utilisation and guest-I/O slowdown against paging traffic in both 6.3
    environments, with the model's path bandwidths and shared guest I/O."""
    rows = []
    for env, (path, who) in SHARING.items():
        kind = "eckd" if path == "eckd" else "edev-scsi"
        config = _config(kind, path_bandwidth_mib_s=PATH_MIB_S[path])
        guest = shared_guest_io(env)
        for t in np.linspace(0, traffic_max, points):
            s = paging.response_time(config, t / 2, t / 2, guest)
            rows.append({"env": ENV_LABELS[env], "traffic": round(float(t), 2),
                         "path_utilisation": round(s.path_utilisation, 4),
                         "slowdown": round(s.guest_io_slowdown, 4) if math.isfinite(s.guest_io_slowdown) else None,
                         "guest_io": guest, "bandwidth": PATH_MIB_S[path], "sharing": who})
    return pd.DataFrame(rows)


def interference_chart() -> alt.VConcatChart:
    """How paging loads the storage path the guests' own disks use, and how it slows them."""
    frame = interference_frame()
    envs = [ENV_LABELS["zvm63-edev"], ENV_LABELS["zvm63-eckd"]]
    colour = alt.Color("env:N", title=None, sort=envs, scale=alt.Scale(domain=envs, range=[ENVIRONMENTS["zvm63-edev"], ENVIRONMENTS["zvm63-eckd"]]),
                       legend=alt.Legend(orient="bottom", columns=1, labelLimit=320))
    x = alt.X("traffic:Q", title="paging traffic, reads + writes (MiB/s)", scale=alt.Scale(domain=[0, 400]))
    model = model_table()
    model = model[model["env"].isin(list(SHARING))].copy()
    model["traffic"] = model["page reads (MiB/s)"] + model["page writes (MiB/s)"]
    pts = []
    for _, r in model.iterrows():
        f = frame[frame["env"] == r["environment"]]
        pts.append({"env": r["environment"], "CID": r["CID"], "traffic": r["traffic"],
                    "path_utilisation": float(np.interp(r["traffic"], f["traffic"], f["path_utilisation"])),
                    "slowdown": float(np.interp(r["traffic"], f["traffic"], f["slowdown"]))})
    pts = pd.DataFrame(pts)
    util_lines = alt.Chart(frame).mark_line(strokeWidth=2, clip=True).encode(
        x=x, y=alt.Y("path_utilisation:Q", title="storage-path utilisation (fraction)",
                     scale=alt.Scale(domain=[0, 1.2])),
        color=colour,
        tooltip=[alt.Tooltip("env:N", title="environment"), alt.Tooltip("sharing:N", title="shared with"),
                 alt.Tooltip("guest_io:Q", title="guest I/O (MiB/s)"),
                 alt.Tooltip("bandwidth:Q", title="path (MiB/s)"), alt.Tooltip("traffic:Q"),
                 alt.Tooltip("path_utilisation:Q", title="path utilisation", format=".2f")],
    )
    limit = io_error_threshold()
    threshold = alt.Chart(pd.DataFrame({"y": [limit], "label": [f"{limit:g}: the model's I/O-error point for fio"]}))
    rule = threshold.mark_rule(color=ALERT, strokeDash=[4, 3]).encode(y="y:Q")
    # at the plot's right edge whatever its width (a phone narrows the plot; a fixed pixel
    # position kept the drawing wide and the plot was squeezed instead)
    rule_text = threshold.mark_text(align="right", dx=-4, dy=-6, color=INK, fontSize=10).encode(
        y="y:Q", x=alt.value("width"), text="label:N")
    util_pts = alt.Chart(pts).mark_point(filled=True, size=55, shape="diamond").encode(
        x=x, y=alt.Y("path_utilisation:Q"), color=colour,
        tooltip=[alt.Tooltip("env:N", title="environment"), alt.Tooltip("CID:N"), alt.Tooltip("traffic:Q", format=".1f"),
                 alt.Tooltip("path_utilisation:Q", title="path utilisation", format=".2f")])
    top = alt.layer(util_lines, rule, rule_text, util_pts).properties(
        width=WIDE, height=200, title="Paging and guest I/O on one storage path (model's assumed rates)")
    slow_lines = alt.Chart(frame).mark_line(strokeWidth=2, clip=True).encode(
        x=x, y=alt.Y("slowdown:Q", title="guest I/O time, with / without paging (factor)",
                     scale=alt.Scale(domain=[1, 4])),
        color=colour)
    slow_pts = alt.Chart(pts).mark_point(filled=True, size=55, shape="diamond").encode(
        x=x, y=alt.Y("slowdown:Q"), color=colour,
        tooltip=[alt.Tooltip("env:N", title="environment"), alt.Tooltip("CID:N"), alt.Tooltip("slowdown:Q", format=".2f")])
    bottom = alt.layer(slow_lines, slow_pts).properties(
        width=WIDE, height=170, title="How much paging slows the sharing guests' own I/O")
    eckd = frame[frame["env"] == ENV_LABELS["zvm63-eckd"]]
    edev = frame[frame["env"] == ENV_LABELS["zvm63-edev"]]
    g_eckd, b_eckd = float(eckd["guest_io"].iloc[0]), float(eckd["bandwidth"].iloc[0])
    g_edev, b_edev = float(edev["guest_io"].iloc[0]), float(edev["bandwidth"].iloc[0])
    return alt.vconcat(top, bottom).properties(
        description=(
            "Two line charts against paging traffic from 0 to 400 MiB/s, for the z/VM 6.3 "
            f"EDEV-SCSI environment (paging shares an assumed {b_edev:,.0f} MiB/s SCSI path with "
            f"the database guest's {g_edev:,.0f} MiB/s of disk I/O) and the ECKD environment (an "
            f"assumed {b_eckd:,.0f} MiB/s FICON path shared with the file-system guests' "
            f"{g_eckd:,.0f} MiB/s). Top: path utilisation, with a dashed line at {limit:g} where the "
            "model lets the file-system workload fail. Bottom: the factor by which paging "
            "stretches the guests' own I/O time. Diamonds mark the model's runs at 128 to 64 GiB "
            f"with 20 CPUs. The ECKD path starts at {g_eckd / b_eckd:.2f} before any paging and "
            f"reaches {limit:g} at {limit * b_eckd - g_eckd:,.0f} MiB/s of paging; the SCSI path is at "
            f"{(g_edev + 400) / b_edev:.2f} even with 400 MiB/s of paging."
        ),
    )


def explorer_chart(
    kind: str = "eckd",
    devices: int = 25,
    servers_per_device: int = 1,
    page_read_mib_s: float = 88.0,
    page_write_mib_s: float = 55.0,
    guest_io_mib_s: float = 0.0,
) -> alt.VConcatChart:
    """The live explorer: any paging configuration and load through ``response_time``."""
    try:
        config = _config(kind, devices, servers_per_device=servers_per_device)
    except KeyError:
        raise ValueError(f"kind: {kind!r} is not accepted; expected one of {list(paging.KINDS)}") from None
    state = paging.response_time(config, page_read_mib_s, page_write_mib_s, guest_io_mib_s)
    capacity = state.capacity_mib_s
    top = max(capacity, state.offered_mib_s) * 1.1 if capacity > 0 else 10.0
    curve = []
    for t in np.linspace(0, top, 120):
        s = paging.response_time(config, t / 2, t / 2, guest_io_mib_s)
        if math.isfinite(s.read_response_s):
            curve.append({"traffic": round(float(t), 3), "ms": round(s.read_response_s * 1e3, 4)})
    curve = pd.DataFrame(curve, columns=["traffic", "ms"])
    y_max = max(10.0, (state.read_response_s * 1e3 * 1.3) if math.isfinite(state.read_response_s) else 10.0)
    x = alt.X("traffic:Q", title="paging traffic, reads + writes (MiB/s)", scale=alt.Scale(domain=[0, top], nice=False))
    y = alt.Y("ms:Q", title="mean page-read response time (ms)", scale=alt.Scale(domain=[0, y_max]))
    line = alt.Chart(curve).mark_line(color=MODEL, strokeWidth=2, clip=True).encode(x=x, y=y)
    if math.isfinite(state.read_response_s):
        label = f"{state.read_response_s * 1e3:.2f} ms at {state.offered_mib_s:.0f} MiB/s"
        point = pd.DataFrame({"traffic": [state.offered_mib_s], "ms": [state.read_response_s * 1e3], "label": [label]})
    else:
        label = f"saturated at {state.offered_mib_s:.0f} MiB/s ({state.bottleneck} at capacity)"
        point = pd.DataFrame({"traffic": [min(state.offered_mib_s, top)], "ms": [y_max], "label": [label]})
    dot = alt.Chart(point).mark_point(filled=True, size=120, color=INK).encode(x=x, y=y)
    text = alt.Chart(point).mark_text(align="right", dx=-10, dy=-12, color=INK, fontSize=12).encode(
        x=x, y=y, text="label:N")
    upper = alt.layer(line, dot, text).properties(
        width=WIDE, height=220,
        title=f"{devices} {KIND_LABELS[kind]} device{'s' if devices != 1 else ''}, "
              f"{config.servers_per_device} I/O{'s' if config.servers_per_device != 1 else ''} at a time each")
    bars = pd.DataFrame({
        "measure": ["paging devices", "storage path"],
        "utilisation": [state.device_utilisation, state.path_utilisation],
    })
    bar = alt.Chart(bars).mark_bar(height=18).encode(
        y=alt.Y("measure:N", title=None, sort=["paging devices", "storage path"]),
        x=alt.X("utilisation:Q", title="utilisation (%)", axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, max(1.2, float(bars["utilisation"].max()) * 1.05)], nice=False)),
        color=alt.condition(alt.datum.utilisation >= 1, alt.value(ALERT), alt.value(MUTED)),
    )
    bar_text = alt.Chart(bars).mark_text(align="left", dx=4).encode(
        y=alt.Y("measure:N", sort=["paging devices", "storage path"]), x="utilisation:Q",
        text=alt.Text("utilisation:Q", format=".0%"))
    full = alt.Chart(pd.DataFrame({"x": [1.0]})).mark_rule(strokeDash=[4, 3]).encode(x="x:Q")
    slowdown = state.guest_io_slowdown
    lower = alt.layer(bar, bar_text, full).properties(
        width=WIDE, height=60,
        title=(f"CP CPU for paging I/O: {state.cp_cpu_cpus:.3f} CPUs; guest I/O slowed by "
               + (f"× {slowdown:.2f}" if math.isfinite(slowdown) else "∞ (path saturated)")))
    return alt.vconcat(upper, lower).properties(
        description=(
            f"Paging subsystem of {devices} {KIND_LABELS[kind]} devices with "
            f"{config.servers_per_device} concurrent I/Os each, assumed service time "
            f"{config.service_time_s * 1e3:.2f} ms per I/O. At {page_read_mib_s:g} MiB/s of page "
            f"reads, {page_write_mib_s:g} MiB/s of page writes and {guest_io_mib_s:g} MiB/s of guest "
            f"I/O on the same path: {label}; devices {state.device_utilisation:.0%} and path "
            f"{state.path_utilisation:.0%} busy. The line shows the response time for other "
            "amounts of paging traffic with the same guest I/O."
        ),
    )


__all__ = [
    "ENV_LABELS", "KIND_LABELS", "PATH_LABELS", "io_error_threshold", "MAX_DEVICES", "MODEL_CIDS", "SHARING", "capacity_table",
    "explorer_chart", "interference_chart", "interference_frame", "mmk_chart", "mmk_curves",
    "model_summary", "model_table", "path_table", "simulation_summary", "parameter_table", "response_chart", "response_grid", "shared_guest_io",
    "simulation_chart", "simulation_table",
]
