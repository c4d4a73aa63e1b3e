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
# # The Java workload
#
# The purest processor-and-heap load of the study is a stand-alone Java program: a number of
# threads run side by side, each repeating the same kind of transaction, and the metric is
# the transaction rate summed over all of them and averaged over the run
# {cite:p}`johanssen2014overcommit`. The same program runs at two levels, each alone in its
# own {term}`guest`: the *medium* level with one {term}`virtual CPU` (relative share 100), the
# *high* level with two (share 200). Both guests are defined with 4 GiB of memory; the Java
# heap is fixed at 3200 MiB (initial and maximum size equal), and garbage collection uses the
# `optthruput` policy, which stops all threads and sweeps the whole heap at every collection
# (the paper's Tables 6 and 14 and the workload description of section "Java workload").
#
# In the unconstrained reference run the medium guest used 0.92 processors and touched
# 3,626 MiB, the high guest 1.82 processors and 3,579 MiB (the paper's Table 17): both keep
# their virtual CPUs busy almost all the time, and both touch nearly all of their heap. The
# paper singles Java out as the workload that reacted most sensitively to a shortage of
# real memory, and blames the garbage collector's sweeps over the whole heap.
#
# This chapter redraws the paper's Figures 24 to 28 from the model: throughput and CPU load
# of both levels over the whole grid of configurations, and where the Java pages are. The
# figures are lost from our copy of the paper; its text survives, and wherever it gives a
# number, the number is drawn beside the model's. The short version: the model reproduces the
# losses at 64/20 because it was fitted to them, misses the high level's resident share, which
# it was also fitted to, and fails all three of the paper's tests that it was not fitted to.
# The sections below show why, in the model's own terms.

# %% tags=["remove-cell"]
import dataclasses
import inspect

import pandas as pd
from IPython.display import Markdown
from overcommit.book import glue

import overcommit as oc
from overcommit import data, paging, planning, replacement
from overcommit import exercises
from overcommit.exercises import checks
from overcommit.book import figures_java
from overcommit.book import figures_workload
from overcommit.book.explore import explorer, host_controls
from overcommit.workloads import study_guests, study_variants

pd.set_option("display.max_colwidth", 120)
KEY = "java"
LEVELS = figures_java.LEVELS
results = oc.sweep()
vframe = figures_workload.variant_frame(KEY, results)
gframe = figures_workload.guest_frame(KEY)
lframe = figures_java.limits_frame(results)
edev = vframe[vframe["env"] == "zvm63-edev"]
table17 = {g.name: g for g in study_guests()}
obs = data.observations().set_index("id")


SHORT = {"java-medium": "m", "java-high": "h"}
for cid in ("512/20", "512/15", "512/10", "512/5", "96/20", "64/20", "48/20", "96/15", "64/15", "48/15"):
    for v in LEVELS:
        glue(f"jv-{SHORT[v]}-{figures_workload.cid_tag(cid)}", f"{figures_workload.value(vframe, cid, v):.2f}", display=False)
scale = figures_workload.paper_scale(KEY)["java-medium"]
glue("jv-scale", f"{100 * scale:.0f} %", display=False)
glue("jv-scale-frac", f"{scale:.2f}", display=False)
glue("jv-m-paper-6420", f"{figures_workload.value(vframe, '64/20', 'java-medium', 'paper_view'):.2f}", display=False)
glue("jv-x-max", f"{edev['throughput'].max():.2f}", display=False)

# %% [markdown]
# ## Throughput over memory and CPUs (Figures 24 and 25)
#
# The paper drew the two levels on different scales. Figure 25 shows the high level against
# its own reference throughput, as for every other workload; Figure 24 shows the medium level
# against the *high* level's reference, on which the medium level's own reference sits at
# about {glue:text}`jv-scale`, since one virtual CPU managed about half the transactions of two
# (section "Java workload", observations, of {cite:t}`johanssen2014overcommit`). The chart
# follows the paper: for `java-medium` the values are the model's relative throughput times
# {glue:text}`jv-scale-frac` (column `paper_view` of `figures_workload.variant_frame`), a ratio
# taken from the paper, since the model has no transactions per second. Hover over a point for
# the value against the level's own reference.

# %% tags=["remove-input"]
figures_workload.throughput_chart(vframe, KEY, "throughput")

# %% [markdown]
# ```{container} oc-caption
# **Figure: relative throughput of the Java workload (the paper's Figures 24 and 25).** Model
# values from `overcommit.sweep()` via `figures_workload.variant_frame("java")`. For
# `java-high`, 1.0 is its throughput in the reference run 512/25; for `java-medium` the values
# are scaled to the high level's reference by the paper's ratio of about 53 %, so its own
# reference is at 0.53. Diamonds at 64 GiB, 20 CPUs: the paper's losses of about 45 %
# (medium) and 26 % (high) at 64/20, on the same scales (section "Java workload", CID 64/20
# conclusions, of {cite:t}`johanssen2014overcommit`).
# ```
#
# What the paper saw, and what the model does (each level against its own reference):
#
# - **Down to 112 GiB, little effect; with 15 or more CPUs even slightly above the
#   reference.** The paper's Java hardly noticed the memory reductions from 512 to 112 GiB,
#   and with 15 or 20 CPUs it ran a little *faster* than in the reference run. The model's
#   Java cannot exceed its reference (its highest value anywhere in the grid is
#   {glue:text}`jv-x-max`), and with fewer CPUs it is slower from the start: at 512 GiB the
#   medium level runs at {glue:text}`jv-m-512-20` with 20 CPUs and {glue:text}`jv-m-512-15` with
#   15; the high level at {glue:text}`jv-h-512-20` and {glue:text}`jv-h-512-15`.
# - **A considerable drop at 96 GiB or less, whatever the CPUs.** The model has a drop, but one
#   memory step lower and only when CPUs are plentiful: with 20 CPUs the medium level keeps
#   {glue:text}`jv-m-96-20` at 96 GiB and falls to {glue:text}`jv-m-64-20` at 64 GiB and
#   {glue:text}`jv-m-48-20` at 48 GiB; with 15 CPUs it keeps {glue:text}`jv-m-64-15` at
#   64 GiB and the high level {glue:text}`jv-h-64-15`, almost as much as with 512 GiB.
# - **The medium level suffers more.** It does in the model too: at 64/20 the medium level
#   keeps {glue:text}`jv-m-64-20` of its reference, the high level {glue:text}`jv-h-64-20`. Both
#   numbers are the paper's 45 % and 26 % losses, because they were fitted (see below). On the
#   paper's scale of Figure 24 the medium level's value is {glue:text}`jv-m-paper-6420`. (The
#   calibration reads the 45 % against the medium level's own reference: against the high
#   level's, it would leave the medium level at its own reference, not worse off.)
# - **Sharp decline with 10 CPUs or fewer.** In the model the decline is there, but it starts
#   earlier: with 10 and 5 CPUs the medium level runs at {glue:text}`jv-m-512-10` and
#   {glue:text}`jv-m-512-5`, the continuation of a decline that already began at 20 CPUs.
#
# The next two sections explain the second and fourth points with two mechanisms of the model.
#
# ## Two ceilings, not a product

