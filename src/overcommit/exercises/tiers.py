"""Seeded exercise for the chapter "Memory tiers and overcommitment".

A random z/VM host (real memory, z/VM 6.3 or 6.2 with 2 GiB of expanded storage) runs a
random handful of guests, each with a defined and an instantiated size. The student
computes the DPA (:func:`overcommit.tiers.dpa_mib`) and the overcommit ratio the paper
would report when the guests use all of it (:func:`overcommit.tiers.overcommit_ratio`,
with Σ resident = min(Σ instantiated, DPA)). The answer is ``[dpa_mib, ocr]``.

Both cases are worth asking: guests that overcommit the DPA, and guests that fit although
they are defined larger than the host (ocr 1). A variant is rejected (:func:`not_worth`)
only when Σ instantiated is within 2 % of the DPA, where a slip in the DPA arithmetic would
flip the answer from one case to the other.
"""

from __future__ import annotations

from .. import tiers
from ..seeding import rng
from . import Exercise, first_worth_asking

NAMES = tuple(f"LINUX{c}" for c in "ABCDEFGHJKLM")


def _round_to(value: float, step: int) -> int:
    return int(max(step, round(value / step) * step))


def generate(seed: int) -> Exercise:
    """The tiers exercise for ``seed`` (see the module docstring)."""
    return first_worth_asking(seed, _build, not_worth)


def not_worth(ex: Exercise) -> str | None:
    """Why this tiers variant teaches nothing, or None."""
    total, dpa = sum(ex.parameters["instantiated_mib"]), ex.answer[0]
    if abs(total - dpa) <= 0.02 * dpa:
        return f"Σ instantiated {total} MiB is within 2 % of the DPA {dpa} MiB"
    return None


def _build(seed: int, variant: int) -> Exercise:
    r = rng(variant)
    release = str(r.choice(["6.3", "6.2"]))
    xstor_gib = 2.0 if release == "6.2" else 0.0
    real_gib = int(r.integers(4, 33)) * 4  # 16 .. 128 GiB
    split = tiers.split_real_memory(real_gib, xstor_gib)
    count = int(r.integers(4, 8))
    names = sorted(r.choice(len(NAMES), size=count, replace=False))
    target = float(r.uniform(0.7, 2.6)) * split.dpa_mib  # Σ instantiated, before rounding
    weights = r.dirichlet([1.5] * count)
    instantiated = [_round_to(w * target, 64) for w in weights]
    defined = [_round_to(i * float(r.uniform(1.2, 4.0)), 1024) for i in instantiated]
    defined = [max(d, _round_to(i + 512, 1024)) for d, i in zip(defined, instantiated)]

    total = sum(instantiated)
    resident = min(total, split.dpa_mib)
    ocr = tiers.overcommit_ratio(total, resident)
    dpa = split.dpa_mib
    naive = sum(defined) / split.real_mib

    rows = "\n".join(
        f"| {NAMES[n]} | {d:,} | {i:,} |" for n, d, i in zip(names, defined, instantiated)
    )
    env = (
        f"z/VM {release}" + (f" with {xstor_gib:g} GiB of its real memory configured as expanded storage"
                             if xstor_gib else " (no expanded storage)")
    )
    question = (
        f"A z/VM host has **{real_gib} GiB** of real memory and runs {env}. CP keeps "
        f"{tiers.CP_FIXED_MIB:.0f} MiB for itself plus a frame table of "
        f"{tiers.FRAME_ENTRY_BYTES} bytes per 4 KiB frame of central storage (the real "
        "memory that is not expanded storage); the rest is the DPA. Its guests, busy for "
        "a long time, report:\n\n"
        "| guest | defined (MiB) | instantiated (MiB) |\n|---|---:|---:|\n"
        f"{rows}\n\n"
        "Assume z/VM keeps as much of the instantiated memory resident in the DPA as fits. "
        "Compute (a) the DPA size in MiB and (b) the overcommit ratio ocr = Σ instantiated : "
        "Σ resident. Answer with two numbers, the DPA in whole MiB and then ocr to three "
        "decimals (2.125 or 2.125:1), each within 0.2 %: `[DPA, ocr]`."
    )
    central = split.central_mib
    lines = [
        f"Central storage is {real_gib} × 1024"
        + (f" − {xstor_gib:g} × 1024" if xstor_gib else "")
        + f" = {central:,.0f} MiB. It has {central:,.0f} × 256 = {central * 256:,.0f} frames of "
        f"4 KiB, so the frame table takes {central:,.0f} × {tiers.FRAME_ENTRY_BYTES} / 4096 = "
        f"{central * tiers.FRAME_ENTRY_BYTES / tiers.PAGE_BYTES:,.1f} MiB and CP keeps "
        f"{tiers.CP_FIXED_MIB:.0f} + that = {split.cp_mib:,.1f} MiB.",
        f"(a) DPA = {central:,.0f} − {split.cp_mib:,.1f} = **{dpa:,.1f} MiB** "
        f"(`overcommit.tiers.dpa_mib({real_gib}, {xstor_gib:g})`).",
        f"(b) Σ instantiated = {' + '.join(f'{i:,}' for i in instantiated)} = {total:,} MiB. ",
    ]
    if total > dpa:
        lines[-1] += (
            f"That is more than the DPA, so the DPA is full and Σ resident = {dpa:,.1f} MiB: "
            f"ocr = {total:,} / {dpa:,.1f} = **{ocr:.3f} : 1**."
        )
    else:
        lines[-1] += (
            "That fits in the DPA, so every instantiated page can stay resident: Σ resident = "
            "Σ instantiated and ocr = **1 : 1**, even though the guests are defined larger "
            "than the host."
        )
    lines.append(
        f"For contrast, the naive ratio Σ defined : real memory is {sum(defined):,} / "
        f"{split.real_mib:,.0f} = {naive:.2f} : 1; it counts memory no guest ever touched."
    )
    return Exercise(
        topic="tiers",
        seed=seed,
        question=question,
        answer=[round(dpa, 1), round(ocr, 4)],
        solution="\n\n".join(lines),
        rel_tolerance=0.002,
        units=("MiB", "ratio"),
        parameters={
            "real_gib": real_gib, "release": release, "xstor_gib": xstor_gib,
            "guests": [NAMES[n] for n in names], "defined_mib": defined,
            "instantiated_mib": instantiated,
        },
    )
