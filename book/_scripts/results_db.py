# ---
# jupyter:
#   jupytext:
#     formats: ipynb,_scripts//py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The database BI workload
#
# The largest guest of the study runs an Oracle database under a business-intelligence load,
# SwingBench's SalesHistory benchmark, driven by a group of users from an x86 client against a
# large database on SCSI disks {cite:p}`johanssen2014overcommit`. Oracle's shared pool and
# per-process memory are configured large, and in the unconstrained reference run the guest
# touched about {glue:text}`db-p-ratio-next` times as much memory as the next largest guest.
#
# This chapter redraws the paper's Figures 9 to 11 from the model: the database's throughput
# and CPU load over the whole grid of configurations, and where its pages are for any
# configuration you pick. The paper's figures are lost from our copy; its text survives, and
# wherever it gives a number the number is drawn beside the model's.
#
# ## What the paper found
#
# All on z/VM 6.3 with EDEV-SCSI paging ({cite:t}`johanssen2014overcommit`, section "Database
# BI workload"):
#
# - **CPUs dominate.** The database's throughput followed the number of real CPUs much more
#   than the memory; with 10 CPUs it ran at {glue:text}`db-p-tput-10` of its reference,
#   whatever the memory (workload analysis).
# - **The database gained while memory shrank.** With 20 CPUs its throughput was comparatively
#   low at 512 GiB (below {glue:text}`db-p-tput-51220`), rose as memory was taken away, peaked at
#   {glue:text}`db-p-tput-9620` at 96/20 and fell again below some memory size; at 512/15 it ran at {glue:text}`db-p-tput-51215`. The
#   paper's explanation: the other workloads suffered more, and the database claimed the CPU
#   they left. With 5 CPUs it rose in the same way; with 15 CPUs it fell slowly as memory
#   shrank (workload analysis).
# - **More CPU for less work.** With 20 CPUs it used more than its reference
#   {glue:text}`db-p-cpu-20` processors in every run below 512 GiB; halving the CPUs from 20 to
#   10 about halved its CPU load. With 15 CPUs its CPU load fell as memory shrank, a little at
#   112 GiB and more below; with 5 CPUs it hardly changed (CPU usage analysis).
# - **Half of its memory out, at little cost.** At 64/20 about half of what it touched was
#   resident, {glue:text}`db-p-dpa-share` of the {term}`DPA`, and it read back
#   {glue:text}`db-p-pr` MiB/s, {glue:text}`db-p-pin-frac` of its resident memory per second:
#   moderate for a guest of its size (memory usage at CID 64/20).
#
# ## What the model says, and why
#
# - **CPUs dominate** in the model too: real CPUs are handed out by share-based water-filling
#   ({doc}`shares`), and with 10 CPUs the model's database runs at
#   {glue:text}`db-x10-range` of its reference, inside the paper's band.
# - **More CPU for less work** comes from lock-holder preemption ({doc}`shares`). The
#   database's {glue:text}`db-vcpus` virtual CPUs work on the same queries, handing rows to
#   one another, so when z/VM preempts one of them at the end of a time slice the others soon
#   spin, waiting for it. z/VM preempts only when another virtual CPU is waiting, that is when
#   every real CPU is busy: at 512/20 the model's host is full {glue:text}`db-busy-512-20` of
#   the time, against {glue:text}`db-busy-512-25` in the reference run. The database then
#   burns {glue:text}`db-spin-512-20` times its reference CPU per unit of work: it uses
#   {glue:text}`db-cpu-512-20` processors, more than its reference {glue:text}`db-cpu-ref`,
#   and runs at {glue:text}`db-x-512-20` of its reference throughput.
# - **The gain while memory shrinks** follows with 20 CPUs: below 96 GiB the page-cached
#   file-system and Java guests stall on page faults ({doc}`paging`), a virtual CPU that waits
#   for a page is not runnable, and the host is full less often ({glue:text}`db-busy-64-20` of
#   the time at 64/20, {glue:text}`db-busy-48-20` at 48/20). The database spins less and takes
#   the CPU the others leave: {glue:text}`db-x-64-20` at 64/20 and {glue:text}`db-x-48-20` at
#   48/20. With 15 CPUs the host is always full and the spinning cannot fall; there the
#   database loses a little down to 64 GiB, in the paper's direction ({glue:text}`db-x3-512-15`
#   at 512/15, {glue:text}`db-x3-64-15` at 64/15), and gains a little of it back at 48/15
#   ({glue:text}`db-x3-48-15`), when the stalled guests no longer use their share of the
#   processors and water-filling hands it to the guests that still have work.
# - **Half of its memory out** follows from global page replacement ({doc}`replacement`): its
#   buffer cache holds much more than the users read in a minute, so the cold half is evicted
#   at little cost. Its resident memory at 64/20 was a calibration target, so agreement there
#   shows only that the fit worked; its page reads were a target too, and the model meets both
#   only because it treats the buffer cache as swept by the queries' scans (last section).
# - **A page fault holds up the whole query.** The paper's {glue:text}`db-users` SwingBench
#   users each run a parallel query, which the model takes as {glue:text}`db-streams` streams
#   that hand rows to one another. When one stream waits for a page, the others soon wait
#   for its rows, so one fault holds up {glue:text}`db-fault-group` streams, and the other
#   {glue:text}`db-group-others` cannot hide it by working on: the database's page
#   stalls are spread over {glue:text}`db-users` independent users, not over all
#   {glue:text}`db-all-streams` streams. With 25 CPUs, where the host is full no more often than
#   in the reference run, that costs already at 64 GiB: the database runs at {glue:text}`db-qc-x-64-25`
#   at 64/25, against {glue:text}`db-qu-x-64-25` if a fault held up only its own stream.
#   With 20 CPUs two effects offset each other down to
#   about 32 GiB: the stalled streams also leave real CPUs idle, the host is full less often
#   ({glue:text}`db-qc-busy-64-20` of the time at 64/20 against
#   {glue:text}`db-qu-busy-64-20`) and the database spins less, so at 64/20 it even runs a
#   little faster with the coupling ({glue:text}`db-qc-x-64-20` against
#   {glue:text}`db-qu-x-64-20`). Below 32 GiB, where it reads back more, the waits win:
#   {glue:text}`db-qc-x-16-20` at 16/20 against {glue:text}`db-qu-x-16-20`, and
#   {glue:text}`db-qc-x-8-20` at 8/20 against {glue:text}`db-qu-x-8-20`. How many streams one
#   fault holds up is an assumption of the model, not a number the paper gives.
# - **Where it misses.** The paper's database stayed below {glue:text}`db-p-tput-51220` at
#   512/20; the model's {glue:text}`db-x-512-20` is just above. Its gain is small and comes
#   late: {glue:text}`db-gain-64-20` at 64 GiB and {glue:text}`db-gain-48-20` at 48 GiB, where
#   the paper's rose to {glue:text}`db-p-tput-9620` at 96/20, because the model's other guests
#   start to stall on pages only below 96 GiB; that is too little for the claim that it rose,
#   which asks for 3 points by 64 GiB. Its fall with 15 CPUs, {glue:text}`db-fall-15` down to
#   64 GiB, is too little for the claim that it fell: it loses only what CP's paging takes from
#   the processors it is held to (section "CPU load (Figure 10)"). And the paper's database did
#   better with 15 CPUs than with 20 ({glue:text}`db-p-tput-51215` at 512/15); the model's does
#   worse ({glue:text}`db-x-512-15`): water-filling holds it to fewer processors with 15 CPUs,
#   and the spinning that falls with them does not make up for that. With 5 CPUs the paper's
#   database gained as memory shrank, as with 20; the model's loses a little
#   ({glue:text}`db-x3-512-5` at 512/5, {glue:text}`db-x3-64-5` at 64/5): the host is always
#   full, and a memory cut frees almost no CPU for it (section "How these numbers are made"). How
#   tightly the database's virtual CPUs are coupled is an assumption of the model, not a
#   number the paper gives ({doc}`results_model`).
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# How many streams one fault holds up is `overcommit.workloads.study_variants()["db-bi"].fault_group`;
# `oc.simulate("16/20", mechanisms=oc.Mechanisms(query_coupling=False))` runs the model with
# each fault holding up only its own stream.
# ````

