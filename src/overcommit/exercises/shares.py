"""Seeded exercise for the chapter "Relative shares".

A random z/VM host with a few real CPUs runs three or four guests, each with a number of
virtual CPUs, a relative share and a CPU demand (what its virtual CPUs would use if nothing
were short). The student water-fills the real CPUs by hand; the answer is the list of CPUs
each guest receives, in the order of the question, as :func:`overcommit.shares.allocate`
computes it. The worked solution walks through the sorted pass of the algorithm.

A variant is worth asking (:func:`not_worth`) only if the CPUs are short for someone and
the water-filling has a step: at least one guest gets all it can use (it is *capped*) and
at least one gets less than that.
"""

from __future__ import annotations

import math

import numpy as np

from .. import shares
from ..seeding import rng
from . import Exercise, first_worth_asking

NAMES = ("LNXA", "LNXB", "LNXC", "LNXD")
OTHER_SHARES = (50, 100, 150, 200, 300, 400)


def _fmt(value: float) -> str:
    """A number as the question and solution print it: at most three decimals."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


def generate(seed: int) -> Exercise:
    """The shares exercise for ``seed`` (see the module docstring)."""
    return first_worth_asking(seed, _build, not_worth)


def not_worth(ex: Exercise) -> str | None:
    """Why this shares variant teaches nothing, or None."""
    p = ex.parameters
    caps = np.minimum(p["vcpus"], p["demand"])
    got = np.asarray(ex.answer, float)
    if not np.any(got >= caps - 1e-3):
        return "no guest is capped: the answer is a plain split by shares"
    if not np.any(got < caps - 1e-3):
        return "every guest gets all it can use: the shares decide nothing"
    return None


def _build(seed: int, variant: int) -> Exercise:
    r = rng(variant)
    count = int(r.integers(3, 5))
    names = list(NAMES[:count])
    vcpus = [int(v) for v in r.integers(1, 5, size=count)]
    proportional = bool(r.random() < 0.5)
    if proportional:
        share = [100 * v for v in vcpus]
    else:
        share = [int(r.choice(OTHER_SHARES)) for _ in range(count)]
    demand: list[float] = []
    for v in vcpus:
        if r.random() < 0.5:
            demand.append(float(v))  # every virtual CPU busy
        else:
            demand.append(round(float(r.uniform(0.1, v)), 1))
    caps = np.minimum(vcpus, demand)
    # Usually fewer CPUs than the guests could use (variants where they are not are
    # rejected by not_worth).
    most = max(1, math.ceil(float(caps.sum())))
    real_cpus = int(r.integers(1, most + 1))

    x = shares.allocate(real_cpus, vcpus, share, demand)
    theta = shares.water_level(real_cpus, vcpus, share, demand)
    spare = shares.idle(real_cpus, x)

    rows = "\n".join(
        f"| {n} | {v} | {s} | {_fmt(d)} |" for n, v, s, d in zip(names, vcpus, share, demand)
    )
    question = (
        f"A z/VM host has **{real_cpus} real CPU{'s' if real_cpus != 1 else ''}** for its "
        f"guests. {count} guests compete for them; *demand* is how many CPUs each guest's "
        "virtual CPUs would use if nothing were short (a guest never uses more than its demand, "
        "and a virtual CPU never more than one real CPU):\n\n"
        "| guest | virtual CPUs | relative share | demand (CPUs) |\n|---|---:|---:|---:|\n"
        f"{rows}\n\n"
        "How many real CPUs does each guest receive under z/VM's relative shares (long-run "
        "average, weighted water-filling)? Answer in real CPUs to two decimals, as a list in the "
        f"order of the table, e.g. `[{', '.join(['0.50'] * count)}]`."
    )

    # The worked solution: the sorted pass of overcommit.shares._water_fill, in words.
    lines = [
        "Each guest's cap is the smaller of its virtual CPUs and its demand: "
        + ", ".join(f"{n}: min({v}, {_fmt(d)}) = {_fmt(c)}" for n, v, d, c in zip(names, vcpus, demand, caps))
        + ".",
        "Sort the guests by cap per unit of share, c/s (the height of their vessel): "
        + ", ".join(f"{names[g]} {_fmt(caps[g] / share[g] * 100)}" for g in
                    sorted(range(count), key=lambda g: (caps[g] / share[g], g)))
        + " (CPUs per 100 units of share).",
    ]
    left_cpus, left_shares = float(real_cpus), float(sum(share))
    order = sorted(range(count), key=lambda g: (caps[g] / share[g], g))
    steps = []
    for position, g in enumerate(order):
        level = left_cpus / left_shares
        if caps[g] * left_shares <= left_cpus * share[g]:
            steps.append(
                f"- {names[g]}: its height {_fmt(caps[g] / share[g] * 100)} is at or below the level "
                f"the guests still in the pool would reach, {_fmt(left_cpus)} / {_fmt(left_shares)} "
                f"× 100 = {level * 100:.4g}: **capped**, it gets {_fmt(caps[g])}."
            )
            left_cpus -= float(caps[g])
            left_shares -= float(share[g])
            continue
        rest = order[position:]
        steps.append(
            f"- {names[g]}: its height {_fmt(caps[g] / share[g] * 100)} is above the level "
            f"{_fmt(left_cpus)} / {_fmt(left_shares)} × 100 = {level * 100:.4g}, "
            "so it and every guest after it are *not* capped. The water level is θ = "
            f"{level:.6g} CPU per unit of share and each gets θ × share: "
            + ", ".join(f"{names[h]} {level:.6g} × {share[h]} = {_fmt(level * share[h])}" for h in rest)
            + "."
        )
        break
    lines.append("Walk through them, keeping the CPUs and the shares not handed out yet:\n\n" + "\n".join(steps))
    if math.isinf(theta):
        lines.append(
            f"Every guest is capped: together they use {_fmt(float(caps.sum()))} CPUs and "
            f"**{_fmt(spare)} real CPU{'s' if spare != 1 else ''} stay idle** "
            "whatever the shares."
        )
    elif spare > 0:
        lines.append(f"{_fmt(spare)} real CPUs stay idle.")
    lines.append(
        "Answer: `[" + ", ".join(_fmt(v) for v in x) + "]` "
        f"(`overcommit.shares.allocate({real_cpus}, {vcpus}, {share}, {[float(d) for d in demand]})`)."
    )
    if not proportional:
        plain = [real_cpus * s / sum(share) for s in share]
        lines.append(
            "For contrast, splitting the CPUs in proportion to the shares without caps would give "
            + ", ".join(f"{n} {_fmt(p)}" for n, p in zip(names, plain))
            + ": any guest that cannot use its proportional part passes the rest on."
        )
    return Exercise(
        topic="shares",
        seed=seed,
        question=question,
        answer=[round(float(v), 4) for v in x],
        solution="\n\n".join(lines),
        rel_tolerance=0.01,
        abs_tolerance=0.005,
        units=("CPUs",) * count,
        parameters={
            "real_cpus": real_cpus, "guests": names, "vcpus": vcpus, "shares": share,
            "demand": demand, "proportional_shares": proportional,
            "water_level": theta, "idle": spare,
        },
    )