# %% tags=["remove-cell"]
le = lframe[lframe.env == "zvm63-edev"].set_index(["variant", "memory_gib", "cpus"])
for v in LEVELS:
    for m, c in ((64, 15), (48, 15), (64, 20), (96, 20), (48, 10)):
        row = le.loc[(v, m, c)]
        for col in ("actual", "cpu_only", "memory_only", "multiplied"):
            glue(f"jv-lim-{SHORT[v]}-{m}-{c}-{col}", f"{row[col]:.2f}", display=False)
ledev = lframe[lframe.env == "zvm63-edev"]
above = ledev["actual"] - ledev["lower"]
# the exceptions beat the lower ceiling by more than any run falls short of it
over = above > max(-above.min(), 0.0)
glue("jv-lim-gap", f"{above[~over].abs().max():.2f}", display=False)
glue("jv-lim-near", str(int((~over).sum())), display=False)
glue("jv-lim-runs", str(len(ledev)), display=False)
glue("jv-lim-over", str(int(over.sum())), display=False)
glue("jv-theta-6415", f"{figures_java.water_level('64/15'):.2f}", display=False)
leckd = lframe[lframe.env == "zvm63-eckd"].set_index(["variant", "memory_gib", "cpus"])
glue("jv-lim-eckd-m-64-15", f"{leckd.loc[('java-medium', 64, 15), 'actual']:.2f}", display=False)
glue("jv-lim-eckd-m-64-15-lower", f"{leckd.loc[('java-medium', 64, 15), 'lower']:.2f}", display=False)
g6420 = oc.simulate("64/20").guests
g6415 = oc.simulate("64/15").guests
for v in LEVELS:
    for tagname, g in (("6420", g6420), ("6415", g6415)):
        glue(f"jv-blocked-{SHORT[v]}-{tagname}", f"{g.loc[v, 'blocked_vcpus']:.2f}", display=False)
        glue(f"jv-alloc-{SHORT[v]}-{tagname}", f"{g.loc[v, 'cpu_allocated']:.2f}", display=False)
        glue(f"jv-cap-{SHORT[v]}-{tagname}", f"{g.loc[v, 'vcpus'] - g.loc[v, 'blocked_vcpus']:.2f}", display=False)
fitted_blocking = {v: study_variants()[v].blocking for v in LEVELS}
for v in LEVELS:
    glue(f"jv-blocking-{SHORT[v]}", f"{fitted_blocking[v]:.2f}", display=False)
r6420, r6415 = oc.simulate("64/20"), oc.simulate("64/15")
glue("jv-T-6420", f"{r6420.system['characteristic_time_s']:.0f}", display=False)
glue("jv-T-6415", f"{r6415.system['characteristic_time_s']:.0f}", display=False)
for c in (15, 10):
    glue(f"jv-T-48{c}", f"{oc.simulate((48, c)).system['characteristic_time_s']:.0f}", display=False)
glue("jv-reads-m-6420", f"{g6420.loc['java-medium', 'page_read_mib_s']:.2f}", display=False)
glue("jv-reads-m-6415", f"{g6415.loc['java-medium', 'page_read_mib_s']:.2f}", display=False)
glue("jv-spare", str(figures_java.SPARE_CPUS), display=False)

# %% [markdown]
# A Java level can lose throughput in the model in two ways. **Processors:** with fewer real
# CPUs than the guests ask for, each guest gets what the share-based water-filling gives it
# ({doc}`shares`). **Memory:** each page fault stalls a Java thread for the paging devices'
# response time ({doc}`paging`), and because `optthruput` collections stop every thread, a
# large share of that stall holds the virtual CPU itself (the driver's `blocking` share,
# fitted to {glue:text}`jv-blocking-m` for the medium and {glue:text}`jv-blocking-h` for the high
# level, see below). A virtual CPU that is held by a stall cannot run, so the guest's ceiling
# is its virtual CPUs minus the blocked time.
#
# What happens when both bite at once? The chart sets each run beside two runs that isolate
# one of the causes: the same CPUs with all 512 GiB (the CPU cut alone) and the same memory
# with {glue:text}`jv-spare` real CPUs, more than the 36 virtual CPUs of all guests together,
# so that nobody is cut (the memory loss alone).

