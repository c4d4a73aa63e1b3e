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
# # The network workload
#
# The smallest guests of the study do nothing but move data between each other. The network
# workload runs the uperf benchmark as client/server pairs: many client processes, each talking
# to a server process over its own TCP connection, and the metric is the data exchange rate
# summed over all processes {cite:p}`johanssen2014overcommit`. It runs at two levels, each a
# pair of small {term}`guests <guest>` joined by a virtual network: at the *medium* level the
# client and the server have one {term}`virtual CPU` each, at the *high* level two. In the
# reference run the guests touched only a fraction of their memory and kept their virtual CPUs
# busy. uperf drops what it receives, so the numbers measure the cost of moving data between
# virtual systems, not of doing anything with it.
#
# This chapter redraws the paper's Figures 29 to 34 from the model: throughput and CPU load of
# both levels over the whole grid of configurations, and where the guests' pages are. The
# figures themselves are lost from our copy of the paper; its text survives, and wherever it
# gives a number, the number is drawn beside the model's.
#
# ## What the paper found
#
# All on z/VM 6.3 with EDEV-SCSI paging ({cite:t}`johanssen2014overcommit`, section "Network
# workload"):
#
# - **Processors decide.** Throughput followed the number of real CPUs and hardly moved with
#   memory; with 20 CPUs both levels lost a little as memory shrank (workload analysis).
# - **The two levels reacted to fewer CPUs in opposite ways.** The two-CPU pair fell to about
#   {glue:text}`net-p-high-15` of its reference with 15 CPUs; the one-CPU pair stayed at or
#   above its reference with 15 or more CPUs and fell only with 10 or fewer (workload analysis).
# - **The servers used a little more CPU than the clients**, and the medium level's CPU load
#   hardly depended on memory (CPU usage analysis).
# - **Small, busy memory.** At 64/20 only {glue:text}`net-p-res` of what the guests touched
#   was resident, and their paging was negligible: a few small buffers, allocated once and
#   reused for every message (memory usage at CID 64/20).
#
# ## What the model says, and why
#
# - **Processors decide** in the model too, through share-based water-filling ({doc}`shares`):
#   when CPUs are short, every guest that wants more than the run's *water level* gets exactly
#   that level per share. A pair runs as fast as its server allows, so its throughput is the
#   water level divided by what its server asked for per share (for the high level also by its
#   spinning, next point): at 512 GiB the high level runs
#   at {glue:text}`net-high-x-512-20`, {glue:text}`net-high-x-512-15`,
#   {glue:text}`net-high-x-512-10` and {glue:text}`net-high-x-512-5` of its reference with 20,
#   15, 10 and 5 CPUs, about in proportion to the CPUs.
# - **The high level's guests also spin.** Their two virtual CPUs wait for each other, and when
#   every real CPU is busy z/VM preempts virtual CPUs at the end of their time slice; a virtual
#   CPU that needs its preempted sibling then burns CPU spinning until the sibling runs again
#   (lock-holder preemption, {doc}`shares`). At 512/15 the high server needs
#   {glue:text}`net-spin-512-15` times its reference CPU per unit of work, so with 15 CPUs the
#   high level falls further than the medium one ({glue:text}`net-high-x-512-15` against
#   {glue:text}`net-medium-x-512-15`), as in the paper, but not as far as the paper's about
#   {glue:text}`net-p-high-15`. The medium level's one-CPU guests never spin.
# - **Memory reaches the network guests only through their neighbours.** They barely page
#   themselves (their hot pages stay resident under page replacement, {doc}`replacement`), so
#   memory matters only through the CPU the paging guests leave behind or CP's paging work
#   takes, and through how often every real CPU is busy: with 20 CPUs the medium level loses a
#   little down to 64 GiB and the high level gains a little, and both gain at 48/20.
# - **Where it misses.** The medium level is cut like every other CPU-hungry guest, and neither
#   pair can exceed its reference in the model. The paper's one-CPU pair stayed at or above its
#   reference with 15 CPUs, plausibly through dispatch delay, which a long-run share model does
#   not have; a fluid share model at Table 17's fixed costs cannot reach the paper's 512/15 at
#   all ({doc}`results_model`). So in the model the two levels fall together, the high one
#   faster but not as far as the paper's. Of the paper's {glue:text}`net-claims-n` claims for
#   this workload, {glue:text}`net-claims-pass` hold, both where processors decide. Besides the
#   two 15-CPU claims, the misses concern memory: with 20 CPUs the high level gains a little as
#   memory shrinks, where the paper's lost, and its CPU load falls by less than a claimed
#   direction needs; with 15 CPUs it gets neither throughput nor CPU load back at 96 GiB or less.
#   The last section, "How these numbers are made, and why the model misses", and
#   {doc}`results_model` have the detail.

# %% tags=["remove-cell"]
import math

import pandas as pd
from IPython.display import Markdown
from overcommit.book import glue, reference

import overcommit as oc
from overcommit import calibrate, data, planning, replacement
from overcommit import claims as claimdefs
from overcommit.model import fitted_reclaim_exponent
from overcommit import exercises
from overcommit.exercises import checks
from overcommit.book import figures_net
from overcommit.book import figures_results
from overcommit.book import figures_workload
from overcommit.book.explore import explorer, host_controls
from overcommit.workloads import HOT_CORE_MIB, IDLE_RATE_PER_S, scaled_shares, study_guests

pd.set_option("display.max_colwidth", 120)
KEY = "net"
results = oc.sweep()
vframe = figures_workload.variant_frame(KEY, results)
gframe = figures_workload.guest_frame(KEY)
sframe = figures_net.share_frame()
levels = figures_net.water_levels()
edev = vframe[vframe["env"] == "zvm63-edev"]
lv = levels[levels["env"] == "zvm63-edev"].set_index("cid")
sh = sframe[sframe["env"] == "zvm63-edev"].set_index(["cid", "guest"])
table17 = {g.name: g for g in study_guests()}


for cid in ("512/20", "256/20", "96/20", "64/20", "48/20", "512/15", "96/15", "64/15", "48/15", "512/10", "512/5"):
    for v in figures_net.VARIANTS:
        glue(f"{v}-x-{figures_workload.cid_tag(cid)}", f"{figures_workload.value(vframe, cid, v):.2f}", display=False)
# the small changes with memory at 20 CPUs need a third digit
for cid in ("512/20", "64/20", "48/20"):
    for v in figures_net.VARIANTS:
        glue(f"{v}-x3-{figures_workload.cid_tag(cid)}", f"{figures_workload.value(vframe, cid, v):.3f}", display=False)
scale = figures_workload.paper_scale(KEY)["net-medium"]
glue("net-scale", f"{100 * scale:.0f} %", display=False)
glue("net-medium-paper-512-20", f"{figures_workload.value(vframe, '512/20', 'net-medium', 'paper_view'):.2f}", display=False)
# the exercise results_net-ex-level computes the 512/15 level, the servers' demand per share and
# what the paper's 40 % would need once, for this page and the self-check
level = checks.get("results_net-ex-level").values
for cid in ("512/20", "64/20", "48/20", "48/15", "512/10"):
    glue(f"net-theta-{figures_workload.cid_tag(cid)}", f"{lv.loc[cid, 'water_level']:.3f}", display=False)
glue("net-theta-512-15", level["theta"], display=False)
glue("net-idle-48-20", f"{lv.loc['48/20', 'idle_cpu']:.2f}", display=False)
# 20 CPUs, 512 -> 64 GiB: the largest relative loss of either level, rounded up
loss64 = max(1 - figures_workload.value(vframe, "64/20", v) / figures_workload.value(vframe, "512/20", v) for v in figures_net.VARIANTS)
glue("net-loss-64-20", f"{math.ceil(1000 * loss64) / 10:.1f} %", display=False)
# where the water level's CPUs go at 20 CPUs: what the heavily paging guests stop using against
# 512/20, and what CP's system time and the idle real CPUs (fluctuation idle) take in addition
PAGING = ("db-bi", "java-medium", "java-high", "fs-pagecache-medium", "fs-pagecache-high")
run20 = {cid: oc.simulate(cid) for cid in ("512/20", "64/20", "48/20")}


def balance(cid, base="512/20"):
    a, b = run20[base], run20[cid]
    freed = float((a.guests["cpu_load"] - b.guests["cpu_load"])[list(PAGING)].sum())
    lost = lambda r: float(r.system["cp_system_cpu"] + r.system["idle_cpu"])  # noqa: E731
    return freed, lost(b) - lost(a)


