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
# # The study
#
# This chapter sets the stage: the machine, the seventeen guests and their five kinds of
# work, the grid of host configurations the study ran, how each run was carried out and
# what was measured. Everything after it refers back here. The source is the IBM white
# paper by {cite:t}`johanssen2014overcommit`; the numbers shown are read from the
# repository's `data/` folder, where each one records the table or paragraph it came from.
#
# ## The question
#
# A hypervisor can promise its guests more memory and more processors than the machine
# has, because guests rarely use everything they are given at the same time. How far can
# that promise stretch before the work suffers, and which work suffers first? The study
# answered this experimentally. It fixed a mix of workloads, tuned it on a generous host,
# and then re-ran the identical mix while z/VM was given less and less: first fewer real
# CPUs, then less real memory, then both. Nothing about the guests changed between runs;
# only the host shrank.

# %% tags=["remove-cell"]
import pandas as pd

from overcommit import data, names, study
from overcommit.book import figures, figures_paging, glue, reference
from overcommit.exercises import checks
from overcommit.book.explore import explorer

pd.set_option("display.max_colwidth", 80)
_ = reference.glue_all()

# %% [markdown]
# ## The machine
#
# The host was an IBM zEnterprise 196 whose logical partition ({term}`LPAR`) could grow to
# 28 shared processors and 512 GiB of memory; only that partition was active, so runs did
# not disturb each other. z/VM 6.3 ran in the partition and each guest ran SUSE Linux
# Enterprise Server 11 SP3. Between runs the operators switched processors on or off and
# changed the memory z/VM was started with, without touching the partition's profile.
#
# When z/VM runs short of real memory it writes guest pages to *paging devices* and reads
# them back on demand. The study compared two kinds, and an older z/VM release:

# %% tags=["remove-input"]
# one row per environment under its name; the device kinds as the paging chapter names them
env = data.environments()[["label", "zvm_release", "paging_device", "xstor_gib"]].set_index("label")
env["paging_device"] = env["paging_device"].map(figures_paging.KIND_LABELS)
env.columns = ["z/VM release", "paging devices", "expanded storage (GiB)"]
env.index.name = "environment"
env

# %% tags=["remove-input"]
devices = data.paging_devices().loc[
    ["edev-scsi", "eckd"], ["devices", "device_size_gib", "total_gib", "concurrent_io_per_device"]
]
devices.columns = ["devices", "size each (GiB)", "total (GiB)", "I/O in flight per device"]
devices.index = devices.index.map(figures_paging.KIND_LABELS).rename("paging devices")
devices

# %% [markdown]
# The two device types matter for later chapters. An {term}`EDEV` volume (a SCSI disk that
# z/VM drives through its own emulation) can have several paging operations in flight at
# once; an {term}`ECKD` volume can have only one, because z/VM 6.3 does not use parallel
# access volumes for paging. The 25 ECKD volumes hold 30,051 cylinders each at 180 pages
# of 4 KiB per cylinder, which is where their 20.6 GiB comes from. In each environment one
# workload's own disks shared the storage server and channels with the paging devices: the
# database's SCSI disks in the EDEV-SCSI environments, the file-system workload's 3390
# volumes in the ECKD one. The z/VM 6.2 environment also set aside 2 GiB of the memory as
# expanded storage ({term}`XSTOR`), as that release recommended.
#
# ## Seventeen guests, five workloads
#
# The guests never changed. Each was given a number of {term}`virtual CPUs <virtual CPU>`,
# a {term}`relative share` of 100 per virtual CPU (so the share column is left out), and a
# {term}`defined memory` size. The last two columns are what each guest actually used in the unconstrained reference run:
# its average {term}`CPU load` and its {term}`instantiated memory`.

# %% tags=["remove-input"]
# a guest's name says its workload, level and role, so the component column is not repeated
vs = data.virtual_systems_frame()
table = vs[["vcpus", "defined_mib", "ref_cpu_load_cpus", "ref_instantiated_mib"]]
table.columns = ["vCPUs", "defined (MiB)", "CPU load (CPUs)", "instantiated (MiB)"]
table.index = table.index.map(names.guest).rename("guest")
table

# %% tags=["remove-input"]
totals = study.reference_totals()
sum_row = reference.sum_row()
pd.DataFrame(
    {
        "sum over the 17 guests": [
            totals["vcpus"], round(totals["cpu_load_cpus"], 2), totals["defined_mib"],
            totals["instantiated_mib"],
        ],
        "stated by the paper": [
            int(sum_row["vcpus"]), sum_row["ref_cpu_load_cpus"], int(sum_row["defined_mib"]),
            int(sum_row["ref_instantiated_mib"]),
        ],
    },
    index=["virtual CPUs", "CPU load (CPUs)", "defined memory (MiB)", "instantiated memory (MiB)"],
)