# %% tags=["remove-input"]
figures_java.limits_chart(lframe, "java-medium", 15)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the Java throughput of each run against the CPU cut alone and the memory loss
# alone.** Model values, each level against its own reference: the run itself from
# `overcommit.sweep()`; "CPUs alone" the run at 512 GiB with the same CPUs; "memory alone"
# `overcommit.simulate((memory, 40))`; the dotted line the product of the two; all from
# `figures_java.limits_frame`. Black: the paper's statements for z/VM 6.3 with EDEV-SCSI paging,
# throughput at or slightly above the reference with 112 GiB or more and 15 or more CPUs (pale
# band from 1.0 to 1.05), and the losses at 64/20 (diamonds, pick 20 CPUs) (section "Java workload",
# observations and CID 64/20 conclusions, of {cite:t}`johanssen2014overcommit`).
# ```
#
# On z/VM 6.3 with EDEV-SCSI paging, the model's Java runs at the *lower* of the two ceilings,
# nowhere near their product: within {glue:text}`jv-lim-gap` in {glue:text}`jv-lim-near` of the
# {glue:text}`jv-lim-runs` runs of the grid; the other {glue:text}`jv-lim-over` run above it
# (see below). With 15 CPUs
# and 64 GiB the medium level's CPU share alone allows {glue:text}`jv-lim-m-64-15-cpu_only`
# and the memory alone {glue:text}`jv-lim-m-64-15-memory_only`; the run gives
# {glue:text}`jv-lim-m-64-15-actual`, not {glue:text}`jv-lim-m-64-15-multiplied`. For the high
# level the memory alone would allow {glue:text}`jv-lim-h-64-15-memory_only`, above its CPU
# share of {glue:text}`jv-lim-h-64-15-cpu_only`, so 64 GiB costs it little
# ({glue:text}`jv-lim-h-64-15-actual`): only the CPU that CP spends on everyone's paging, which
# lowers the water level of the next section from {glue:text}`jv-theta-15` to
# {glue:text}`jv-theta-6415`.
#
# Two things in the model make the ceilings alternatives rather than factors:
#
# - **The stall fits into time the virtual CPU would wait anyway.** At 64/15 the medium guest's
#   stalls hold {glue:text}`jv-blocked-m-6415` of its one virtual CPU, which leaves it
#   {glue:text}`jv-cap-m-6415` of a CPU to compute with; the water-filling gives it only
#   {glue:text}`jv-alloc-m-6415`. The guest's own limit lies above what it is given, so the
#   blocked time costs nothing. At 64/20 the water-filling would give it more than its limit,
#   and the limit, {glue:text}`jv-cap-m-6420` of a CPU with {glue:text}`jv-blocked-m-6420`
#   blocked, is what it gets ({glue:text}`jv-alloc-m-6420`).
# - **A slower guest touches its pages more slowly.** Page reference rates scale with
#   throughput, so when every guest is slowed by the CPU cut, the whole {term}`DPA` turns over
#   more slowly: the characteristic time of CLOCK replacement ({doc}`replacement`), which
#   every guest's own reclaim time scales, is {glue:text}`jv-T-6415` s at 64/15 against
#   {glue:text}`jv-T-6420` s at 64/20, and the medium guest reads
#   {glue:text}`jv-reads-m-6415` MiB/s from the paging devices instead of
#   {glue:text}`jv-reads-m-6420`.
#
# The second effect lifts those two runs: at 48 GiB the medium level's memory alone allows
# {glue:text}`jv-lim-m-48-15-memory_only`, but it runs at {glue:text}`jv-lim-m-48-15-actual`
# with 15 CPUs and at {glue:text}`jv-lim-m-48-10-actual` with 10, faster with fewer CPUs,
# because the DPA then turns over in {glue:text}`jv-T-4810` s instead of
# {glue:text}`jv-T-4815` s. With ECKD paging a third effect appears: at 64/15 the medium level
# runs at {glue:text}`jv-lim-eckd-m-64-15` against a lower ceiling of
# {glue:text}`jv-lim-eckd-m-64-15-lower`, because the other guests stall so much on the slower
# devices that they leave CPU behind, raising the water level for everyone (as for the
# database in {doc}`results_db`).
#
# This is why the validation claim `java-knee` fails: it compares the high level at 15 CPUs
# with 512 GiB and with 64 GiB, and the model finds almost no difference
# ({glue:text}`jv-claim-knee`) because the CPU cut hides the memory loss. At 20 CPUs the model does have a knee, but between 96 and 64 GiB instead of
# between 112 and 96 (the memory-alone line stays at {glue:text}`jv-lim-m-96-20-memory_only` at
# 96 GiB); the section on pages below shows why its Java needs less memory than the paper's.
#
# Is "the lower of the two" right? It assumes that z/VM makes up for a guest's page waits by
# dispatching it sooner afterwards, so that it still gets its full share over the run. A
# dispatcher that makes up for less would let the two losses add, and the paper's considerable
# loss at 96 GiB or less with any number of CPUs points that way. The model has no parameter
# for this.
#
# ## Why the model cuts Java when CPUs are short

# %% tags=["remove-cell"]
cuts = figures_java.cut_table(("512/20", "512/15"))
theta15, theta20 = figures_java.water_level("512/15"), figures_java.water_level("512/20")
glue("jv-theta-15", f"{theta15:.2f}", display=False)
glue("jv-theta-20", f"{theta20:.2f}", display=False)
glue("jv-d100-m", f"{cuts.loc['java-medium', 'per 100 shares']:.2f}", display=False)
glue("jv-d100-h", f"{cuts.loc['java-high', 'per 100 shares']:.2f}", display=False)
glue("jv-rank-m", str(list(cuts.index).index("java-medium") + 1), display=False)
glue("jv-rank-h", str(list(cuts.index).index("java-high") + 1), display=False)
glue("jv-get-m-15", f"{cuts.loc['java-medium', '512/15: % of reference CPU']} %", display=False)
glue("jv-get-db-15", f"{cuts.loc['db-bi', '512/15: % of reference CPU']} %", display=False)
fs_guests = [g for g in cuts.index if g.startswith("fs-")]
glue("jv-get-fs-15", f"{int(cuts.loc[fs_guests, '512/15: % of reference CPU'].min())} %", display=False)
total_demand = sum(g.cpu_load for g in study_guests())
glue("jv-total-demand", f"{total_demand:.2f}", display=False)
claims = figures_workload.claims_table(KEY)
glue("jv-claim-knee", claims.loc["java-knee", "model"], display=False)
glue("jv-claim-cpus", claims.loc["java-cpus", "model"], display=False)
glue("jv-claim-resident", claims.loc["java-resident-6420", "model"], display=False)
glue("jv-claim-above", str(claims.loc["java-above-ref", "model"]), display=False)

# %% [markdown]
# The reference run's 17 guests together used {glue:text}`jv-total-demand` processors
# (Table 17), so with 20 real CPUs and fewer, somebody must be cut. The model hands out the
# real CPUs by {term}`water-filling` over the {term}`relative shares <relative share>`: there is
# one *water level*, a number of CPUs per 100 shares, and every guest that wants more than the
# level gets exactly the level times its share, while guests that want less get what they
# want. With 512 GiB the level is {glue:text}`jv-theta-20` CPUs per 100 shares at 20 CPUs and
# {glue:text}`jv-theta-15` at 15. The table lists every guest by what it asked for per 100
# shares in the reference run, and how much of that it gets.

# %% tags=["remove-input"]
cuts

# %% [markdown]
# ```{container} oc-caption
# **Table: who the water-filling cuts.** Per guest, the virtual CPUs and relative shares of the
# study (100 per virtual CPU), the reference CPU load of the paper's Table 17
# {cite:p}`johanssen2014overcommit` and that load per 100 shares; then the model's CPU load at
# 512/20 and 512/15 as a percentage of the reference load, from `figures_java.cut_table`
# (`overcommit.simulate(cid).guests`).
# ```
#
# Shares of 100 per virtual CPU say nothing about how busy a guest keeps its virtual CPUs,
# and Java keeps them busier than almost anyone:
# {glue:text}`jv-d100-m` and {glue:text}`jv-d100-h` CPUs per 100 shares, ranks
# {glue:text}`jv-rank-m` and {glue:text}`jv-rank-h` of 17. Under water-filling every guest above
# the level gets the same CPU *per share*, so the guest that wanted the most per share loses
# the largest fraction: at 512/15 the medium Java gets {glue:text}`jv-get-m-15` of its reference
# CPU, the database {glue:text}`jv-get-db-15`, the file-system guests, which wanted less than
# the level, {glue:text}`jv-get-fs-15`. The Java guests have nothing else to do with their time:
# their threads hardly wait for anything (5 % of the cycle in the driver, an assumption), so
# their throughput is their CPU. The validation claim `java-cpus` fails for that reason: it
# divides the high level's throughput with 15 CPUs by that with 20, and with 5 by that with 10
# (all at 512 GiB), and the model gives {glue:text}`jv-claim-cpus`, where the paper saw only a
# slight effect down to 15 CPUs.
#
# The paper's Java got its CPU: with 15 CPUs it still ran at or above its reference, while the
# database and the high network level fell to about 60 % and 40 % at 512/15. The real z/VM
# gave the busiest guests *more* than an equal level per share. Possible reasons, none of
# which the model represents:
#
# - **Dispatching, not just shares.** A computing Java thread is always ready to run; a network
#   or WebSphere request blocks after every message and must be dispatched again. With too few
#   CPUs, request/response workloads lose throughput to dispatch delay before they use their
#   share, and the always-ready Java threads take the rest. The model's water-filling is a
#   long-run average without dispatch delay ({doc}`shares`).
# - **Few virtual CPUs.** A Java guest never needs more than one or two real CPUs at once, so it
#   is easy to serve whenever a processor falls idle. The one-CPU network pair, too, ran above
#   its reference with 15 CPUs, while the two-CPU pair fell (section "Network workload",
#   observations, of {cite:t}`johanssen2014overcommit`).
# - **A reference that was not free.** In the reference run 21.57 of 25 processors were busy.
#   If the real Java already waited for processors or caches then, fewer competitors later could
#   make it faster than its reference. In the model the reference run is unconstrained by
#   definition, so nothing can exceed it (claim `java-above-ref` below).
#
# ## CPU load (Figures 26 and 27)