for cid in ("64/20", "48/20"):
    freed, taken = balance(cid)
    # the prose: "most of it the Java guests"
    java = float((run20["512/20"].guests["cpu_load"] - run20[cid].guests["cpu_load"])[["java-medium", "java-high"]].sum())
    assert java > freed / 2, (cid, java, freed)
    glue(f"net-freed-{figures_workload.cid_tag(cid)}", f"{freed:.2f}", display=False)
    glue(f"net-taken-{figures_workload.cid_tag(cid)}", f"{taken:.2f}", display=False)
for cid in ("512/20", "64/20", "48/20"):
    glue(f"net-cp-idle-{figures_workload.cid_tag(cid)}", f"{run20[cid].system['cp_system_cpu']:.2f} and "
         f"{run20[cid].system['idle_cpu']:.2f}", display=False)
glue("net-idle-512-25", f"{lv.loc['512/25', 'idle_cpu']:.2f}", display=False)
# 15 CPUs, 512 -> 64 GiB: every real CPU stays busy, the high server spins as before, the paging
# guests free less CPU than CP's paging work takes, and the level falls
run15 = {cid: oc.simulate(cid) for cid in ("512/15", "96/15", "64/15")}
freed15 = float((run15["512/15"].guests["cpu_load"] - run15["64/15"].guests["cpu_load"])[list(PAGING)].sum())
cp15 = float(run15["64/15"].system["cp_system_cpu"] - run15["512/15"].system["cp_system_cpu"])
glue("net-freed-64-15", f"{freed15:.2f}", display=False)
glue("net-cp-more-64-15", f"{cp15:.2f}", display=False)
glue("net-theta-64-15", f"{lv.loc['64/15', 'water_level']:.3f}", display=False)
glue("net-spin-64-15", f"{run15['64/15'].guests.loc['net-high-server', 'spin_factor']:.3f}", display=False)
# the prose: every real CPU busy at least 99 % of the time, the spin within 1 % of 512/15, CP
# takes more than the paging guests free, the level falls, and the high pair's throughput and
# CPU load fall at 96 and 64 GiB (no regain)
assert min(r.system["all_cpus_busy"] for r in run15.values()) > 0.99
assert abs(run15["64/15"].guests.loc["net-high-server", "spin_factor"]
           / run15["512/15"].guests.loc["net-high-server", "spin_factor"] - 1) < 0.01
assert 0 < freed15 < cp15 and lv.loc["64/15", "water_level"] < lv.loc["512/15", "water_level"]
for m in ("96/15", "64/15"):
    for col in ("relative_throughput", "cpu_load"):
        assert run15[m].workloads.loc["net-high", col] < run15["512/15"].workloads.loc["net-high", col], (m, col)
# at 20 CPUs, by contrast, real CPUs stand idle more often at 64 GiB and the spin falls
assert run20["64/20"].system["all_cpus_busy"] < run20["512/20"].system["all_cpus_busy"] - 0.05
for g in ("net-medium-client", "net-high-client"):
    glue(f"{g}-d100", f"{100 * table17[g].cpu_load / table17[g].share:.3f}", display=False)
glue("net-medium-server-d100", level["d100_medium"], display=False)
glue("net-spin-512-15", level["spin"], display=False)
busy = {cid: oc.simulate(cid).system["all_cpus_busy"] for cid in ("512/25", "512/20", "64/20", "48/20", "512/15", "64/15")}
for cid, b in busy.items():
    glue(f"net-busy-{figures_workload.cid_tag(cid)}", f"{100 * b:.1f} %", display=False)
spin20 = {cid: oc.simulate(cid).guests.loc["net-high-server", "spin_factor"] for cid in ("512/20", "64/20", "48/20")}
for cid, f in spin20.items():
    glue(f"net-spin-{figures_workload.cid_tag(cid)}", f"{f:.3f}", display=False)
glue("net-coupling", f"{oc.workloads.study_variants()['net-high'].coupling:g}", display=False)
glue("net-high-server-d100", level["d100_high"], display=False)
glue("net-ex-level-x-medium", level["x_medium"], display=False)
glue("net-ex-level-x-high", level["x_high"], display=False)
nospin = float(level["theta"]) / float(level["d100_high"])
assert nospin > float(level["x_high"]) > data.observations().set_index("id").loc["o000-nh-15", "value"] / 100
glue("net-ex-level-nospin", f"{nospin:.2f}", display=False)
top = sframe.drop_duplicates("guest").sort_values("demand_per100", ascending=False)
glue("net-rank-medium", str(list(top["guest"]).index("net-medium-server") + 1), display=False)
glue("net-rank-high", str(list(top["guest"]).index("net-high-server") + 1), display=False)
cut15 = sh.loc["512/15"]
glue("net-cut-15", str(int(cut15["cut"].sum())), display=False)
glue("net-theta-paper", level["needed"], display=False)
glue("net-theta-paper-frac", level["needed_frac"], display=False)
nobs = data.observations().set_index("id")
glue("net-p-high-15", f"{nobs.loc['o000-nh-15', 'value']:g} %", display=False)
# the band of the paper's "about 40 %" (overcommit.claims.ABOUT): the model's 512/15 is above it
p_high = nobs.loc["o000-nh-15", "value"] / 100
glue("net-high-15-band", f"{p_high * (1 - claimdefs.ABOUT):.2f} to {p_high * (1 + claimdefs.ABOUT):.2f}", display=False)
assert figures_workload.value(vframe, "512/15", "net-high") > p_high * (1 + claimdefs.ABOUT)
_ = reference.glue_all()  # ref-guests: the guests of the study
glue("net-p-res", f"{float(nobs.loc['o000-n-res-frac', 'lower']):g} % to {float(nobs.loc['o000-n-res-frac', 'upper']):g} %",
     display=False)

# %% [markdown]
# ## Throughput over memory and CPUs (Figures 29 and 30)
#
# The paper drew the two levels differently. Figure 30 shows the high level against its own
# reference throughput, as for every other workload. Figure 29 shows the medium level against
# the *high* level's reference, so that the two levels share one scale; on it the medium
# level's own reference sits at about {glue:text}`net-scale`, because in the reference run the
# one-CPU pair moved about a third of what the two-CPU pair moved ({cite:t}`johanssen2014overcommit`,
# section "Network workload", observations). The chart follows the paper: for the medium level
# its values are the model's relative throughput multiplied by that ratio, for the high level
# the plain relative throughput. The model knows nothing of MiB/s, so the ratio is an input
# here, not a result. Hover over a point to see the value against the level's own reference
# too.

# %% tags=["remove-input"]
figures_workload.throughput_chart(vframe, KEY, "throughput")

# %% [markdown]
# ```{container} oc-caption
# **Figure: relative throughput of the network workload (the paper's Figures 29 and 30).** The
# model's values for every configuration of the study. For the high level 1.0 is its throughput
# in the reference run 512/25; the medium level is scaled to the high level's reference by the
# paper's ratio, so that its own reference is at {glue:text}`net-scale`. Dashed green line, in
# the colour of 15 CPUs (choose the high level): the paper's "about {glue:text}`net-p-high-15`"
# for every 15-CPU run ({cite:t}`johanssen2014overcommit`, section "Network workload",
# observations).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The chart's numbers are `figures_workload.variant_frame("net", oc.sweep())`; its column
# `paper_view` holds the medium level on the paper's scale.
# ````
#
# With 20 CPUs the medium level loses a little down to 64 GiB, by less than
# {glue:text}`net-loss-64-20` ({glue:text}`net-medium-x3-512-20` →
# {glue:text}`net-medium-x3-64-20`), while the high level gains a little
# ({glue:text}`net-high-x3-512-20` → {glue:text}`net-high-x3-64-20`), and at 48/20 both pairs
# *gain* ({glue:text}`net-high-x3-48-20` and {glue:text}`net-medium-x3-48-20`); the section on the
# water level below explains why. On the
# paper's scale the medium level runs at {glue:text}`net-medium-paper-512-20` at 512/20, below
# its reference line.
#
# ## The two levels side by side
#
# Both levels on their own reference scale. Choose a memory size; the paper's marks appear for
# z/VM 6.3 with EDEV-SCSI paging only, the environment it analysed in detail.

