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
# # Memory tiers and overcommitment
#
# A process on your laptop sees one layer of virtual memory: the operating system hands
# it addresses, and the hardware turns them into addresses of physical memory. A Linux
# process inside a z/VM guest sees the same thing, but the "physical" memory its kernel
# manages is itself virtual: z/VM made it up. This chapter takes the stack apart from the
# bottom, names the quantities the study measured at each level, and explains why the
# paper counts overcommitment the way it does. The next chapter, {doc}`dat`, follows a
# single address through the same stack.

# %% tags=["remove-cell"]
import ipywidgets as widgets
from IPython.display import Markdown
from overcommit.book import glue

import overcommit as oc
from overcommit import exercises, names
from overcommit.book import figures_tiers
from overcommit.book.explore import explorer

SEED = 7
ex = exercises.generate("tiers", seed=SEED)
glue("tiers-q", Markdown(ex.question), display=False)
glue("tiers-a", Markdown(ex.solution), display=False)

# %% [markdown]
# ## Three levels of memory, two tiers
#
# {cite:t}`johanssen2014overcommit` describe the study's machine as two *tiers* of memory
# virtualisation stacked on top of each other, with three *levels* of memory between them:
#
# 1st level
# : The memory of the logical partition ({term}`LPAR`) that z/VM runs in. This is the only
#   memory made of actual chips; the study calls it z/VM's *real memory*.
#
# 2nd level
# : The virtual memory z/VM gives each {term}`guest`. Linux boots on it and treats it as
#   its physical memory, unaware that z/VM backs only part of it at any moment.
#
# 3rd level
# : The virtual memory each Linux kernel gives each of its processes, exactly as on any
#   other Linux machine.
#
# Tier 1 is z/VM's Control Program ({term}`CP`) turning 2nd-level memory into 1st-level
# memory; tier 2 is a Linux kernel turning 3rd-level memory into 2nd-level memory. Each
# tier is an ordinary virtual-memory system with page tables, page faults and a disk to
# page out to. The word *real* therefore depends on where you stand: for Linux, the guest's
# memory is real; for CP, only the LPAR's is.

# %% tags=["remove-input"]
figures_tiers.levels_diagram()

# %% [markdown]
# ```{container} oc-caption
# **Figure: the three levels of memory.** A schematic after the paper's Figure 2 (section
# "Memory overcommitment" of {cite:t}`johanssen2014overcommit`). Each tier maps the pages
# of the level above onto the level below and may move pages out to its own disk.
# ```
#
# The study overcommitted only tier 1. Its guests were set up so that Linux did not
# promise its processes more memory than the guest had, so inside each guest the 3rd
# level was backed by the 2nd. Everything the chapter measures from here on is about
# tier 1: how much 2nd-level memory the guests use and how much 1st-level memory z/VM
# has to back it with.
#
# ## The bottom tier: real memory, CP and the DPA
#
# When z/VM is started (IPLed, in mainframe language) it first carves out room for its
# own data structures and then gives everything that is left to the *dynamic paging area*
# ({term}`DPA`): the pool of page frames that back guest pages {cite:p}`johanssen2014overcommit`.
# The DPA is what the guests compete for, so it is the number that matters; the study
# shrank it by starting z/VM with less and less memory.
#
# z/VM 6.2 adds one more layer. Part of real memory can be configured as *expanded
# storage* ({term}`XSTOR`), a second pool that holds whole pages but cannot be used
# directly by a running program: a page in expanded storage must be moved back to the DPA
# before a guest can touch it, which is much faster than a disk read but not free. The
# study's z/VM 6.2 environment set 2 GiB aside this way; z/VM 6.3 no longer recommends it.
# The rest of real memory, the part that is not expanded storage, is called *central
# storage*.
#
# How much does CP keep? The paper reports one DPA size: {glue:text}`tiers-paper-dpa` MiB when
# z/VM had 64 GiB ({glue:text}`tiers-mib64` MiB), so CP kept {glue:text}`tiers-cp-kept` MiB. The package turns that single
# number into a rule for any size. Its assumption is that CP's largest structure is the
# *frame table*, one entry per 4 KiB frame of central storage, and that an entry takes 32
# bytes; that is {glue:text}`tiers-frame-table` MiB at 64 GiB, and the remaining
# {glue:text}`tiers-cp-fixed` MiB is treated as a fixed cost:
#
# $$
# \text{DPA} = C - \left(241\ \text{MiB} + \tfrac{32}{4096}\, C\right),
# $$
#
# where $C$, the central storage, is real memory minus expanded storage. Only the 64 GiB
# value is the paper's; the others below are this rule's.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.tiers.dpa_mib(64)` is the rule's DPA in MiB for 64 GiB, `tiers.dpa_mib(64, 2)`
# the same with 2 GiB of expanded storage; `tiers.split_real_memory(64, 2)` gives every part,
# and `figures_tiers.split_comparison()` is the table below.
# ````

