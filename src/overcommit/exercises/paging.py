"""Seeded exercise for the chapter "Paging devices".

A random paging subsystem (ECKD volumes with one I/O at a time, or EDEV-SCSI devices with
two or four) carries a random page read and page write rate. The student computes the
utilisation of one device and the mean response time of a paging I/O at the devices
(queue plus service, no storage-path delay): M/M/1 for ECKD, M/M/k with Erlang C for
EDEV-SCSI. The answer is ``[utilisation, response_ms]``, as
:func:`overcommit.paging.response_time` and :func:`overcommit.paging.device_response_time`
compute them.

A variant is worth asking (:func:`not_worth`) only if a device is between 10 % and 95 %
busy and its I/Os visibly queue.
"""

from __future__ import annotations

import math

from .. import paging
from ..seeding import rng
from . import Exercise, first_worth_asking


def _fmt(value: float, digits: int = 4) -> str:
    return f"{value:.{digits}g}"


def generate(seed: int) -> Exercise:
    """The paging exercise for ``seed`` (see the module docstring)."""
    return first_worth_asking(seed, _build, not_worth)


def not_worth(ex: Exercise) -> str | None:
    """Why this paging variant teaches nothing, or None: a device so idle that queueing
    does not show, or so busy that the answer hangs on the rounding of the rates."""
    rho, response_ms = ex.answer
    if not 0.1 <= rho <= 0.95:
        return f"device utilisation {rho:.2f} is outside 0.1-0.95"
    if response_ms <= ex.parameters["service_time_s"] * 1e3 * 1.02:
        return "no visible queueing"
    return None


def _build(seed: int, variant: int) -> Exercise:
    r = rng(variant)
    kind = str(r.choice(list(paging.KINDS)))
    if kind == "eckd":
        devices = int(r.integers(4, 31))
        servers = 1
    else:
        devices = int(r.integers(2, 17))
        servers = int(r.choice([2, 4]))
    pages_per_io = int(r.choice([1, 2, 4, 8]))
    config = paging.PagingConfig.from_data(kind, devices=devices, servers_per_device=servers,
                                           pages_per_io=pages_per_io)
    target = float(r.uniform(0.15, 0.9))
    traffic = target * config.device_capacity_mib_s
    read_share = float(r.uniform(0.5, 0.75))
    reads = max(1, round(traffic * read_share))
    writes = max(1, round(traffic - reads))

    state = paging.response_time(config, reads, writes)
    s = config.service_time_s
    lam = state.io_rate_per_device
    a = lam * s
    rho = state.device_utilisation
    response = paging.device_response_time(config, (reads + writes) * paging.PAGES_PER_MIB)

    device_word = "ECKD paging volumes" if kind == "eckd" else "EDEV-SCSI paging devices"
    concurrency = (
        "Each volume works on one I/O at a time (no PAV for paging in z/VM 6.3)."
        if kind == "eckd"
        else f"Each device works on up to {servers} I/Os at a time, from one shared queue."
    )
    question = (
        f"A z/VM host pages to **{devices} {device_word}**. {concurrency} z/VM spreads paging "
        f"evenly over the devices and moves **{pages_per_io} page{'s' if pages_per_io != 1 else ''} "
        f"of 4 KiB per I/O**. One paging I/O takes a fixed {config.io_overhead_s * 1e3:g} ms plus "
        f"{config.page_transfer_s * 1e6:g} µs per page moved (assumed timings, as in the chapter). "
        f"The host reads **{reads} MiB/s** from its paging devices and writes **{writes} MiB/s** "
        "to them. Assume Poisson arrivals and exponential service times.\n\n"
        "Compute (a) the utilisation ρ of one device (per server) and (b) the mean response "
        "time of a paging I/O at the devices in milliseconds (waiting plus service; ignore the "
        "channels). Answer with two numbers, ρ (a fraction, 0.25 for a quarter) and then the "
        "response time in ms, each to three significant figures (within 1 %): `[ρ, ms]`."
    )
    lines = [
        f"Service time: S = {config.io_overhead_s * 1e3:g} ms + {pages_per_io} × "
        f"{config.page_transfer_s * 1e3:g} ms = **{s * 1e3:.4g} ms**.",
        f"Paging I/Os per second and device: λ = 256 × ({reads} + {writes}) / ({pages_per_io} × "
        f"{devices}) = {_fmt(lam)} per second (256 pages of 4 KiB per MiB).",
        f"Offered load per device a = λ S = {_fmt(lam)} × {s:.6g} = {_fmt(a)}; with {servers} "
        f"server{'s' if servers != 1 else ''} per device, (a) **ρ = a / {servers} = {rho:.4f}**.",
    ]
    if kind == "eckd":
        lines.append(
            f"(b) One server: M/M/1, T = S / (1 − ρ) = {s * 1e3:.4g} / (1 − {rho:.4f}) = "
            f"**{response * 1e3:.4f} ms**."
        )
    else:
        c = paging.erlang_c(servers, a)
        wait = c * s / (servers - a)
        terms = " + ".join(f"{a ** j / math.factorial(j):.4g}" for j in range(servers))
        top = a ** servers / math.factorial(servers) * servers / (servers - a)
        lines.append(
            f"(b) {servers} servers: M/M/{servers}. Erlang C: the probability of having to wait is "
            f"C = [a^k/k! · k/(k − a)] / [Σ_(j<k) a^j/j! + a^k/k! · k/(k − a)] with k = {servers}: "
            f"the top is {top:.4g}, the sum is {terms}, so C = {c:.4f}. The mean wait is "
            f"C · S / (k − a) = {c:.4f} × {s * 1e3:.4g} / ({servers} − {_fmt(a)}) = {wait * 1e3:.4f} ms "
            f"and T = S + wait = **{response * 1e3:.4f} ms**."
        )
    lines.append(
        f"Check: `paging.response_time(PagingConfig.from_data({kind!r}, devices={devices}, "
        f"servers_per_device={servers}, pages_per_io={pages_per_io}), {reads}, {writes})` gives "
        f"device_utilisation {rho:.4f}; `paging.device_response_time(config, "
        f"{(reads + writes) * paging.PAGES_PER_MIB})` gives {response:.6g} s. "
        f"(The full `read_response_s`, {state.read_response_s * 1e3:.4f} ms, adds the small "
        "delay on the shared channels.)"
    )
    return Exercise(
        topic="paging",
        seed=seed,
        question=question,
        answer=[round(rho, 5), round(response * 1e3, 5)],
        solution="\n\n".join(lines),
        rel_tolerance=0.01,
        abs_tolerance=1e-4,
        units=("fraction", "ms"),
        parameters={
            "kind": kind, "devices": devices, "servers_per_device": servers,
            "pages_per_io": pages_per_io, "page_read_mib_s": reads, "page_write_mib_s": writes,
            "service_time_s": s,
        },
    )