# %% tags=["remove-input"]
figures_workload.throughput_chart(vframe, KEY, "cpu_load")

# %% tags=["remove-cell"]
cpu = edev.set_index(["variant", "cid"])["cpu_load"]
glue("jv-cpu-m-ref", f"{cpu.loc[('java-medium', '512/25')]:.2f}", display=False)
for cid in ("512/20", "512/15", "512/10", "512/5", "64/20", "48/20", "96/20"):
    for v in LEVELS:
        glue(f"jv-cpu-{SHORT[v]}-{figures_workload.cid_tag(cid)}", f"{cpu.loc[(v, cid)]:.2f}", display=False)
glue("jv-cpu-m-drop-6420", f"{100 * (1 - cpu.loc[('java-medium', '64/20')] / cpu.loc[('java-medium', '512/20')]):.0f} %",
     display=False)
ratio_10_15 = cpu.loc[("java-medium", "512/10")] / cpu.loc[("java-medium", "512/15")]
glue("jv-cpu-ratio-10-15", f"{ratio_10_15:.2f}", display=False)

# %% [markdown]
# ```{container} oc-caption
# **Figure: CPU load of the Java workload (the paper's Figures 26 and 27).** Processors used by
# the chosen level's guest in the model (emulation plus CP time charged to it), from
# `overcommit.sweep()`, same views and controls as the throughput figure. The paper states no
# CPU numbers for constrained runs of this workload, only trends (section "Java workload",
# CPU usage analysis, of {cite:t}`johanssen2014overcommit`).
# ```
#
# In the model a guest's CPU load is its throughput times its CPU per unit of work, plus CP
# time for its page faults, so these charts repeat the throughput charts in processors. The medium guest uses {glue:text}`jv-cpu-m-ref` processors in the reference run,
# {glue:text}`jv-cpu-m-512-20` with 20 CPUs, {glue:text}`jv-cpu-m-512-15` with 15,
# {glue:text}`jv-cpu-m-512-10` with 10 and {glue:text}`jv-cpu-m-512-5` with 5 (all at 512 GiB):
# proportional to the water level, hence to the real CPUs, from 20 CPUs down. The paper saw a
# load that hardly moved down to 15 CPUs and then fell *more* than in proportion, more so for
# the medium level. The model's load from 15 to 10 CPUs falls to {glue:text}`jv-cpu-ratio-10-15`
# of its value, a little more than in proportion (0.67), because guests that want less than
# the water level keep what they use and the others share the rest; but its decline begins at
# 20 CPUs, and the two levels decline alike.
#
# The paper also saw the CPU load fall only a little below 112 GiB while the throughput fell
# considerably: the real Java spent more CPU per transaction under memory pressure (more
# garbage collection, more fault handling). In the model the CPU per transaction is fixed, so
# the CPU load falls with the throughput: at 20 CPUs
# the medium guest goes from {glue:text}`jv-cpu-m-512-20` at 512 GiB to
# {glue:text}`jv-cpu-m-64-20` at 64 GiB, {glue:text}`jv-cpu-m-drop-6420` less.
#
# ## Where the Java pages are (Figure 28)
#
# The paper shows the page distribution of both Java levels for 64/20 only; the model can do it
# for any run. Pick the environment and the configuration.

# %% tags=["remove-input"]
figures_workload.pages_chart(gframe, KEY)

# %% tags=["remove-cell"]
j6420 = gframe[(gframe.env == "zvm63-edev") & (gframe.cid == "64/20")].set_index("guest")
for v in LEVELS:
    glue(f"jv-res-pct-{SHORT[v]}", f"{j6420.loc[v, 'resident_pct']:.0f} %", display=False)
    glue(f"jv-pin-{SHORT[v]}", f"{j6420.loc[v, 'paged_in_pct_s']:.3f} %", display=False)
    glue(f"jv-share-{SHORT[v]}", f"{j6420.loc[v, 'read_share_pct']:.1f} %", display=False)
    glue(f"jv-reads-{SHORT[v]}", f"{j6420.loc[v, 'page_read_mib_s']:.1f}", display=False)
    glue(f"jv-stored-{SHORT[v]}", f"{j6420.loc[v, 'stored']:,.0f}", display=False)
    glue(f"jv-inst-{SHORT[v]}", f"{j6420.loc[v, 'instantiated']:,.0f}", display=False)
    glue(f"jv-resmib-{SHORT[v]}", f"{j6420.loc[v, 'resident']:,.0f}", display=False)
sys_reads = float(obs.loc["o000-sys-pr", "value"])
for v, oid in (("java-medium", "o000-jm-pr-share"), ("java-high", "o000-jh-pr-share")):
    glue(f"jv-paper-reads-{SHORT[v]}", f"{float(obs.loc[oid, 'value']) / 100 * sys_reads:.1f}", display=False)
for v, oid in (("java-medium", "o000-jm-pr-share"), ("java-high", "o000-jh-pr-share")):
    ratio = j6420.loc[v, "page_read_mib_s"] / (float(obs.loc[oid, "value"]) / 100 * sys_reads)
    glue(f"jv-reads-ratio-{SHORT[v]}", f"{100 * ratio:.0f} %", display=False)