# %% tags=["remove-input"]
figures_tiers.split_comparison()

# %% [markdown]
# CP keeps between {glue:text}`tiers-cp-pct-min` % and {glue:text}`tiers-cp-pct-max` % of real
# memory at these sizes, so the DPA is very nearly the real memory minus the expanded storage.
# At 64 GiB the z/VM 6.2 environment's DPA is {glue:text}`tiers-dpa62-64` MiB, about 2 GiB
# smaller than z/VM 6.3's; the pages it cannot hold there can
# wait in the 2 GiB of expanded storage instead of going straight to disk.
#
# ## Four ways to count a guest's memory
#
# For each guest the z/VM Performance Toolkit reports several sizes, and the study uses
# four of them {cite:p}`johanssen2014overcommit`:
#
# {term}`Defined memory <defined memory>`
# : The size of the guest's virtual memory, fixed in its configuration. Defining memory
#   only creates the possibility of using it; the database guest was defined with 300 GiB.
#
# {term}`Instantiated memory <instantiated memory>`
# : The pages the guest has touched (read or written) at least once, minus the pages it
#   has handed back to CP and not touched since. This is what the guest *uses*.
#
# {term}`Resident memory <resident memory>`
# : The guest's pages that currently sit in a DPA frame. On z/VM 6.2, pages in expanded
#   storage are reported separately.
#
# {term}`Stored memory <stored memory>`
# : The guest's pages that have a copy on z/VM's paging devices.
#
# The first is a promise, the other three are facts about the present. A page can be
# resident and stored at once: after CP reads a page back from disk it keeps the disk
# copy, so if the page is not changed CP can later drop the frame without writing
# anything. That is why resident + stored can exceed instantiated, which counts such a page
# once. The paper's numbers for the database guest at `64/20` show all of this: 300 GiB
# defined, {glue:text}`tiers-db-inst` MiB instantiated, {glue:text}`tiers-db-res` MiB resident
# ({glue:text}`tiers-db-dpa-pct` of the DPA) and roughly as
# much again stored, with the sum of resident and stored above the instantiated size.
#
# The table below is the overcommit model's version of the same run, for all seventeen
# guests (see {doc}`study` for who they are). It is a model result, not a measurement.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `oc.simulate("64/20", env="zvm63-edev").guests` holds the table's columns `virtual_mib`,
# `instantiated_mib`, `resident_mib` and `stored_mib`, one row per guest id.
# ````

# %% tags=["remove-input"]
run = oc.simulate("64/20", env="zvm63-edev")
guest_table = (run.guests[["variant", "virtual_mib", "instantiated_mib", "resident_mib", "stored_mib"]]
               .rename(columns={"virtual_mib": "defined (MiB)", "instantiated_mib": "instantiated (MiB)",
                                "resident_mib": "resident (MiB)", "stored_mib": "stored (MiB)"}))
guest_table = guest_table.drop(columns="variant").round(0).astype(int)
guest_table.index = guest_table.index.map(names.guest)  # the guests as the book names them
guest_table.loc["sum over the 17 guests"] = guest_table.sum()
guest_table

# %% tags=["remove-cell"]
# Every number the prose states about the DPA, the 64/20 run and the exercises, from the data
# file (paper values), overcommit.tiers (the DPA rule) and the run shown in the table above.
from overcommit import data, study, tiers
from overcommit.exercises import checks

