"""Experiment: where the memory-bound breaches' gains come from.

``overcommit.sanity``'s memory-bound rule says a memory holder (the database, both
WebSphere triplets, both page-cached fio levels, both Java levels) does not get faster by
more than 0.02 per 8 GiB less memory below 64 GiB. The kept model breaks it at the hosts
listed in ``tests/sanity_known_breaches.csv``. For each breach the script compares the
variant's time per unit of work (:attr:`overcommit.model.Result.breakdown`, as shares of
the reference cycle) at the breach's memory and 8 GiB above, part by part, and prints:

- every breach with the change of each part (negative: the unit of work got shorter);
- how many breaches the variant's own paging time *fell* in (less memory helping the
  guest's own memory);
- per workload, the largest gain and which parts carried the total change.

Measured on the kept model (β = 1, T = 103.7 s, hot set 16 GiB): in none of the 97
breaches does the guest's own paging time fall; it rises in every one. The gains are
the CPU wait and the lock spin that the collapsing Java and fio guests leave:

============  ===  ============  ========  ====  ======  ====
workload      n    largest gain  cpu_wait  spin  paging  io
============  ===  ============  ========  ====  ======  ====
db-bi         27   0.69          0.80      0.36  −0.10   −0.06
fs-pagecache  2    0.04          4.27      0.00  −1.79   −1.48
java          5    0.22          2.25      0.00  −1.25   0.00
was           63   0.37          1.11      0.00  −0.11   0.00
============  ===  ============  ========  ====  ======  ====

(largest gain: the reference cycle's share saved by one 8 GiB step; the part columns: each
part's share of the total change, summed over the workload's breaches, so a negative share
is a part that grew.) 78 of the 97 are on ECKD, 15 on 6.3 EDEV, 4 on 6.2.

Run: ``python tools/experiments/memory_bound_parts.py``.
"""
from pathlib import Path

import pandas as pd

from overcommit.model import BREAKDOWN_PARTS, simulate

ROOT = Path(__file__).resolve().parents[2]


def parts() -> pd.DataFrame:
    breaches = pd.read_csv(ROOT / "tests" / "sanity_known_breaches.csv")
    rows = []
    for r in breaches[breaches.rule == "memory-bound"].itertuples():
        low = simulate(f"{r.memory_gib}/{r.cpus}", r.env).breakdown.loc[r.variant]
        high = simulate(f"{r.memory_gib + 8}/{r.cpus}", r.env).breakdown.loc[r.variant]
        change = (low[list(BREAKDOWN_PARTS)].astype(float) - high[list(BREAKDOWN_PARTS)].astype(float)) / low["reference"]
        rows.append(dict(env=r.env, cpus=r.cpus, memory_gib=r.memory_gib, variant=r.variant,
                         **change.to_dict(), total=change.sum()))
    return pd.DataFrame(rows)


def main() -> None:
    frame = parts()
    pd.set_option("display.width", 200)
    print(frame.round(4).to_string())
    print(f"own paging fell in {(frame.paging < -1e-9).sum()} of {len(frame)} breaches")
    frame["workload"] = frame.variant.str.replace("-medium", "").str.replace("-high", "")
    table = frame.groupby("workload").agg(n=("total", "size"), largest_gain=("total", lambda s: -s.min()),
                                          **{p: (p, "sum") for p in ("cpu_wait", "spin", "paging", "io")},
                                          total=("total", "sum"))
    for p in ("cpu_wait", "spin", "paging", "io"):
        table[p] = table[p] / table.total
    print(table.drop(columns="total").round(2).to_string())
    print(frame.groupby("env").size().to_string())


if __name__ == "__main__":
    main()
