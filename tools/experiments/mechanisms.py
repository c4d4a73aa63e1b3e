"""Measure the model's alternative mechanisms (overcommit.Mechanisms): for each setting,
the breaches of the sanity rules on the any-host grid (overcommit.sanity) and the claims
that pass (overcommit.validation), and which claims change against the kept setting.

    python tools/experiments/mechanisms.py                     # each switch flipped alone
    python tools/experiments/mechanisms.py fault_holder=True neighbour_relief=True
    python tools/experiments/mechanisms.py dispatch_wait_s=0.005
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace

import pandas as pd

from overcommit import MECHANISMS, Mechanisms, sanity, validation


def _part(args):
    env, cpus, mechanisms = args
    memories = list(sanity.GRID_MEMORY_GIB)
    return sanity.grid(memories, [cpus], [env], mechanisms=mechanisms)


def measure(mechanisms: Mechanisms, workers: int = 4):
    with ProcessPoolExecutor(workers) as pool:
        frame = pd.concat(pool.map(_part, [(e, c, mechanisms) for e in sanity.ENVIRONMENTS for c in sanity.GRID_CPUS]),
                          ignore_index=True)
    return sanity.violations(frame), validation.evaluate(mechanisms)


def settings(argv: list[str]) -> list[Mechanisms]:
    """The settings named on the command line (``name=True``, ``name=0.005``), or each
    on/off switch of the model flipped alone (the numeric ones, a time slice or a
    correlation, have their own scripts: dispatch_wait.py, correlated_runnability.py)."""
    if argv:
        values = {}
        for a in argv:
            name, _, value = a.partition("=")
            values[name] = value == "True" if value in ("True", "False") else float(value)
        return [replace(MECHANISMS, **values)]
    return [replace(MECHANISMS, **{f.name: not getattr(MECHANISMS, f.name)}) for f in fields(Mechanisms)
            if isinstance(getattr(MECHANISMS, f.name), bool) and f.name != "batched_wakeups"]


def main(argv: list[str]) -> None:
    kept_v, kept_t = measure(MECHANISMS)

    def show(name, v, t):
        s = validation.summary(t)
        counts = v["rule"].value_counts().reindex(list(sanity.RULES), fill_value=0)
        print(f"{name}: validation {s['validation_passed']}/{s['validation']}, calibration "
              f"{s['calibration_passed']}/{s['calibration']}; sanity breaches {len(v)} "
              + ", ".join(f"{k} {n}" for k, n in counts.items()))

    show(f"kept {MECHANISMS}", kept_v, kept_t)
    for m in settings(argv):
        v, t = measure(m)
        show(f"{m}", v, t)
        changed = t.loc[t["passed"] != kept_t["passed"], ["id", "passed"]]
        for _, row in changed.iterrows():
            print(f"    {row['id']}: {'passes' if row['passed'] else 'fails'} (kept: {'fails' if row['passed'] else 'passes'})")


if __name__ == "__main__":
    main(sys.argv[1:])
