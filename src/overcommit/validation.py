"""The paper's written findings as claims (:mod:`overcommit.claims`), each evaluated against
the model.

Every claim paraphrases one finding of seed 000 (with its section), names the paper's value
or direction and the ids of the records of ``data/observations_000.csv`` it stands for
(``observations``), computes the model's value, and passes or fails. ``kind`` says whether the
finding was part of the calibration subset (:mod:`overcommit.calibrate`): a claim is a
calibration claim exactly when one of its records is a calibration target
(:func:`overcommit.calibrate.target_observations`), so that a reader can keep the two apart:
a calibration claim passing shows the fit worked, only validation claims test the model.

``python -m overcommit validate`` prints the table; the book's chapter "How good is the
model?" renders it.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import pandas as pd

from .claims import ALMOST, CLAIMS, CPU_COUNTS, MEMORY_GIB, RUN_CIDS, SLIGHT, Claim, Grid
from .model import sweep

__all__ = ["ALMOST", "CLAIMS", "CPU_COUNTS", "Claim", "Grid", "MEMORY_GIB", "NOT_CLAIMS", "RUN_CIDS", "SLIGHT",
           "evaluate", "fairness_bound", "grid", "paper_outcome_512_15", "share_floors", "summary"]


@lru_cache(maxsize=1)
def _grid() -> Grid:
    return Grid(sweep())


def grid() -> Grid:
    """The model over the paper's CIDs and the three environments (computed once per
    process): what every claim's check takes."""
    return _grid()



#: The records of ``data/observations_000.csv`` that no claim compares with, and why. Every
#: record is a claim's, a calibration target or listed here (a test checks it), so a finding
#: of the paper cannot be left out of the validation without a reason.
NOT_CLAIMS: dict[str, tuple[str, ...]] = {
    "a setting or procedure of the study, not a result": (
        "o000-ref-real-mem", "o000-ref-real-cpus", "o000-proc-cpus-range", "o000-proc-mem-range",
        "o000-sum-64-half", "o000-proc-warmup", "o000-proc-monitor", "o000-proc-cooldown",
        "o000-proc-exec", "o000-proc-db-tx"),
    "the reference run or the workloads' set-up, which the model takes as input (Table 17, Tables 8-16)": (
        "o000-ref-cpus-summary", "o000-ref-cpus", "o000-ref-no-paging", "o000-ref-db2-m-full",
        "o000-ref-fspch-full", "o000-db-vmem", "o000-db-used", "o000-db-ratio-next", "o000-db-inst-ref",
        "o000-jm-ref-pct-high", "o000-jh-ratio-medium", "o000-nm-ref-pct-high", "o000-nh-ratio-medium",
        "o000-n-server-client", "o000-was-heap", "o000-j-heap", "o000-ihs-buffers", "o000-ihs-footprint"),
    "the same measurement as a calibration target, in another unit (resident, stored or page-in share)": (
        "o000-db-dpa-share", "o000-db-res-frac", "o000-db-stored-frac", "o000-db-pin-frac",
        "o000-was-dpa-share", "o000-ihs-pin-frac", "o000-wasm-was-pin-frac", "o000-wash-was-pin-frac",
        "o000-db2-pin-frac", "o000-fspm-res-frac", "o000-fsph-res-frac", "o000-fsdm-res-frac",
        "o000-fsdh-res-frac", "o000-fspm-pin-frac", "o000-fsph-pin-frac", "o000-jm-pin-frac",
        "o000-jh-pin-frac"),
    "inside a guest (Linux or the application) or a quantity the model does not have: it keeps each "
    "guest's instantiated memory at its reference size, reports no page-outs per guest and counts no "
    "recoverable errors": (
        "o000-db-shm", "o000-db-pga", "o000-db-pt", "o000-wasm-anon", "o000-wash-anon", "o000-was-heap-res",
        "o000-db2-shm", "o000-fspm-pcache", "o000-fsph-pcache", "o000-fsd-pcache", "o000-wash-inst-gt-heap",
        "o000-db2-full-6420", "o000-db-inst", "o000-db-inst-below", "o000-fsp-inst-ref", "o000-fsd-inst-ref",
        "o000-db-ratio-4g", "o000-db-pout", "o000-db-pout-frac", "o000-edev-was-errors"),
}


def _claims() -> list[Claim]:
    """Every claim of :data:`overcommit.claims.CLAIMS`, in order."""
    return list(CLAIMS.values())