# %% tags=["remove-input"]
figures_net.levels_chart(vframe)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the medium and the high network level over real CPUs.** The model's values, each
# level against its own reference run. Paper: diamond, the high level at about
# {glue:text}`net-p-high-15` with 15 CPUs; triangles, the medium level at or above
# its reference with 15 and 20 CPUs except at 64 GiB (section "Network workload",
# observations, of {cite:t}`johanssen2014overcommit`). Which reference the paper compared
# the medium level with is not quite clear, because its Figure 29 uses the high level's scale;
# the triangles take the medium level's own reference.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_net.levels_chart(figures_workload.variant_frame("net", oc.sweep()))`.
# ````
#
# In the paper the lines cross: the two-CPU pair fell far below its reference as soon as
# processors were short, while the one-CPU pair kept up or did better; a workload limited by
# real CPUs, the medium level hit later. In the model both fall: with 20 and 15 CPUs the high
# pair is below the medium pair in every run, because its guests spin on preempted siblings;
# with 10 CPUs the two are about level, and with 5, where the high guests rarely have two
# virtual CPUs running at once, the high pair is slightly above. On z/VM 6.3 with EDEV-SCSI paging the medium pair never reaches
# its reference once CPUs are short.
#
# ## How the model cuts the two levels: the water level and spinning
#
# When the guests want more processors than there are, the model shares the real CPUs by
# {term}`water-filling` ({doc}`shares`): every guest that wants more than the *water level*
# times its {term}`relative share` gets exactly that. In the chart each row is a guest: the
# hollow circle its reference CPU (Table 17) per 100 shares, the filled circle its CPU in the
# chosen run, the dashed line the water level.

# %% tags=["remove-input"]
figures_net.share_chart(sframe, levels, default_cid="512/15")

# %% [markdown]
# ```{container} oc-caption
# **Figure: who the water-filling cuts.** For the chosen environment and configuration, the
# model's run: each guest's CPU load per 100 shares (filled)
# against its reference CPU load from the paper's Table 17 per 100 shares (hollow), and the run's
# water level. Guests on the dashed line are cut; guests left of it are satisfied or limited by
# their partner. The reference loads are the paper's {cite:p}`johanssen2014overcommit`.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_net.share_frame()` and `figures_net.water_levels()`, from `oc.simulate(cid, env=...).guests`.
# ````
#
# In the reference run 512/25 there is no water level: nobody is cut and
# {glue:text}`net-idle-512-25` real CPUs stand idle. With 15 CPUs at 512 GiB the level is
# {glue:text}`net-theta-512-15` CPUs per 100 shares, and {glue:text}`net-cut-15` of the
# {glue:text}`ref-guests`
# guests want more than that. Two facts of the study decide how hard the network pairs are hit:
#
# - **The shares follow the virtual CPUs.** The study gave every guest 100 shares per virtual
#   CPU (section "Assignment of relative shares to virtual systems"), so both network levels
#   are entitled to the same CPU *per virtual CPU*.
# - **The network guests kept their virtual CPUs busy.** Per 100 shares, the medium
#   server used {glue:text}`net-medium-server-d100` CPUs in the reference run and the medium
#   client {glue:text}`net-medium-client-d100`; the high server {glue:text}`net-high-server-d100`
#   and the high client {glue:text}`net-high-client-d100`. Ranked over all
#   {glue:text}`ref-guests` guests, the
#   medium server asks the most per share (rank {glue:text}`net-rank-medium`); the high server
#   is at rank {glue:text}`net-rank-high`.
#
# A client/server pair goes as fast as its slower member allows, and in the model that is the
# server, because it needs more CPU per unit of work. Once the level falls below what a server
# asks for, the pair's relative throughput is simply the level divided by the server's demand
# per share, divided further by how much more CPU the server burns per unit of work than in the
# reference run. For the medium pair that is {glue:text}`net-theta-512-15` /
# {glue:text}`net-medium-server-d100` = {glue:text}`net-medium-x-512-15`. The high pair's guests
# have two virtual CPUs that wait for each other, and at 512/15 every real CPU is busy
# {glue:text}`net-busy-512-15` of the time (in the reference run {glue:text}`net-busy-512-25`),
# so z/VM preempts virtual CPUs at the end of their time slices and a sibling that needs the
# preempted one spins until it runs again ({doc}`shares`, "When a guest's virtual CPUs wait for
# each other"). The high server then needs {glue:text}`net-spin-512-15` times its reference CPU
# per unit of work, and the pair runs at {glue:text}`net-theta-512-15` /
# ({glue:text}`net-high-server-d100` × {glue:text}`net-spin-512-15`) =
# {glue:text}`net-high-x-512-15`. Water-filling alone would cut the pair that asked for more per
# share, the medium one, harder; the spinning reverses that. Nothing in the mechanism lifts
# either level above its reference: a one-CPU guest never spins, and a two-CPU guest spins less
# than in the reference run only when its own virtual CPUs run less.
#
# The same chart explains what memory does at 20 CPUs. Choose 512/20, 64/20 and 48/20. Two
# things change as memory shrinks, and they pull the water level in opposite directions:
#
# - **The guests that page heavily ask for less CPU.** The Java guests, the database and the
#   page-cached file system spend time waiting for page reads; against 512/20 they use together
#   {glue:text}`net-freed-64-20` CPUs less at 64/20 and {glue:text}`net-freed-48-20` less at
#   48/20, most of it the Java guests.
# - **Less of the host reaches the guests.** CP's own paging work and the fluctuation idle
#   (real CPUs idle in the moments when too few virtual CPUs are runnable, many of them waiting
#   for a page; see {doc}`shares`) grow from {glue:text}`net-cp-idle-512-20` CPUs at 512/20 to
#   {glue:text}`net-cp-idle-64-20` at 64/20 and {glue:text}`net-cp-idle-48-20` at 48/20: they
#   take {glue:text}`net-taken-64-20` and {glue:text}`net-taken-48-20` CPUs more.
#
# At 64/20 the second outweighs the first, and the level falls slightly, from
# {glue:text}`net-theta-512-20` to {glue:text}`net-theta-64-20`: the medium pair loses a little,
# as in the paper. The high pair gains a little all the same: with real CPUs idle more often,
# every real CPU is busy {glue:text}`net-busy-64-20` of the time instead of
# {glue:text}`net-busy-512-20`, so its server spins less ({glue:text}`net-spin-64-20` times its
# reference CPU per unit of work instead of {glue:text}`net-spin-512-20`), which more than makes
# up for the lower level. At 48/20 the Java guests stall so much that the first wins and the level rises
# to {glue:text}`net-theta-48-20`. Part of the freed CPU goes to the direct I/O fio jobs, which run
# above their reference on a storage path the page-cached jobs have left quiet
# ({doc}`results_fs`); the rest lifts the guests that were cut, the network pairs among them, but
# neither pair gets back to its reference. The model's network guests hardly page (next
# sections), so memory reaches them only through the CPU their neighbours leave, and both
# effects are small.
#
# With 15 CPUs the paper's high level got some throughput back at 96 GiB or less; the model's
# does not. Every real CPU stays busy ({glue:text}`net-busy-64-15` of the time at 64/15), so the
# high server spins as much as at 512/15 ({glue:text}`net-spin-64-15` against
# {glue:text}`net-spin-512-15`). The paging guests free only {glue:text}`net-freed-64-15` CPUs,
# CP's paging work takes {glue:text}`net-cp-more-64-15` more, and the level falls to
# {glue:text}`net-theta-64-15`. The high pair's throughput ({glue:text}`net-high-x-512-15` →
# {glue:text}`net-high-x-64-15`) and CPU load fall a little with it.
#
# ## CPU load (Figures 31 and 32)

# %% tags=["remove-input"]
figures_workload.throughput_chart(vframe, KEY, "cpu_load")

# %% tags=["remove-cell"]
cpu = edev.set_index(["variant", "cid"])["cpu_load"]
glue("net-cpu-medium-range20", f"{cpu.loc[('net-medium', '512/20')]:.2f} at 512 GiB to "
     f"{cpu.loc[('net-medium', '64/20')]:.2f} at 64 GiB", display=False)