obs000 = data.observations(["observations_000.csv"]).set_index("id")["value"]
paper_dpa = float(obs000["o000-sys-dpa"])
mib64 = 64 * tiers.MIB_PER_GIB
split = figures_tiers.split_comparison()
cp_share = split["CP keeps, 6.3 (MiB)"] / (split.index.to_series() * tiers.MIB_PER_GIB)
glue("tiers-paper-dpa", f"{paper_dpa:,.0f}", display=False)
glue("tiers-mib64", f"{mib64:,}", display=False)
glue("tiers-cp-kept", f"{mib64 - paper_dpa:,.0f}", display=False)
glue("tiers-frame-table", f"{mib64 * tiers.FRAME_ENTRY_BYTES / tiers.PAGE_BYTES:,.0f}", display=False)
glue("tiers-cp-fixed", f"{tiers.CP_FIXED_MIB:,.0f}", display=False)
glue("tiers-cp-pct-min", f"{100 * cp_share.min():.1f}", display=False)
glue("tiers-cp-pct-max", f"{100 * cp_share.max():.1f}", display=False)
glue("tiers-dpa62-64", f"{tiers.dpa_mib(64, 2):,.0f}", display=False)
glue("tiers-xstor-loss", f"{tiers.dpa_mib(64) - tiers.dpa_mib(64, 2):,.0f}", display=False)
glue("tiers-db-inst", f"{float(obs000['o000-db-inst']):,.0f}", display=False)
glue("tiers-db-res", f"{float(obs000['o000-db-resident']):,.0f}", display=False)
glue("tiers-db-dpa-pct", f"{float(obs000['o000-db-dpa-share']):g} %", display=False)
glue("tiers-db-below", f"{float(obs000['o000-db-inst-below']):g} %", display=False)
glue("tiers-ref-inst-mib", f"{int(study.reference_totals()['instantiated_mib']):,}", display=False)
# the same 2.11 : 1 as exercise study-ex-ocr of the study chapter, from the same check
glue("tiers-ocr-ref", checks.get("study-ex-ocr").values["ocr"], display=False)
run_inst = float(run.guests["instantiated_mib"].sum())
run_dpa = float(run.system["dpa_mib"])
released = 10 * tiers.MIB_PER_GIB
glue("tiers-run-inst", f"{run_inst:,.0f}", display=False)
glue("tiers-run-dpa", f"{run_dpa:,.0f}", display=False)
glue("tiers-run-ocr", f"{run.system['overcommit_ratio']:.2f}", display=False)
glue("tiers-released", f"{released:,}", display=False)
glue("tiers-run-ocr-released", f"{tiers.overcommit_ratio(run_inst - released, run_dpa):.2f}", display=False)
glue("tiers-run-call", Markdown(f"`tiers.overcommit_ratio({run_inst:.0f} - {released}, {run_dpa:.0f})`"), display=False)
glue("tiers-run-naive", f"{run.guests['virtual_mib'].sum() / run.system['real_memory_mib']:.2f}", display=False)
defined_mib = float(run.guests["virtual_mib"].sum())
dpa_gib = run_dpa / tiers.MIB_PER_GIB
glue("tiers-defined-mib", f"{defined_mib:,.0f}", display=False)
glue("tiers-defined-gib2", f"{defined_mib / tiers.MIB_PER_GIB:.0f}", display=False)
glue("tiers-dpa-gib", f"{dpa_gib:.1f}", display=False)
glue("tiers-to-paging-gib", f"{defined_mib / tiers.MIB_PER_GIB - dpa_gib:.0f}", display=False)
glue("tiers-limit-20", f"{dpa_gib + 20:.0f}", display=False)
glue("tiers-run-inst-gib", f"{run_inst / tiers.MIB_PER_GIB:.0f}", display=False)