def _guest_cpu(env: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The study's guests as arrays, in Table 17 order: variant, CPU-seconds per unit of work
    (Table 17's load times the environment's CPU cost factor), virtual CPUs and share."""
    from .model import CPU_COST_FACTOR, environment
    from .workloads import study_guests

    guests = study_guests()
    cost = np.array([g.cpu_load for g in guests], float) * CPU_COST_FACTOR[environment(env).generation]
    return (np.array([g.variant for g in guests]), cost, np.array([g.vcpus for g in guests], float),
            np.array([g.share for g in guests], float))


def share_floors(cid: str = "512/20", env: str = "zvm63-edev") -> pd.DataFrame:
    """Per workload, the least relative throughput z/VM's shares guarantee it when it is
    CPU-bound, at its reference CPU per unit of work (Table 17), whatever the others do.

    Each guest gets at least ``shares.guaranteed`` of the host's real CPUs; a workload
    spread over several guests runs at the pace of its least-served guest, so its floor is
    ``min(1, min_g guaranteed_g / load_g)``. An observation below the floor cannot come from
    share-based dispatching alone: either the workload needed more CPU per unit of work than
    in the reference run, or something other than the CPUs held it back. The model uses the
    floors to explain two of its misses (docs/model-validation.md).
    """
    from . import shares
    from .model import _host

    host = _host(cid)
    variant, load, vcpus, share = _guest_cpu(env)
    floor = shares.guaranteed(host.cpus, vcpus, share, load)
    frame = pd.DataFrame({"variant": variant, "reference_cpus": load,
                          "guaranteed_cpus": floor, "ratio": floor / load})
    out = frame.groupby("variant", sort=False).agg(reference_cpus=("reference_cpus", "sum"),
                                                   guaranteed_cpus=("guaranteed_cpus", "sum"),
                                                   floor=("ratio", "min"))
    out["floor"] = out["floor"].clip(upper=1.0)
    return out


def paper_outcome_512_15() -> tuple[dict[str, float], dict[str, float]]:
    """What seed 000 reports for CID 512/15, as the two arguments of :func:`fairness_bound`.

    ``served``: the workloads the paper has at or above their reference throughput with 15
    or more CPUs (Java, both levels, ``o000-j-gt-ref``; the medium network level,
    ``o000-nm-gt-ref``), taken at exactly 1.0, the least the records allow. ``observed``:
    the database's 60 % (``o000-db-tput-51215``) and the high network level's about 40 %
    (``o000-nh-15``). Read from ``data/observations_000.csv`` by record id.
    """
    from . import data

    obs = data.observations(["observations_000.csv"]).set_index("id")
    for rid in ("o000-j-gt-ref", "o000-nm-gt-ref"):
        if obs.loc[rid, "relation"] != ">" or float(obs.loc[rid, "value"]) != 100:
            raise data.DataError(f"observations_000.csv: {rid} no longer says 'above the reference'")
    served = {"java-medium": 1.0, "java-high": 1.0, "net-medium": 1.0}
    observed = {"db-bi": float(obs.loc["o000-db-tput-51215", "value"]) / 100,
                "net-high": float(obs.loc["o000-nh-15", "value"]) / 100}
    return served, observed


def fairness_bound(cid: str = "512/15", served: dict[str, float] | None = None,
                   observed: dict[str, float] | None = None, env: str = "zvm63-edev", *,
                   parts: bool = False) -> pd.Series | pd.DataFrame:
    r"""The CPUs weighted max-min fairness needs for an outcome in which the ``served``
    workloads got all the CPU they asked for.

    Under water-filling (:mod:`overcommit.shares`) a guest receives its full demand
    :math:`d_g` only if the water level is at least :math:`d_g / s_g`. Then every other guest
    receives :math:`\min(d_h, \theta s_h)` at that level, whatever policy detail decides
    the rest, so the host must have had at least

    .. math::

        N = \sum_h \min\big(d_h,\; \theta^* s_h\big), \qquad
        \theta^* = \max_{g\ \text{served}} d_g / s_g

    CPUs for the guests. Demands are taken at Table 17's CPU per unit of work (times the
    environment's cost factor): a served or ``observed`` workload at the throughput given,
    every other workload at its reference throughput, each guest capped by its virtual
    CPUs. If :math:`N` exceeds the CPUs available (the real CPUs minus CP's system time as
    :func:`overcommit.simulate` computes it for the CID; idle CPUs from dispatching would
    only raise the need), the outcome cannot come from a fluid share model at those fixed costs:
    either the other workloads were held below their reference throughput by something other
    than CPU (at a level of :math:`\theta^*` they were given all they asked for), or CPU per
    unit of work changed.

    Returns ``level_per_100_share`` (:math:`100\,\theta^*`, CPUs per virtual CPU at the
    study's 100 shares per virtual CPU), ``needed_cpus``, ``available_cpus``,
    ``shortfall_cpus`` (:math:`N` minus available, 0 if it fits) and ``rest_fraction``: the
    largest common fraction of their reference throughput at which the workloads not named
    could have run for the outcome to fit (1.0 if it fits as it is; 0.0 if even without them
    it does not). The default is the paper's own CID 512/15 (:func:`paper_outcome_512_15`).
    With ``parts``, the terms of :math:`N` instead, one row per workload: ``variant``, the
    ``cpus`` it needs at that level, and its ``role`` (served in full, at the paper's value,
    or at its reference); they add up to ``needed_cpus``.
    """
    from .model import _host, simulate
    from .workloads import VARIANTS

    if served is None and observed is None:
        if cid != "512/15":
            raise ValueError(f"served: None is not accepted for cid {cid!r}; expected a dict of "
                             "variant -> relative throughput (the default is only the paper's 512/15)")
        served, observed = paper_outcome_512_15()
    served = dict(served or {})
    observed = dict(observed or {})
    if not served:
        raise ValueError("served: {} is not accepted; expected at least one variant that got all the CPU it asked for")
    for name, values in (("served", served), ("observed", observed)):
        for variant, value in values.items():
            if variant not in VARIANTS:
                raise ValueError(f"{name}: variant {variant!r} is not accepted; expected one of {list(VARIANTS)}")
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
                raise ValueError(f"{name}[{variant!r}]: {value!r} is not accepted; expected a relative throughput > 0")
    both = sorted(set(served) & set(observed))
    if both:
        raise ValueError(f"observed: variant {both[0]!r} is also in served; expected each variant in one of the two")

    host = _host(cid)
    variant, cost, vcpus, share = _guest_cpu(env)
    given = {**served, **observed}
    x = np.array([given.get(v, 1.0) for v in variant])
    demand = np.minimum(cost * x, vcpus)
    is_served = np.isin(variant, list(served))
    level = float(np.max(demand[is_served] / share[is_served]))
    available = host.cpus - float(simulate(host, env=env).system["cp_system_cpu"])
    rest = ~np.isin(variant, list(given))

    def need(fraction: float) -> float:
        d = np.where(rest, demand * fraction, demand)
        return float(np.minimum(d, level * share).sum())

    needed = need(1.0)
    if parts:
        used = np.minimum(demand, level * share)
        return pd.DataFrame({"variant": variant, "cpus": used,
                             "role": np.where(is_served, "served in full",
                                              np.where(np.isin(variant, list(observed)), "at the paper's value",
                                                       "at its reference"))}
                            ).groupby(["variant", "role"], sort=False, as_index=False)["cpus"].sum()
    if needed <= available:
        fraction = 1.0
    elif need(0.0) > available:
        fraction = 0.0
    else:
        lo, hi = 0.0, 1.0
        for _ in range(60):  # need() is continuous and non-decreasing in the fraction
            mid = 0.5 * (lo + hi)
            lo, hi = (mid, hi) if need(mid) <= available else (lo, mid)
        fraction = lo
    return pd.Series({"cid": host.cid, "env": env, "level_per_100_share": 100 * level,
                      "needed_cpus": needed, "available_cpus": available,
                      "shortfall_cpus": max(needed - available, 0.0), "rest_fraction": fraction})


def evaluate(mechanisms=None) -> pd.DataFrame:
    """Evaluate every claim: one row per claim with the model's value and pass/fail.
    ``mechanisms`` (an :class:`overcommit.Mechanisms`) evaluates them for a model with other
    switches than the ones it keeps."""
    grid = _grid() if mechanisms is None else Grid(sweep(mechanisms=mechanisms))
    rows = []
    for claim in _claims():
        try:
            value, ok = claim.check(grid)
        except Exception as exc:  # a claim that cannot be evaluated is a failed claim, visibly
            value, ok = f"error: {exc}", False
        rows.append(
            {"id": claim.id, "kind": claim.kind, "topic": claim.topic, "finding": claim.finding,
             "paper": claim.paper, "model": value, "passed": bool(ok), "source": "seed 000, " + claim.source,
             "observations": ", ".join(claim.observations)}
        )
    return pd.DataFrame(rows)


def summary(table: pd.DataFrame | None = None) -> dict[str, int]:
    table = evaluate() if table is None else table
    val = table[table["kind"] == "validation"]
    return {"claims": len(table), "validation": len(val), "validation_passed": int(val["passed"].sum()),
            "calibration": int((table["kind"] == "calibration").sum()),
            "calibration_passed": int(table.loc[table["kind"] == "calibration", "passed"].sum())}


def main() -> int:
    table = evaluate()
    with pd.option_context("display.width", 200, "display.max_colwidth", 70, "display.max_rows", 200):
        print(table[["id", "kind", "paper", "model", "passed"]].to_string(index=False))
    s = summary(table)
    print(f"\nvalidation claims passed: {s['validation_passed']} of {s['validation']}; "
          f"calibration claims passed: {s['calibration_passed']} of {s['calibration']}")
    b = fairness_bound()
    print(f"\nfairness bound (why the CPU claims miss): the paper's 512/15 outcome needs "
          f"{b['needed_cpus']:.1f} CPUs under weighted max-min fairness at Table 17's costs, "
          f"{b['available_cpus']:.1f} are available; WebSphere and fio could have run at most at "
          f"{b['rest_fraction']:.0%} of their reference with all the CPU they asked for")
    return 0