glue("net-cpu-high-512-20", f"{cpu.loc[('net-high', '512/20')]:.2f}", display=False)
glue("net-cpu-high-64-20", f"{cpu.loc[('net-high', '64/20')]:.2f}", display=False)
glue("net-cpu-high-48-20", f"{cpu.loc[('net-high', '48/20')]:.2f}", display=False)
glue("net-cpu-high-512-15", f"{cpu.loc[('net-high', '512/15')]:.2f}", display=False)
glue("net-cpu-high-64-15", f"{cpu.loc[('net-high', '64/15')]:.2f}", display=False)
glue("net-cpu-high-48-15", f"{cpu.loc[('net-high', '48/15')]:.2f}", display=False)
g6420 = oc.simulate("64/20").guests
glue("net-sc-medium", f"{g6420.loc['net-medium-server', 'cpu_load'] / g6420.loc['net-medium-client', 'cpu_load']:.2f}",
     display=False)
glue("net-sc-high", f"{g6420.loc['net-high-server', 'cpu_load'] / g6420.loc['net-high-client', 'cpu_load']:.2f}",
     display=False)
# the high level's CPU load at 20 CPUs, 512 -> 64 GiB: it falls, but by less than the change a
# claimed direction needs (overcommit.claims.DIRECTION_MIN), so net-high-cpu-20 misses
cpu_change = 1 - cpu.loc[("net-high", "64/20")] / cpu.loc[("net-high", "512/20")]
assert 0 < cpu_change < claimdefs.DIRECTION_MIN, cpu_change
glue("net-cpu-high-change-20", f"{100 * cpu_change:.1f} %", display=False)
glue("net-direction-min", f"{100 * claimdefs.DIRECTION_MIN:g} %", display=False)

# %% [markdown]
# ```{container} oc-caption
# **Figure: CPU load of the network workload (the paper's Figures 31 and 32).** Processors used
# by the client and the server of the chosen level together in the model (their own work plus
# the CP time charged to them), same views and controls as the throughput
# figure. The paper states no CPU numbers for constrained runs, only trends (section "Network
# workload", CPU usage analysis, of {cite:t}`johanssen2014overcommit`).
# ```
#
# A guest's CPU load in the model is its throughput times its CPU per unit of work plus the CP
# time for its page faults, and the network guests take almost no page faults. For the medium
# level the CPU charts are therefore the throughput charts in other units; the high level's CPU
# per unit of work grows with its spinning, so its load falls less than its throughput when CPUs
# are short. That agrees with the paper where it says the
# medium level's CPU load hardly depended on memory: the model's 20-CPU values run from
# {glue:text}`net-cpu-medium-range20`, a change that comes from the water level, not from the
# guests' own paging. About the high level with 20 CPUs, whose CPU load the paper saw fall
# gradually as memory shrank, the model agrees only in direction: its load falls with the water
# level from {glue:text}`net-cpu-high-512-20` to {glue:text}`net-cpu-high-64-20`
# processors at 64 GiB, by {glue:text}`net-cpu-high-change-20`, less than the
# {glue:text}`net-direction-min` a claimed direction needs, and rises at 48 GiB
# ({glue:text}`net-cpu-high-48-20`). With 15
# CPUs the paper's wording is ambiguous (we read it as a rise with less memory, matching the
# throughput it regained); the model's falls slightly to 64 GiB ({glue:text}`net-cpu-high-512-15`
# to {glue:text}`net-cpu-high-64-15`) for the same reason as with 20 CPUs and recovers only part
# of that at 48 GiB ({glue:text}`net-cpu-high-48-15`).
#
# The paper also notes that the servers used a little more CPU than the clients. The model
# agrees (server over client at 64/20: {glue:text}`net-sc-medium` for the medium level,
# {glue:text}`net-sc-high` for the high level), but only because it takes each guest's CPU per
# unit of work from Table 17, where the servers used more: an input, not a prediction. The
# paper's remark that the high level seemed to profit from its second virtual CPU under CPU
# constraints is the opposite of the model, where a second virtual CPU costs efficiency when
# CPUs are short: the guest spins on its preempted sibling ({glue:text}`net-spin-512-15` times
# the reference CPU per unit of work for the high server at 512/15).
#
# ## Where the network guests' pages are (Figures 33 and 34)
#
# The paper shows the page distribution of both network levels for 64/20 only. The model can
# do it for any run: pick the environment and the configuration.

# %% tags=["remove-input"]
figures_workload.pages_chart(gframe, KEY)

# %% tags=["remove-cell"]
net6420 = gframe[(gframe.env == "zvm63-edev") & (gframe.cid == "64/20")].set_index("guest")
r6420 = oc.simulate("64/20")
glue("net-res-range", f"{net6420['resident_pct'].min():.1f} % to {net6420['resident_pct'].max():.1f} %", display=False)
lo, hi = f"{net6420['resident'].min():.0f}", f"{net6420['resident'].max():.0f}"
glue("net-res-mib", f"about {lo}" if lo == hi else f"{lo} to {hi}", display=False)
glue("net-inst-mib", f"{net6420['instantiated'].min():.0f} to {net6420['instantiated'].max():.0f}", display=False)
glue("net-reads-6420", f"{net6420['page_read_mib_s'].sum():.2f}", display=False)
glue("net-reads-share", f"{100 * net6420['page_read_mib_s'].sum() / float(r6420.system['page_read_mib_s']):.1f} %",
     display=False)
T6420 = float(r6420.system["characteristic_time_s"])
glue("net-T-6420", f"{T6420:.0f}", display=False)
# each guest's pages age for T_g = w_g T (overcommit.replacement.reclaim_weights, beta fitted)
beta = fitted_reclaim_exponent()
touched = pd.Series({n: g.touched_mib for n, g in table17.items()})
weight = pd.Series(replacement.reclaim_weights(touched.to_numpy(), beta), index=touched.index)
net_names = [n for n in table17 if n.startswith("net-")]
glue("net-beta", f"{beta:.1f}", display=False)
glue("net-w", f"{weight[net_names].min():.2f} to {weight[net_names].max():.2f}", display=False)
glue("net-Tg-6420", f"{T6420 * weight[net_names].min():.1f} to {T6420 * weight[net_names].max():.1f}", display=False)
glue("net-Tg-db-6420", f"{T6420 * weight['db-bi']:,.0f}", display=False)
# the hot core: kernel and hot code, at most a quarter of what the guest touches
hot = pd.Series({n: min(HOT_CORE_MIB, 0.25 * touched[n]) for n in net_names})
glue("net-hot-mib", f"{HOT_CORE_MIB:.0f}", display=False)
hot_pct = 100 * hot / r6420.guests.loc[net_names, "instantiated_mib"]
glue("net-hot-frac", f"{hot_pct.min():.1f} % to {hot_pct.max():.1f} %", display=False)
res_obs = data.observations().set_index("id").loc["o000-n-res-frac"]
glue("net-paper-res", f"{res_obs['lower']:g} % to {res_obs['upper']:g} %", display=False)
# the fit found two kinds of solution: the high pair with a small, busy active set and an idle
# rest; the medium pair with nearly all its pages active and almost unreferenced
busy_set = [n for n in net_names if table17[n].active_frac < 0.5]
cold_set = [n for n in net_names if n not in busy_set]
assert busy_set == ["net-high-client", "net-high-server"], (busy_set, cold_set)
assert cold_set == ["net-medium-client", "net-medium-server"], (busy_set, cold_set)
active = pd.Series({n: (touched[n] - hot[n]) * table17[n].active_frac for n in net_names})
idle = touched - hot - active
beyond = r6420.guests.loc[net_names, "resident_mib"] - hot
res_pct = 100 * r6420.guests.loc[net_names, "resident_mib"] / r6420.guests.loc[net_names, "instantiated_mib"]
reclaim_s = T6420 * weight[net_names]
x6420 = {n: float(r6420.workloads.loc[table17[n].variant, "relative_throughput"]) for n in net_names}
for n in busy_set:
    # the prose: they keep the hot core and their active pages, about the paper's share; even
    # the least popular active page is referenced more often than once per reclaim time; most of
    # their page reads are their idle pages' references, about once an hour
    assert abs(beyond[n] - active[n]) < 2.5, (n, beyond[n], active[n])
    assert abs(res_pct[n] - (res_obs["lower"] + res_obs["upper"]) / 2) < 1.0, (n, res_pct[n])
    assert table17[n].median_rate_per_s * 2 ** -table17[n].skew > 10 / reclaim_s[n], n
    assert 0.7 < idle[n] * IDLE_RATE_PER_S * x6420[n] / r6420.guests.loc[n, "page_read_mib_s"] <= 1, n