glue("jv-model-sys-reads", f"{r6420.system['page_read_mib_s']:.0f}", display=False)
glue("jv-paper-sys-reads", f"{sys_reads:.0f}", display=False)
rt = figures_java.residency_table()
tg = {}
for v in LEVELS:
    for src in ("paper", "model"):
        glue(f"jv-T-{SHORT[v]}-{src}", f"{rt.loc[(v, src), 'implied characteristic time T (s)']:.0f}", display=False)
        glue(f"jv-touch-{SHORT[v]}-{src}", f"{rt.loc[(v, src), 'implied touch interval (s)']:.0f}", display=False)
    glue(f"jv-Tg-{SHORT[v]}", f"{rt.loc[(v, 'model'), figures_java.TG_COLUMN]:.0f}", display=False)
    glue(f"jv-paper-res-{SHORT[v]}", f"{obs.loc[f'o000-j{SHORT[v]}-res-frac', 'value']:.0f} %", display=False)
    w_g = float(replacement.reclaim_weights([table17[v].touched_mib], oc.model.environment("zvm63-edev").reclaim_exponent)[0])
    glue(f"jv-w-{SHORT[v]}", f"{w_g:.2f}", display=False)
    tg[v] = w_g * float(r6420.system["characteristic_time_s"])
glue("jv-beta", f"{oc.model.environment('zvm63-edev').reclaim_exponent:.1f}", display=False)
glue("jv-sref", f"{inspect.signature(replacement.reclaim_weights).parameters['reference_mib'].default / 1024:g}",
     display=False)
# the paper's high-level resident share, kept at the model's own reclaim time of that guest:
# h fixes λT (implied_clock_time), so λ = (T_paper / touch_paper) / T_g
h_paper = float(obs.loc["o000-jh-res-frac", "value"]) / 100
glue("jv-paper-pin-h", f"{obs.loc['o000-jh-pin-frac', 'value']:g} %", display=False)
t_p, touch_p = figures_java.implied_clock_time(h_paper, float(obs.loc["o000-jh-pin-frac", "value"]) / 100)
lam_need = t_p / touch_p / tg["java-high"]
glue("jv-need-touch-h", f"{1 / lam_need:.0f}", display=False)
glue("jv-need-pin-h", f"{100 * lam_need * (1 - h_paper) / h_paper:.2f} %", display=False)
j9620 = gframe[(gframe.env == "zvm63-edev") & (gframe.cid == "96/20")].set_index("guest")
for v in LEVELS:
    glue(f"jv-skew-{SHORT[v]}", f"{table17[v].skew:.2f}", display=False)
    glue(f"jv-res96-{SHORT[v]}", f"{j9620.loc[v, 'resident_pct']:.0f} %", display=False)
others = [g for g in table17 if g == "db-bi" or g.startswith("net-")]
glue("jv-skew-others", f"{min(table17[g].skew for g in others):.1f}", display=False)

# %% [markdown]
# ```{container} oc-caption
# **Figure: page distribution and page reads of the Java guests (the paper's Figure 28).**
# Model values from `overcommit.simulate(cid, env=...).guests` via
# `figures_workload.guest_frame("java")`. Resident: in real memory; stored: on the paging
# devices (a page can be in both places after it was read back and not changed); instantiated:
# touched by the guest during the run; reference instantiated: touched in the reference run;
# expanded storage (z/VM 6.2 only). Right: each guest's page read rate. The paper's values at
# 64/20: 91 % (medium) and 85 % (high) of the instantiated memory resident, 5 % and 4.6 % of
# the DPA, 5.7 % and 17.2 % of all page reads, 0.15 % and 0.5 % of the resident memory paged in
# per second (section "Java workload", memory usage at CID 64/20, of
# {cite:t}`johanssen2014overcommit`).
# ```
#
# The paper's Java has an unusual profile: most of its heap is resident, and yet it reads pages
# back at a high rate, a quarter of all page reads of the system for two guests of 4 GiB. Its
# explanation is the garbage collector: `optthruput` walks the whole heap at every collection,
# so every page is needed again soon, and any page that z/VM has taken away is faulted straight
# back in. The model represents this as memory with almost no popularity skew (fitted
# {glue:text}`jv-skew-m` and {glue:text}`jv-skew-h`, against {glue:text}`jv-skew-others` and
# more for the database and the network guests): every page of the heap is referenced at about the same
# rate. The page distribution shows the consequence of the paper's "resident plus stored is
# much more than instantiated": the model's medium guest at 64/20 has
# {glue:text}`jv-resmib-m` MiB resident and {glue:text}`jv-stored-m` MiB stored of
# {glue:text}`jv-inst-m` MiB instantiated, because a page that is read back and not changed
# keeps its copy on the paging device.
#
# The model's numbers are of the right kind, but split differently between the levels. At
# 64/20 it keeps {glue:text}`jv-res-pct-m` (medium) and {glue:text}`jv-res-pct-h` (high)
# resident, against the paper's {glue:text}`jv-paper-res-m` and {glue:text}`jv-paper-res-h`,
# and reads {glue:text}`jv-reads-m` and {glue:text}`jv-reads-h` MiB/s, where the paper's shares
# of its {glue:text}`jv-paper-sys-reads` MiB/s come to about {glue:text}`jv-paper-reads-m` and
# {glue:text}`jv-paper-reads-h`: the medium level reads too much, the high level too little and
# keeps too little resident. In the model a guest that touched `S_g` ages its pages for its own
# reclaim time `T_g = T (S_g / S_ref)^β`, with `S_ref` = {glue:text}`jv-sref` GiB and β fitted
# to {glue:text}`jv-beta` ({doc}`replacement`). If every page of a heap is touched independently
# at one rate λ, its resident share is `h = h(λT_g)` and it reads `λ(1 − h)` of its size per
# second; given both, λ and `T_g` follow (`figures_java.implied_clock_time`):

# %% tags=["remove-input"]
rt.astype(object).where(rt.notna(), "–")

