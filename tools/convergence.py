"""Does the model find its fixed point everywhere? The requirement: every run in 4–512 GiB ×
1–40 CPUs × the three environments converges.

Runs the study's 17 guests and the three planning mixes (``planning.MIXES``) on 16 memory
sizes from 4 to 512 GiB (geometric) × every CPU count from 1 to 40 × the three environments
and prints the runs that did not converge, the passes they took on average and the time.
Exits 1 if any run did not converge.

Run: ``OPENBLAS_CORETYPE=Haswell .venv/bin/python tools/convergence.py`` (about a minute).
"""

from __future__ import annotations

import sys
import time

import numpy as np

import overcommit as oc
from overcommit import planning

MEMORY_GIB = np.unique(np.round(np.geomspace(4, 512, 16))).astype(int)
CPUS = np.arange(1, 41)


def main() -> int:
    mixes = [("study", None, None)] + [(name, *planning.build_mix(mix)) for name, mix in planning.MIXES.items()]
    start, passes, stuck = time.perf_counter(), [], []
    for name, guests, variants in mixes:
        for env in oc.ENVIRONMENTS:
            for memory in MEMORY_GIB:
                for cpus in CPUS:
                    run = oc.simulate((int(memory), int(cpus)), env=env, guests=guests, variants=variants,
                                      strict=False)
                    passes.append(run.iterations)
                    if not run.converged:
                        stuck.append(f"{name} {env} {memory}/{cpus}")
    print(f"{len(passes)} runs ({len(mixes)} mixes x {len(oc.ENVIRONMENTS)} environments x "
          f"{len(MEMORY_GIB)} sizes {MEMORY_GIB.min()}-{MEMORY_GIB.max()} GiB x CPUs {CPUS.min()}-{CPUS.max()}) "
          f"in {time.perf_counter() - start:.0f} s, {np.mean(passes):.1f} passes on average")
    print("not converged: " + (", ".join(stuck) if stuck else "none"))
    return 1 if stuck else 0


if __name__ == "__main__":
    sys.exit(main())