for n in cold_set:
    # the prose: nearly all active but hardly used; they keep the hot core and a little more,
    # below the paper's share
    assert beyond[n] < 2.5 and res_pct[n] < res_obs["lower"] and table17[n].active_frac > 0.9, n


def _span(values, fmt, unit=""):
    """'a to b' of the smallest and largest value, or just 'a' when both print the same."""
    lo, hi = format(min(values), fmt), format(max(values), fmt)
    return f"{lo}{unit}" if lo == hi else f"{lo}{unit} to {hi}{unit}"


glue("net-active-frac", f"{100 * min(table17[n].active_frac for n in busy_set):.1f} % to "
     f"{100 * max(table17[n].active_frac for n in busy_set):.1f} %", display=False)
glue("net-active-mib", f"{active[busy_set].min():.0f} to {active[busy_set].max():.0f}", display=False)
glue("net-active-rate", f"{min(table17[n].median_rate_per_s for n in busy_set):.0f} to "
     f"{max(table17[n].median_rate_per_s for n in busy_set):.0f}", display=False)
glue("net-res-busy", f"{res_pct[busy_set].min():.1f} % to {res_pct[busy_set].max():.1f} %", display=False)
glue("net-res-ms", _span(res_pct[cold_set], ".1f", " %"), display=False)
glue("net-beyond-ms", _span(beyond[cold_set], ".1f"), display=False)
glue("net-fit-days", _span([1 / table17[n].median_rate_per_s / 86400 for n in cold_set], ".0f"), display=False)
glue("net-fit-skew", _span([table17[n].skew for n in cold_set], ".1f"), display=False)
res48 = oc.simulate("48/20").guests.loc[net_names, "resident_mib"]
assert (res48 > r6420.guests.loc[net_names, "resident_mib"] - 2).all()
glue("net-res-48", f"{res48.min():.0f} to {res48.max():.0f}", display=False)
pv = figures_workload.paper_vs_model(KEY)
assert pv.loc["o000-n-res-frac", "verdict"] == "✗" and float(pv.loc["o000-n-res-frac", "model"]) < res_obs["lower"]
glue("net-res-all", f"{float(pv.loc['o000-n-res-frac', 'model']):g} %", display=False)
# the fit's page-read target per network guest and what each reads
read_target = {t.guest_or_variant: t.value for t in calibrate.targets() if t.quantity == "page_read_mib_s"}
glue("net-reads-target", f"{max(read_target[n] for n in net_names):g}", display=False)
# the prose: every network guest reads more than the fit's target (the fit misses it from above)
assert net6420["page_read_mib_s"].min() > max(read_target[n] for n in net_names), net6420["page_read_mib_s"]
lo, hi = f"{net6420['page_read_mib_s'].min():.2f}", f"{net6420['page_read_mib_s'].max():.2f}"
glue("net-reads-guest", f"about {lo}" if lo == hi else f"{lo} to {hi}", display=False)

# %% tags=["remove-cell"]
_ = figures_results.glue_any_grid()  # the any-host chart's grid, as every chapter states it

# %% [markdown]
# ```{container} oc-caption
# **Figure: page distribution and page reads of the network guests (the paper's Figures 33 and
# 34).** The model's values for the chosen run. Resident: in real memory; stored: on the paging
# devices; instantiated: touched by the guest during the run; reference instantiated: touched in
# the reference run; expanded storage (z/VM 6.2 only). Right: each guest's page read rate. The
# paper's values at 64/20: {glue:text}`net-p-res` of the instantiated memory resident, negligible paging
# (section "Network workload", memory usage at CID 64/20, of
# {cite:t}`johanssen2014overcommit`; the caption of its Figure 33 says "high level" where the
# text means the medium one).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_workload.guest_frame("net")`, built from `oc.simulate(cid, env=...).guests`.
# ````
#
# At 64/20 the model keeps {glue:text}`net-res-range` of each network guest's instantiated
# memory resident ({glue:text}`net-res-mib` MiB of {glue:text}`net-inst-mib` MiB), and the four
# guests together read {glue:text}`net-reads-6420` MiB/s back from the paging devices,
# {glue:text}`net-reads-share` of all page reads in that run: negligible, as in the paper. The
# high pair keeps about the paper's share ({glue:text}`net-res-busy`), the medium pair only
# {glue:text}`net-res-ms`. What stays is each guest's *hot core* (its kernel and hot code) and,
# in the high pair, a few buffers used many times a second ({doc}`replacement`): the model's
# version of the paper's few small buffers reused for every message. Both numbers were fitted;
# how, and why the medium pair keeps less, is at the end of the chapter.

# %% tags=["remove-cell"]
from overcommit.book import figures_time

t_net = {(v, cid): figures_time.glue_time("net", v, cid) for v in ("net-medium", "net-high")
         for cid in ("512/25", "512/20", "64/20", "512/15", "64/5")}
nm, nh = "net-medium", "net-high"
# the prose: the high level's two virtual CPUs spin on the shared NIC queue when the host is
# full; the medium level (one virtual CPU) never spins; both wait for CPUs, not pages
assert t_net[(nh, "512/20")]["spin"] > 3 * t_net[(nh, "512/25")]["spin"] > 0
assert all(t_net[(nm, c)]["spin"] == 0 for c in ("512/20", "64/20", "64/5"))
assert all(t_net[(v, "64/20")]["paging"] < 0.01 for v in (nm, nh))
assert t_net[(nh, "64/5")]["cpu_wait"] > 0.7 * t_net[(nh, "64/5")]["total"]
assert t_net[(nh, "64/5")]["spin"] < t_net[(nh, "512/20")]["spin"]

# %% [markdown]
# ## Where the time goes
#
# One uperf request and response takes {glue:text}`t-net-high-512-25-total` in the reference
# run, half of it in the guest LAN; the chart splits it as in {ref}`where-the-time-goes`.

# %% tags=["remove-input"]
figures_time.time_chart("net", variant="net-high")

# %% [markdown]
# ```{container} oc-caption
# **Figure: where a network transaction goes.** One bar per memory size for the chosen
# level, environment and CPUs, the reference run on top, in milliseconds per transaction.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `oc.simulate("64/5").breakdown.loc[["net-medium", "net-high"]]` gives the parts in
# seconds, in the order of `oc.BREAKDOWN_PARTS`.
# ````
#
# At 512/20 the high level spins {glue:text}`t-net-high-512-20-spin` per transaction on its
# network queue (reference: {glue:text}`t-net-high-512-25-spin`) and waits
# {glue:text}`t-net-high-512-20-cpu_wait` for a CPU; the medium level, one virtual CPU per
# guest, never spins and waits {glue:text}`t-net-medium-512-20-cpu_wait`. At 64/5 the high
# level waits {glue:text}`t-net-high-64-5-cpu_wait` of its {glue:text}`t-net-high-64-5-total`
# for a CPU and spins less ({glue:text}`t-net-high-64-5-spin`).