# %% [markdown]
# The table above is checked against the paper's own sum row. One cell of it was lost when
# the paper was turned into text: the instantiated memory of the medium page-cached
# file-system guest. It is recovered as the stated total minus the other sixteen rows,
# {glue:text}`ref-recovered-mib` MiB, and the data file says so. The printed CPU loads add up
# to {glue:text}`ref-cpus-printed` rather than {glue:text}`ref-cpus-stated`, a rounding
# difference.
#
# The five workloads, in the paper's words turned into ours:
#
# Database BI
# : One large guest (300 GiB defined, 4 virtual CPUs) running an Oracle database under a
#   business-intelligence load from SwingBench's SalesHistory benchmark: 16 users on an
#   external client, long analytic transactions, a 200 GiB system global area. Its
#   throughput is a weighted transaction rate.
#
# Transactional WAS
# : The DayTrader stock-trading application in three guests per level: an IBM HTTP Server,
#   a WebSphere Application Server (a 2 GiB Java heap, *gencon* garbage collection) and a
#   DB2 database. 500 simulated clients with 500 ms think time drive each level from the
#   client machine; the high level gives the WAS and DB2 guests twice the virtual CPUs.
#   Throughput is transactions per second.
#
# File-system I/O
# : The fio tool doing random reads and writes (80 % reads, 32 KiB blocks) on 1,536 MiB
#   files: 8 jobs at medium level, 16 at high level, each in two variants. *Page-cached*
#   guests go through the Linux page cache, which can fill their whole 16 GiB; *direct I/O*
#   guests bypass it with asynchronous I/O and need little memory. Throughput is bytes per
#   second read and written.
#
# Java
# : A Java program with parallel threads doing identical transactions in a fixed 3,200 MiB
#   heap with *optthruput* garbage collection, which sweeps the whole heap; one virtual CPU
#   at medium level, two at high level. Throughput is transactions per second.
#
# Network
# : uperf client and server guests exchanging messages over 250 TCP connections through a
#   guest LAN; one virtual CPU each at medium level, two at high level. Throughput is MiB/s.
#
# Counting each level (and each file-system variant) separately gives the eleven
# *workload variants* whose throughputs the paper reports, each relative to its own value
# in the reference run.
#
# ## The grid of host configurations
#
# Every run is named by its configuration ID ({term}`CID`): real memory in GiB, a slash,
# real CPUs. The reference run, `512/25`, had far more of both than the guests used. Its
# totals above set the yardsticks: about **{glue:text}`ref-gib` GiB** of instantiated memory
# and about **{glue:text}`ref-cpus` CPUs**. The grid then takes memory down to 64 GiB and CPUs down to 5. Pick a CID
# below to see where it sits and how much of the reference need it offers.

# %% tags=["remove-input"]
figures.cid_grid_chart("64/20")

# %% [markdown]
# ```{container} oc-caption
# **Figure: the study's configurations.** Real memory and real CPUs of each CID (Table 16
# of {cite:t}`johanssen2014overcommit`, plus the reference run), with the reference run's
# use dashed. The drop-down picks a CID; the bars show its memory and CPUs as a percentage
# of what the reference run used. The paper's Table 16 also lists 48 GiB, but no result
# in it uses that column: the runs stopped at 64 GiB.
# ```
#
# Two things stand out. All the 20-CPU runs offer *fewer* CPUs than the reference mix
# used ({glue:text}`ref-cpu-pct-20`), so even `512/20` is slightly CPU-constrained; the
# 5-CPU runs offer less than a quarter ({glue:text}`ref-cpu-pct-5`). And memory drops below
# the reference need between 128 GiB ({glue:text}`ref-mem-pct-128`) and 112 GiB
# ({glue:text}`ref-mem-pct-112`): from there on z/VM must page. At `64/20` the guests' working memory is
# about twice the host's real memory.
#
# The explorer below does the same arithmetic for any host, not only the grid's.

# %% tags=["remove-input"]
import ipywidgets as widgets

explorer(
    figures.pressure_chart,
    adds="Any host up to 640 GiB and 32 CPUs set against what the reference run used.",
    memory_gib=widgets.IntSlider(value=64, min=16, max=640, step=16, description="memory (GiB)"),
    cpus=widgets.IntSlider(value=20, min=1, max=32, description="real CPUs"),
)

