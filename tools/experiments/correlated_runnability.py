"""Experiment: a guest's virtual CPUs runnable *together*.

``overcommit.dispatch`` treats every virtual CPU as runnable independently of the others
(a Poisson binomial number R of runnable virtual CPUs), so the fluctuation idle it gives
is the least a host of independent virtual CPUs would show. The virtual CPUs of one guest
are not independent when its work ties them together: a parallel query's processes hand
rows to one another, one virtual NIC's queue feeds both CPUs of a network guest, and
when such a guest waits (for a page, for I/O, for its users) its CPUs wait together.
Positively correlated virtual CPUs spread R, and a wider R leaves more real CPUs idle
at the same mean demand: the paper's "0.5 CPUs or more idle" (claim ``cpu-idle``).

Model tried: each guest has a common on/off state, runnable with its probability q; each
of its virtual CPUs follows that common state with probability rho and is otherwise
runnable on its own with probability q. The mean stays q, two CPUs of one guest are
correlated by rho², and the generating function of R is, per guest with n virtual CPUs,

    q (1 − p₁ + p₁ z)ⁿ + (1 − q) (1 − p₀ + p₀ z)ⁿ,   p₁ = rho + (1 − rho) q,  p₀ = (1 − rho) q,

multiplied over the guests and inverted by one discrete Fourier transform, as
``dispatch.runnable_pmf`` does for independent CPUs (rho = 0 gives exactly that).

The mechanism is a switch of the model, ``overcommit.Mechanisms(correlated_runnability=c)``
with rho = c σ tied to each workload's coupling σ (``data/variant_drivers.csv``: 1 for the
database and the network guests, 0 otherwise); this script scans ``c`` and prints the
validation (nothing is refitted). The table below also had one rho for every guest, a
form the switch does not offer (it lost claims as the σ-tied form did).

Measured with β = 1, T = 113 s, the best settled pair of the coarse grid in
``data/calibration_scan.csv`` (the shipped fit refines it to T = 95.1 s and is not measured
here), on the 31 validation claims outside ``figures_validation.LATER_CLAIMS`` (22 pass
unpatched):

=====================  =========  ========  ===========  ==========  ==========
rho                    idle 64/20 cpu-idle  net-high 15  db 512/20   validation
=====================  =========  ========  ===========  ==========  ==========
0 (the model)          0.31       fails     0.497        0.63        22
σ × 0.5                0.35       fails     0.50         0.64        21
σ × 0.7                0.40       fails     0.50         0.65        21
σ × 1                  0.51       passes    0.51 fails   0.67        22
0.3 every guest        0.40       fails     0.50         0.65        21
0.6 every guest        0.66       passes    0.52 fails   0.69        22
=====================  =========  ========  ===========  ==========  ==========

Correlation buys ``cpu-idle`` and loses ``net-high-15`` (0.40 ± 0.10, at 0.497 a knife
edge), and moves the database at 512/20 further from the paper's < 0.60: the CPUs left
idle are moments in which not every real CPU is busy, so z/VM preempts less, the coupled
guests spin less (``dispatch.lock_spin``) and run faster. The same trade as spin-then-yield
(``docs/model-validation.md``). The calibration claim ``java-6420-medium`` falls to 0.49
(σ × 1) and 0.46 (0.6 every guest) and would need a refit, which cannot move
``net-high-15`` (512/15 does not page). Not kept: no rho gains a claim on balance.

Run: ``.venv/bin/python tools/experiments/correlated_runnability.py`` (about 30 s).
"""

from __future__ import annotations

from overcommit import Mechanisms, validation

SHOWN = ["cpu-idle", "net-high-15", "db-51220-low", "java-6420-medium"]


def main() -> None:
    for c in (0.0, 0.5, 0.7, 1.0):
        table = validation.evaluate(None if c == 0 else Mechanisms(correlated_runnability=c))
        counts = validation.summary(table)
        row = table.set_index("id").loc[SHOWN, ["model", "passed"]]
        label = "0 (the model)" if c == 0 else f"coupling x {c:g}"
        print(f"rho = {label}: validation {counts['validation_passed']} of {counts['validation']}, "
              f"calibration {counts['calibration_passed']} of {counts['calibration']}")
        for claim, (value, passed) in row.iterrows():
            print(f"    {claim:18s} {value!s:>8s}  {'passes' if passed else 'fails'}")


if __name__ == "__main__":
    main()