# %% tags=["remove-cell"]
import pandas as pd
from IPython.display import Markdown
from overcommit.book import glue, model_texts

import overcommit as oc
from overcommit import claims as claims_module
from overcommit import data, planning, validation
from overcommit import exercises
from overcommit.exercises import checks
from overcommit.book import figures_results
from overcommit.book import figures_was
from overcommit.book import figures_workload
from overcommit.book.explore import explorer, host_controls

pd.set_option("display.max_colwidth", 120)
KEY = "db"
results = oc.sweep()
vframe = figures_workload.variant_frame(KEY, results)
gframe = figures_workload.guest_frame(KEY)
edev = vframe[vframe["env"] == "zvm63-edev"].set_index(["cid"])


for cid in ("512/20", "96/20", "64/20", "48/20", "512/15", "64/15", "48/15"):
    glue(f"db-x-{figures_workload.cid_tag(cid)}", f"{figures_workload.value(vframe, cid, 'db-bi'):.2f}", display=False)
# lock-holder preemption: how often the host is full, and the database's spinning
spin_runs = {cid: oc.simulate(cid) for cid in ("512/25", "512/20", "64/20", "48/20")}
for cid, r in spin_runs.items():
    tag = figures_workload.cid_tag(cid)
    glue(f"db-busy-{tag}", f"{r.system['all_cpus_busy']:.2f}", display=False)
    glue(f"db-spin-{tag}", f"{r.guests.loc['db-bi', 'spin_factor']:.2f}", display=False)
glue("db-cpu-512-20", f"{spin_runs['512/20'].guests.loc['db-bi', 'cpu_load']:.2f}", display=False)
# coupled query streams: one fault holds up its user's whole parallel query
db_driver = oc.workloads.study_variants()["db-bi"]
group = db_driver.fault_group
assert group == db_driver.streams_per_user and group > 1, group  # coupling 1: the whole query waits
glue("db-fault-group", f"{group:.0f}", display=False)
glue("db-group-others", f"{group - 1:.0f}", display=False)
glue("db-streams", f"{db_driver.streams_per_user}", display=False)
glue("db-users", f"{db_driver.users / group:.0f}", display=False)
glue("db-all-streams", f"{db_driver.users:.0f}", display=False)
uncoupled = oc.Mechanisms(query_coupling=False)
q_runs = {cid: (oc.simulate(cid), oc.simulate(cid, mechanisms=uncoupled))
          for cid in ("64/25", "64/20", "48/20", "32/20", "24/20", "16/20", "8/20")}
q_x = {cid: tuple(float(r.workloads.loc["db-bi", "relative_throughput"]) for r in pair) for cid, pair in q_runs.items()}
for cid in ("64/25", "64/20", "16/20", "8/20"):
    tag = figures_workload.cid_tag(cid)
    glue(f"db-qc-x-{tag}", f"{q_x[cid][0]:.3f}", display=False)
    glue(f"db-qu-x-{tag}", f"{q_x[cid][1]:.3f}", display=False)
q_busy = tuple(float(r.system["all_cpus_busy"]) for r in q_runs["64/20"])
glue("db-qc-busy-64-20", f"{q_busy[0]:.2f}", display=False)
glue("db-qu-busy-64-20", f"{q_busy[1]:.2f}", display=False)
# the prose: it costs at 64/25; with 20 CPUs it helps a little down to 48 GiB (the host is full
# less often and the database spins less), about even at 32 GiB, and costs below
assert q_x["64/25"][0] < q_x["64/25"][1] - 0.03, q_x
assert all(q_x[c][0] > q_x[c][1] for c in ("64/20", "48/20")), q_x
assert abs(q_x["32/20"][0] - q_x["32/20"][1]) < 0.005, q_x
assert all(q_x[c][0] < q_x[c][1] for c in ("24/20", "16/20", "8/20")), q_x
assert q_busy[0] < q_busy[1]
# "with 25 CPUs, where the host is full no more often than in the reference run"
assert q_runs["64/25"][0].system["all_cpus_busy"] <= spin_runs["512/25"].system["all_cpus_busy"]
assert q_runs["64/20"][0].guests.loc["db-bi", "spin_factor"] < q_runs["64/20"][1].guests.loc["db-bi", "spin_factor"]
# the small gains with 20 CPUs and the small moves with 15 need more than two digits
# the database's throughput as the model gives it: the frame's is rounded to four digits, and
# rounding twice can differ from the seeded answer's one rounding
grid = validation.Grid(results)
x_db = {cid: grid.x("db-bi", cid) for cid in ("512/20", "64/20", "48/20", "512/15", "64/15", "48/15")}
for cid in ("64/20", "48/20"):
    points = round(100 * (x_db[cid] - x_db["512/20"]))
    assert points > 0
    glue(f"db-gain-{figures_workload.cid_tag(cid)}", f"{points} point" + ("s" if points != 1 else ""), display=False)