# %% [markdown]
# ```{container} oc-caption
# **Table: what the resident share and the page-in rate imply for a uniformly touched heap at
# 64/20.** For the paper's numbers (section "Java workload", memory usage at CID 64/20, of
# {cite:t}`johanssen2014overcommit`) and the model's, the interval between two touches of a
# page (1/λ) and the characteristic time of CLOCK replacement that together give that resident
# share and page-in rate; last column, the model's own reclaim time `T_g` of the guest
# (`overcommit.simulate("64/20").system["characteristic_time_s"]` times the guest's weight
# `overcommit.replacement.reclaim_weights`). Computed by `figures_java.residency_table`.
# ```
#
# On the model's numbers the inversion returns about each guest's own `T_g`
# ({glue:text}`jv-T-m-model` and {glue:text}`jv-T-h-model` s against {glue:text}`jv-Tg-m` and
# {glue:text}`jv-Tg-h` s), so the uniform-heap picture describes the model's Java well. On the
# paper's numbers it gives {glue:text}`jv-T-m-paper` s (medium) and {glue:text}`jv-T-h-paper` s
# (high). The model cannot give two guests of the same size such different times: `T_g`
# depends on size only, which helps where sizes differ, as for the small web servers beside
# their WebSphere guests ({doc}`results_was`), but ages both Java heaps for about
# {glue:text}`jv-w-m` of the global `T` ({glue:text}`jv-T-6420` s). At its `T_g` the high level
# would keep the paper's {glue:text}`jv-paper-res-h` resident if each page were touched every
# {glue:text}`jv-need-touch-h` s, but would then page in only {glue:text}`jv-need-pin-h` of its
# resident memory per second, not {glue:text}`jv-paper-pin-h`; the fit kept the page-in rate
# and gave up the resident share. Independent references are the model's assumption, not the
# collector's: `optthruput` sweeps the heap in cycles, and a cyclic pattern does not tie
# residency to page-in through `h(λT_g)`. Whether it would give the paper's numbers is
# untried. At 96/20 the model's Java still keeps {glue:text}`jv-res96-m` and
# {glue:text}`jv-res96-h` of its heap resident: the knee one step too low.
#
# To hit the two losses at 64/20 the fit set the high level's `blocking` share
# ({glue:text}`jv-blocking-h`) above the medium level's ({glue:text}`jv-blocking-m`);
# {ref}`results_java-ex-blocking` shows how much of the difference the second virtual CPU
# explains on its own.
#
# ## Paper against model
#
# Every number the paper gives for one configuration of this workload, beside the model's. The
# column *use* keeps calibration and validation apart: *fitted* rows are calibration targets
# of `overcommit.calibrate` (64/20 on z/VM 6.3 EDEV-SCSI), *in-sample* rows come from the
# calibration run and follow from fitted numbers; only *validation* rows would test the model,
# and the paper gives none for a single configuration of the Java workload.

# %% tags=["remove-input"]
figures_workload.paper_vs_model(KEY).drop(columns=["source"])

# %% tags=["remove-cell"]
pvm = figures_workload.paper_vs_model(KEY)
fitted = pvm[pvm["use"] == "fitted"]
glue("jv-fitted-missed", f"{int((fitted['verdict'] == '✗').sum())} of {len(fitted)}", display=False)
for v in LEVELS:
    glue(f"jv-dpa-{SHORT[v]}", f"{float(pvm.loc[f'o000-j{SHORT[v]}-dpa', 'model']):.1f} %", display=False)
    glue(f"jv-prshare-{SHORT[v]}", f"{float(pvm.loc[f'o000-j{SHORT[v]}-pr-share', 'model']):.0f} %", display=False)
    glue(f"jv-users-{SHORT[v]}", f"{study_variants()[v].users:.0f}", display=False)
glue("jv-think", f"{100 * study_variants()['java-medium'].think_frac:.0f} %", display=False)
glue("jv-ppio", f"{paging.PagingConfig.from_data(oc.model.environment('zvm63-edev').paging_kind).pages_per_io:.0f}",
     display=False)

# %% [markdown]
# Source: {cite:t}`johanssen2014overcommit`, section "Java workload" (memory usage and paging at
# CID 64/20, and its conclusions). The two throughput losses match exactly, and **that proves
# nothing**: the fit chose each level's `blocking` share so that the model loses 45 % and 26 %
# at 64/20. Of the resident and page-read shares it also aimed at, it misses the high level's
# share of the DPA ({glue:text}`jv-dpa-h`) and the medium level's share of the page reads
# ({glue:text}`jv-prshare-m`): {glue:text}`jv-fitted-missed` fitted rows are misses, for the
# reason of the previous section (one reclaim time for two heaps of the same size).
#
# The claims for this workload:

# %% tags=["remove-input"]
claims

# %% [markdown]
# Source: {cite:t}`johanssen2014overcommit`, section "Java workload", observations and CID 64/20
# conclusions. The two throughput targets pass by construction; the resident target
# `java-resident-6420` ({glue:text}`jv-claim-resident`) fails for the high level (previous
# sections). All three validation claims fail:
#
# - `java-above-ref` ({glue:text}`jv-claim-above` at best): the model's reference run is
#   unconstrained, so nothing can exceed it (section "Why the model cuts Java when CPUs are
#   short").
# - `java-knee` ({glue:text}`jv-claim-knee`): with 15 CPUs the CPU cut hides the memory loss,
#   because the model's Java runs at the lower of two ceilings (section "Two ceilings, not a
#   product").
# - `java-cpus` ({glue:text}`jv-claim-cpus`): water-filling gives every guest above the level the
#   same CPU per share, and Java asked for the most per share (section "Why the model cuts Java
#   when CPUs are short").
#
# ## What the mechanism is
#
# In the model's terms:
#
# - **Driver.** Each level is a closed loop of a few threads ({glue:text}`jv-users-m`, an
#   assumption in `data/variant_drivers.csv`) that compute almost all the time
#   ({glue:text}`jv-think` waiting). A paging I/O (a block of {glue:text}`jv-ppio` pages) stalls
#   the thread that faulted for the paging devices' response time, and the fitted `blocking`
#   share of that stall (`data/calibrated_parameters.csv`) also holds the virtual CPU, standing
#   for the stop-the-world collections of `optthruput`.
# - **Residency.** The heap is touched almost uniformly and independently (low fitted skew,
#   nearly all of the memory active, `data/guest_behaviour.csv` and
#   `data/calibrated_parameters.csv`); under global CLOCK replacement ({doc}`replacement`) its
#   pages age for the guest's own reclaim time `T_g`, about {glue:text}`jv-w-m` of the
#   {term}`DPA`'s characteristic time for a Java guest, which decides how much of it stays.
# - **Processors.** Share-based {term}`water-filling` with 100 shares per virtual CPU
#   ({doc}`shares`); the guest can use at most its virtual CPUs minus the blocked time.
#
# **What the model reproduces:** a steep loss once the heap no longer fits, larger for the
# one-CPU level (fitted at 64/20, and the same order at 48/20: {glue:text}`jv-m-48-20` against
# {glue:text}`jv-h-48-20`); a mostly resident heap with many pages both in memory and on the
# paging devices. **What it misses:** Java's resilience to fewer CPUs (the paper's Java kept or
# beat its reference with 15 CPUs, the model's loses almost half), the memory loss at every CPU
# count, the position of the knee (the model's between 96 and 64 GiB, the paper's between 112
# and 96), and how Java's paging splits between the levels (at 64/20 the model reads
# {glue:text}`jv-reads-ratio-m` (medium) and {glue:text}`jv-reads-ratio-h` (high) of the paper's
# page reads, and the high level keeps {glue:text}`jv-res-pct-h` resident, not
# {glue:text}`jv-paper-res-h`).
#
# ## Try any host
#
# The chart below shows the two Java levels at any host of a dense grid: its sliders choose real
# memory from 16 to 512 GiB in steps of 8 GiB and 1 to 25 real CPUs, on any of the three
# environments. Its title says whether the paper ran that host or the numbers are the
# model's alone ("model only").