# %% [markdown]
# The resident column adds up to the DPA, {glue:text}`tiers-run-dpa` MiB: when memory is
# short, CP fills every frame. The instantiated column adds up to less than the
# {glue:text}`tiers-ref-inst-mib` MiB of the reference
# run, because under pressure CP discards the pages Linux has declared unused (more on
# that below).
#
# ## Why a host can promise more than it has
#
# Overcommitment works because of four properties of virtual memory that the paper lists
# in its background section {cite:p}`johanssen2014overcommit`; each one saves real memory
# in a different way.
#
# Backing is lazy
# : A page needs a frame only when it is first touched. Programs and operating systems
#   routinely reserve far more than they use: a process allocates a 2 GiB heap and touches
#   a fraction, a guest is defined with 16 GiB and uses 1. The gap between *allocating* and
#   *using* is the gap between defined and instantiated memory.
#
# Pages can be moved out
# : A page that was used once but has gone quiet can be written to disk and its frame
#   given to someone else. This is what turns a shortage of real memory into paging
#   rather than a crash.
#
# Pages can be shared
# : Identical pages need only one frame. Linux does it for a process and its child after
#   `fork` (copy on write: the pages are shared until one side writes); z/VM does it for
#   shared segments of code that many guests map.
#
# Data can be mapped
# : A file or a code library can be mapped into an address space and read in page by page
#   as it is touched, instead of being copied in up front.
#
# The price is time, never space. A guest under memory pressure does not see a smaller
# memory; its address space stays the size it was defined. What it sees is that some
# memory accesses take milliseconds instead of nanoseconds, because the page has to come
# back from disk first. Overcommitment shows up as slower work, which is why the study
# measured throughput.
#
# There is one limit that does lose work. Every page somebody has touched must live
# somewhere: in a frame, in expanded storage, or on a paging disk. If the guests' touched
# pages outgrow real memory plus paging space, the provider has nothing left to give. Linux
# then kills processes; CP stops with a PGT004 abend when it runs out of page slots on its
# paging devices. Linux can also refuse allocations up front (its `vm.overcommit_memory`
# and `vm.overcommit_ratio` settings), but the study's guests were configured not to
# overcommit at the process level. An administrator therefore has to estimate how much the
# workloads will actually touch and provide real memory and paging space for it; the
# study's 16 EDEV-SCSI paging devices gave about 512 GiB.
#
# ## Measuring overcommitment
#
# The usual definition adds up the defined sizes and divides by real memory,
#
# $$
# \frac{\sum_x \text{defined}_x}{\text{z/VM real memory}},
# $$
#
# and the paper rejects it: defined sizes are arbitrary, and doubling a guest's definition
# doubles its contribution without changing anything that happens on the machine. It uses
# the {term}`overcommit ratio` instead, the memory the guests use over the memory z/VM
# holds for them,
#
# $$
# \text{ocr} = \frac{\sum_x \text{IM}_x}{\sum_x \text{RM}_x},
# $$
#
# with $\text{IM}_x$ and $\text{RM}_x$ the instantiated and resident memory of guest $x$. At
# 1 : 1 nothing the guests use is missing from real memory; at 2 : 1 only half of it is
# there and the rest must be paged in when touched. When every guest is counted and memory
# is short, the resident sizes add up to the whole DPA and the ratio is Σ instantiated :
# DPA size. (For z/VM 6.2 the model counts pages in expanded storage as resident too,
# since they are in real memory; the paper's resident memory is the DPA's alone.)
#
# The chart below puts all of these quantities on one scale for any run of the paper's
# grid, as the overcommit model computes them.

# %% tags=["remove-input"]
figures_tiers.tiers_grid_chart("64/20", "zvm63-edev")