for cid in ("512/15", "64/15", "48/15"):
    glue(f"db-x3-{figures_workload.cid_tag(cid)}", f"{x_db[cid]:.3f}", display=False)
fall15 = round(100 * (x_db["512/15"] - x_db["64/15"]))
glue("db-fall-15", f"{fall15} point" + ("s" if fall15 != 1 else ""), display=False)
# the prose: the gain with 20 CPUs and the fall with 15 are in the paper's direction, but less
# than the 3 points the claims ask for (the gain reaches that only at 48 GiB)
assert 0 < x_db["64/20"] - x_db["512/20"] < 0.03 < x_db["48/20"] - x_db["512/20"], x_db
assert 0 < x_db["512/15"] - x_db["64/15"] < 0.03, x_db
assert x_db["512/15"] > x_db["64/15"] < x_db["48/15"]
# the prose: at 48/15 it gains back "a little" of what it lost down to 64/15, not all of it
assert x_db["48/15"] - x_db["64/15"] < x_db["512/15"] - x_db["64/15"], x_db
glue("db-x10-range", f"{100 * edev[edev.cpus == 10]['throughput'].min():.0f} % to "
     f"{100 * edev[edev.cpus == 10]['throughput'].max():.0f} %",
     display=False)
obs = data.observations().set_index("id")
for oid in ("o000-db-tput-9620", "o000-db-tput-51215", "o000-db-tput-51220", "o000-db-dpa-share", "o000-db-pin-frac",
            "o000-db-inst-below"):
    glue(f"db-p-{oid.removeprefix('o000-db-')}", f"{obs.loc[oid, 'value']:g} %", display=False)
for oid in ("o000-db-resident", "o000-db-inst", "o000-db-inst-ref", "o000-db-pr", "o000-db-cpu-20", "o000-db-ratio-next"):
    glue(f"db-p-{oid.removeprefix('o000-db-')}", f"{obs.loc[oid, 'value']:,g}", display=False)
glue("db-p-sys-pr", f"{obs.loc['o000-sys-pr', 'value']:g}", display=False)
glue("db-p-pr-share", f"{obs.loc['o000-db-pr-share', 'value']:g} %", display=False)
# the model's own numbers for the page chart and the paper-vs-model table, computed as the
# table computes them
db_guest = data.virtual_systems_frame().loc["db-bi"]
glue("db-vcpus", f"{int(db_guest['vcpus'])}", display=False)
glue("db-share", f"{int(db_guest['share'])}", display=False)


def db_value(quantity, cid="64/20"):
    return figures_workload.guest_value(quantity, ["db-bi"], cid)


glue("db-x-resident", f"{db_value('resident_mib'):,.0f}", display=False)
glue("db-x-res-48-20", f"{db_value('resident_mib', '48/20'):,.0f}", display=False)
glue("db-x-pr-64-20", f"{db_value('page_read_mib_s'):.1f}", display=False)
glue("db-x-pr-48-20", f"{db_value('page_read_mib_s', '48/20'):.1f}", display=False)
glue("db-x-pr-frac", f"{100 * db_value('page_read_mib_s') / obs.loc['o000-db-pr', 'value']:.0f} %", display=False)
glue("db-x-pr-share", f"{db_value('page_read_share_pct'):.0f} %", display=False)
glue("db-x-res-frac-64-20", f"{db_value('resident_fraction_pct'):.0f} %", display=False)
glue("db-x-stored-frac", f"{db_value('stored_fraction_pct'):.0f} %", display=False)
glue("db-x-dpa-share-64-20", f"{db_value('dpa_share_pct'):.0f} %", display=False)
model_texts.glue_swept_database()
band = obs.loc["o000-db-tput-10"]
glue("db-p-tput-10", f"{float(band['lower']):g} % to {float(band['upper']):g} %", display=False)

# %% [markdown]
# ## Throughput over memory and CPUs (Figure 9)
#
# The paper shows each workload's relative throughput twice: over real memory, one line per
# number of real CPUs, and over real CPUs, grouped by memory. The chart does both for the
# model. Pick an environment; hover over a point for its numbers. Diamonds outlined in black
# are values the paper states for z/VM 6.3 with EDEV-SCSI paging at one configuration;
# dashed lines are values it states for every memory size at one CPU count, both in the
# colour of their CPU count.

# %% tags=["remove-input"]
figures_workload.throughput_chart(vframe, KEY, "throughput")

# %% [markdown]
# ```{container} oc-caption
# **Figure: relative throughput of the database BI workload (the paper's Figure 9).** The
# model's values for every configuration of the study: 1.0 is the database's throughput in
# the reference run 512/25. Diamonds: the paper's {glue:text}`db-p-tput-9620` at 96/20 and
# {glue:text}`db-p-tput-51215` at 512/15; the open triangle pointing down: its "below
# {glue:text}`db-p-tput-51220`" at 512/20, drawn at that bound; dashed orange lines: the paper's band of {glue:text}`db-p-tput-10`
# for every 10-CPU run ({cite:t}`johanssen2014overcommit`, section "Database BI workload",
# observations).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The chart's numbers are `figures_workload.variant_frame("db", oc.sweep())`;
# `figures_workload.value(frame, "96/20", "db-bi")` reads one of them.
# ````
#
# At 20 CPUs the model's database runs at {glue:text}`db-x-512-20` at 512/20,
# {glue:text}`db-x-96-20` at 96/20 and {glue:text}`db-x-64-20` at 64/20: it is held down at
# 512 GiB not by its share, which entitles its {glue:text}`db-vcpus` virtual CPUs to more
# than it uses, but by the CPU it burns spinning on preempted siblings, and it gains a little
# when page waits, the other guests' and its own, leave real CPUs free more often. Other candidates for what held the
# real database down, which the paper hints at, are the I/O bandwidth of the shared storage
# server and the database's own scheduling.
#
# ## CPU load (Figure 10)

# %% tags=["remove-input"]
figures_workload.throughput_chart(vframe, KEY, "cpu_load")

