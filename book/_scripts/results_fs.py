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
# # The file-system I/O workload
#
# The file-system workload is the flexible I/O tester fio, run inside four
# {term}`guests <guest>` {cite:p}`johanssen2014overcommit`, each with disks of its own for the
# data files. Two things vary. In the *page-cached* variant fio reads and writes through Linux's
# page cache, one request at a time per job, so every block it touches is also copied into guest
# memory and Linux writes changed blocks back later; in the *direct I/O* variant data moves
# straight between fio's buffers and the disks, several requests in flight per job. The
# *medium* level runs half as many jobs as the *high* level, in a guest with half the
# {term}`virtual CPUs <virtual CPU>`. Each job reads and writes its own file at random, and the
# metric is fio's read and write rate summed over all jobs (the paper's Tables 6 and 13).
#
# The two modes ended up at opposite corners of the paper's tolerance classification (its
# Table 2, {doc}`results_tolerance`). This chapter redraws the paper's Figures 20 to 23 from the
# model: throughput of all four variants over the whole grid of configurations, the two modes
# side by side, the storage path that the fio disks share with paging in the {term}`ECKD`
# environment, and where the guests' pages are. The paper's figures are lost from our copy; its
# text survives, and wherever it gives a number the number is drawn beside the model's.
#
# ## What the paper found
#
# All on z/VM 6.3 with EDEV-SCSI paging unless stated ({cite:t}`johanssen2014overcommit`,
# section "File system I/O workload"):
#
# - **Memory hardly mattered, except with 20 CPUs.** The throughput changed by no more than a
#   few per cent with memory unless z/VM had 20 real CPUs (workload analysis).
# - **With 20 CPUs and 64 GiB or less, the two modes parted.** Page-cached I/O lost
#   throughput, while direct I/O *gained*: the high direct I/O level ran slightly above its
#   unconstrained result at 64/20 (workload analysis and conclusions).
# - **The page cache stayed, the direct I/O guests emptied.** At 64/20 the page-cached guests
#   kept about {glue:text}`fs-p-res-pm` (medium) and {glue:text}`fs-p-res-ph` (high) of their
#   memory resident, {glue:text}`fs-p-dpa-pm` and {glue:text}`fs-p-dpa-ph` of the {term}`DPA`,
#   and caused {glue:text}`fs-p-prs-pm` and {glue:text}`fs-p-prs-ph` of all page reads; the
#   direct I/O guests kept only {glue:text}`fs-p-res-dm` and {glue:text}`fs-p-res-dh` and
#   caused no significant paging. The paper's explanation of the page-cached loss: pages that
#   fio had changed waited in the cache for Linux to write them, looked unused to z/VM, were
#   paged out, and had to be read back when Linux wrote them (memory usage at CID 64/20).
# - **ECKD paging broke the page-cached workload.** Where z/VM paged to ECKD volumes on the
#   same storage server as the fio disks, every run with 64 GiB failed because the high
#   page-cached fio did not finish in time (section "Comparison of different z/VM
#   environments").
#
# ## What the model says, and why
#
# - **Memory matters little** in the model too: over the memory sizes the paper ran, no
#   variant loses more than {glue:text}`fs-maxloss-15` with 15 CPUs or
#   {glue:text}`fs-maxloss-10` with 10. With 15 CPUs the fio guests still get all the CPU they
#   ask for, and the page cache loses less than with 20: the CPU cut slows the other guests, so
#   the cache's pages age longer ({glue:text}`fs-T-64-15` s at 64/15 against
#   {glue:text}`fs-T-64-20` s at 64/20, {doc}`replacement`). With 10 or fewer CPUs the fio
#   guests are held back by their share of the processors ({doc}`shares`), and memory reaches
#   them mostly through the CPU that CP's paging work takes from that share.
# - **Page-cached I/O loses with 20 CPUs**, mildly: {glue:text}`fs-x-pm-64-20` (medium) and
#   {glue:text}`fs-x-ph-64-20` (high) at 64/20. The cache is large and touched evenly, so under
#   global replacement ({doc}`replacement`) its less popular pages fall out and come back as
#   page faults; a job that reads one request at a time waits for each fault ({doc}`paging`).
# - **Direct I/O gains a little at the same time** ({glue:text}`fs-x-dh-64-20` for the high
#   level at 64/20): the fio disks share one storage path, and when the page-cached jobs slow
#   down for their faults, the path is quieter than in the reference run and the direct I/O
#   transfers take less time ({glue:text}`fs-dslow-64-20` times as long). The gain is only what
#   the page-cached variants' small loss leaves free on the path. Direct I/O keeps only its hot
#   core and its most popular pages resident and reads almost nothing back, so memory does not
#   reach it.
# - **Where it misses.**
#   - *The ECKD failures*: none of the model's runs fails. Its path never gets busy enough,
#     because the model pages less than the paper measured and fio gives back path bandwidth
#     as it slows down.
#   - *The size of the 20-CPU moves*: only {glue:text}`fs-maxloss-20` down to 64 GiB. That is
#     the most of any CPU count, but only {glue:text}`fs-maxloss-ratio` times the loss with 10
#     CPUs, where the paper singled out 20 CPUs; the model's faults are single page reads, not
#     the paper's dirty pages written back in bursts. At 64/20 both modes move the paper's way,
#     but too little for its claims, which ask for 3 points: the high page-cached variant loses
#     {glue:text}`fs-ph-loss-64-20`, the high direct I/O variant gains {glue:text}`fs-dh-gain-64-20`.
#   - *The page-read numbers at 64/20*: fitted, and missed, because the paper's own two numbers
#     for the same rate disagree, the model's run ages the cache faster than the fit assumed, and
#     its total paging is too low ({ref}`results_fs-ex-ten`).
#
#   The last section, "How these numbers are made, and why the model misses", has the detail.

# %% tags=["remove-cell"]
import pandas as pd
from IPython.display import Markdown
from overcommit.book import glue

import overcommit as oc
from overcommit import calibrate
from overcommit import claims as claims_module
from overcommit import data, paging, planning
from overcommit import exercises
from overcommit.exercises import checks
from overcommit.book import figures_fs
from overcommit.book import figures_validation
from overcommit.book import figures_results
from overcommit.book import figures_workload
from overcommit.book.explore import explorer, host_controls
from overcommit.book.figures_results import PAPER_PAGE_READ_6420
from overcommit.model import PATH_HEADROOM, RUN_S, environment
from overcommit.replacement import reclaim_weights, resident_slope_miss
from overcommit.workloads import HOT_CORE_MIB, class_regularity, memory_classes, study_guests, study_variants

pd.set_option("display.max_colwidth", 120)
KEY = "fs"
results = oc.sweep()
vframe = figures_workload.variant_frame(KEY, results)
gframe = figures_workload.guest_frame(KEY)
mframe = figures_fs.modes_frame(vframe)
runs = figures_fs.path_runs()
pframe = figures_fs.path_frame(runs)
edev = vframe[vframe["env"] == "zvm63-edev"]
guests = {g.name: g for g in study_guests()}
drivers = study_variants()
SHORT = {"fs-pagecache-medium": "pm", "fs-direct-medium": "dm", "fs-pagecache-high": "ph", "fs-direct-high": "dh"}


for v, s in SHORT.items():
    # the direct I/O variants move by fractions of a per cent: three decimals show their gain
    fmt = ".3f" if v.startswith("fs-direct") else ".2f"
    for cid in ("512/20", "64/20", "48/20", "64/15", "48/15", "512/10", "512/5"):
        glue(f"fs-x-{s}-{figures_workload.cid_tag(cid)}", f"{figures_workload.value(vframe, cid, v):{fmt}}", display=False)
    for cid in ("64/20", "48/20"):
        glue(f"fs-xe-{s}-{figures_workload.cid_tag(cid)}", f"{figures_workload.value(vframe, cid, v, env='zvm63-eckd'):{fmt}}", display=False)
# the findings: direct I/O gains at 64/20 while page-cached I/O loses
assert figures_workload.value(vframe, "64/20", "fs-direct-high") > 1 > figures_workload.value(vframe, "64/20", "fs-pagecache-high")

# "memory matters only a few percent": the largest change against 512 GiB with the same CPUs,
# for memory sizes the paper reports (>= 64 GiB)
maxloss = {}
for c in (20, 15, 10, 5):
    d = edev[(edev.cpus == c) & (edev.memory_gib >= 64)]
    base = d[d.memory_gib == 512].set_index("variant")["throughput"]
    maxloss[c] = (1 - d["throughput"] / d["variant"].map(base)).max()
    glue(f"fs-maxloss-{c}", f"{100 * maxloss[c]:.1f} %", display=False)
glue("fs-maxloss-ratio", f"{maxloss[20] / maxloss[10]:.1f}", display=False)
# the prose: 20 CPUs lose the most of any CPU count, but weakly singled out: less than twice
# the 10-CPU loss, and still a few per cent (under the 5 % of the flat-memory claim)
assert 0 < max(maxloss[c] for c in (15, 10, 5)) < maxloss[20] < 0.05, maxloss
assert 1.2 * maxloss[10] < maxloss[20] < 2 * maxloss[10], maxloss
# why memory matters so little with fewer CPUs. 15 CPUs: the fio guests stay below the water
# level (not cut), and the page cache loses less than with 20 CPUs at 64 GiB, reading less back
# because the pages age longer
flat_runs = {cid: oc.simulate(cid) for cid in ("512/20", "64/20", "512/15", "64/15", "512/10", "64/10", "512/5", "64/5")}


def _per_share(r):
    return r.guests["cpu_allocated"] / r.guests["share"]