# %% tags=["remove-cell"]
# The walk-through below reads its numbers off the chart's own data: the 20-CPU runs on
# z/VM 6.3 with EDEV-SCSI paging.
walk_cids = [c for c in oc.PAPER_CIDS if c.endswith("/20") and c != "48/20"]
walk_bars, walk_ratios = figures_tiers.grid_frames(cids=walk_cids, envs=("zvm63-edev",))
walk_gib = walk_bars.groupby(["cid", "row"])["gib"].sum().unstack()
walk_ratio = walk_ratios.pivot(index="cid", columns="measure", values="ratio")
naive, ocr = walk_ratio[figures_tiers.RATIO_NAIVE], walk_ratio[figures_tiers.RATIO_OCR]
glue("tiers-defined-gib", f"{walk_gib['defined'].max():.0f}", display=False)
glue("tiers-defined-x64", f"{naive['64/20']:.0f}", display=False)
glue("tiers-inst-large", f"{walk_gib.loc['512/20', 'instantiated']:.0f}", display=False)
glue("tiers-inst-min", f"{walk_gib['instantiated'].min():.0f}", display=False)
glue("tiers-ocr-128", f"{ocr['128/20']:.2g}", display=False)
glue("tiers-naive-128", f"{naive['128/20']:.0f}", display=False)
glue("tiers-ocr-64", f"{ocr['64/20']:.1f}", display=False)
glue("tiers-naive-512", f"{naive['512/20']:.2f}", display=False)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the memory tiers of one run.** Top: z/VM's real memory split into DPA, CP's
# structures and (z/VM 6.2) expanded storage, and the guests' defined, instantiated,
# resident, expanded-storage and stored memory, each split by workload; the dashed line
# marks the DPA size. Bottom: the naive ratio against the overcommit ratio. The drop-downs
# pick a configuration of Table 16 of {cite:t}`johanssen2014overcommit` and an
# environment; every number is the overcommit model's (the 48 GiB column was never run by
# the paper).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_tiers.grid_frames()` gives the chart's bars and ratios for every run, each from
# `oc.simulate(cid, env=env)`; `figures_tiers.run_frames(oc.simulate("64/20"))` gives one run's.
# ````
#
# Move from `512/20` down to `64/20` and watch the rows. Defined memory never changes:
# {glue:text}`tiers-defined-gib` GiB, {glue:text}`tiers-defined-x64` times the real memory at
# 64 GiB. Instantiated memory is {glue:text}`tiers-inst-large` GiB on the large hosts and never
# falls below about {glue:text}`tiers-inst-min` GiB. At 128 GiB it does not quite fit, but CP
# only has to discard pages the guests had already released to make it fit: nothing is
# stored on disk and the overcommit ratio is still {glue:text}`tiers-ocr-128` : 1, although
# the naive ratio already says {glue:text}`tiers-naive-128` : 1. From 112 GiB on, the resident
# row is pinned to the DPA line, the stored row grows, and the overcommit ratio rises to about
# {glue:text}`tiers-ocr-64` : 1 at 64 GiB. At the top of the grid the naive ratio is
# {glue:text}`tiers-naive-512` : 1, as if there were room to spare; there is, but the
# number would look no different if the guests were busy paging.

# %% tags=["remove-input"]
figures_tiers.ratio_lines_chart(20)

# %% [markdown]
# ```{container} oc-caption
# **Figure: two measures of overcommitment across the grid.** The runs with 20 CPUs, on
# z/VM 6.3 with EDEV-SCSI paging (the other environments give the same ratio to within
# 0.001 in the model). The dotted line is 1 : 1.
# ```
#
# The overcommit ratio barely depends on the number of CPUs or on the environment in the
# model, because instantiated memory does not: it is set by what the guests touched and
# released. The paper saw a little more variation. Its page-cached file-system guests
# needed less page cache when their throughput fell, so their instantiated memory shrank
# in the slower runs, which the model does not represent.
#
# The live explorer does the same computation for any host, including sizes the study
# never tried.

# %% tags=["remove-input"]
explorer(
    figures_tiers.tiers_run_chart,
    adds="The tiers of any host from 8 to 640 GiB and 1 to 32 CPUs, on any environment, recomputed by the model.",
    memory_gib=widgets.IntSlider(value=64, min=8, max=640, step=8, description="memory (GiB)"),
    cpus=widgets.IntSlider(value=20, min=1, max=32, description="real CPUs"),
    env=widgets.Dropdown(options=list(oc.ENVIRONMENTS), value="zvm63-edev", description="environment"),
)