# %% tags=["remove-cell"]
cpu = edev[edev["variant"] == "db-bi"]
glue("db-cpu-ref", f"{float(cpu.loc['512/25', 'cpu_load']):.2f}", display=False)
glue("db-cpu-64-20", f"{float(cpu.loc['64/20', 'cpu_load']):.2f}", display=False)
cpu20 = cpu[(cpu.cpus == 20) & (cpu.memory_gib < 512)]["cpu_load"]
glue("db-cpu-20-range", f"{cpu20.min():.2f} to {cpu20.max():.2f}", display=False)
ratio = (cpu[cpu.cpus == 10].set_index("memory_gib")["cpu_load"] / cpu[cpu.cpus == 20].set_index("memory_gib")["cpu_load"])
# over the memory sizes the claim compares (the paper's, but 64 GiB), so that the prose and
# the claims table below quote the same ratios
ratio = ratio.loc[list(claims_module.MEMORY_GIB[:-1])]
glue("db-cpu-halving", f"{ratio.min():.3f}–{ratio.max():.3f}", display=False)
halving_low = 0.5 * (1 - claims_module.ABOUT)
glue("db-halving-low", f"{halving_low:.3f}", display=False)
# the prose: just below the claim's band around one half (a few hundredths), because the
# throughput keeps about half and the database spins less with 10 CPUs
assert halving_low - 0.05 < ratio.min() and ratio.max() < halving_low, (ratio, halving_low)
spin10 = {m: oc.simulate(f"{m}/10").guests.loc["db-bi", "spin_factor"] for m in (512, 64)}
assert all(spin10[m] < oc.simulate(f"{m}/20").guests.loc["db-bi", "spin_factor"] for m in spin10), spin10
x_ratio = float(cpu.loc["512/10", "throughput"] / cpu.loc["512/20", "throughput"])
glue("db-x-ratio-10-20", f"{x_ratio:.2f}", display=False)
glue("db-spin-512-10", f"{spin10[512]:.2f}", display=False)
assert 0.5 <= x_ratio < 0.6, x_ratio
# with 15 and 5 CPUs: the database is held to the water level times its share, and its CPU
# load falls with the water level, a little at 112 GiB and more below
cpu_by = {c: {m: float(cpu.loc[f"{m}/{c}", "cpu_load"]) for m in (512, 256, 128, 112, 96, 64)} for c in (15, 5)}
for m in (512, 112, 64):
    glue(f"db-cpu15-{m}", f"{cpu_by[15][m]:.2f}", display=False)
assert cpu_by[15][512] > cpu_by[15][112] > cpu_by[15][64]
assert cpu_by[15][512] - cpu_by[15][112] < (cpu_by[15][112] - cpu_by[15][64]) / 3
worst5 = max(abs(v / cpu_by[5][512] - 1) for v in cpu_by[5].values())
glue("db-cpu5-worst", f"{100 * worst5:.1f} %", display=False)
assert worst5 < 0.05
drops = {c: 1 - cpu_by[c][64] / cpu_by[c][512] for c in (15, 5)}
glue("db-cpu15-drop", f"{100 * drops[15]:.1f} %", display=False)
# the prose: the 15-CPU fall is less than the 3 % the claim asks for
assert 0 < drops[15] < claims_module.DIRECTION_MIN, drops
# "in proportion that is about as much as with 15 CPUs"
assert 0.5 < drops[5] / drops[15] < 1.5, drops


def _below_level(r):
    """The guests a run's water level does not reach (they use less than the level times their share)."""
    return 100 * r.guests["cpu_allocated"] / r.guests["share"] < figures_was.water_level(r) * (1 - 1e-6)


for c in (15, 5):
    hi, lo = oc.simulate(f"512/{c}"), oc.simulate(f"64/{c}")
    for r in (hi, lo):
        level = figures_was.water_level(r)
        assert abs(r.guests.loc["db-bi", "cpu_allocated"] - level / 100 * r.guests.loc["db-bi", "share"]) < 1e-6
    assert figures_was.water_level(lo) < figures_was.water_level(hi)
    # "because CP's paging takes processors first": CP takes more than the guests below the level give up
    given_up = hi.guests["cpu_load"][_below_level(hi)].sum() - lo.guests["cpu_load"][_below_level(lo)].sum()
    assert lo.system["cp_system_cpu"] - hi.system["cp_system_cpu"] > max(given_up, 0)

# %% [markdown]
# ```{container} oc-caption
# **Figure: CPU load of the database guest (the paper's Figure 10).** Processors used by the
# database guest in the model (its own work plus the CP time charged to it), same views and
# controls as above. Dashed blue line: the paper reports a load above the reference's
# {glue:text}`db-p-cpu-20` processors in every 20-CPU run but the 512 GiB one
# ({cite:t}`johanssen2014overcommit`, section "Database BI workload", CPU usage analysis).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The column `cpu_load` of `figures_workload.variant_frame("db", oc.sweep())`.
# ````
#
# In the model the database uses {glue:text}`db-cpu-ref` processors in the reference run and
# {glue:text}`db-cpu-20-range` in the 20-CPU runs below 512 GiB: a guest's CPU load is its
# throughput times its CPU per unit of work, plus the CP time charged for its page faults,
# and the database's CPU per unit of work grows with the spinning described above. So, as in
# the paper, it uses more processors than in the reference at a lower throughput; the model
# puts that at 512/20 too ({glue:text}`db-cpu-512-20`), where the paper's load was not above
# the reference. At 64/20 it uses {glue:text}`db-cpu-64-20`. The other finding, that halving
# the CPUs from 20 to 10 about halves the database's CPU load, the model overdoes: the ratio
# is {glue:text}`db-cpu-halving` over the memory sizes but 64 GiB, just below the claim's band, which
# starts at {glue:text}`db-halving-low`. Its throughput keeps about half
# ({glue:text}`db-x-ratio-10-20` of the 20-CPU value at 512 GiB), but with 10 CPUs the database
# also spins less ({glue:text}`db-spin-512-10` times its reference CPU per unit of work against
# {glue:text}`db-spin-512-20`), and the two together take its load below one half.
#
# With 15 CPUs or fewer the database gets exactly the {term}`water level <water-filling>`
# times its share of {glue:text}`db-share` ({doc}`shares`), and the water level falls a little as
# memory shrinks, because CP's paging takes processors first. So the database's CPU load falls
# with it: with 15 CPUs from {glue:text}`db-cpu15-512` processors at 512 GiB to
# {glue:text}`db-cpu15-112` at 112 GiB and {glue:text}`db-cpu15-64` at 64 GiB, a little at
# 112 GiB and more below, as in the paper; with 5 CPUs by at most {glue:text}`db-cpu5-worst`.
# In proportion that is about as much as with 15 CPUs ({glue:text}`db-cpu15-drop` at 64 GiB),
# where the paper saw a clear fall with 15 CPUs and almost none with 5. The claims below ask
# for a fall of at least 3 % with 15 CPUs, which the model's misses, and for less than 5 % with
# 5, which it meets.
#
# ## Where the database's pages are (Figure 11)
#
# The paper breaks down the guest's memory only for 64/20. The model can do it for any run:
# pick the environment and the configuration.