def _mem_change(v, c):
    """The variant's relative change from 512 to 64 GiB with ``c`` CPUs."""
    return (flat_runs[f"64/{c}"].workloads.loc[v, "relative_throughput"]
            / flat_runs[f"512/{c}"].workloads.loc[v, "relative_throughput"] - 1)


for cid in ("512/15", "64/15"):
    assert (_per_share(flat_runs[cid])[list(SHORT)] < 0.99 * _per_share(flat_runs[cid]).max()).all(), cid
T15, T20 = (float(flat_runs[c].system["characteristic_time_s"]) for c in ("64/15", "64/20"))
assert T15 > T20
for v in ("fs-pagecache-medium", "fs-pagecache-high"):
    assert _mem_change(v, 20) < _mem_change(v, 15) < 0, v
    assert flat_runs["64/15"].guests.loc[v, "page_read_mib_s"] < flat_runs["64/20"].guests.loc[v, "page_read_mib_s"], v
glue("fs-T-64-15", f"{T15:.0f}", display=False)  # fs-T-64-20 is glued with the residency numbers below
# 10 and 5 CPUs: every fio guest is cut (at the water level), and each variant's loss at 64 GiB
# is mostly the water level's fall (CP's paging work): the rest is less than half of it
for c in (10, 5):
    lo, hi = flat_runs[f"64/{c}"], flat_runs[f"512/{c}"]
    assert (_per_share(hi)[list(SHORT)] > 0.999 * _per_share(hi).max()).all(), c
    level_change = _per_share(lo).max() / _per_share(hi).max() - 1
    assert level_change < 0 and lo.system["cp_system_cpu"] > hi.system["cp_system_cpu"], c
    for v in SHORT:
        assert abs(_mem_change(v, c) - level_change) < 0.5 * abs(level_change), (c, v, _mem_change(v, c), level_change)
o10 = edev[(edev.cid == "512/10") & (edev.variant != "fs-direct-high")]["throughput"]
glue("fs-x-others-512-10", f"{o10.min():.2f} to {o10.max():.2f}", display=False)
glue("fs-direct-reads-max", f"{edev[edev.variant.str.contains('direct')]['page_read_mib_s'].max():.2f}",
     display=False)
glue("fs-pagecache-reads-max", f"{edev[edev.variant.str.contains('pagecache')]['page_read_mib_s'].max():.1f}",
     display=False)

obs_p = data.observations().set_index("id")
for key, s in (("fspm", "pm"), ("fsph", "ph"), ("fsdm", "dm"), ("fsdh", "dh")):
    glue(f"fs-p-res-{s}", f"{obs_p.loc[f'o000-{key}-res-frac', 'value']:g} %", display=False)
    glue(f"fs-p-dpa-{s}", f"{obs_p.loc[f'o000-{key}-dpa', 'value']:g} %", display=False)
for key, s in (("fspm", "pm"), ("fsph", "ph")):
    glue(f"fs-p-prs-{s}", f"{obs_p.loc[f'o000-{key}-pr-share', 'value']:g} %", display=False)
    glue(f"fs-p-pin-{s}", f"{obs_p.loc[f'o000-{key}-pin-frac', 'value']:g} %", display=False)
    glue(f"fs-p-pcache-{s}", f"{obs_p.loc[f'o000-{key}-pcache', 'value']:g} GiB", display=False)
glue("fs-p-pcache-d", f"{obs_p.loc['o000-fsd-pcache', 'value']:g} MiB", display=False)

# %% [markdown]
# ## Throughput over memory and CPUs (Figures 20 and 21)
#
# The paper shows each workload's relative throughput over real memory, one line per number
# of real CPUs, and over real CPUs, grouped by memory. The chart does both for the model;
# pick an environment and one of the four variants (the chart opens on the high-level
# page-cached variant), and hover over a point for its numbers. The one value the paper
# states for a single configuration is drawn as a diamond outlined in black (choose the
# high-level direct I/O variant).

# %% tags=["remove-input"]
figures_workload.throughput_chart(vframe, KEY, "throughput", variant="fs-pagecache-high")

# %% [markdown]
# ```{container} oc-caption
# **Figure: relative throughput of the file-system I/O workload (the paper's Figures 20 and
# 21).** The model's values for every configuration of the study: 1.0 is the variant's own
# throughput in the reference run 512/25. The paper normalised both variants of a level to the
# *direct I/O* variant's reference (Figure 20 for the medium, Figure 21 for the high level) but
# does not state the ratio of the two modes' reference throughputs, so the model's page-cached
# values are drawn against their own reference. Diamond: the paper's high-level direct I/O
# variant slightly above its reference at 64/20, drawn at 100 %
# ({cite:t}`johanssen2014overcommit`, section "File system I/O workload", observations).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The chart's numbers are `figures_workload.variant_frame("fs", oc.sweep())`;
# `figures_workload.value(frame, "64/20", "fs-direct-high")` reads one of them.
# ````
#
# With 20 CPUs the page-cached variants drop to {glue:text}`fs-x-pm-48-20` (medium) and
# {glue:text}`fs-x-ph-48-20` (high) at 48/20, and below 64 GiB, where the paper has no results,
# they lose with 15 CPUs as well ({glue:text}`fs-x-pm-48-15` and {glue:text}`fs-x-ph-48-15` at
# 48/15). The direct I/O variants run at {glue:text}`fs-x-dm-64-20` and
# {glue:text}`fs-x-dh-64-20` at 64/20 and {glue:text}`fs-x-dm-48-20` and
# {glue:text}`fs-x-dh-48-20` at 48/20: a direct I/O transfer takes
# {glue:text}`fs-dslow-64-20` times as long as in the reference run at 64/20. With 10 CPUs one
# variant is an exception: the high direct I/O variant runs at {glue:text}`fs-x-dh-512-10` at
# 512/10, where the other three run at {glue:text}`fs-x-others-512-10`
# ({ref}`results_fs-ex-share` asks why).
#
# ## Direct I/O against page-cached I/O
#
# The paper's Figures 20 and 21 put both modes of one level into one chart. The next chart
# puts all four variants side by side for one environment and one CPU count, with their page
# reads below: blue for direct I/O, orange for page-cached I/O, dashed for the medium and
# solid for the high level.