# %% tags=["remove-input"]
figures_workload.any_cid_chart(KEY)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the two Java levels at any host.** Top: relative throughput at the chosen host, each variant
# against its own reference run (red if it fails in the model); the title names the host
# and whether the paper ran it, and below the bars are its overall throughput and page
# reads. Bottom: their mean relative throughput as memory
# shrinks at the chosen CPUs, the chosen memory marked by a dark grey line. The runs behind it are
# computed when the book is built and loaded from one shared file.
# ```
#
# In Jupyter, the explorer below runs the model for any memory size, CPU count and environment
# and shows both Java levels' throughput (each against its own reference) and their pages.

# %% tags=["remove-input"]
explorer(
    lambda memory_gib, cpus, env: figures_workload.explorer_chart(KEY, memory_gib, cpus, env),
    **host_controls(memory_gib=64, cpus=20, max_cpus=40),
)

# %% [markdown]
# ```{container} oc-caption
# **Explorer: the Java workload on any host.** `overcommit.simulate((memory, cpus), env=...)`
# for the chosen host. Top: each Java level's relative throughput against its own reference
# (red if it fails in the model). Bottom: the Java guests' resident, stored, instantiated and
# reference instantiated memory.
# ```
#
# ## Exercises


# %% tags=["remove-cell"]
read_check = checks.get("results_java-ex-read").values
glue("jv-ex-read-m", read_check["medium"], display=False)
glue("jv-ex-read-h", read_check["high"], display=False)

# %% tags=["remove-cell"]
q = {}
for v in LEVELS:
    q[(v, "hi")] = planning.memory_break_point(v, 0.75, 15, baseline="hi")
    q[(v, "ref")] = planning.memory_break_point(v, 0.75, 15)
    glue(f"jv-ex-q-hi-{SHORT[v]}", "None" if q[(v, "hi")] is None else f"{q[(v, 'hi')]:.0f}", display=False)
    glue(f"jv-ex-q-ref-{SHORT[v]}", f"{q[(v, 'ref')]:.0f}", display=False)
    glue(f"jv-ex-q-level-{SHORT[v]}", f"{0.75 * planning.throughput(v, 512, 15):.2f}", display=False)
    glue(f"jv-ex-q20-hi-{SHORT[v]}", f"{planning.memory_break_point(v, 0.75, 20, baseline='hi'):.0f}", display=False)
glue("jv-ex-h-48-15", f"{planning.throughput('java-high', 48, 15):.2f}", display=False)
glue("jv-ex-h-24-15", f"{planning.throughput('java-high', 24, 15):.2f}", display=False)
glue("jv-ex-min-mem", f"{planning.MIN_MEMORY_GIB:g}", display=False)
glue("jv-ex-h-min-15", f"{planning.throughput('java-high', planning.MIN_MEMORY_GIB, 15):.2f}", display=False)

variants = study_variants()
same = dict(variants)
same["java-high"] = dataclasses.replace(variants["java-high"], blocking=variants["java-medium"].blocking)
r_same = oc.simulate("64/20", variants=same)
glue("jv-ex-same-h", f"{r_same.workloads.loc['java-high', 'relative_throughput']:.2f}", display=False)
glue("jv-ex-same-h-loss", f"{100 * (1 - r_same.workloads.loc['java-high', 'relative_throughput']):.0f} %", display=False)
glue("jv-ex-same-m", f"{r_same.workloads.loc['java-medium', 'relative_throughput']:.2f}", display=False)
glue("jv-ex-same-blocked-h", f"{r_same.guests.loc['java-high', 'blocked_vcpus']:.2f}", display=False)
glue("jv-ex-same-blocked-m", f"{r_same.guests.loc['java-medium', 'blocked_vcpus']:.2f}", display=False)

for v in LEVELS:
    glue(f"jv-ex-cpus-512-{SHORT[v]}", str(planning.cpus_needed(v, 0.9, 512)), display=False)
    n64 = planning.cpus_needed(v, 0.9, 64)
    glue(f"jv-ex-cpus-64-{SHORT[v]}", "None" if n64 is None else str(n64), display=False)
glue("jv-ex-m-64-40", f"{planning.throughput('java-medium', 64, 40):.2f}", display=False)

t_h, touch_h = figures_java.implied_clock_time(0.85, 0.005)
glue("jv-ex-T-h", f"{t_h:.0f}", display=False)
glue("jv-ex-touch-h", f"{touch_h:.0f}", display=False)
glue("jv-ex-T-half", f"{figures_java.implied_clock_time(0.85, 0.0025)[0]:.0f}", display=False)