# %% tags=["remove-input"]
figures_workload.pages_chart(gframe, KEY)

# %% tags=["remove-cell"]
_ = figures_results.glue_any_grid()  # the any-host chart's grid, as every chapter states it

# %% [markdown]
# ```{container} oc-caption
# **Figure: page distribution and page reads of the database guest (the paper's Figure
# 11).** The model's values for the chosen run. Resident: in real memory; stored: on the
# paging devices (a page can be in both places after it was read back and not changed);
# instantiated: touched by the guest during the run; reference instantiated: touched in the
# reference run; expanded storage (z/VM 6.2 only). Right: the guest's page read rate. The
# paper's values at 64/20 (diamonds): {glue:text}`db-p-resident` MiB resident of {glue:text}`db-p-inst` MiB
# instantiated, {glue:text}`db-p-inst-ref` MiB in the reference run, {glue:text}`db-p-pr` MiB/s
# page reads ({cite:t}`johanssen2014overcommit`, section "Database BI workload", memory usage
# at CID 64/20).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_workload.guest_frame("db")`, built from `oc.simulate(cid, env=...).guests`.
# ````
#
# At 64/20 the model's database keeps {glue:text}`db-x-res-frac-64-20` of what it touched
# resident, and that is {glue:text}`db-x-dpa-share-64-20` of the {term}`DPA` (the paper:
# about half, and {glue:text}`db-p-dpa-share` of the DPA). The model arrives there through global replacement
# ({doc}`replacement`): one characteristic time for the whole DPA, and each page stays resident
# if it is referenced more often than once per that time. The database's memory is large and
# mostly cold, so half of it is evicted at little cost. Try 48/20, a size the paper did not
# run: the database's resident memory shrinks to {glue:text}`db-x-res-48-20` MiB and its page
# reads rise from {glue:text}`db-x-pr-64-20` to {glue:text}`db-x-pr-48-20` MiB/s, yet its
# throughput rises to {glue:text}`db-x-48-20`: the other guests stall more, and the database
# spins less (above).
#
# The instantiated memory at 64/20 is slightly below the reference value, in the paper (by
# {glue:text}`db-p-inst-below`) and in the model: Linux frees some of the pages it does not
# need when z/VM takes memory away, and the model represents that as a released share of the
# guest's memory that is discarded first ({doc}`replacement`).

# %% tags=["remove-cell"]
from overcommit.book import figures_time

t_db = {cid: figures_time.glue_time("db", "db-bi", cid) for cid in ("512/25", "512/20", "64/20", "48/20", "512/10")}
# the prose: memory cut at 20 CPUs adds paging stalls but takes more off the spin and the wait
# for a CPU, so the query cycle shortens; CPUs cut at 512 GiB add only the wait for a CPU
assert t_db["64/20"]["paging"] > 1.0 and t_db["512/20"]["paging"] == 0
assert t_db["64/20"]["spin"] < t_db["512/20"]["spin"] and t_db["64/20"]["cpu_wait"] < t_db["512/20"]["cpu_wait"]
assert t_db["48/20"]["total"] < t_db["64/20"]["total"] < t_db["512/20"]["total"]
assert t_db["512/10"]["cpu_wait"] > 0.5 * t_db["512/10"]["total"]
assert abs(t_db["512/10"]["running"] - t_db["512/25"]["running"]) < 1e-9
glue("t-db-spin-saved", f"{t_db['512/20']['spin'] - t_db['64/20']['spin']:.1f} s", display=False)
glue("t-db-wait-saved", f"{t_db['512/20']['cpu_wait'] - t_db['64/20']['cpu_wait']:.1f} s", display=False)

# %% [markdown]
# ## Where the time goes
#
# Why does the database keep its throughput while memory shrinks, and lose it when CPUs are
# cut? The model can say where the time of one unit of its work goes: one user's query
# cycle, which takes {glue:text}`t-db-bi-512-25-total` in the reference run. The chart splits
# it into working on a CPU (Table 17's CPU per query), spinning on a lock (lock-holder
# preemption, {doc}`shares`), waiting for a real CPU (the share allocation leaves the work
# unserved, {doc}`shares`), stalled on paging (page reads the user waits for,
# {doc}`paging`, of pages the replacement evicted, {doc}`replacement`), and the database's
# own I/O (with the clients' think time, which the model does not separate from it).
# A longer bar is a lower throughput: the throughput is the reference bar's length divided
# by the bar's.

# %% tags=["remove-input"]
figures_time.time_chart("db")

# %% [markdown]
# ```{container} oc-caption
# **Figure: where the database's query cycle goes.** For the chosen environment and real
# CPUs, one bar per memory size of the paper's grid (pale and starred: {glue:text}`provenance-model-only`), the
# reference run's bar on top; each part in seconds per query, its share of the reference
# cycle in the tooltip. The label at a bar's end is its total.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `oc.simulate("64/20").breakdown.loc["db-bi"]` gives the parts in seconds, in the order of
# `oc.BREAKDOWN_PARTS`; the grid behind the chart is `figures_time.time_grid()`.
# ````
#
# - **Cut CPUs, and only the wait grows.** At 512/10 a query takes
#   {glue:text}`t-db-bi-512-10-total`, and {glue:text}`t-db-bi-512-10-cpu_wait` of it is spent
#   waiting for a real CPU; the work itself ({glue:text}`t-db-bi-512-10-running`) is the
#   reference run's.
# - **At 512/20 the database burns CPU spinning**: {glue:text}`t-db-bi-512-20-spin` per
#   query against {glue:text}`t-db-bi-512-25-spin` in the reference run, because the host is
#   full more of the time and a preempted query process holds up its siblings.
# - **Cut memory at 20 CPUs, and the cycle gets shorter.** At 64/20 the database waits
#   {glue:text}`t-db-bi-64-20-paging` per query for its pages, but the other guests stall on
#   theirs, the host is full less often, and the database spins {glue:text}`t-db-spin-saved`
#   less and waits {glue:text}`t-db-wait-saved` less for a CPU: a query takes
#   {glue:text}`t-db-bi-64-20-total` against {glue:text}`t-db-bi-512-20-total` at 512/20, and
#   {glue:text}`t-db-bi-48-20-total` at 48/20. That is the gain the paper saw, and its
#   explanation (the other workloads left CPU behind), measured part by part.