# %% [markdown]
# ```{container} oc-caption
# **Live explorer: any host against the reference need.** Real memory and CPUs as a
# percentage of what the reference run used ({glue:text}`ref-gib` GiB,
# {glue:text}`ref-cpus` CPUs).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.study.pressure("64/20")` does the arithmetic for one CID, and
# `study.pressure((memory_gib, cpus))` for any host.
# ````
#
# ## How one run went
#
# Each run followed the same procedure: z/VM was IPLed (booted) and set to the run's CPUs
# and memory, all seventeen guests started their workloads together, and the z/VM monitor
# recorded only the middle fifty minutes so that start-up peaks did not count. After an
# hour the workloads were told to stop; the database's longest transactions could take
# another twenty minutes or more to finish.

# %% tags=["remove-input"]
figures.procedure_timeline()

# %% [markdown]
# ```{container} oc-caption
# **Figure: one test run.** The phases of every run, in minutes since the workloads
# started (section "Test procedure" of {cite:t}`johanssen2014overcommit`).
# ```
#
# A run counted as **failed** when any workload did not complete its full execution, for
# example when the WebSphere workload's client saw too many HTTP errors, or when fio did
# not finish in time. A failed run's other numbers were discarded, because the failed
# workload's idle guest left resources to the others.
#
# ## What was measured
#
# Workload metrics
# : Each variant's throughput relative to its own throughput in the reference run; the
#   *overall* relative throughput is the plain average over the eleven variants.
#
# CPU
# : In processors: the {term}`CPU load` of each guest; split for the whole system into
#   {term}`emulation CPU load` (the guests' own instructions),
#   {term}`CP attributed to guest CPU load` (z/VM working for a particular guest) and
#   {term}`CP system CPU load` (z/VM working for everyone), plus idle time.
#
# Memory
# : In MiB: each guest's {term}`instantiated memory`, {term}`resident memory` and
#   {term}`stored memory`; the size of the {term}`DPA`; the {term}`page read rate` from
#   the paging devices in MiB/s.
#
# Overcommitment
# : The paper deliberately does not divide the guests' *defined* memory by real memory,
#   because defined sizes are arbitrary (the database guest was defined with
#   {glue:text}`study-ex-db-defined-gib` GiB and used about {glue:text}`study-ex-db-used-gib`). Its {term}`overcommit ratio` divides the memory the guests *use*
#   (instantiated) by the memory z/VM keeps resident for them, which under pressure is the
#   whole DPA:
#
# $$
# \mathrm{ocr} = \frac{\sum_x \mathrm{IM}_x}{\sum_x \mathrm{RM}_x} \;=\; \frac{\sum_x \mathrm{IM}_x}{\text{DPA size}} \quad \text{(all guests counted).}
# $$
#
# ## Exercises

# %% tags=["remove-cell"]
ocr_check = checks.get("study-ex-ocr").values
glue("study-ex-inst", ocr_check["instantiated"], display=False)
glue("study-ex-dpa", ocr_check["dpa"], display=False)
glue("study-ex-ocr", ocr_check["ocr"], display=False)
db_inst = data.observations(["observations_000.csv"]).set_index("id")["value"]
glue("study-ex-db-6420", f"{float(db_inst['o000-db-inst']):,.0f}", display=False)
glue("study-ex-db-ref", f"{float(db_inst['o000-db-inst-ref']):,.0f}", display=False)
p6420 = study.pressure("64/20")
vs_ref = data.virtual_systems_frame()
glue("study-ex-defined-mib", f"{int(study.reference_totals()['defined_mib']):,}", display=False)
glue("study-ex-real-mib", f"{int(p6420['real_memory_gib'] * study.MIB_PER_GIB):,}", display=False)
glue("study-ex-defined-ratio", f"{p6420['defined_to_real_memory']:.1f}", display=False)
glue("study-ex-vcpu-ratio", f"{p6420['virtual_to_real_cpus']:.1f}", display=False)
glue("study-ex-db-defined-gib", f"{vs_ref.loc['db-bi', 'defined_mib'] / study.MIB_PER_GIB:.0f}", display=False)
glue("study-ex-db-used-gib", f"{vs_ref.loc['db-bi', 'ref_instantiated_mib'] / study.MIB_PER_GIB:.0f}", display=False)
direct = vs_ref[vs_ref["component"] == "direct I/O"]
glue("study-ex-direct-defined-gib", f"{direct['defined_mib'].max() / study.MIB_PER_GIB:.0f}", display=False)
glue("study-ex-direct-used-gib", f"{direct['ref_instantiated_mib'].mean() / study.MIB_PER_GIB:.1f}", display=False)
p51210 = study.pressure("512/10")
glue("study-ex-cpu-real", f"{p51210['real_cpus']:g}", display=False)
# the exercise divides by the paper's stated total, as its prose does
glue("study-ex-cpu-fraction", f"{p51210['real_cpus'] / sum_row['ref_cpu_load_cpus']:.2f}", display=False)