# %% [markdown]
# ```{container} oc-caption
# **Live explorer: the tiers of any host.** The same chart for a host of any real memory
# and CPU count and any of the three environments, each change recomputed by the model.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_tiers.tiers_run_chart(96, 12, "zvm63-eckd")` draws the chart for 96 GiB, 12 CPUs
# and ECKD paging, from `oc.simulate((memory_gib, cpus), env=env)`.
# ````
#
# ## When provider and consumer talk to each other
#
# Nothing above requires Linux to know it is running on z/VM. A tier works without any
# help from the level above it: the consumer touches a page, the provider notices an
# invalid entry and fixes it. But a guest that cooperates with CP can save both of them
# work, and the paper names three ways its Linux guests did
# {cite:p}`johanssen2014overcommit`.
#
# {term}`Page-fault handshaking <page fault handshaking>`
# : When a Linux process touches a page CP has moved to disk, the whole virtual CPU would
#   normally stop until the page is back. With handshaking, which is on by default, CP
#   tells Linux that a fault is being served; Linux puts the faulting process to sleep and
#   runs another one on the same virtual CPU. When the page has arrived CP tells Linux
#   again, and the first process can continue. A guest with many runnable threads (a web
#   application server with hundreds of clients) hides much of its paging delay this way;
#   a guest with one busy thread cannot. The study's analysis of CPU load points to this
#   effect in its most constrained runs.
#
# Collaborative Memory Management Assist (CMMA)
# : A facility of the IBM Z architecture through which Linux and CP share what they know
#   about the state of each guest page. Linux marks pages it does not use, and pages whose
#   contents it could recreate (a clean page-cache page can be read again from its file);
#   CP can then drop such a page instead of writing it to a paging device. Linux on IBM Z
#   calls its support *cmm2*.
#
# Diagnose x'10' (release pages)
# : A call (a *diagnose* is the mainframe's way for a guest to ask the hypervisor for a
#   service) with which a guest tells CP that a range of its memory is no longer needed.
#   CP can take the frames back at once. The range stays in the guest's address space:
#   releasing memory is a hint about the future, not a shrinking of the guest.
#
# These mechanisms show up directly in the study's numbers. Each run began with a phase in
# which the workloads initialised and touched a lot of memory; afterwards Linux flagged the
# parts it no longer needed as unused. On the roomy reference host CP had no reason to act
# on the flags, so those pages stayed instantiated. On the 64 GiB host CP removed them
# first, before stealing pages anyone was using, so instantiated memory at `64/20` was
# smaller than in the reference run, for the database guest by {glue:text}`tiers-db-below`. The model builds this
# in: a part of each guest's reference memory is marked released and is discarded first
# when the DPA is full. It is also why the overcommit ratio at 64 GiB is
# {glue:text}`tiers-run-ocr` : 1 rather than the {glue:text}`tiers-ocr-ref` : 1 that the
# reference run's instantiated memory would give (exercise
# {ref}`study-ex-ocr` in {doc}`study`).
#
# ## Exercises
#
# :::{exercise}
# :label: tiers-ex-seeded
# :class: oc-where-browser
#
# This exercise is generated from a seed; the one below is seed 7.
#
# ```{glue:md} tiers-q
# :format: myst
# ```
#
# Type another seed (any whole number) in the box to get another question and check your
# answer there.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# After `from overcommit import exercises`, `exercises.generate("tiers", seed=...)` gives the
# question and `exercises.check("tiers", seed=..., answer=[dpa_mib, ocr])` checks an answer.
# ````
#
# <div class="oc-selfcheck" data-topic="tiers" data-seed="7"></div>
# :::
#
# :::{solution} tiers-ex-seeded
# :class: dropdown
#
# ```{glue:md} tiers-a
# :format: myst
# ```
# :::
#
# :::{exercise}
# :label: tiers-ex-xstor
# :class: oc-where-browser
#
# On a 64 GiB host, z/VM 6.2 with 2 GiB of expanded storage has a DPA
# {glue:text}`tiers-xstor-loss` MiB smaller
# than z/VM 6.3 (the table of CP's part and the DPA above). Why is the
# difference not exactly 2,048 MiB? And why can a page in expanded storage be counted as
# "resident" for the overcommit ratio even though no program can use it there?
# :::
#
# :::{solution} tiers-ex-xstor
# :class: dropdown
#
# Expanded storage is not central storage, so CP needs no frame-table entries for it: the
# frame table shrinks by 2,048 × 32 / 4096 = 16 MiB, and the DPA loses 2,048 − 16 =
# {glue:text}`tiers-xstor-loss` MiB. A page in expanded storage is still in real memory: bringing it back is a memory
# to memory move of tens of microseconds, not a disk read of about a millisecond. The
# overcommit ratio is meant to say how much of the used memory z/VM keeps *in memory*, so
# the model counts it; the paper's definition of resident memory (the DPA alone) would give
# a slightly higher ratio on z/VM 6.2.
# :::
#
# :::{exercise}
# :label: tiers-ex-release
# :class: oc-where-browser
#
# At `64/20` the model's guests have {glue:text}`tiers-run-inst` MiB instantiated and a DPA of
# {glue:text}`tiers-run-dpa` MiB.
# Suppose the page-cached file-system guests released another 10 GiB of page cache with
# diagnose x'10' and did not touch it again. What happens to the overcommit ratio, and to
# the naive ratio Σ defined : real memory?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `tiers.overcommit_ratio(instantiated_mib, resident_mib)` checks the first.
# ````
# :::
#
# :::{solution} tiers-ex-release
# :class: dropdown
#
# The released pages leave instantiated memory, and the DPA stays full with other pages,
# so ocr = ({glue:text}`tiers-run-inst` − {glue:text}`tiers-released`) / {glue:text}`tiers-run-dpa`
# ≈ {glue:text}`tiers-run-ocr-released` : 1, down from {glue:text}`tiers-run-ocr`:
# {glue:md}`tiers-run-call`. The naive ratio does not move ({glue:text}`tiers-run-naive` :
# 1), because the guests' defined sizes did not change: releasing memory leaves it in the
# address space. This is the paper's argument in one example: the naive ratio cannot see
# what the guests do.
# :::
#
# :::{exercise}
# :label: tiers-ex-provision
# :class: oc-where-browser
#
# Every page a guest has touched must live in a DPA frame, in expanded storage or on a
# paging device. The study's EDEV-SCSI paging devices held about 512 GiB. At `64/20`,
# could CP have run out of page slots (a PGT004 abend) if every guest suddenly touched
# *all* of its defined memory? What if the host had 20 GiB of paging space?
# :::
#
# :::{solution} tiers-ex-provision
# :class: dropdown
#
# The worst case is the defined total, {glue:text}`tiers-defined-mib` MiB ≈
# {glue:text}`tiers-defined-gib2` GiB. The DPA holds {glue:text}`tiers-dpa-gib` GiB of it, so
# at most about {glue:text}`tiers-to-paging-gib` GiB must go to the paging devices, well inside
# 512 GiB: no PGT004 could happen, however the guests behaved. With 20 GiB of paging space the
# limit is {glue:text}`tiers-dpa-gib` + 20 ≈ {glue:text}`tiers-limit-20` GiB of touched memory,
# less than the {glue:text}`tiers-run-inst-gib` GiB the guests instantiated
# even at `64/20`: the system would fail. (Strictly, a page that is resident and stored
# holds a slot too, so real configurations keep a margin above these sums.)
# :::
#
# :::{exercise}
# :label: tiers-ex-handshake
# :class: oc-where-browser
#
# Two guests take the same number of z/VM page faults per second at `64/20`. One runs the
# WebSphere application server with hundreds of concurrent client requests; the other runs
# a single-threaded batch job. Which one does page-fault handshaking help, and why? What
# happens to the other one's virtual CPU while CP reads a page?
# :::
#
# :::{solution} tiers-ex-handshake
# :class: dropdown
#
# Handshaking lets Linux run a different thread while CP fetches the page, so it helps the
# application server: one request waits for its page while others use the virtual CPU,
# and the paging delay overlaps with useful work. The batch job has nothing else to run:
# Linux receives the notification, finds no other runnable thread and idles the virtual
# CPU until the completion notice arrives. Its throughput suffers the full page-read time
# for every fault; only the other guests benefit from the real CPU it is not using.
# :::
