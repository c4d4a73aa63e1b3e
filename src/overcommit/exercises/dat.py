"""Seeded exercise for the chapter "Dynamic address translation".

A seed builds a two-tier set-up with :func:`overcommit.dat.generate` (its page size also
drawn from the seed: 256, 1024 or 4096 bytes) and four process virtual addresses. For each
address the student gives the host real address it ends at, or the tier that faults:
``"Linux"`` or ``"z/VM"``. The answer is that list (:attr:`overcommit.dat.Translation.answer`).

A variant is worth asking (:func:`not_worth`) only if at least one address faults, at least
one translates, and the four addresses lie on four different process pages.
"""

from __future__ import annotations

from .. import dat
from ..seeding import rng
from . import Exercise, first_worth_asking

PAGE_SIZES = (256, 1024, 4096)


def generate(seed: int) -> Exercise:
    """The DAT exercise for ``seed`` (see the module docstring)."""
    return first_worth_asking(seed, _build, not_worth)


def not_worth(ex: Exercise) -> str | None:
    """Why this DAT variant teaches nothing, or None."""
    answers = ex.answer
    if not any(isinstance(a, str) for a in answers):
        return "no address faults"
    if all(isinstance(a, str) for a in answers):
        return "every address faults"
    pages = [a // ex.parameters["page_size"] for a in ex.parameters["addresses"]]
    if len(set(pages)) < len(pages):
        return "two addresses share a process page"
    return None


def _build(seed: int, variant: int) -> Exercise:
    r = rng(variant)
    page_size = int(r.choice(PAGE_SIZES))
    setup = dat.generate(
        variant, page_size=page_size, process_bytes=16 * page_size, guest_bytes=32 * page_size,
        host_bytes=16 * page_size, addresses=4,
    )
    translations = [dat.translate(setup, a) for a in setup.addresses]
    question = (
        f"{dat.tables_markdown(setup)}\n\n"
        "Translate these process virtual addresses. For each one give the **host real "
        "address** it reaches (a byte address, in decimal or hex, exact), or, if a page fault stops it, the tier whose entry "
        "is invalid: `\"Linux\"` (tier 2, the process page table) or `\"z/VM\"` (tier 1, "
        "z/VM's table for the guest).\n\n"
        f"{dat.addresses_markdown(setup)}\n\n"
        "Answer with a list in this order, for example `[0x31f4, \"Linux\", \"z/VM\", 12788]`."
    )
    parts = []
    for i, t in enumerate(translations):
        steps = "\n".join(f"   {k}. {s}" for k, s in enumerate(t.steps, start=1))
        answer = setup.hex(t.host_address, "host") if t.fault is None else f'"{t.fault}"'
        parts.append(f"{i}. `{setup.hex(t.address)}` → **{answer}**\n\n{steps}")
    solution = "\n\n".join(parts)
    return Exercise(
        topic="dat",
        seed=seed,
        question=question,
        answer=[t.answer for t in translations],
        solution=solution,
        rel_tolerance=0.0,
        abs_tolerance=0.0,
        units=(None,) * len(translations),  # a host real address (a bare number) or a tier's name
        parameters={"page_size": page_size, "addresses": list(setup.addresses),
                    "setup": setup.parameters},
    )