# %% [markdown]
# :::{exercise}
# :label: study-ex-defined-ratio
# :class: oc-where-browser
#
# At CID `64/20`, compute the "naive" overcommitment, the guests' total *defined* memory
# divided by real memory, and the CPU overcommitment, total virtual CPUs divided by real
# CPUs. The sums over the 17 guests, in the table under the guest table, are all you need.
# Why does the paper prefer a ratio built on instantiated memory?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.study.pressure("64/20")` gives both ratios.
# ````
# :::
#
# :::{solution} study-ex-defined-ratio
# :class: dropdown
#
# ```python
# from overcommit import study
# p = study.pressure("64/20")
# p["defined_to_real_memory"], p["virtual_to_real_cpus"]   # about 6.08 and 1.8
# ```
#
# Defined memory is {glue:text}`study-ex-defined-mib` MiB against
# {glue:text}`study-ex-real-mib` MiB of real memory, about {glue:text}`study-ex-defined-ratio` : 1,
# and {glue:text}`ref-vcpus` virtual CPUs share 20 real ones, {glue:text}`study-ex-vcpu-ratio` : 1.
# The memory figure says little: most of it is the database guest's
# {glue:text}`study-ex-db-defined-gib` GiB, of which the reference run touched about
# {glue:text}`study-ex-db-used-gib` GiB, and the direct-I/O file-system guests were defined with
# {glue:text}`study-ex-direct-defined-gib` GiB and used about {glue:text}`study-ex-direct-used-gib`. Inflating a
# guest's definition would raise this ratio without changing anything the workloads
# experience. Instantiated memory measures what the guests actually use, so
# Σ instantiated : Σ resident only rises when z/VM really has to page.
# :::
#
# :::{exercise}
# :label: study-ex-ocr
# :class: oc-where-browser
#
# The paper reports a DPA of {glue:text}`study-ex-dpa` MiB at `64/20`. Suppose every guest kept the
# instantiated memory it had in the reference run. What would the overcommit ratio be?
# The database guest's instantiated memory at `64/20` was in fact {glue:text}`study-ex-db-6420` MiB rather than
# {glue:text}`study-ex-db-ref` MiB, and several other guests also shrank: does the true ratio lie above or below
# your estimate? (Answer the first part as one number, the ratio to two decimals.)
#
# <div class="oc-selfcheck" data-check="study-ex-ocr"></div>
# :::
#
# :::{solution} study-ex-ocr
# :class: dropdown
#
# Σ instantiated = {glue:text}`study-ex-inst` MiB (`study.reference_totals()["instantiated_mib"]`), so
# ocr ≈ {glue:text}`study-ex-inst` / {glue:text}`study-ex-dpa` ≈ {glue:text}`study-ex-ocr` : 1. Under memory pressure CP takes back pages that Linux
# has marked unused, and the page-cached file-system guests need less page cache when
# their throughput drops, so instantiated memory at `64/20` is smaller than in the
# reference run while the DPA stays the same: the true ratio is *below* {glue:text}`study-ex-ocr` : 1.
# :::
#
# :::{exercise}
# :label: study-ex-cpu
# :class: oc-where-browser
#
# In the reference run the guests used {glue:text}`ref-cpus-stated` CPUs. On `512/10` they are
# offered ten. If
# every workload slowed down in proportion (a naive assumption), what relative throughput
# would you expect? Name one mechanism, from the list of workloads above, that could make
# a workload do better than that and one that could make it do worse.
# :::
#
# :::{solution} study-ex-cpu
# :class: dropdown
#
# Proportional scaling gives {glue:text}`study-ex-cpu-real` / {glue:text}`ref-cpus-stated` ≈
# {glue:text}`study-ex-cpu-fraction`. Better: a workload whose guest demanded
# less than its fair share keeps all it asked for, and the shortfall falls on the others
# (relative shares only bite when a guest wants more than its share). Worse: a workload
# whose pieces wait on each other, like the three-guest WebSphere chain, loses throughput
# whenever its slowest guest is starved; the chapter on relative shares makes both
# precise.
# :::