# %% tags=["remove-input"]
figures_fs.modes_chart(mframe, default_cpus=20)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the two I/O modes side by side.** Relative throughput (each variant against its
# own reference, dotted line) and page-read rate (MiB/s) of the four fio variants. Triangle: the
# paper's high-level direct I/O variant above its reference at 64/20 on z/VM 6.3 with
# EDEV-SCSI paging ({cite:t}`johanssen2014overcommit`, section "File system I/O workload",
# observations).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_fs.modes_frame(figures_workload.variant_frame("fs", oc.sweep()))` holds the chart's
# numbers; `figures_fs.modes_chart(frame, default_cpus=20)` draws it.
# ````

# %% tags=["remove-cell"]
r6420, r4820 = oc.simulate("64/20"), oc.simulate("48/20")
glue("fs-T-64-20", f"{float(r6420.system['characteristic_time_s']):.0f}", display=False)
glue("fs-T-48-20", f"{float(r4820.system['characteristic_time_s']):.0f}", display=False)
glue("fs-rp-ms", f"{float(r6420.system['page_read_response_ms']):.2f}", display=False)
BETA = environment("zvm63-edev").reclaim_exponent
PPI = paging.PagingConfig.from_data(environment("zvm63-edev").paging_kind).pages_per_io
glue("fs-beta", f"{BETA:.1f}", display=False)
glue("fs-ppi", f"{PPI:.0f}", display=False)
glue("fs-hot-mib", f"{HOT_CORE_MIB:.0f}", display=False)
_SUP = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def _shown(x, fmt):
    """x in the format fmt, or in powers of ten where fmt would round it to zero."""
    text = format(x, fmt)
    if x == 0 or any(ch in "123456789" for ch in text):
        return text
    mantissa, exponent = f"{x:.1e}".split("e")
    return f"{mantissa} × 10{str(int(exponent)).translate(_SUP)}"


def _seconds(x):
    """An interval in seconds: whole seconds from 10 s up, else one decimal (or powers of ten)."""
    return f"{x:,.0f}" if x >= 10 else _shown(x, ".1f")


for v, s in SHORT.items():
    g = guests[v]
    w_g = float(reclaim_weights([g.touched_mib], BETA)[0])
    glue(f"fs-w-{s}", f"{w_g:.2f}", display=False)
    glue(f"fs-touched-{s}", f"{g.touched_mib:,.0f}", display=False)
    for cid, r in (("64-20", r6420), ("48-20", r4820)):
        glue(f"fs-Tg-{s}-{cid}", f"{w_g * float(r.system['characteristic_time_s']):.0f}", display=False)
    glue(f"fs-Tg-ratio-{s}-64-20", _shown(w_g * float(r6420.system['characteristic_time_s']) * g.median_rate_per_s, ".1f"),
         display=False)
    glue(f"fs-Tg-ratio-{s}-48-20", _shown(w_g * float(r4820.system['characteristic_time_s']) * g.median_rate_per_s, ".1f"),
         display=False)
    glue(f"fs-median-s-{s}", _seconds(1 / g.median_rate_per_s), display=False)
    glue(f"fs-skew-{s}", f"{g.skew:.1f}", display=False)
    glue(f"fs-active-{s}", f"{100 * g.active_frac:.0f} %", display=False)
    glue(f"fs-released-{s}", f"{100 * g.released_frac:.0f} %", display=False)
    glue(f"fs-blocking-{s}", f"{drivers[v].blocking:.1f}", display=False)
    glue(f"fs-users-{s}", f"{drivers[v].users:.0f}", display=False)
    glue(f"fs-think-{s}", f"{drivers[v].think_frac:.1f}", display=False)
    glue(f"fs-io-{s}", f"{drivers[v].io_mib_s:.0f}", display=False)
    for cid, r in (("64-20", r6420), ("48-20", r4820)):
        row = r.guests.loc[v]
        glue(f"fs-reads-{s}-{cid}", f"{row['page_read_mib_s']:.2f}", display=False)
        glue(f"fs-blocked-{s}-{cid}", f"{row['blocked_vcpus']:.2f}", display=False)
        glue(f"fs-cpu-{s}-{cid}", f"{row['cpu_load']:.2f}", display=False)
        glue(f"fs-res-{s}-{cid}", f"{row['resident_mib']:,.0f}", display=False)
        glue(f"fs-inst-{s}-{cid}", f"{row['instantiated_mib']:,.0f}", display=False)
        glue(f"fs-left-{s}-{cid}", f"{row['vcpus'] - row['blocked_vcpus']:.2f}", display=False)
        glue(f"fs-wait-{s}-{cid}", f"{r.workloads.loc[v, 'device_wait_per_unit']:.3f}", display=False)
        glue(f"fs-jobreads-{s}-{cid}", f"{row['page_read_mib_s'] / drivers[v].users:.2f}", display=False)
# the prose: the page-cached guests' own reclaim times are more than one and a half times their
# median interval at 64/20, "only" about one (between three quarters and one and a half) at 48/20
for v in ("fs-pagecache-medium", "fs-pagecache-high"):
    w_g = float(reclaim_weights([guests[v].touched_mib], BETA)[0])
    ratio = {cid: w_g * float(r.system["characteristic_time_s"]) * guests[v].median_rate_per_s
             for cid, r in (("64-20", r6420), ("48-20", r4820))}
    assert 1.5 < ratio["64-20"] and 0.75 < ratio["48-20"] < min(1.5, 0.75 * ratio["64-20"]), (v, ratio)

# %% [markdown]
# The two modes part ways because of where their memory references go and what a page fault
# costs them.
#
# - **What stays resident.** z/VM replaces pages globally ({doc}`replacement`), but it takes
#   about as many frames from each guest, so a large guest's pages age longer. The page-cached
#   guests are large ({glue:text}`fs-touched-pm` and {glue:text}`fs-touched-ph` MiB touched),
#   and about two thirds of it is a cache touched almost evenly, because fio works at random
#   over whole files. At 64/20 only its less popular pages fall out and come back as faults; at
#   48/20 much more of the active cache is read back again and again. A direct I/O guest uses
#   little but its hot core (kernel and hot code) and, in the high one, its most popular pages,
#   some {glue:text}`fs-busy-mib-dh` MiB, which stay; its other pages are hardly touched, so
#   they go to the paging devices and few are
#   needed again: at most {glue:text}`fs-direct-reads-max` MiB/s of page reads in any run on
#   z/VM 6.3 with EDEV-SCSI paging, against up to {glue:text}`fs-pagecache-reads-max` MiB/s for
#   a page-cached guest.
# - **What a fault costs.** A page-cached job runs one request at a time, so every page read it
#   waits for lengthens its cycle ({doc}`paging`). At 48/20 each of the medium guest's jobs
#   waits {glue:text}`fs-wait-pm-48-20` of its reference cycle per unit of work; the high guest
#   spreads its faults over twice as many jobs, which wait only {glue:text}`fs-wait-ph-48-20`,
#   so it loses less. The faults also hold virtual CPUs (they are taken inside the kernel, where
#   {term}`page fault handshaking` cannot hand the CPU to another process), but what is left is
#   more than fio uses: the jobs' own waiting is the limit.
#
# The paper's changed pages, paged out while they waited for Linux to write them, are folded
# into the cache's even popularity during the run; at its end the model counts them as a backlog
# Linux must clear before fio can finish (next section).
#
# ## The storage path shared with paging (ECKD environment)
#
# In two of the study's three environments z/VM paged to {term}`EDEV` SCSI devices, and the
# paper names the database's SCSI disks, not the fio volumes, as the guest I/O that overlapped
# with paging. In the third, z/VM 6.3 paged to ECKD volumes, and paging and the fio volumes
# used partly the same I/O subsystem and storage server. There every run with 64 GiB failed;
# the paper suspects that the fio disks returned errors while z/VM paged hard
# ({cite:t}`johanssen2014overcommit`, section "Comparison of different z/VM environments").
#
# The model has this mechanism ({doc}`paging`, section on the shared path): guest I/O, page
# reads and page writes share the path's bandwidth; the busier the path, the longer a paging
# I/O waits and the longer the sharing guests' own transfers take, which stretches the part of
# fio's cycle spent waiting for its disks. A fio variant fails once the path is
# {glue:text}`fs-fail-util` busy, and
# a page-cached variant also fails when the dirty cache it must write at the end of the run,
# partly paged out, takes longer to read back than the paper's test procedure leaves. The
# chart opens on the ECKD environment.

# %% tags=["remove-input"]
figures_fs.path_chart(pframe, runs, default_cpus=20, default_env="zvm63-eckd")

# %% tags=["remove-cell"]
pr = runs.set_index(["env", "cid"])
ek = {cid: pr.loc[("zvm63-eckd", cid)] for cid in ("512/20", "64/20", "48/20")}
glue("fs-B-eckd", f"{ek['512/20']['bandwidth_mib_s']:.0f}", display=False)
glue("fs-B-scsi", f"{pr.loc[('zvm63-edev', '512/20'), 'bandwidth_mib_s']:.0f}", display=False)
for cid, row in ek.items():
    glue(f"fs-rho-{figures_workload.cid_tag(cid)}", f"{row['path_utilisation']:.2f}", display=False)
    glue(f"fs-gio-{figures_workload.cid_tag(cid)}", f"{row['guest_io_mib_s']:.0f}", display=False)
    glue(f"fs-paging-{figures_workload.cid_tag(cid)}", f"{row['page_read_mib_s'] + row['page_write_mib_s']:.0f}", display=False)
    glue(f"fs-slow-{figures_workload.cid_tag(cid)}", f"{row['slowdown']:.2f}", display=False)
glue("fs-gio-drop-64-20", f"{ek['512/20']['guest_io_mib_s'] - ek['64/20']['guest_io_mib_s']:.0f}", display=False)
glue("fs-rho-max-eckd", f"{runs[runs.env == 'zvm63-eckd']['path_utilisation'].max():.2f}", display=False)
glue("fs-eckd-failed", str(int(runs[runs.env == "zvm63-eckd"]["fs_failed"].sum())), display=False)
glue("fs-slow-edev-64-20", f"{pr.loc[('zvm63-edev', '64/20'), 'slowdown']:.2f}", display=False)
path = figures_validation.eckd_path("64/20", PAPER_PAGE_READ_6420)
glue("fs-rho-paper-reads", f"{path['utilisation_at_paper_reads']:.2f}", display=False)
glue("fs-reads-needed", f"{path['reads_needed_mib_s']:.0f}", display=False)
glue("fs-paper-reads", f"{PAPER_PAGE_READ_6420:.0f}", display=False)
glue("fs-model-reads-6420", f"{float(r6420.system['page_read_mib_s']):.0f}", display=False)
glue("fs-gio-drop-48-20", f"{ek['512/20']['guest_io_mib_s'] - ek['48/20']['guest_io_mib_s']:.0f}", display=False)
glue("fs-drain-limit", f"{drivers['fs-pagecache-high'].drain_limit_s:.0f}", display=False)
# the failure threshold the four fio drivers share (variant_drivers.csv) and the path's headroom
fail_util = {drivers[v].io_error_utilisation for v in figures_fs.VARIANTS}
assert len(fail_util) == 1, fail_util  # the prose states one threshold for all four
glue("fs-fail-util", f"{100 * fail_util.pop():.0f} %", display=False)
glue("fs-headroom", f"{100 * PATH_HEADROOM:.0f} %", display=False)
glue("fs-vcpus-pm", f"{int(data.virtual_systems_frame().loc['fs-pagecache-medium', 'vcpus'])}", display=False)
drains = pd.DataFrame([
    {"env": env, "cpus": c, "variant": v, "drain_s": float(oc.simulate(f"64/{c}", env=env).workloads.loc[v, "drain_s"])}
    for env in ("zvm63-edev", "zvm63-eckd", "zvm62-edev") for c in figures_fs.CPU_OPTIONS
    for v in ("fs-pagecache-medium", "fs-pagecache-high")])
eckd64 = drains[drains.env == "zvm63-eckd"]
glue("fs-drain-ph-eckd-64-20", f"{eckd64[(eckd64.cpus == 20) & (eckd64.variant == 'fs-pagecache-high')]['drain_s'].iloc[0]:.0f}",
     display=False)
glue("fs-drain-max-eckd-64", f"{eckd64['drain_s'].max():.0f}", display=False)
glue("fs-drain-max-64", f"{drains['drain_s'].max():.0f}", display=False)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the storage path that guest I/O shares with paging.** For every run, the path as
# the model left it. Top: the path's utilisation, stacked by what uses it (page reads and
# writes, the I/O of the guests on the paging path); dashed lines at the model's limits; red
# crosses at 64 GiB in the ECKD environment: the runs the paper reports as failed
# ({cite:t}`johanssen2014overcommit`, section "Comparison of different z/VM environments",
# observations). Bottom: how many times longer the sharing guests' own transfers take than in
# the reference run.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_fs.path_runs()` reads the path from `oc.simulate(cid, env=...)` for every run;
# `figures_fs.path_frame(runs)` is the chart's data.
# ````
#
# With ECKD paging the four fio guests alone keep the path {glue:text}`fs-rho-512-20` busy at
# 512/20. At 64/20 paging adds {glue:text}`fs-paging-64-20` MiB/s, the fio transfers take
# {glue:text}`fs-slow-64-20` times as long as in the reference run, and the fio guests slow
# down, so their own I/O falls by {glue:text}`fs-gio-drop-64-20` MiB/s: the path is
# {glue:text}`fs-rho-64-20` busy, and at 48/20 {glue:text}`fs-rho-48-20`, hardly more. The loop
# regulates itself: what paging takes from the path, fio gives back by going slower. So the
# model's fio never reaches the {glue:text}`fs-fail-util` at which it would fail (the busiest ECKD run is at
# {glue:text}`fs-rho-max-eckd`), and the end-of-run backlog takes at most
# {glue:text}`fs-drain-max-eckd-64` s of the {glue:text}`fs-drain-limit` s:
# {glue:text}`fs-eckd-failed` ECKD runs fail in the model, against every 64 GiB run in the paper.
#
# The slowdown is felt by direct I/O as much as by page-cached I/O, because it stretches the time
# fio waits for its own disks. With ECKD paging the model's direct I/O variants lose:
# {glue:text}`fs-xe-dm-64-20` and {glue:text}`fs-xe-dh-64-20` at 64/20, against
# {glue:text}`fs-x-dm-64-20` and {glue:text}`fs-x-dh-64-20` with EDEV-SCSI paging. The paper
# has no per-workload results for ECKD, so this is a prediction, in line with its overall
# throughput falling faster with ECKD paging at 20 CPUs ({doc}`results_overall`).
#
# ## Where the fio guests' pages are (Figures 22 and 23)
#
# The paper shows the page distribution of the two page-cached guests (its Figure 22) and of
# the two direct I/O guests (Figure 23, on a smaller memory scale) for 64/20 only. The model
# can do it for any run; the two charts keep the paper's split, so that each has its own
# scale. Pick the environment and the configuration in each.

# %% tags=["remove-input"]
figures_workload.pages_chart(gframe[gframe["variant"].str.startswith("fs-pagecache")], KEY)

# %% [markdown]
# ```{container} oc-caption
# **Figure: page distribution and page reads of the page-cached fio guests (the paper's Figure
# 22).** The model's values for the chosen run. Resident: in real memory; stored: on the paging
# devices (a page can be in both places after it was read back and not changed); instantiated:
# touched during the run; reference instantiated: touched in the reference run; expanded storage
# (z/VM 6.2 only). Right: each guest's page read rate. The paper's values at 64/20:
# {glue:text}`fs-p-res-pm` (medium) and {glue:text}`fs-p-res-ph` (high) of the instantiated
# memory resident, {glue:text}`fs-p-dpa-pm` and {glue:text}`fs-p-dpa-ph` of the DPA,
# {glue:text}`fs-p-prs-pm` and {glue:text}`fs-p-prs-ph` of all page reads, about
# {glue:text}`fs-p-pin-pm` and {glue:text}`fs-p-pin-ph` of the resident memory paged in per
# second, and a page cache of about {glue:text}`fs-p-pcache-pm` and {glue:text}`fs-p-pcache-ph`
# ({cite:t}`johanssen2014overcommit`, section "File system I/O workload", memory usage at CID
# 64/20 and its conclusions).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_workload.guest_frame("fs")`, built from `oc.simulate(cid, env=...).guests`.
# ````

# %% tags=["remove-input"]
figures_workload.pages_chart(gframe[gframe["variant"].str.startswith("fs-direct")], KEY)

# %% tags=["remove-cell"]
pvm = figures_workload.paper_vs_model(KEY)
glue("fs-pm-pin-model", f"{100 * r6420.guests.loc['fs-pagecache-medium', 'page_read_mib_s'] / r6420.guests.loc['fs-pagecache-medium', 'resident_mib']:.3f} %",
     display=False)
glue("fs-ph-pin-model", f"{100 * r6420.guests.loc['fs-pagecache-high', 'page_read_mib_s'] / r6420.guests.loc['fs-pagecache-high', 'resident_mib']:.3f} %",
     display=False)
ten = checks.get("results_fs-ex-ten").values
glue("fs-ex-pm-res-paper", ten["resident"], display=False)
glue("fs-ex-pm-pin-rate", ten["from_pin"], display=False)
glue("fs-ex-pm-share-rate", ten["from_share"], display=False)
glue("fs-ex-pm-ratio", ten["ratio"], display=False)
glue("fs-ex-dpa", ten["dpa"], display=False)
glue("fs-pm-share-model", f"{100 * r6420.guests.loc['fs-pagecache-medium', 'page_read_mib_s'] / float(r6420.system['page_read_mib_s']):.1f} %",
     display=False)
glue("fs-ph-share-model", f"{100 * r6420.guests.loc['fs-pagecache-high', 'page_read_mib_s'] / float(r6420.system['page_read_mib_s']):.1f} %",
     display=False)
glue("fs-inst-pm-ref", f"{guests['fs-pagecache-medium'].instantiated_mib:,.0f}", display=False)
glue("fs-inst-dm-ref", f"{guests['fs-direct-medium'].instantiated_mib:,.0f}", display=False)
obs = oc.data.observations(["observations_000.csv"]).set_index("id")["value"].astype(float)
for v, s in (("fs-pagecache-medium", "pm"), ("fs-pagecache-high", "ph")):
    key = "fspm" if s == "pm" else "fsph"
    target = obs[f"o000-{key}-pr-share"] / 100 * obs["o000-sys-pr"]
    reads = float(r6420.guests.loc[v, "page_read_mib_s"])
    pin_model = 100 * reads / float(r6420.guests.loc[v, "resident_mib"])
    glue(f"fs-target-{s}", f"{target:.1f}", display=False)
    glue(f"fs-over-{s}", f"{reads / target:.1f}", display=False)
    glue(f"fs-pin-miss-{s}", f"{obs[f'o000-{key}-pin-frac'] / pin_model:.1f}", display=False)
for s, key in (("dm", "fsdm"), ("dh", "fsdh")):
    glue(f"fs-paper-res-{s}", f"{obs[f'o000-{key}-dpa'] / 100 * obs['o000-sys-dpa']:.0f}", display=False)
glue("fs-extra-dh-64-20", f"{r6420.guests.loc['fs-direct-high', 'resident_mib'] - HOT_CORE_MIB:.0f}", display=False)
dh_guest = guests["fs-direct-high"]
dh_active = (dh_guest.touched_mib - HOT_CORE_MIB) * dh_guest.active_frac
dh_extra = float(r6420.guests.loc["fs-direct-high", "resident_mib"]) - HOT_CORE_MIB
dh_tg = float(reclaim_weights([dh_guest.touched_mib], BETA)[0]) * float(r6420.system["characteristic_time_s"])
glue("fs-active-mib-dh", f"{dh_active:,.0f}", display=False)
glue("fs-median-dh-days", f"{1 / dh_guest.median_rate_per_s / 86400:,.0f}", display=False)
glue("fs-active-pct-dh", f"{100 * dh_guest.active_frac:.2f} %", display=False)
# the most popular active pages, touched at least once per the guest's reclaim time T_g: with
# Zipf-like popularity (rank r of n active pages at rate λ_½ (2r/n)^(−α)) these are the ranks
# up to (n/2)(λ_½ x T_g)^(1/α), at the run's throughput x
x_dh = float(r6420.workloads.loc["fs-direct-high", "relative_throughput"])
dh_busy = dh_active / 2 * (dh_guest.median_rate_per_s * x_dh * dh_tg) ** (1 / dh_guest.skew)
glue("fs-busy-mib-dh", f"{dh_busy:.0f}", display=False)
# the prose: nearly all of the high direct I/O guest's memory is active, the median page touched
# less than once in the run, the busy pages a few tens of MiB that stay, and with the pages just
# below them they make up what it keeps beyond the hot core
assert dh_guest.active_frac > 0.9, dh_guest.active_frac
assert dh_guest.median_rate_per_s * RUN_S < 0.01, dh_guest.median_rate_per_s
assert 5 < dh_busy < dh_extra < 2 * dh_busy, (dh_busy, dh_extra)
# the prose: the high direct I/O guest's fit misses the paper's resident amount and reads more
# than the "no significant paging" it aims at, still a negligible share (that row passes)
nopaging = [t.value for t in calibrate.targets()
            if t.guest_or_variant == "fs-direct-high" and t.quantity == "page_read_mib_s"]
assert len(nopaging) == 1, nopaging
glue("fs-nopaging-target", f"{nopaging[0]:g}", display=False)
dh_reads = float(r6420.guests.loc["fs-direct-high", "page_read_mib_s"])
assert dh_extra + HOT_CORE_MIB < obs["o000-fsdh-dpa"] / 100 * obs["o000-sys-dpa"] and dh_reads > nopaging[0]
assert pvm.loc["o000-fsdh-dpa", "verdict"] == "✗" and pvm.loc["o000-fsdh-res-frac", "verdict"] == "✗"
assert pvm.loc["o000-fsd-nopaging", "verdict"] == "✓"
assert dh_reads < 0.02 * float(r6420.system["page_read_mib_s"]), dh_reads
# the prose: the fit met the page-cached guests' share-based targets at the characteristic time
# it assumed; the model's own 64/20 run settles at a shorter one, because at the fit's time the
# guests would need more memory than the DPA has, mostly for the database beyond its target
_, T_FIT = figures_validation.chosen_pair()
T6420 = float(r6420.system["characteristic_time_s"])
glue("fs-T-fit", f"{T_FIT:.0f}", display=False)


def _memory_at(g, T):
    """Resident MiB and page-read MiB/s of guest g at 64/20's throughput, its pages aging w_g T."""
    sizes, rates = memory_classes(g)
    x = float(r6420.workloads.loc[g.variant, "relative_throughput"])
    load = rates * x * float(reclaim_weights([g.touched_mib], BETA)[0]) * T
    h, _, miss = resident_slope_miss(load, "clock", class_regularity(g))
    return float(sizes @ h), float(sizes @ (rates * x * miss))


at_fit = {name: _memory_at(g, T_FIT) for name, g in guests.items()}
overflow = sum(res for res, _ in at_fit.values()) - float(r6420.system["dpa_mib"])
db_target = [t.value for t in calibrate.targets() if t.guest_or_variant == "db-bi" and t.quantity == "resident_mib"]
assert T6420 < 0.8 * T_FIT and overflow > 0 and at_fit["db-bi"][0] - db_target[0] > overflow / 2, (T6420, overflow)
# ... so the cache ages for less: the guests read about twice the targets (the helper is the
# model: at the run's own time it gives the run's reads), and the paged-in fractions miss by
# about half the factor between the paper's own two readings
for v, key in (("fs-pagecache-medium", "fspm"), ("fs-pagecache-high", "fsph")):
    target = obs[f"o000-{key}-pr-share"] / 100 * obs["o000-sys-pr"]
    from_pin = obs[f"o000-{key}-pin-frac"] / 100 * obs[f"o000-{key}-dpa"] / 100 * obs["o000-sys-dpa"]
    reads = float(r6420.guests.loc[v, "page_read_mib_s"])
    assert abs(at_fit[v][1] / target - 1) < 0.05 and abs(_memory_at(guests[v], T6420)[1] / reads - 1) < 1e-6, v
    assert 1.5 < reads / target < 2.5, (v, reads, target)
    miss = obs[f"o000-{key}-pin-frac"] / (100 * reads / float(r6420.guests.loc[v, "resident_mib"]))
    assert reads / target < miss and 0.4 < miss / (from_pin / target) < 0.6, (v, miss, from_pin / target)

# %% [markdown]
# ```{container} oc-caption
# **Figure: page distribution and page reads of the direct I/O fio guests (the paper's Figure
# 23).** Same measures and controls as the previous figure, for the direct I/O guests. The
# paper's values at 64/20: {glue:text}`fs-p-res-dm` (medium) and {glue:text}`fs-p-res-dh`
# (high) of the instantiated memory resident, {glue:text}`fs-p-dpa-dm` and
# {glue:text}`fs-p-dpa-dh` of the DPA, no significant paging, and a page cache of about
# {glue:text}`fs-p-pcache-d` that Linux keeps for libraries and processes, not for fio's data
# (same section of {cite:t}`johanssen2014overcommit`).
# ```
#
# At 64/20 the model's page-cached guests keep about two thirds of what they touched resident,
# {glue:text}`fs-res-pm-64-20` MiB (medium) and {glue:text}`fs-res-ph-64-20` MiB (high), while
# the direct I/O guests keep their {glue:text}`fs-hot-mib` MiB hot core: the medium one little
# more ({glue:text}`fs-res-dm-64-20` MiB), the high one {glue:text}`fs-extra-dh-64-20` MiB more.
# Nearly all of what the high one touched counts as active ({glue:text}`fs-active-pct-dh`,
# {glue:text}`fs-active-mib-dh` MiB), but its popularity is steep (skew
# {glue:text}`fs-skew-dh`): the median page is touched about once in
# {glue:text}`fs-median-dh-days` days, practically never in an hour's run, and only the most
# popular {glue:text}`fs-busy-mib-dh` MiB are touched at least once per the time its pages age
# ({glue:text}`fs-Tg-dh-64-20` s at 64/20). Those stay resident, and with the pages touched a
# little less often, resident part of the time, they make up its
# {glue:text}`fs-extra-dh-64-20` MiB beyond the hot core. These amounts were fitted (last
# section).
# Try 48/20: the
# page-cached guests' resident memory shrinks and their page reads climb, the direct I/O guests
# barely change.
#
# The instantiated memory at 64/20 is well below the reference value, in the paper and in the
# model ({glue:text}`fs-inst-pm-64-20` MiB against {glue:text}`fs-inst-pm-ref` MiB for the
# medium page-cached guest): Linux marks memory it no longer needs as unused, and CP drops such
# pages instead of paging them ({term}`CMMA`). The paper's second reason, that slower
# page-cached guests need less cache, the model does not have.

# %% tags=["remove-cell"]
_ = figures_results.glue_any_grid()  # the any-host chart's grid, as every chapter states it

# %% tags=["remove-cell"]
from overcommit.book import figures_time

t_fs = {(v, cid, env): figures_time.glue_time("fs", v, cid, env)
        for v in ("fs-pagecache-medium", "fs-direct-medium") for cid in ("512/25", "64/20", "48/20")
        for env in ("zvm63-edev", "zvm63-eckd")}
pc, di = "fs-pagecache-medium", "fs-direct-medium"
# the prose: on ECKD the page-cached level's own I/O stretches with the paging on its path,
# and it stalls on page reads; direct I/O never stalls, and on EDEV its path gets quieter
assert t_fs[(pc, "64/20", "zvm63-eckd")]["io"] > 1.2 * t_fs[(pc, "512/25", "zvm63-edev")]["io"]
assert t_fs[(pc, "48/20", "zvm63-eckd")]["paging"] > t_fs[(pc, "48/20", "zvm63-edev")]["paging"] > 0.1
assert t_fs[(di, "48/20", "zvm63-edev")]["paging"] < 0.01
assert t_fs[(di, "48/20", "zvm63-edev")]["io"] < t_fs[(di, "512/25", "zvm63-edev")]["io"]
assert all(t_fs[(v, c, e)]["cpu_wait"] == 0 for v, c, e in t_fs if c != "512/25")

# %% [markdown]
# ## Where the time goes
#
# A unit of fio's work is one I/O of one job: {glue:text}`t-fs-pagecache-medium-512-25-total`
# in the reference run, most of it the I/O itself. The chart splits it into working on a
# CPU, waiting for a real CPU ({doc}`shares`), stalled on paging ({doc}`paging`, of pages the
# replacement evicted, {doc}`replacement`) and the job's own I/O, stretched or shortened by the
# storage path it shares with the other guests' I/O and, on ECKD, with paging.

# %% tags=["remove-input"]
figures_time.time_chart("fs", variant="fs-pagecache-medium")

# %% [markdown]
# ```{container} oc-caption
# **Figure: where an fio I/O goes.** For the chosen level, environment and real CPUs, one
# bar per memory size of the paper's grid (pale and starred: {glue:text}`provenance-model-only`), the reference run's
# bar on top; each part in milliseconds per I/O, its share of the reference cycle in the
# tooltip. The label at a bar's end is its total.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `oc.simulate("64/20", env="zvm63-eckd").breakdown.loc["fs-pagecache-medium"]` gives the
# parts in seconds, in the order of `oc.BREAKDOWN_PARTS`.
# ````
#
# - **The page cache pays twice on ECKD.** At 64/20 with ECKD paging, the page-cached medium
#   level's own I/O takes {glue:text}`t-fs-pagecache-medium-64-20-zvm63-eckd-io` per I/O
#   against {glue:text}`t-fs-pagecache-medium-512-25-io` in the reference run, because paging
#   shares its storage path, and it stalls {glue:text}`t-fs-pagecache-medium-64-20-zvm63-eckd-paging`
#   on page reads of its cache; at 48/20 the stalls reach
#   {glue:text}`t-fs-pagecache-medium-48-20-zvm63-eckd-paging` (on EDEV-SCSI,
#   {glue:text}`t-fs-pagecache-medium-48-20-paging`).
# - **Direct I/O never stalls.** The direct level keeps no cache to page out
#   ({glue:text}`t-fs-direct-medium-48-20-paging` per I/O at 48/20), and on EDEV-SCSI its I/O gets
#   faster as the page-cached level slows and leaves the path quieter:
#   {glue:text}`t-fs-direct-medium-48-20-io` against {glue:text}`t-fs-direct-medium-512-25-io`.
# - fio never waits for a CPU at 20 CPUs: the jobs spend most of their time in I/O.

# %% tags=["remove-cell"]
TIME_SEED = 24
time_seeded = exercises.generate("results_fs_time", seed=TIME_SEED)
glue("fs-time-seeded-q", Markdown(time_seeded.question), display=False)
glue("fs-time-seeded-a", Markdown(time_seeded.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_fs-ex-time-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* Each seed picks a bar
# of the chart above and asks which part of a unit of work of an fio variant grew most against
# the reference run, or how long one part takes. This is the question for seed 24:
#
# ```{glue:md} fs-time-seeded-q
# :format: myst
# ```
#
# Type another seed in the box to get another question; the chart has every value you need.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("results_fs_time", seed=...)` gives the question and
# `exercises.check("results_fs_time", seed=..., answer=...)` checks an answer.
# ````
#
# <div class="oc-selfcheck" data-topic="results_fs_time" data-seed="24"></div>
# :::
#
# :::{solution} results_fs-ex-time-seeded
# :class: dropdown
#
# The worked answer for seed 24:
#
# ```{glue:md} fs-time-seeded-a
# :format: myst
# ```
# :::

# %% [markdown]
# ## Try any host
#
# The chart below shows the four fio variants at any host of a dense grid: its sliders choose
# real memory from {glue:text}`any-mem-min` to {glue:text}`any-mem-max` GiB
# in steps of {glue:text}`any-mem-step` GiB
# and {glue:text}`any-cpus-min` to {glue:text}`any-cpus-max` real CPUs, on any of the three
# environments. Its title says whether the paper ran that host;
# {glue:text}`provenance-marking`

# %% tags=["remove-input"]
figures_workload.any_cid_chart(KEY)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the four fio variants at any host.** Top: relative throughput at the chosen host, each variant
# against its own reference run (red if it fails in the model); the title names the host
# and whether the paper ran it, and below the bars are its overall throughput and page
# reads. Bottom: their mean relative throughput as memory
# shrinks at the chosen CPUs, the chosen memory marked by a dark grey line. Last: where the
# time goes (thin bars: the reference run). The runs behind it are computed when the book is
# built and loaded from shared files.
# ```
#
# In Jupyter, the explorer below runs the model for any memory size, CPU count and
# environment and shows the four fio variants' throughput and their guests' pages. Switch the
# environment to ECKD to see the shared storage path at work.

# %% tags=["remove-input"]
explorer(
    lambda memory_gib, cpus, env: figures_workload.explorer_chart(KEY, memory_gib, cpus, env),
    adds="The fio guests' memory on the chosen host (resident, stored, instantiated) beside their throughput, for hosts off the grid above too.",
    **host_controls(memory_gib=64, cpus=20),
)

# %% [markdown]
# ```{container} oc-caption
# **Explorer: the file-system I/O workload on any host.** The model's run for the chosen host.
# Top: each fio variant's relative throughput against its own reference (red if it fails in the
# model). Bottom: the fio guests' resident, stored, instantiated and reference instantiated
# memory. Last: where the time goes
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
# The model has no fio. Each variant is a driver and a guest:
#
# - **Driver.** A closed loop of users, the fio jobs times the requests each keeps in flight
#   ({glue:text}`fs-users-pm` and {glue:text}`fs-users-ph` for the page-cached,
#   {glue:text}`fs-users-dm` and {glue:text}`fs-users-dh` for the direct I/O variants, from
#   Table 13). A user spends a share of its reference cycle waiting for its own disks
#   ({glue:text}`fs-think-pm` page-cached, {glue:text}`fs-think-dm` direct), the rest on CPU
#   work and page-fault stalls, one per paging I/O of {glue:text}`fs-ppi` pages; a share of each
#   stall ({glue:text}`fs-blocking-pm` page-cached, {glue:text}`fs-blocking-dm` direct) holds the
#   virtual CPU. The disk rates on the storage path ({glue:text}`fs-io-pm` MiB/s per medium and
#   {glue:text}`fs-io-ph` MiB/s per high variant), the {glue:text}`fs-fail-util` failure
#   threshold and these shares
#   are assumptions; the {glue:text}`fs-drain-limit` s for the page-cached variants' end-of-run
#   backlog is the paper's test procedure.
# - **Residency.** Each guest's memory is a released part (discarded first under pressure:
#   {glue:text}`fs-released-pm` and {glue:text}`fs-released-ph` for the page-cached,
#   {glue:text}`fs-released-dm` and {glue:text}`fs-released-dh` for the direct I/O guests), an
#   idle part touched only at start-up, a hot core of {glue:text}`fs-hot-mib` MiB (kernel and hot
#   code, touched about once a second, both assumed), and active pages with Zipf-like
#   popularity. The active share ({glue:text}`fs-active-pm` and {glue:text}`fs-active-ph` for the
#   page-cached guests), the skew ({glue:text}`fs-skew-pm` page-cached, {glue:text}`fs-skew-dm`
#   and {glue:text}`fs-skew-dh` direct) and the median reference rate (a page-cached page about
#   every {glue:text}`fs-median-s-pm` s, medium, or {glue:text}`fs-median-s-ph` s, high) are
#   fitted to the paper's 64/20 numbers. Each guest's pages age for a reclaim time of their own,
#   the characteristic time ({glue:text}`fs-T-64-20` s at 64/20, {glue:text}`fs-T-48-20` s at
#   48/20) times a weight that grows with the guest's touched memory (fitted exponent
#   {glue:text}`fs-beta`): {glue:text}`fs-Tg-pm-64-20` s and {glue:text}`fs-Tg-ph-64-20` s for
#   the page-cached guests at 64/20, {glue:text}`fs-Tg-ratio-pm-64-20` and
#   {glue:text}`fs-Tg-ratio-ph-64-20` times their median interval; at 48/20
#   {glue:text}`fs-Tg-pm-48-20` s and {glue:text}`fs-Tg-ph-48-20` s, only
#   {glue:text}`fs-Tg-ratio-pm-48-20` and {glue:text}`fs-Tg-ratio-ph-48-20` times: the median
#   cache page is touched only about once in the time its guest's pages age.
# - **Processors.** Share-based {term}`water-filling` with 100 shares per virtual CPU
#   ({doc}`shares`); a guest can use at most its virtual CPUs minus the time its stalls block
#   them (at 48/20 the stalls hold {glue:text}`fs-blocked-pm-48-20` of the medium page-cached
#   guest's {glue:text}`fs-vcpus-pm` virtual CPUs, leaving {glue:text}`fs-left-pm-48-20` for the
#   {glue:text}`fs-cpu-pm-48-20` processors it uses).
# - **Storage path.** The four fio guests' volumes share one ECKD path of
#   {glue:text}`fs-B-eckd` MiB/s, the database's disks a SCSI path of {glue:text}`fs-B-scsi`
#   MiB/s (both assumed), and the paging volumes join the path of their kind ({doc}`paging`). A
#   transfer takes (1 − *ρ*<sub>ref</sub>)/(1 − *ρ*) times as long as in the reference run, *ρ*
#   the path's utilisation; guest I/O never gets more than {glue:text}`fs-headroom` of the path
#   minus what paging
#   uses.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The drivers are `overcommit.workloads.study_variants()` (from `data/variant_drivers.csv`:
# `users`, `think_frac`, `blocking`, `io_mib_s`, `io_error_utilisation`, `drain_limit_s`), the
# guests `overcommit.workloads.study_guests()` (from `data/guest_behaviour.csv`, fitted in
# `data/calibrated_parameters.csv` by `overcommit.calibrate`); a guest's reclaim time is
# `T_g = w_g T` with `w_g = (touched_g / 4 GiB) ** beta` (`replacement.reclaim_weights`); the
# path's headroom is `PATH_HEADROOM` in `overcommit.model`, its slowdown
# `overcommit.paging.path_slowdown`, and a run's backlog the column `drain_s` of
# `oc.simulate(cid).workloads`.
# ````
#
# ### Paper against model
#
# Every number the paper gives for one configuration of this workload, beside the model's. The
# column *use* keeps calibration and validation apart: *fitted* rows are calibration targets
# (64/20 on z/VM 6.3 EDEV-SCSI), *in-sample* rows come from the calibration run and follow from
# fitted numbers; only *validation* rows test the model.

# %% tags=["remove-input"]
pvm.reset_index().drop(columns=["id", "source"]).set_index("subject")

# %% [markdown]
# Sources, in the same order: {cite:t}`johanssen2014overcommit`, section "File system I/O
# workload" (workload analysis, observations; memory usage and paging at CID 64/20). The one
# validation row is the direct I/O gain: the paper's variant ran slightly above its reference,
# and the model's does too, through the shared storage path (by
# {glue:text}`fs-dh-gain-64-20`, too little for the claim on it below). The page-cached
# guests' resident amounts hit their targets, which shows that the fit worked, not that the
# model predicts. The medium direct I/O guest matches by construction (the paper's kept about
# {glue:text}`fs-paper-res-dm` MiB, and the hot core is sized on it). The high one misses: it
# keeps {glue:text}`fs-res-dh-64-20` MiB against the paper's {glue:text}`fs-paper-res-dh`.
# Its fit weighs that amount against the paper's "no significant paging", which it aims at as
# {glue:text}`fs-nopaging-target` MiB/s of page reads, and the two pull against each other:
# its pages age in only {glue:text}`fs-Tg-dh-64-20` s, so whatever it keeps beyond the hot
# core must be touched about that often, and the pages a little less popular than those fall
# out and are read back. The fit settled between the two, with less resident than the paper's
# and {glue:text}`fs-reads-dh-64-20` MiB/s of page reads, more than it aimed at but still a
# negligible share of all page reads (the row on direct I/O paging passes). The
# page-cached guests' shares of all page reads miss high. The calibration aimed at the guests'
# *own* rates ({glue:text}`fs-p-prs-pm` and {glue:text}`fs-p-prs-ph` of the paper's
# {glue:text}`fs-paper-reads` MiB/s, {glue:text}`fs-target-pm` and {glue:text}`fs-target-ph`
# MiB/s) and met them at the characteristic time it assumed, {glue:text}`fs-T-fit` s. The
# model's own 64/20 run settles at {glue:text}`fs-T-64-20` s: at {glue:text}`fs-T-fit` s the
# guests would need more memory than there is, mostly because the database keeps more than the
# fit aimed at. Global replacement passes that on to every guest. The cache's pages age for
# less, and the guests read {glue:text}`fs-reads-pm-64-20` and
# {glue:text}`fs-reads-ph-64-20` MiB/s, {glue:text}`fs-over-pm` and {glue:text}`fs-over-ph`
# times the target. The model's whole system reads only {glue:text}`fs-model-reads-6420`
# MiB/s, so their shares come out at {glue:text}`fs-pm-share-model` and
# {glue:text}`fs-ph-share-model`. The paged-in fractions miss by factors of
# {glue:text}`fs-pin-miss-pm` and {glue:text}`fs-pin-miss-ph` ({glue:text}`fs-pm-pin-model` and
# {glue:text}`fs-ph-pin-model` of the resident memory per second against the paper's
# {glue:text}`fs-p-pin-pm` and {glue:text}`fs-p-pin-ph`): the paper's two figures for the same
# rate disagree with each other by a factor of about {glue:text}`fs-ex-pm-ratio`
# ({ref}`results_fs-ex-ten` works it out), and the model, which reads about twice the smaller
# rate, misses the larger by about half that factor.
#
# ### Claims, and why the model misses
#
# The validation claims for this workload (the ECKD failures are a claim of the overall results,
# {doc}`results_overall`):

# %% tags=["remove-input"]
figures_workload.claims_table(KEY)

# %% tags=["remove-cell"]
claims = figures_workload.claims_table(KEY, ids=True)
glue("fs-claims-pass", f"{int(claims['verdict'].str.startswith('✓').sum())} of {len(claims)}", display=False)
glue("fs-claim-flat", claims.loc["fs-memory-flat", "model"], display=False)
# the prose: the flat-memory claim passes (it takes 15 CPUs or fewer and every memory size the
# paper ran); the two 20-CPU claims miss by their amount, not their direction
passed = claims["verdict"].str.startswith("✓")
assert set(claims.index[passed]) == {"fs-memory-flat"}, claims
assert set(claims.index[~passed]) == {"fs-direct-gains", "fs-pagecache-loses"}, claims
dh_gain = float(r6420.workloads.loc["fs-direct-high", "relative_throughput"]
                - flat_runs["512/20"].workloads.loc["fs-direct-high", "relative_throughput"])
ph_loss = float(flat_runs["512/20"].workloads.loc["fs-pagecache-high", "relative_throughput"]
                - r6420.workloads.loc["fs-pagecache-high", "relative_throughput"])
assert 0 < dh_gain < ph_loss < claims_module.DIRECTION_MIN, (dh_gain, ph_loss)
glue("fs-dh-gain-64-20", f"{100 * dh_gain:.1f} points", display=False)
glue("fs-ph-loss-64-20", f"{100 * ph_loss:.1f} points", display=False)
# the direct I/O gain is the quieter path: its transfers take less time than in the reference
assert float(r6420.workloads.loc["fs-direct-high", "io_slowdown"]) < 1
flat_worst = max(abs(_mem_change(v, c)) for v in SHORT for c in (15, 10, 5))
assert flat_worst <= 0.05 and f"{flat_worst:.1%}" in claims.loc["fs-memory-flat", "model"], flat_worst
cpu6420 = r6420.guests.loc["fs-direct-high"]
glue("fs-dh-cpu-64-20", f"{cpu6420['cpu_load']:.2f}", display=False)
glue("fs-dh-cpu-ref", f"{guests['fs-direct-high'].cpu_load:.2f}", display=False)
glue("fs-dslow-64-20", f"{float(r6420.workloads.loc['fs-direct-high', 'io_slowdown']):.3f}", display=False)

# %% [markdown]
# {glue:text}`fs-claims-pass` pass: with 15 CPUs or fewer no variant moves more
# than a few per cent with memory ({glue:text}`fs-claim-flat`), for the reasons in "What the
# model says, and why". The misses, in detail:
#
# - **The two modes at 64/20.** Both move the paper's way, by less than the 3 points a
#   direction needs: the high page-cached variant loses {glue:text}`fs-ph-loss-64-20`, the
#   high direct I/O variant gains {glue:text}`fs-dh-gain-64-20`. The page cache loses little
#   because at 64/20 its pages still age for {glue:text}`fs-Tg-ratio-ph-64-20` times their
#   median interval, so only the less popular ones fall out. The direct I/O gain is smaller
#   still, because it is only what that loss leaves free on the shared path: the direct I/O
#   transfers take {glue:text}`fs-dslow-64-20` times as long as in the reference run.
# - **The ECKD failures** (a claim of the overall results). Every ECKD run at 64 GiB failed in
#   the paper; none fails in the model. Its path is at most {glue:text}`fs-rho-max-eckd` busy: the model pages less than the
#   paper measured ({glue:text}`fs-model-reads-6420` against {glue:text}`fs-paper-reads` MiB/s
#   at 64/20), and fio gives back path bandwidth as it slows down; even at the paper's
#   page-read rate the path would be only {glue:text}`fs-rho-paper-reads` busy at 64/20, short
#   of the {glue:text}`fs-fail-util` threshold. And the dirty page cache drains in seconds, not minutes: at most
#   {glue:text}`fs-drain-max-64` s in any 64 GiB run of any environment, against the
#   {glue:text}`fs-drain-limit` s the test procedure leaves. How large the effect really is
#   depends on the path's bandwidth, an assumption the paper does not give.
# - **The size of the 20-CPU loss.** The paper singles out 20 CPUs as the case where memory
#   mattered more than a few per cent; the model's loss with 20 CPUs down to 64 GiB is only
#   {glue:text}`fs-maxloss-20`. It is the largest of any CPU count, but only
#   {glue:text}`fs-maxloss-ratio` times the loss with 10 CPUs ({glue:text}`fs-maxloss-10`):
#   the model singles out 20 CPUs, but weakly.
# - **Less cache at lower throughput.** The model's instantiated memory does not shrink with
#   the page-cached guests' throughput, as the paper suggests the real page cache did.
# - **The page-read numbers at 64/20**, for the reasons in the previous subsection.
#
# ## Exercises

# %% tags=["remove-cell"]
r51210 = oc.simulate("512/10")
g10 = r51210.guests
level10 = float((g10["cpu_allocated"] / g10["share"]).max()) * 100
glue("fs-ex-level-512-10", f"{level10:.3f}", display=False)
for v, s in SHORT.items():
    glue(f"fs-ex-d100-{s}", f"{100 * guests[v].cpu_load / guests[v].share:.3f}", display=False)
    glue(f"fs-ex-use-{s}", f"{g10.loc[v, 'cpu_load']:.2f}", display=False)
    glue(f"fs-ex-cpu-ref-{s}", f"{guests[v].cpu_load:.2f}", display=False)
glue("fs-ex-x-pm-pred", f"{level10 / (100 * guests['fs-pagecache-medium'].cpu_load / guests['fs-pagecache-medium'].share):.2f}",
     display=False)

# the stall exercise
pm = r4820.guests.loc["fs-pagecache-medium"]
pmw = r4820.workloads.loc["fs-pagecache-medium"]
rp48 = float(r4820.system["page_read_response_ms"]) / 1000
ios_s = pm["page_read_mib_s"] * 256 / PPI
wait_calc = ios_s / pmw["relative_throughput"] / drivers["fs-pagecache-medium"].users * rp48
a_pm = drivers["fs-pagecache-medium"].think_frac
glue("fs-ex-ios-s", f"{ios_s:,.0f}", display=False)
glue("fs-ex-rp-48-20", f"{1000 * rp48:.2f}", display=False)
glue("fs-ex-blocked-calc", f"{drivers['fs-pagecache-medium'].blocking * ios_s * rp48:.2f}", display=False)
glue("fs-ex-wait-calc", f"{wait_calc:.3f}", display=False)
glue("fs-ex-s-48-20", f"{pmw['io_slowdown']:.3f}", display=False)
glue("fs-ex-pred-pm", f"{1 / (a_pm * pmw['io_slowdown'] + 1 - a_pm + wait_calc):.2f}", display=False)

# the ECKD exercise
s_eckd = float(ek["64/20"]["slowdown"])
think = drivers["fs-direct-medium"].think_frac
glue("fs-ex-pred-dm", f"{1 / (think * s_eckd + (1 - think)):.3f}", display=False)
glue("fs-ex-model-dm", f"{figures_workload.value(vframe, '64/20', 'fs-direct-medium', env='zvm63-eckd'):.3f}", display=False)
breaks = {}
for v, s in (("fs-pagecache-high", "ph"), ("fs-direct-high", "dh")):
    for env, e in (("zvm63-edev", "edev"), ("zvm63-eckd", "eckd")):
        b = planning.memory_break_point(v, 0.9, 20, env=env)
        breaks[(s, e)] = b
        glue(f"fs-ex-break-{s}-{e}", "at no memory size" if b is None else f"at about {b:.0f} GiB", display=False)
glue("fs-ex-break-cost", f"{breaks[('ph', 'eckd')] - breaks[('ph', 'edev')]:.0f}", display=False)
glue("fs-ex-min-gib", f"{planning.MIN_MEMORY_GIB:.0f}", display=False)

# %% [markdown]
# :::{exercise}
# :label: results_fs-ex-stall
# :class: oc-where-jupyter
# At 48/20 the medium page-cached variant keeps {glue:text}`fs-x-pm-48-20` of its reference
# throughput, the high one {glue:text}`fs-x-ph-48-20`. Take the medium guest's page reads at
# 48/20 and turn them into paging I/Os per second (256 pages of 4 KiB per MiB,
# {glue:text}`fs-ppi` pages per I/O). (a) Multiply by the page-read response time and by the
# share of a stall that holds the virtual CPU: how much of its two virtual CPUs do the stalls
# hold, and does that limit the guest? (b) Divide the I/Os per second by the variant's relative
# throughput and its number of users and multiply by the response time: how long does each job
# wait for pages per unit of work? Predict the throughput as 1 / (*a*·*s* + 1 − *a* + wait),
# with *a* the share of the cycle spent waiting for the disks and *s* the variant's disk
# slowdown. Why does the high level lose less?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The page reads are in `oc.simulate("48/20").guests`, the response time in
# `oc.simulate("48/20").system["page_read_response_ms"]`, the disk slowdown *s* in the column
# `io_slowdown` of `oc.simulate("48/20").workloads`; the driver
# `overcommit.workloads.study_variants()["fs-pagecache-medium"]` has `blocking`, `users` and
# `think_frac` (*a*).
# ````
# :::
#
# :::{solution} results_fs-ex-stall
# :class: dropdown
# The guest reads {glue:text}`fs-reads-pm-48-20` MiB/s, about {glue:text}`fs-ex-ios-s` paging
# I/Os per second. (a) With a response time of {glue:text}`fs-ex-rp-48-20` ms and a blocking
# share of {glue:text}`fs-blocking-pm` the stalls hold {glue:text}`fs-ex-blocked-calc` virtual
# CPUs on average (the model's own count of blocked virtual CPUs: {glue:text}`fs-blocked-pm-48-20`). That leaves
# {glue:text}`fs-left-pm-48-20` of its two, more than the {glue:text}`fs-cpu-pm-48-20`
# processors it uses (it needed {glue:text}`fs-ex-cpu-ref-pm` in the reference run): the
# blocked time does not limit it. (b) Each of its {glue:text}`fs-users-pm` jobs waits
# {glue:text}`fs-ex-wait-calc` of its reference cycle per unit of work (the model's device
# wait per unit), and with *a* = {glue:text}`fs-think-pm` and *s* =
# {glue:text}`fs-ex-s-48-20` the prediction is {glue:text}`fs-ex-pred-pm`, the model's
# throughput. A synchronous fio job cannot go on while it waits for a page, so the faults
# cost throughput directly; the paging devices are not the problem (the response time is what
# an idle device gives), the number of faults per job is. The high guest reads more in all
# ({glue:text}`fs-reads-ph-48-20` MiB/s) but spreads it over {glue:text}`fs-users-ph` jobs:
# {glue:text}`fs-jobreads-ph-48-20` MiB/s per job against {glue:text}`fs-jobreads-pm-48-20`,
# so each job waits only {glue:text}`fs-wait-ph-48-20` per unit of work.
# :::
#
# :::{exercise}
# :label: results_fs-ex-path
# :class: oc-where-jupyter
# With ECKD paging at 64/20 the fio transfers take {glue:text}`fs-slow-64-20` times as long as
# without paging (the chart of the shared path). A direct I/O fio user spends a share
# {glue:text}`fs-think-dm` of its reference cycle waiting for its own disks and the rest
# computing, and it hardly ever faults. Predict the medium direct I/O variant's relative
# throughput from these two numbers and compare with the model. Then find where the high
# page-cached and the high direct I/O variants fall below 90 % of their reference with 20 CPUs,
# with EDEV-SCSI and with ECKD paging. What does the shared path cost?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.planning.memory_break_point(variant, 0.9, 20, env=...)` with the variants
# `"fs-pagecache-high"` and `"fs-direct-high"` and the environments `"zvm63-edev"` and
# `"zvm63-eckd"`.
# ````
# :::
#
# :::{solution} results_fs-ex-path
# :class: dropdown
# Only the waiting part of the cycle is stretched, so the cycle takes
# {glue:text}`fs-think-dm` × {glue:text}`fs-slow-64-20` + (1 − {glue:text}`fs-think-dm`) of
# its reference length and the throughput is the inverse, {glue:text}`fs-ex-pred-dm`; the
# model gives {glue:text}`fs-ex-model-dm`. The break points with 20 CPUs: the high page-cached
# variant falls below 90 % {glue:text}`fs-ex-break-ph-edev` with EDEV-SCSI paging and
# {glue:text}`fs-ex-break-ph-eckd` with ECKD paging; the high direct I/O variant falls below it
# {glue:text}`fs-ex-break-dh-edev` with EDEV-SCSI paging (not even at the
# {glue:text}`fs-ex-min-gib` GiB the search tries last) and {glue:text}`fs-ex-break-dh-eckd` with
# ECKD paging. Sharing the path costs the page-cached variant about {glue:text}`fs-ex-break-cost` GiB
# of memory before it loses a tenth, and it costs the direct I/O variant
# its immunity: with ECKD paging it loses through its disks what it does not lose through its
# memory. How large the effect really is depends on the path's bandwidth, an assumption of the
# model that the paper does not give.
# :::
#
# :::{exercise}
# :label: results_fs-ex-share
# :class: oc-where-jupyter
# With 10 real CPUs and 512 GiB the model's high direct I/O variant runs at
# {glue:text}`fs-x-dh-512-10` of its reference throughput, while the medium page-cached one
# keeps only {glue:text}`fs-x-pm-512-10`. Nothing pages at 512 GiB. Compute each fio guest's
# reference CPU load per 100 shares (Table 17), and compare with the run's water level, the
# largest CPU allocation per share of any guest in that run.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The reference loads and shares are in `overcommit.workloads.study_guests()`; the water level
# is the largest `cpu_allocated / share` in `oc.simulate("512/10").guests`.
# ````
# :::
#
# :::{solution} results_fs-ex-share
# :class: dropdown
# Per 100 shares the fio guests asked for {glue:text}`fs-ex-d100-pm` (medium page-cached),
# {glue:text}`fs-ex-d100-dm` (medium direct), {glue:text}`fs-ex-d100-ph` (high page-cached) and
# {glue:text}`fs-ex-d100-dh` (high direct) processors in the reference run. The water level at
# 512/10 is {glue:text}`fs-ex-level-512-10` CPUs per 100 shares ({doc}`shares`): every guest
# that wants more gets exactly that much, every guest that wants less gets what it wants. Only
# the high direct I/O guest is below the level, so it gets all the CPU it asks for (its
# reference {glue:text}`fs-ex-cpu-ref-dh` processors and a little more) and runs at its
# reference throughput or slightly above: the other three, held back by CPU, do less I/O, and
# the storage path they share is quieter than in the reference run ({doc}`paging`). The others are cut to
# the level, and their throughput is the level divided by their demand per share: for the
# medium page-cached guest {glue:text}`fs-ex-level-512-10` / {glue:text}`fs-ex-d100-pm` =
# {glue:text}`fs-ex-x-pm-pred`. That the high direct I/O guest asked for the least CPU per
# share is a measurement of the paper (Table 17), which it does not explain; for the model it is
# an input, so the exception is inherited, not predicted.
# :::
#
# :::{exercise}
# :label: results_fs-ex-ten
# :class: oc-where-browser
# The paper gives two numbers for the medium page-cached guest's paging at 64/20: it read
# about {glue:text}`fs-p-prs-pm` of all page reads (the system read {glue:text}`fs-paper-reads`
# MiB/s), and it paged in about {glue:text}`fs-p-pin-pm` of its resident memory per second, its
# resident memory being {glue:text}`fs-p-dpa-pm` of the
# {glue:text}`fs-ex-dpa` MiB DPA. Turn both into MiB/s (answer as two numbers: the rate from the
# read share, the rate from the paged-in fraction). Do they agree? Which one did the model's
# calibration use, and what follows for the rows of the paper-against-model table?
#
# <div class="oc-selfcheck" data-check="results_fs-ex-ten"></div>
# :::
#
# :::{solution} results_fs-ex-ten
# :class: dropdown
# {glue:text}`fs-p-prs-pm` of {glue:text}`fs-paper-reads` MiB/s is
# {glue:text}`fs-ex-pm-share-rate` MiB/s; {glue:text}`fs-p-pin-pm` per second of {glue:text}`fs-ex-pm-res-paper` MiB resident is {glue:text}`fs-ex-pm-pin-rate`
# MiB/s, about {glue:text}`fs-ex-pm-ratio` times as much. The two cannot both be right (the high
# level's pair disagrees in the same way), and the text does not say which one is off. The
# calibration aimed at the rate from the share and met it at the characteristic time it
# assumed ({glue:text}`fs-T-fit` s). The model's own 64/20 run ages pages faster
# ({glue:text}`fs-T-64-20` s), so the guest reads {glue:text}`fs-reads-pm-64-20` MiB/s,
# {glue:text}`fs-over-pm` times that rate, and its paged-in fraction is
# {glue:text}`fs-pm-pin-model` per second, {glue:text}`fs-pin-miss-pm` times smaller than the
# paper's {glue:text}`fs-p-pin-pm`: the model is nearer the first reading of the paper than the
# second. Its share of all page reads misses by more, because the model's system reads only
# {glue:text}`fs-model-reads-6420` MiB/s. A fit can only be as consistent as its targets and
# its assumptions; here the rows marked ✗ measure the paper's inconsistency, the fit's assumed
# characteristic time and the model's too-low total paging, not the fio guests' behaviour.
# :::

# %% tags=["remove-cell"]
SEED = 42
seeded = exercises.generate("results_fs", seed=SEED)
glue("fs-seeded-q", Markdown(seeded.question), display=False)
glue("fs-seeded-a", Markdown(seeded.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_fs-ex-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* Each seed picks a variant, an environment and a cut, of memory or of CPUs, and asks what the file-system workload keeps. This is
# the question for seed 42:
#
# ```{glue:md} fs-seeded-q
# :format: myst
# ```
#
# Type another seed in the box to get another question; the throughput figure on this page has every value
# you need.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("results_fs", seed=...)` gives the question and
# `exercises.check("results_fs", seed=..., answer=...)` checks an answer.
# ````
#
# <div class="oc-selfcheck" data-topic="results_fs" data-seed="42"></div>
# :::
#
# :::{solution} results_fs-ex-seeded
# :class: dropdown
#
# The worked answer for seed 42:
#
# ```{glue:md} fs-seeded-a
# :format: myst
# ```
# :::