# %% tags=["remove-cell"]
TIME_SEED = 79
time_seeded = exercises.generate("results_net_time", seed=TIME_SEED)
glue("net-time-seeded-q", Markdown(time_seeded.question), display=False)
glue("net-time-seeded-a", Markdown(time_seeded.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_net-ex-time-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* Each seed picks a bar
# of the chart above and asks which part of a unit of work of a network level grew most against
# the reference run, or how long one part takes. This is the question for seed 79:
#
# ```{glue:md} net-time-seeded-q
# :format: myst
# ```
#
# Type another seed in the box to get another question; the chart has every value you need.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("results_net_time", seed=...)` gives the question and
# `exercises.check("results_net_time", seed=..., answer=...)` checks an answer.
# ````
#
# <div class="oc-selfcheck" data-topic="results_net_time" data-seed="79"></div>
# :::
#
# :::{solution} results_net-ex-time-seeded
# :class: dropdown
#
# The worked answer for seed 79:
#
# ```{glue:md} net-time-seeded-a
# :format: myst
# ```
# :::

# %% [markdown]
# ## Try any host
#
# The chart below shows the two network levels at any host of a dense grid: its sliders choose
# real memory from {glue:text}`any-mem-min` to {glue:text}`any-mem-max` GiB
# in steps of {glue:text}`any-mem-step` GiB
# and {glue:text}`any-cpus-min` to {glue:text}`any-cpus-max` real CPUs, on any of the three
# environments. Its title says whether the paper ran that host;
# {glue:text}`provenance-marking`

# %% tags=["remove-input"]
figures_workload.any_cid_chart(KEY)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the two network levels at any host.** Top: relative throughput at the chosen host, each variant
# against its own reference run (red if it fails in the model); the title names the host
# and whether the paper ran it, and below the bars are its overall throughput and page
# reads. Bottom: their mean relative throughput as memory
# shrinks at the chosen CPUs, the chosen memory marked by a dark grey line. Last: where the
# time goes (thin bars: the reference run). The runs behind it are computed when the book is
# built and loaded from shared files.
# ```
#
# In Jupyter, the explorer below runs the model for any memory size, CPU count and environment,
# and shows both network levels' throughput and their pages.

# %% tags=["remove-input"]
explorer(
    lambda memory_gib, cpus, env: figures_workload.explorer_chart(KEY, memory_gib, cpus, env),
    adds="The network guests' memory on the chosen host (resident, stored, instantiated) beside their throughput, for hosts off the grid above too.",
    **host_controls(memory_gib=512, cpus=15),
)

# %% [markdown]
# ```{container} oc-caption
# **Explorer: the network workload on any host.** The model's run for the chosen host. Top: each level's relative throughput against its own reference (red if
# it fails in the model). Bottom: the network guests' resident, stored, instantiated and
# reference instantiated memory. Last: where the time goes
# (thin bars: the reference run).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The explorer runs `oc.simulate((memory, cpus), env=...)`; the any-host chart reads the grid
# that the build computes with `figures_results.write_any_cid`.
# ````
#
# ## How these numbers are made, and why the model misses
#
# This section is for readers who want to check the model: which of its numbers were fitted to
# the paper, which ones test it, and why the medium level's gain is out of its reach.
#
# ### Why the paper's levels differ
#
# The model reproduces the direction of the difference, not its size. The high pair's guests
# have two virtual CPUs each, and the model takes their work to be coupled (coupling
# {glue:text}`net-coupling`, an assumption: both virtual CPUs serve one shared virtual network
# adapter). When every real CPU
# is busy, z/VM preempts a virtual CPU at the end of its time slice, and a sibling that needs it
# spins until it runs again ({doc}`shares`, "When a guest's virtual CPUs wait for each other").
# With 15 CPUs that costs the high server {glue:text}`net-spin-512-15` times its reference CPU
# per unit of work, and the high pair falls to {glue:text}`net-high-x-512-15`, below the medium
# pair's {glue:text}`net-medium-x-512-15` but short of the paper's about
# {glue:text}`net-p-high-15`: the claim allows {glue:text}`net-high-15-band`, so it
# misses. To fall all the way, its server would have had to receive about
# {glue:text}`net-theta-paper` CPUs per 100 shares, {glue:text}`net-theta-paper-frac` of the
# level every other CPU-hungry guest got in the model.
#
# The medium level's side it lacks. The paper's medium pair, at or above its reference, received at
# least its full demand; in the model its one-CPU guests never spin, but water-filling gives its
# server the same level per share as every other guest that wants more, and it runs at
# {glue:text}`net-medium-x-512-15`. The paper's medium level apparently gained from what the
# high level lost. z/VM's dispatcher and the way a request/response benchmark reacts to it are
# the likely place: each uperf message waits for the receiving guest to be dispatched, so
# throughput depends on the *delay* before a virtual CPU runs, not only on its long-run share,
# and a one-CPU guest that is always ready may be served sooner than its share says. The
# model's water-filling is a long-run average without dispatch delay (the limits are listed in
# {doc}`shares`), so it cannot show such an effect. {ref}`results_net-ex-priority` shows how
# large a change of effective shares the paper's numbers correspond to.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# A second lead, measured outside the book: both pairs talk through one guest LAN (the paper's
# virtual NICs sit on a QDIO guest LAN), so when the high pair slows, the medium pair's round
# trips get shorter. From a clone, `python tools/experiments/guest_lan.py` puts both
# levels on a shared LAN queue, with the arithmetic of a shared storage path
# (`paging.path_slowdown`), at several loads of the LAN in the reference run, and prints the
# claims. The medium pair then *asks* for more than its reference work at 512/15 but does not
# *get* it: it is held by its CPU share. Its throughput does not move, no claim changes its
# verdict, and the model keeps no LAN.
#
# A third lead, the dispatch delay itself, is measured in {doc}`results_java` by
# `tools/experiments/dispatch_wait.py`: charged per round trip, the network pairs lose the
# most; charged per batch of ready connections, as a guest serves them, they hardly notice.
# ````
#
# ### The network guests' memory
#
# **The resident share and the page reads at 64/20 are calibration targets**, not
# predictions: the calibration fits the network guests' memory behaviour to the paper's {glue:text}`net-paper-res` resident and to
# negligible page reads ({glue:text}`net-reads-target` MiB/s per guest). The page reads are
# negligible, as in the paper, though each guest's {glue:text}`net-reads-guest` MiB/s is
# above the fit's target. Every guest in the model has a *hot core*, its kernel and hot code,
# {glue:text}`net-hot-mib` MiB (at most a quarter of what it touches), each page referenced about
# once a second: {glue:text}`net-hot-frac` of these small guests' instantiated memory. For the
# rest the fit found two kinds of solution. For the high pair it makes
# {glue:text}`net-active-frac` of it active ({glue:text}`net-active-mib` MiB, the median active
# page referenced {glue:text}`net-active-rate` times a second) and leaves the remainder idle,
# referenced about once an hour; they keep the hot core and the active pages,
# {glue:text}`net-res-busy`, about the paper's share. For the medium pair it makes nearly all
# of it active but hardly used (the median page referenced once in {glue:text}`net-fit-days`
# days, skew {glue:text}`net-fit-skew`); they keep the hot core and {glue:text}`net-beyond-ms` MiB
# more, {glue:text}`net-res-ms`. The fit keeps the best solution it reaches from several
# starting points, for the medium pair one of the second kind; together the four keep
# {glue:text}`net-res-all`, below the paper's {glue:text}`net-paper-res`.
#
# Why a page stays or goes: z/VM 6.3 reclaims frames by visiting the guests' frame lists in turn
# ({doc}`replacement`). The model lets each guest's pages age for its own reclaim time, the
# global characteristic time scaled by the guest's size to the power β, and the calibration
# fitted β = {glue:text}`net-beta`: each visit takes about the same number of frames from every
# guest, so a small guest's frames turn over fast. At 64/20 the characteristic time is
# {glue:text}`net-T-6420` s, but a network guest's pages age for only {glue:text}`net-Tg-6420` s
# (factor {glue:text}`net-w`), the database's for {glue:text}`net-Tg-db-6420` s. A page stays
# resident when it is referenced more often than once per its guest's reclaim time. The hot core
# and the busy buffers are, and stay: still {glue:text}`net-res-48` MiB per guest at 48/20. The
# idle pages go to the paging devices, and their rare references are most of the high pair's
# page reads. In the model the paper's small buffers, allocated once and reused for
# every message, are the hot core and, in the high pair, the active pages.
# It is also why the paper's suggestion to protect the buffers with z/VM's reserved-memory
# setting would change nothing in the model: what the guests use is resident anyway, and they
# hardly wait for a page. Their throughput depends on memory only through the processors the
# other guests leave.
#
# ### Paper against model
#
# Every number the paper gives for one configuration of this workload, beside the model's. The
# column *use* keeps calibration and validation apart: *fitted* rows are calibration targets
# (64/20 on z/VM 6.3 EDEV-SCSI); only *validation* rows would test the model, and the paper
# gives none for a single configuration of the network workload. The resident share misses its
# target through the medium pair, for the reason given above.

# %% tags=["remove-input"]
figures_workload.paper_vs_model_table(KEY)

# %% [markdown]
# Source: {cite:t}`johanssen2014overcommit`, section "Network workload" (memory usage and
# paging at CID 64/20). The paper's other statements about this workload hold over several
# runs; they are the book's validation claims ({doc}`results_overall` collects all topics):

# %% tags=["remove-input"]
figures_workload.claims_table(KEY)

# %% tags=["remove-cell"]
claims = figures_workload.claims_table(KEY, ids=True)
passed = claims["verdict"].str.startswith("✓")
# the prose: which claims hold and which miss
assert set(claims.index[passed]) == {"net-high-below-ref", "net-medium-cpus"}, claims
assert set(claims.index[~passed]) == {"net-high-15", "net-medium-15", "net-memory-20", "net-high-15-regain",
                                      "net-high-cpu-20", "net-high-cpu-15"}, claims
assert (claims["kind"] == "validation").all()
glue("net-claims-n", str(len(claims)), display=False)
glue("net-claims-pass", str(int(passed.sum())), display=False)
# the prose: net-memory-20 misses on the high level alone (the medium level loses a little, the
# high level gains); with 10 or fewer CPUs the high level's CPU load follows the water level
assert 0.9 < edev.set_index(["variant", "cid"]).loc[("net-medium", "64/20"), "throughput"] / edev.set_index(
    ["variant", "cid"]).loc[("net-medium", "512/20"), "throughput"] < 1
assert figures_workload.value(vframe, "64/20", "net-high") > figures_workload.value(vframe, "512/20", "net-high")
for c in (10, 5):
    lv_c = figures_net.water_levels(cids=[f"{m}/{c}" for m in (512, 64)]).query("env == 'zvm63-edev'").set_index("cid")
    level_change = lv_c.loc[f"64/{c}", "water_level"] / lv_c.loc[f"512/{c}", "water_level"] - 1
    load_change = cpu.loc[("net-high", f"64/{c}")] / cpu.loc[("net-high", f"512/{c}")] - 1
    assert abs(load_change - level_change) < 0.002 and abs(load_change) < 0.05, (c, load_change, level_change)
# with 10 or fewer CPUs the high level's CPU load stays within ALMOST of its 512 GiB value at every memory
worst = max(abs(cpu.loc[("net-high", f"{m}/{c}")] / cpu.loc[("net-high", f"512/{c}")] - 1)
            for m in claimdefs.MEMORY_GIB[1:] for c in (10, 5))
assert worst <= claimdefs.ALMOST, worst
glue("net-cpu-high-worst-10", f"{math.ceil(1000 * worst) / 10:.1f} %", display=False)
glue("net-claim-high-15", f"{claims.loc['net-high-15', 'model']}", display=False)
glue("net-claim-mem-20", claims.loc["net-memory-20", "model"], display=False)
glue("net-claim-medium-cpus", claims.loc["net-medium-cpus", "model"], display=False)
glue("net-claim-below", claims.loc["net-high-below-ref", "model"], display=False)

# %% [markdown]
# Sources, in the same order: {cite:t}`johanssen2014overcommit`, section "Network workload",
# workload analysis (observations) and CPU usage analysis (observations).
# {glue:text}`net-claims-pass` of the {glue:text}`net-claims-n` claims hold, both where processors
# decide: the high level stays below its reference everywhere (at best
# {glue:text}`net-claim-below`), and the medium level falls with 10 CPUs
# ({glue:text}`net-claim-medium-cpus` of its 15-CPU throughput). With 15 CPUs the high level
# falls the right way but not far enough ({glue:text}`net-claim-high-15` against about
# {glue:text}`net-p-high-15`), and the medium level does not keep its reference ("Why the
# paper's levels differ" above). The high level's CPU load follows the water level: with 10 or
# fewer CPUs it stays within {glue:text}`net-cpu-high-worst-10` of its 512 GiB value, as the
# paper says, but its fall with memory at 20 CPUs is too small to count, and comes from CP's
# paging work and the idle real CPUs, not the guests' own paging. The other misses are the high
# level's gain with less memory at 20 CPUs (64 against 512 GiB: {glue:text}`net-claim-mem-20`,
# medium then high) and the missing regain, in throughput and CPU load, with 15 CPUs (both in
# the section on the water level).
#
# ### What the mechanism is
#
# In the model's terms the network workload is the simplest of the study:
#
# - **Drivers.** Each level is one closed loop of uperf processes, half of whose round trip is
#   spent on the guest LAN rather than on a processor (an assumption). Client and server form a chain: the pair
#   runs as fast as the slower guest, and the faster one releases the CPU it cannot use.
# - **Memory.** The small guests' frames turn over fast ({doc}`replacement`), but their hot core
#   and the few buffers they use all the time stay resident down to 48 GiB, so they take almost
#   no page faults ({doc}`paging`) and their own stalls cost nothing measurable.
# - **Processors.** Share-based {term}`water-filling` (see {doc}`shares`) with the study's shares of
#   100 per virtual CPU. This is what decides the network workload's throughput, through the
#   water level of the run: fewer CPUs lower it; heavy paging of other guests raises it when they
#   leave more CPU than CP's paging work and the idle real CPUs take, and lowers it otherwise.
# - **Spinning.** The high level's two-CPU guests are coupled, so they burn extra CPU per unit of
#   work spinning on a preempted sibling, the more the more often every real CPU is busy
#   ({doc}`shares`); the one-CPU medium guests never spin.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The drivers are in `data/variant_drivers.csv`, the fitted memory behaviour in
# `data/calibrated_parameters.csv`; `overcommit.calibrate` refits it, and
# `figures_workload.claims_table("net")` is the claims table above.
# ````
#
# ## Exercises

# %% tags=["remove-cell"]
need_hi = planning.cpus_needed("net-high", 0.9, 512)
need_med = planning.cpus_needed("net-medium", 0.9, 512)
glue("net-ex-need-high", str(need_hi), display=False)
glue("net-ex-need-medium", str(need_med), display=False)
assert need_hi > need_med, (need_hi, need_med)  # the prose: the high pair needs more CPUs
theta_med = 100 * table17["net-medium-server"].cpu_load / table17["net-medium-server"].share * 0.9
glue("net-ex-theta-medium", f"{theta_med:.3f}", display=False)
at_med, at_hi = oc.simulate((512, need_med)), oc.simulate((512, need_hi))
glue("net-ex-theta-at-need-medium", f"{100 * at_med.guests.eval('cpu_allocated / share').max():.3f}", display=False)
for tag, r in (("medium", at_med), ("high", at_hi)):
    glue(f"net-ex-busy-at-{tag}", f"{100 * r.system['all_cpus_busy']:.0f} %", display=False)
    glue(f"net-ex-spin-at-{tag}", f"{r.guests.loc['net-high-server', 'spin_factor']:.2f}", display=False)
glue("net-ex-high-at-medium", f"{at_med.workloads.loc['net-high', 'relative_throughput']:.2f}", display=False)

FACTORS = {"net-medium": 2.0, "net-high": 0.8}
base15 = oc.simulate("512/15").workloads["relative_throughput"]
what15 = oc.simulate("512/15", guests=scaled_shares(FACTORS)).workloads["relative_throughput"]
for v in figures_net.VARIANTS:
    glue(f"net-ex-prio-{v}", f"{what15[v]:.2f}", display=False)
others = [v for v in base15.index if v not in figures_net.VARIANTS]
glue("net-ex-prio-others", f"{base15[others].mean():.3f} to {what15[others].mean():.3f}", display=False)
cpu_base = oc.simulate("512/15").guests
cpu_what = oc.simulate("512/15", guests=scaled_shares(FACTORS)).guests
delta = (cpu_what["cpu_load"] - cpu_base["cpu_load"]).groupby(cpu_base["variant"]).sum()
glue("net-ex-prio-cpu-medium", f"{delta['net-medium']:.2f}", display=False)
glue("net-ex-prio-cpu-high", f"{-delta['net-high']:.2f}", display=False)
glue("net-ex-prio-cpu-others", f"{-delta[others].sum():.2f}", display=False)
g48 = oc.simulate("48/20").guests
g512 = oc.simulate("512/20").guests
drop = (g512["cpu_load"] - g48["cpu_load"]).sort_values(ascending=False).head(3)
glue("net-ex-48-losers", ", ".join(f"`{n}` ({g512.loc[n, 'cpu_load']:.2f} → {g48.loc[n, 'cpu_load']:.2f})"
                                   for n in drop.index), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_net-ex-level
# :class: oc-where-browser
# At 512/15 the model's water level is {glue:text}`net-theta-512-15` CPUs per 100 shares, and
# the high server, whose virtual CPUs spin on a preempted sibling, needs
# {glue:text}`net-spin-512-15` times its reference CPU per unit of work (the one-CPU medium
# server needs exactly its reference CPU). Using only these two numbers, the reference CPU loads
# of the paper's Table 17 and the shares (100 per virtual CPU), compute the relative throughput
# of both network pairs. Then: how many CPUs per 100 shares would the high server have needed to
# get for the pair to run at the paper's {glue:text}`net-p-high-15`? Answer as three numbers: the
# medium pair, the high pair, the high server's CPUs per 100 shares.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The spin factor is `oc.simulate("512/15").guests.loc["net-high-server", "spin_factor"]`.
# ````
#
# <div class="oc-selfcheck" data-check="results_net-ex-level"></div>
# :::
#
# :::{solution} results_net-ex-level
# :class: dropdown
# A pair runs as fast as its server, which asks for more CPU than its client. The medium server
# asks for {glue:text}`net-medium-server-d100` CPUs per 100 shares, the high server for
# {glue:text}`net-high-server-d100`; both want more than the level, so both get the level. The
# medium pair runs at {glue:text}`net-theta-512-15` / {glue:text}`net-medium-server-d100` =
# {glue:text}`net-ex-level-x-medium` of its reference. The high server burns
# {glue:text}`net-spin-512-15` times its reference CPU per unit of work, so the level buys it
# less work, and the high pair runs at {glue:text}`net-theta-512-15` /
# ({glue:text}`net-high-server-d100` × {glue:text}`net-spin-512-15`) =
# {glue:text}`net-ex-level-x-high`. For {glue:text}`net-p-high-15` the high server would have
# needed that fraction of {glue:text}`net-high-server-d100` × {glue:text}`net-spin-512-15`, or
# {glue:text}`net-theta-paper` CPUs per 100 shares, {glue:text}`net-theta-paper-frac` of the level
# the other CPU-hungry guests received. Water-filling gives every guest that wants more than the
# level the same CPU per share, so with the study's shares the spinning alone has to close the
# gap: it takes the high pair from {glue:text}`net-ex-level-nospin` (the level over its server's
# demand) to {glue:text}`net-ex-level-x-high`, not to {glue:text}`net-p-high-15`.
# :::
#
# :::{exercise}
# :label: results_net-ex-priority
# :class: oc-where-jupyter
# Suppose z/VM had in effect treated the one-CPU network pair as more important than its share
# says and the two-CPU pair as less important. Multiply the shares of the medium guests by 2
# and those of the high guests by 0.8 and run 512/15 again. What happens to the two levels,
# and who pays for it?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `oc.workloads.scaled_shares({"net-medium": 2, "net-high": 0.8})` gives such guests;
# run them with `oc.simulate("512/15", guests=...)`.
# ````
# :::
#
# :::{solution} results_net-ex-priority
# :class: dropdown
# The medium level runs at {glue:text}`net-ex-prio-net-medium` and the high level at
# {glue:text}`net-ex-prio-net-high`: the paper's picture at 15 CPUs. The medium pair now asks
# for less than the level times its doubled share, so it gets all it wants, but not more: a
# one-CPU guest's throughput in the model never exceeds its reference, so the paper's "better
# than reference" stays out of reach. The high pair needs a smaller cut of its shares than
# water-filling alone would, since its guests already spin on preempted siblings. The medium
# guests use {glue:text}`net-ex-prio-cpu-medium` processors more than with the study's shares;
# the high guests give up {glue:text}`net-ex-prio-cpu-high` and all other guests together
# {glue:text}`net-ex-prio-cpu-others` (their mean relative throughput moves from
# {glue:text}`net-ex-prio-others`). So the high pair pays the larger part, but not all: the
# paper's two levels alone do not tell whether its other workloads paid too.
# The experiment does not show that z/VM changed any shares; it shows how large a difference in
# *effective* priority the paper's result corresponds to, an effect (dispatch delay, for
# example) that the model would need before it could predict it.
# :::
#
# :::{exercise}
# :label: results_net-ex-cpus
# :class: oc-where-jupyter
# With 512 GiB, how many real CPUs does the model need to keep each network level at 90 % of its
# reference? Which pair needs more processors, and why? Would the paper's results suggest the
# same?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.planning.cpus_needed(variant, 0.9, 512)`.
# ````
# :::
#
# :::{solution} results_net-ex-cpus
# :class: dropdown
# The high level needs {glue:text}`net-ex-need-high` CPUs and the medium level
# {glue:text}`net-ex-need-medium`. For 90 % the medium server needs a water level of 0.9 ×
# {glue:text}`net-medium-server-d100` = {glue:text}`net-ex-theta-medium` CPUs per 100 shares,
# which {glue:text}`net-ex-need-medium` CPUs give (the level is
# {glue:text}`net-ex-theta-at-need-medium`). The high server asks for less per share, but its
# virtual CPUs spin on preempted siblings as long as every real CPU is often busy: with
# {glue:text}`net-ex-need-medium` CPUs every real CPU is busy {glue:text}`net-ex-busy-at-medium`
# of the time, the high server needs {glue:text}`net-ex-spin-at-medium` times its reference CPU
# per unit of work, and the high pair runs at {glue:text}`net-ex-high-at-medium`. Only with
# {glue:text}`net-ex-need-high` CPUs (busy {glue:text}`net-ex-busy-at-high`, spin factor
# {glue:text}`net-ex-spin-at-high`) does it reach 90 %. The paper agrees on the order but not on
# the size: its medium level kept its reference with 15 CPUs, while its high level had lost more
# than half of its throughput there. A capacity plan for a network workload built on the model
# would be far too pessimistic for one-CPU guests.
# :::
#
# :::{exercise}
# :label: results_net-ex-48
# :class: oc-where-browser
# The model's network pairs run a little faster at 48/20 ({glue:text}`net-high-x3-48-20` and
# {glue:text}`net-medium-x3-48-20`) than at 512/20 ({glue:text}`net-high-x3-512-20` and
# {glue:text}`net-medium-x3-512-20`), while at 64/20 the medium pair was slightly slower. Compare the runs in
# the chart of the water level (pick 512/20, 64/20 and 48/20 and hover over the guests for the CPU
# each uses, and over the line of text above the guests for CP's and the idle CPUs). Where did
# the processors come from, and why not already at 64/20?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# Compare `oc.simulate("512/20")` with `oc.simulate("48/20")`: `.guests["cpu_load"]` and
# `.system[["cp_system_cpu", "idle_cpu"]]`.
# ````
# :::
#
# :::{solution} results_net-ex-48
# :class: dropdown
# From the guests that page. The largest drops in CPU load from 512/20 to 48/20 are
# {glue:text}`net-ex-48-losers` processors: at 48 GiB these guests wait for page reads and ask
# for less CPU than before, the Java guests far less; all the heavily paging guests together (Java,
# database, page-cached file system) leave {glue:text}`net-freed-48-20` CPUs. Not all of it reaches the others: CP's own system
# time and the idle real CPUs grow from {glue:text}`net-cp-idle-512-20` to
# {glue:text}`net-cp-idle-48-20` processors, {glue:text}`net-taken-48-20` more. The rest raises the
# water level from {glue:text}`net-theta-512-20` to {glue:text}`net-theta-48-20` CPUs per 100
# shares. Part of it goes to the direct I/O fio jobs, which run above their reference on a quieter
# storage path; the rest goes to the guests that were cut. The network guests barely page
# themselves, so they turn their part into throughput. At 64/20 the paging guests leave only
# {glue:text}`net-freed-64-20` CPUs while CP and the idle CPUs take {glue:text}`net-taken-64-20`
# more, so the level falls to {glue:text}`net-theta-64-20` and the medium pair loses a little; the
# high pair gains a little even so, because every real CPU is busy less often and its guests spin
# less, which also adds to its gain at 48/20. The paper
# saw a slight loss with less memory; in the model the network guests feel memory pressure only
# through the CPU the others leave, since their own page faults are negligible.
# :::

# %% tags=["remove-cell"]
SEED = 23
seeded = exercises.generate("results_net", seed=SEED)
glue("net-seeded-q", Markdown(seeded.question), display=False)
glue("net-seeded-a", Markdown(seeded.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_net-ex-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* Each seed picks a level, an environment and a cut, of memory or of CPUs, and asks what the network workload keeps. This is
# the question for seed 23:
#
# ```{glue:md} net-seeded-q
# :format: myst
# ```
#
# Type another seed in the box to get another question; the throughput figure on this page has every value
# you need.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("results_net", seed=...)` gives the question and
# `exercises.check("results_net", seed=..., answer=...)` checks an answer.
# ````
#
# <div class="oc-selfcheck" data-topic="results_net" data-seed="23"></div>
# :::
#
# :::{solution} results_net-ex-seeded
# :class: dropdown
#
# The worked answer for seed 23:
#
# ```{glue:md} net-seeded-a
# :format: myst
# ```
# :::