# %% [markdown]
# :::{exercise}
# :label: results_java-ex-quarter
# :class: oc-where-jupyter
# At which real memory size does the model's Java lose a quarter of its throughput with 15
# real CPUs? Answer for both levels with `overcommit.planning.memory_break_point(variant, 0.75,
# 15, baseline="hi")`, which measures the loss against what the level achieves at 512 GiB with
# the same CPUs, and then with the default `baseline="reference"`, which measures against the
# unconstrained reference. Explain both answers, and why the high level has no first answer.
# :::
#
# :::{solution} results_java-ex-quarter
# :class: dropdown
# Against 512 GiB with 15 CPUs (the level to stay above is {glue:text}`jv-ex-q-level-m` for the
# medium and {glue:text}`jv-ex-q-level-h` for the high level), the medium level crosses at about
# {glue:text}`jv-ex-q-hi-m` GiB; for the high level the function returns
# {glue:text}`jv-ex-q-hi-h`: it never loses a quarter, down to the {glue:text}`jv-ex-min-mem` GiB
# the scan tries.
# Against the reference, both answers are {glue:text}`jv-ex-q-ref-m` GiB: the function returns
# its upper bound `hi` when the variant is below the level there already, and with 15 CPUs the
# water-filling alone takes more than a quarter of Java's throughput, whatever the memory. The
# question only makes sense as "a quarter of what it had", and memory is then the smaller
# problem. The high level holds out because it runs at the lower of two ceilings (section "Two
# ceilings, not a product"): its CPU share at 15 CPUs is so low that its two virtual CPUs can
# absorb a lot of blocked time, and slower guests everywhere slow the turnover of the DPA; it
# still runs at {glue:text}`jv-ex-h-48-15` at 48 GiB, {glue:text}`jv-ex-h-24-15` at 24 GiB and
# {glue:text}`jv-ex-h-min-15` at {glue:text}`jv-ex-min-mem` GiB, far below any host the paper
# tried.
# The medium level has one virtual CPU, and its memory ceiling crosses its CPU share near
# 64 GiB. For comparison, with 20 CPUs the answers are {glue:text}`jv-ex-q20-hi-m` and
# {glue:text}`jv-ex-q20-hi-h` GiB. In the paper, Java lost considerably at 96 GiB or less with
# any number of CPUs; the model's answers with 15 CPUs are a consequence of the missing
# `java-knee`.
# :::
#
# :::{exercise}
# :label: results_java-ex-blocking
# :class: oc-where-jupyter
# The fit gave the two Java levels different `blocking` shares. Give the high level the medium
# level's share and run 64/20 again:
#
# ```python
# import dataclasses
# from overcommit.workloads import study_variants
# v = study_variants()
# same = dict(v)
# same["java-high"] = dataclasses.replace(
#     v["java-high"], blocking=v["java-medium"].blocking)
# r = oc.simulate("64/20", variants=same)
# r.workloads.loc[["java-medium", "java-high"]]
# ```
#
# How much does the high level lose now? How much of the difference between the paper's 45 %
# and 26 % does the second virtual CPU explain on its own?
# :::
#
# :::{solution} results_java-ex-blocking
# :class: dropdown
# The high level keeps {glue:text}`jv-ex-same-h`, a loss of {glue:text}`jv-ex-same-h-loss`
# instead of 26 %; the medium level keeps {glue:text}`jv-ex-same-m` (its own share did not
# change). Both guests then hold a similar amount of virtual CPU in stalls
# ({glue:text}`jv-ex-same-blocked-m` and {glue:text}`jv-ex-same-blocked-h`): about half of the
# medium level's only virtual CPU, about a quarter of the high level's two. So the second
# virtual CPU alone makes the high level lose much less than the medium one, as the paper
# suggests, and even *less* than the paper's 26 %: the fit raised the high level's blocking
# share to make it lose as much as it did, a fitted number, not an explanation.
# :::
#
# :::{exercise}
# :label: results_java-ex-cpus
# :class: oc-where-jupyter
# How many real CPUs does the model's Java need to keep 90 % of its reference throughput with
# 512 GiB, and how many with 64 GiB? Use `overcommit.planning.cpus_needed(variant, 0.9,
# memory_gib)`. What does the answer for 64 GiB say about the paper's advice to add real CPUs
# temporarily when Java passes its break point?
# :::
#
# :::{solution} results_java-ex-cpus
# :class: dropdown
# With 512 GiB: {glue:text}`jv-ex-cpus-512-m` CPUs for the medium and
# {glue:text}`jv-ex-cpus-512-h` for the high level, because the whole study needs about
# {glue:text}`jv-total-demand` processors and Java is cut with anything less. With 64 GiB: {glue:text}`jv-ex-cpus-64-m`
# (medium) and {glue:text}`jv-ex-cpus-64-h` (high), `None` meaning that no number of CPUs up to
# 64 is enough; even with 40 CPUs the medium level keeps only {glue:text}`jv-ex-m-64-40`. At
# 64 GiB the model's Java is limited by its own virtual CPUs, which are held by page-fault
# stalls, and more real CPUs cannot shorten a stall. In the model, extra CPUs help Java only
# where the CPU share is the lower ceiling, i.e. where memory is not the problem. The paper
# recommends adding CPUs when Java degrades; since its Java was hurt by memory at every CPU
# count, neither the paper nor the model shows that this would have helped.
# :::
#
# :::{exercise}
# :label: results_java-ex-clock
# :class: oc-where-browser
# The paper's high Java level kept 85 % of its heap resident and paged in 0.5 % of its
# resident memory per second at 64/20. What characteristic time and touch interval does this
# imply for a uniformly touched heap under CLOCK? Read them off the table in "Where the Java
# pages are" (the paper's row for `java-high`), or call
# `figures_java.implied_clock_time(0.85, 0.005)`. Then halve the page-in rate: what changes?
# What would the model need in order to match the paper?
# :::
#
# :::{solution} results_java-ex-clock
# :class: dropdown
# `implied_clock_time(0.85, 0.005)` gives a characteristic time of about
# {glue:text}`jv-ex-T-h` s and a touch interval of about {glue:text}`jv-ex-touch-h` s. The
# resident share fixes `λT` (the product), so halving the page-in rate halves λ and doubles
# `T` (about {glue:text}`jv-ex-T-half` s). The paper's medium level, of the same size, implies
# {glue:text}`jv-T-m-paper` s, but in the model both guests' pages age for about the same time
# at 64/20 ({glue:text}`jv-Tg-m` and {glue:text}`jv-Tg-h` s), since `T_g` depends on size only.
# Under independent references no `T` and no β fits both levels; it would take another
# reference pattern for the heap, such as the collector's cyclic sweep.
# :::
#
# :::{exercise}
# :label: results_java-ex-read
# :class: oc-where-browser
# In the throughput figure, pick z/VM 6.3 with EDEV-SCSI paging and look at the 20-CPU line.
# How much of its own reference throughput does each Java level keep at 64 GiB? (The
# `java-medium` curve is drawn on the paper's scale; hover over the point for the value
# against its own reference.) Answer as two numbers: medium, high. Which of the paper's
# statements are these two numbers fitted to, and what does that mean for how much they tell
# you about the model?
#
# <div class="oc-selfcheck" data-check="results_java-ex-read"></div>
# :::
#
# :::{solution} results_java-ex-read
# :class: dropdown
# The medium level keeps {glue:text}`jv-ex-read-m` and the high level
# {glue:text}`jv-ex-read-h`. They are the paper's CID 64/20 conclusions on Java (losses of
# about 45 % and 26 %), which the calibration fitted the Java `blocking` shares to
# ({doc}`results_model`): that the model matches them shows the fit worked, not that the
# model predicts. The knee between 112 and 96 GiB and the CPU dependence are what test it.
# :::

# %% tags=["remove-cell"]
SEED = 101
seeded = exercises.generate("results_java", seed=SEED)
glue("java-seeded-q", Markdown(seeded.question), display=False)
glue("java-seeded-a", Markdown(seeded.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_java-ex-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* Each seed picks a level, an environment and a cut, of memory or of CPUs, and asks what Java keeps. This is
# the question for seed 101:
#
# ```{glue:md} java-seeded-q
# :format: myst
# ```
#
# Type another seed in the box to get another question; the throughput figure on this page has every value
# you need. In a notebook: `exercises.generate("results_java", seed=...)` and
# `exercises.check("results_java", seed=..., answer=...)`.
#
# <div class="oc-selfcheck" data-topic="results_java" data-seed="101"></div>
# :::
#
# :::{solution} results_java-ex-seeded
# :class: dropdown
#
# The worked answer for seed 101 (for another seed, `exercises.generate("results_java",
# seed=...).solution`):
#
# ```{glue:md} java-seeded-a
# :format: myst
# ```
# :::