# %% tags=["remove-cell"]
TIME_SEED = 25
time_seeded = exercises.generate("results_db_time", seed=TIME_SEED)
glue("db-time-seeded-q", Markdown(time_seeded.question), display=False)
glue("db-time-seeded-a", Markdown(time_seeded.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_db-ex-time-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* Each seed picks a bar
# of the chart above and asks which part of a unit of work of the database grew most against
# the reference run, or how long one part takes. This is the question for seed 25:
#
# ```{glue:md} db-time-seeded-q
# :format: myst
# ```
#
# Type another seed in the box to get another question; the chart has every value you need.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("results_db_time", seed=...)` gives the question and
# `exercises.check("results_db_time", seed=..., answer=...)` checks an answer.
# ````
#
# <div class="oc-selfcheck" data-topic="results_db_time" data-seed="25"></div>
# :::
#
# :::{solution} results_db-ex-time-seeded
# :class: dropdown
#
# The worked answer for seed 25:
#
# ```{glue:md} db-time-seeded-a
# :format: myst
# ```
# :::

# %% [markdown]
# ## Try any host
#
# The chart below shows the database at any host of a dense grid: its sliders choose real
# memory from {glue:text}`any-mem-min` to {glue:text}`any-mem-max` GiB
# in steps of {glue:text}`any-mem-step` GiB
# and {glue:text}`any-cpus-min` to {glue:text}`any-cpus-max` real CPUs, on any of the three
# environments. Its title says whether the paper ran that host;
# {glue:text}`provenance-marking`

# %% tags=["remove-input"]
figures_workload.any_cid_chart(KEY)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the database at any host.** Top: relative throughput at the chosen host, each variant
# against its own reference run (red if it fails in the model); the title names the host
# and whether the paper ran it, and below the bars are its overall throughput and page
# reads. Bottom: their mean relative throughput as memory
# shrinks at the chosen CPUs, the chosen memory marked by a dark grey line. Last: where the
# time goes (thin bars: the reference run). The runs behind it are computed when the book is
# built and loaded from shared files.
# ```
#
# In Jupyter, the explorer below runs the model for any memory size, CPU count and
# environment, and shows the database's throughput and its pages.

# %% tags=["remove-input"]
explorer(
    lambda memory_gib, cpus, env: figures_workload.explorer_chart(KEY, memory_gib, cpus, env),
    adds="The database's memory on the chosen host (resident, stored, instantiated) beside its throughput, for hosts off the grid above too.",
    **host_controls(memory_gib=64, cpus=20),
)

# %% [markdown]
# ```{container} oc-caption
# **Explorer: the database on any host.** The model's run for the chosen host. Top: the
# database's relative throughput (red if it fails in the model). Bottom: its resident, stored,
# instantiated and reference instantiated memory. Last: where the time goes
# (thin bars: the reference run).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The explorer runs `oc.simulate((memory, cpus), env=...)`; the any-host chart reads the grid
# that the build computes with `figures_results.write_any_cid`.
# ````
#
# ## How these numbers are made
#
# Every number the paper gives for this workload, beside the model's. The column *use* keeps
# calibration and validation apart: *fitted* rows were calibration targets (64/20 on z/VM 6.3
# EDEV-SCSI), *input* rows are numbers the model starts from, *in-sample* rows come from the
# calibration run and follow from fitted numbers; only *validation* rows test the model.
# A ✓ on a stated value allows 25 % either way, and says how far off the model is.

# %% tags=["remove-input"]
figures_workload.paper_vs_model_table(KEY)

# %% [markdown]
# Sources, in the same order: {cite:t}`johanssen2014overcommit`, section "Database BI workload"
# (workload analysis; memory usage and paging at CID 64/20) and Table 17. Agreeing on the
# resident memory at 64/20 ({glue:text}`db-x-resident` MiB against the paper's
# {glue:text}`db-p-resident`) and on its page reads ({glue:text}`db-x-pr-64-20` MiB/s,
# {glue:text}`db-x-pr-frac` of the paper's {glue:text}`db-p-pr` MiB/s) shows that the fit
# worked; what the model *predicts* is in the throughput figures and the other configurations
# of the page chart. Meeting both took one assumption about the workload. A BI query scans
# large parts of its tables, so a page of the buffer cache is touched about once per scan
# rather than at random moments. With random references the fit could meet the resident
# memory or the page reads, not both: keeping no more resident than that, at the reclaim
# time the database's pages get, random references read at most about
# {glue:text}`model-db-random-limit` MiB/s. Pages touched in sweeps can be both
# mostly resident and often read back ({doc}`replacement`, "Pages touched like clockwork"),
# and the calibration chooses how regular the sweeps are; for the database it chose
# *k* = {glue:text}`model-db-k`, where 1 is random. The database's share of all page reads
# ({glue:text}`db-x-pr-share` against the paper's {glue:text}`db-p-pr-share`) comes out above
# the paper's because the model's whole system reads less than the paper's
# {glue:text}`db-p-sys-pr` MiB/s (see {doc}`results_overall`). And the model
# stores more of the database's memory on the paging devices than the paper's "other half"
# ({glue:text}`db-x-stored-frac` of what it touched): a page read back keeps its copy on the
# device until it is changed, so resident and stored overlap.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_workload.paper_vs_model_table("db")` is this table and `figures_workload.claims_table("db")`
# the next; the calibration is `overcommit.calibrate`.
# ````
#
# The validation claims for this workload ({doc}`results_model` lists all of them):

# %% tags=["remove-input"]
figures_workload.claims_table(KEY)

# %% tags=["remove-cell"]
claims = figures_workload.claims_table(KEY, ids=True)
passed = claims["verdict"].str.startswith("✓")
glue("db-claims-pass", f"{int(passed.sum())} of {len(claims)}", display=False)
# the prose: which claims pass; four of the misses are amounts (stated and asserted above),
# the others the low start at 512/20 and the gain with 5 CPUs
assert set(claims.index[passed]) == {"db-9620", "db-10cpu", "db-fewer-cpus", "db-cpu-20", "db-cpu-5"}, claims
assert set(claims.index[~passed]) == {"db-gains", "db-15-falls", "db-cpu-15", "db-cpu-halving",
                                      "db-51220-low", "db-5-gains"}, claims
# with 5 CPUs: the throughput stays put down to 128 GiB and then falls a little
x5 = {m: grid.x("db-bi", f"{m}/5") for m in (512, 256, 128, 112, 96, 64, 48)}
for m in (512, 64):
    glue(f"db-x3-{m}-5", f"{x5[m]:.3f}", display=False)
falling = [x5[m] for m in (128, 112, 96, 64, 48)]
assert round(x5[512], 3) == round(x5[256], 3) == round(x5[128], 3), x5
assert all(b < a for a, b in zip(falling, falling[1:])), x5
assert x5[512] - x5[64] < 0.05
# ... because the host is always full, the spinning hardly falls, no paging guest drops below
# the water level, and CP's paging takes more than the guests below the level give up
runs5 = {m: oc.simulate(f"{m}/5") for m in (512, 64, 48)}
level5, below5 = {}, {}
for m, r in runs5.items():
    g = r.guests
    level5[m] = figures_was.water_level(r)
    below5[m] = _below_level(r)
    assert r.system["all_cpus_busy"] > 0.999
    # the database gets exactly the water level times its share
    assert abs(g.loc["db-bi", "cpu_allocated"] - level5[m] / 100 * g.loc["db-bi", "share"]) < 1e-6
    glue(f"db-spin-{m}-5", f"{g.loc['db-bi', 'spin_factor']:.2f}", display=False)
    glue(f"db-level-{m}-5", f"{level5[m]:.3f}", display=False)
assert (below5[512] == below5[64]).all() and (below5[512] == below5[48]).all()
assert not below5[64][["java-medium", "java-high", "fs-pagecache-medium", "fs-pagecache-high"]].any()
spin5 = [runs5[m].guests.loc["db-bi", "spin_factor"] for m in (512, 64)]
assert 0 < spin5[0] - spin5[1] < 0.01 * spin5[0]
freed5 = (runs5[512].guests["cpu_load"][below5[512]].sum() - runs5[64].guests["cpu_load"][below5[64]].sum())
cp5 = runs5[64].system["cp_system_cpu"] - runs5[512].system["cp_system_cpu"]
glue("db-freed-5", f"{freed5:.2f}", display=False)
glue("db-cp-more-5", f"{cp5:.2f}", display=False)
assert 0 < freed5 < cp5 / 2 and level5[64] < level5[512]
# with 20 CPUs, by contrast, the Java guests drop below the water level at 64 GiB
g20 = {m: oc.simulate(f"{m}/20") for m in (512, 64)}
assert _below_level(g20[64])[["java-medium", "java-high"]].all()
assert not _below_level(g20[512])[["java-medium", "java-high"]].any()

# %% [markdown]
# {glue:text}`db-claims-pass` pass: the best result near 96/20, the 10-CPU band, the loss as
# CPUs are taken away, and the CPU load with 20 and with 5 CPUs. Four claims miss by their
# amount, not their direction (above): the gain with 20 CPUs ({glue:text}`db-gain-64-20` by
# 64 GiB) and the fall with 15 ({glue:text}`db-fall-15`), each less than the 3 points a
# direction needs; the fall of the CPU load with 15 CPUs ({glue:text}`db-cpu15-drop`, less than
# 3 %); and the halving of the CPU load, which the model overdoes. The low start at 512/20
# misses too (above), and so does the gain with 5 CPUs, which goes the other way. With 5 CPUs the model's
# database runs at {glue:text}`db-x3-512-5` of its reference down to 128 GiB and then loses a
# little, to {glue:text}`db-x3-64-5` at 64/5. Its gain with 20 CPUs came from spinning less
# when the host was full less often; with 5 CPUs the host is always full, and its spin factor
# hardly moves ({glue:text}`db-spin-512-5` at 512/5, {glue:text}`db-spin-64-5` at 64/5). Nor
# does a memory cut free CPU for it. Every guest gets so little CPU that the paging guests,
# Java and the page-cached file system among them, still want more than the water level while
# they wait for pages; with 20 CPUs the Java guests drop below it at 64 GiB, with 5 CPUs none
# does. The guests below the water level use only {glue:text}`db-freed-5` processors less at
# 64/5 than at 512/5, while CP's paging takes {glue:text}`db-cp-more-5` more. So the water
# level falls from {glue:text}`db-level-512-5` to {glue:text}`db-level-64-5` CPUs per 100
# shares, and the database, held to exactly that level times its share, loses with it.
#
# ## Exercises

# %% tags=["remove-cell"]
def _break_text(m):
    return (f"about {m:.0f} GiB" if m is not None else
            f"`None`: it keeps 90 % down to {planning.MIN_MEMORY_GIB:.0f} GiB, the smallest memory the scan tries")


glue("db-ex-m90-20", _break_text(planning.memory_break_point("db-bi", 0.9, 20, baseline="hi")), display=False)
glue("db-ex-m90-15", _break_text(planning.memory_break_point("db-bi", 0.9, 15, baseline="hi")), display=False)
small, last = oc.simulate("16/20"), oc.simulate("24/20")
glue("db-ex-x-16-20", f"{small.workloads.loc['db-bi', 'relative_throughput']:.2f}", display=False)
glue("db-ex-reads-16-20", f"{small.guests.loc['db-bi', 'page_read_mib_s']:.0f}", display=False)
glue("db-ex-x-24-20", f"{last.workloads.loc['db-bi', 'relative_throughput']:.2f}", display=False)
glue("db-ex-busy-24-20", f"{last.system['all_cpus_busy']:.2f}", display=False)
hot_gib = next(g.hot_set_mib for g in oc.study_guests() if g.name == "db-bi") / 1024
glue("db-ex-hot", f"{hot_gib:g}", display=False)
# the prose: it holds (and gains) down to 24 GiB, where its hot set still fits, and collapses at 16
assert last.workloads.loc["db-bi", "relative_throughput"] > oc.simulate("512/20").workloads.loc["db-bi", "relative_throughput"]
assert last.guests.loc["db-bi", "resident_mib"] > hot_gib * 1024 > small.system["dpa_mib"]
assert small.workloads.loc["db-bi", "relative_throughput"] < 0.5 * last.workloads.loc["db-bi", "relative_throughput"]
turnover = checks.get("results_db-ex-turnover").values
glue("db-ex-res", turnover["resident"], display=False)
glue("db-ex-reads", turnover["reads"], display=False)
glue("db-ex-turnover", turnover["minutes"], display=False)
g15 = oc.simulate("64/15").guests
g48 = oc.simulate("48/15").guests
glue("db-ex-cpu-64-15", f"{g15.loc['db-bi', 'cpu_load']:.2f}", display=False)
glue("db-ex-cpu-48-15", f"{g48.loc['db-bi', 'cpu_load']:.2f}", display=False)
others = [n for n in g15.index if n != "db-bi"]
glue("db-ex-others-64-15", f"{g15.loc[others, 'cpu_load'].sum():.2f}", display=False)
glue("db-ex-others-48-15", f"{g48.loc[others, 'cpu_load'].sum():.2f}", display=False)
drop = (g15.loc[others, "cpu_load"] - g48.loc[others, "cpu_load"]).sort_values(ascending=False).head(2)
glue("db-ex-losers", " and ".join(f"`{n}` ({v:.2f})" for n, v in drop.items()), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_db-ex-gain
# :class: oc-where-jupyter
# Why does the database gain throughput when memory goes from 64 to 48 GiB with 15 real
# CPUs, while the workloads that page lose? Compare the CPU loads of the guests in the two
# runs and name the mechanism.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `oc.simulate("64/15").guests` and `oc.simulate("48/15").guests`, column `cpu_load`.
# ````
# :::
#
# :::{solution} results_db-ex-gain
# :class: dropdown
# The database's CPU load rises from {glue:text}`db-ex-cpu-64-15` to
# {glue:text}`db-ex-cpu-48-15` processors, while the other sixteen guests together fall from
# {glue:text}`db-ex-others-64-15` to {glue:text}`db-ex-others-48-15`; the largest drops are
# {glue:text}`db-ex-losers`. Those guests spend more of their time waiting for page reads
# (stalls, {doc}`paging`), so they ask for less CPU. With 15 CPUs every guest is
# CPU-limited, and the water-filling of {doc}`shares` gives what one guest leaves to the
# others in proportion to their shares. The database has the largest share
# ({glue:text}`db-share`) and its
# mostly cold memory pages little, so it turns the extra CPU into throughput. The paper
# explains its own database's gain the same way: the other workloads suffered more.
# :::
#
# :::{exercise}
# :label: results_db-ex-memory
# :class: oc-where-jupyter
# With 20 real CPUs and with 15, at which real memory size does the model's database fall
# below 90 % of what it achieves at 512 GiB with the same CPUs? Why does it hold up so well
# until then, why does it even gain with 20 CPUs, and why does it then fall so fast?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `planning.memory_break_point("db-bi", 0.9, 20, baseline="hi")` and the same with 15
# (`from overcommit import planning`); `oc.simulate("24/20").system["all_cpus_busy"]`;
# `oc.simulate("16/20").guests.loc["db-bi"]`.
# ````
# :::
#
# :::{solution} results_db-ex-memory
# :class: dropdown
# With 20 CPUs {glue:text}`db-ex-m90-20`; with 15 CPUs {glue:text}`db-ex-m90-15`. As the
# largest guest its pages age longest ({doc}`replacement`), so it keeps its hot set, the
# {glue:text}`db-ex-hot` GiB every query touches, while the small guests lose their pages.
# Those guests then stall on page faults and give up CPU. With 15 CPUs the database takes
# some of what they leave (previous exercise), which offsets its own faults. With 20 CPUs it
# also wastes less: a stalled virtual CPU is not runnable, so the host is full less often and
# the database's virtual CPUs are preempted, and spin, less. At 24/20 the host is full only
# {glue:text}`db-ex-busy-24-20` of the time and the database runs at
# {glue:text}`db-ex-x-24-20` of its reference, better than at 512 GiB. At 16 GiB the hot set
# no longer fits: its pages fault at the rate the queries run, {glue:text}`db-ex-reads-16-20`
# MiB/s, and the database falls to {glue:text}`db-ex-x-16-20`.
# :::
#
# :::{exercise}
# :label: results_db-ex-turnover
# :class: oc-where-browser
# At 64/20 the model's database keeps about {glue:text}`db-ex-res` MiB resident and reads
# {glue:text}`db-ex-reads` MiB/s back from the paging devices. If every page read replaced
# a resident page, how long would it take to replace all of its resident memory? What does
# that say about how the database uses its memory, and why does it still keep most of its
# throughput?
#
# <div class="oc-selfcheck" data-check="results_db-ex-turnover"></div>
# :::
#
# :::{solution} results_db-ex-turnover
# :class: dropdown
# About {glue:text}`db-ex-turnover` minutes (resident MiB ÷ MiB/s ÷ 60). Only a small part of
# the resident memory is being exchanged: most of what is resident stays resident for the
# whole run, so the database's working set is a small, hot part of a large buffer cache,
# and the rest is touched rarely. Each page read still stalls one of its query streams, and
# with it the rest of that user's parallel query (above), but the virtual CPUs find the other
# users' work during most of the wait (an assumption of the model's driver for the database);
# only the blocking share of a stall costs CPU time ({doc}`paging`). The paper makes the same point: its page reads
# are moderate for a guest of this size, and a database can hide the latency behind its
# caches and asynchronous operations.
# :::

# %% tags=["remove-cell"]
SEED = 11
seeded = exercises.generate("results_db", seed=SEED)
glue("db-seeded-q", Markdown(seeded.question), display=False)
glue("db-seeded-a", Markdown(seeded.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_db-ex-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* Each seed picks an environment and a cut, of memory or of CPUs, and asks what the database keeps. This is
# the question for seed 11:
#
# ```{glue:md} db-seeded-q
# :format: myst
# ```
#
# Type another seed in the box to get another question; the throughput figure on this page has every value
# you need.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("results_db", seed=...)` gives the question and
# `exercises.check("results_db", seed=..., answer=...)` checks an answer.
# ````
#
# <div class="oc-selfcheck" data-topic="results_db" data-seed="11"></div>
# :::
#
# :::{solution} results_db-ex-seeded
# :class: dropdown
#
# The worked answer for seed 11:
#
# ```{glue:md} db-seeded-a
# :format: myst
# ```
# :::
