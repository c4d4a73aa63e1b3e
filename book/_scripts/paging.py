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
# # Paging devices
#
# When the guests use more memory than z/VM has, {term}`CP` keeps some of their pages on
# disk. A guest that touches such a page has to wait while CP reads it back: a *page read*.
# How long that wait is depends less on the disk itself than on the queue in front of it.
# How busy are the paging devices? How many I/O operations can each work on at once? What
# else travels over the same channels to the same storage server? This chapter answers
# those questions with three results from queueing theory, checks them with a small
# simulation, and applies them to the two paging configurations the study compared: 16
# {term}`EDEV` SCSI devices and 25 {term}`ECKD` volumes ({doc}`study`).

# %% tags=["remove-cell"]
import ipywidgets as widgets
import pandas as pd
from IPython.display import Markdown
from overcommit.book import glue

import overcommit as oc
from overcommit import exercises, names, paging
from overcommit.book import figures_paging, figures_replacement, figures_validation, model_texts
from overcommit.book.explore import explorer, slider

pd.set_option("display.precision", 3)

# %% [markdown]
# ## The study's two paging subsystems
#
# A *paging device* is a disk that CP formats for its own use and fills with guest pages it
# has evicted from real memory. CP spreads its paging I/O evenly over all of them, reads
# pages back on demand and writes changed pages out ahead of need. Each 4 KiB page lives in
# one slot; CP moves several pages per I/O operation when it can.
#
# The study built two paging subsystems of about 512 GiB each on the same IBM DS8800
# storage server {cite:p}`johanssen2014overcommit`:
#
# EDEV-SCSI
# : 16 SCSI disks (LUNs) of 32 GiB, reached through four 8 Gbit FCP channels and presented
#   to CP as emulated devices. CP can start several I/O operations on the same EDEV device
#   before the first has finished; the paper calls this overlapping I/O.
#
# ECKD
# : 25 volumes of the mainframe's traditional 3390 disk format, each 30,051 cylinders of 180
#   pages (20.6 GiB), reached through four 8 Gbit FICON channels. z/VM 6.3 did not use
#   parallel access volumes (PAV, several device addresses for one volume) for paging, so an
#   ECKD paging volume has exactly one I/O in progress at any moment.
#
# The table lists what the model of this chapter needs. The device counts, sizes,
# concurrency and channels come from the paper. The timing parameters do not: the paper
# reports no service times, so the package assumes them, and says so.

# %% tags=["remove-input"]
figures_paging.parameter_table()

# %% [markdown]
# :::{important}
# Every response time in this chapter rests on the **assumed** timings in the table: 1 ms
# per paging I/O plus 20 µs per page, four pages per I/O, four I/Os in flight per EDEV-SCSI
# device, and the CP CPU per page. They are order-of-magnitude guesses, marked as
# assumptions in the package's paging module, not measurements. The *shapes* of the curves (where
# they bend, which configuration saturates first) depend on them much less than the
# milliseconds do.
# :::
#
# ## One device, one queue
#
# Write $R$ and $W$ for the page read and write rates in MiB/s, $n$ for the number of
# devices and $b$ for the pages moved per I/O. One paging I/O takes the service time
# $S = t_{\text{io}} + b\,t_{\text{page}}$, 1.08 ms with the assumed values. With 256 pages
# of 4 KiB in a MiB, each device receives
#
# $$
# \lambda_d = \frac{256\,(R + W)}{b\,n}
# $$
#
# I/Os per second. Reads and writes both occupy the device, but only reads make a guest
# wait. If a device can work on $k$ I/Os at a time, its *utilisation* is
# $\rho = \lambda_d S / k$, the fraction of time each of its $k$ servers is busy
# {cite:p}`lazowska1984qsp`.
#
# An **ECKD volume** is a single-server queue. If I/Os arrive at random (a Poisson process)
# and service times are exponential, it is the M/M/1 queue, with mean response time
# (waiting plus service)
#
# $$
# T_{\text{M/M/1}} = \frac{S}{1 - \rho}.
# $$
#
# An **EDEV-SCSI device** with $k$ I/Os in flight is an M/M/$k$ queue: $k$ servers and one
# line. With offered load $a = \lambda_d S$, an arriving I/O has to wait with the Erlang C
# probability $C(k, a)$, and then
#
# $$
# C(k, a) = \frac{\dfrac{a^k}{k!}\,\dfrac{k}{k - a}}{\displaystyle\sum_{j=0}^{k-1}\frac{a^j}{j!} + \frac{a^k}{k!}\,\frac{k}{k - a}},
# \qquad
# T_{\text{M/M/}k} = S + C(k, a)\,\frac{S}{k - a}
# $$
#
# {cite:p}`harchol2013performance`. For $k = 1$, $C = \rho$ and the M/M/1 formula comes
# back. The chart compares them at the same utilisation per server.

# %% tags=["remove-input"]
figures_paging.mmk_chart()

# %% [markdown]
# ```{container} oc-caption
# **Figure: the penalty of a single server.** Mean response time of M/M/$k$ queues in
# multiples of the service time, against the utilisation of each server, from the Erlang C
# formula.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.paging.mmc_response(arrival_rate, service_time, k)` is the mean response time
# of an M/M/$k$ queue and `paging.erlang_c(k, offered_load)` its probability of waiting;
# `figures_paging.mmk_curves()` is the chart's table.
# ````
#
# All queues blow up as $\rho \to 1$, but the single server does so first: at $\rho = 0.8$
# an ECKD volume answers in $5S$, a device with four servers in $1.75S$. Pooling helps
# twice. At the same *per-device* load, a device with $k$ servers runs at a $k$ times lower
# $\rho$; and at the same *per-server* $\rho$, an I/O only waits when all $k$ servers are
# busy at once.
#
# Real paging I/O times are not exponential. For a single server and any distribution of
# service times, the Pollaczek-Khinchine formula gives the mean wait in the queue as
# $W_q = \frac{\rho}{1 - \rho}\cdot\frac{1 + C_s^2}{2}\cdot S$, where $C_s^2$ is the squared
# coefficient of variation of the service time {cite:p}`harchol2013performance`. Exponential
# service ($C_s^2 = 1$) gives the M/M/1 result; constant service ($C_s^2 = 0$) halves the
# wait. Variability costs as much as load.
#
# ## Response time against paging traffic
#
# Put the two configurations side by side. The chart draws the page-read response time
# against the total paging traffic $R + W$ for any number of devices of either kind; the
# study's two configurations are dashed.

# %% tags=["remove-input"]
figures_paging.response_chart("eckd", 25)

# %% [markdown]
# ```{container} oc-caption
# **Figure: how much paging a subsystem can carry.** Mean page-read response time against
# paging traffic (reads plus writes, split evenly), with the **assumed** timings of the
# table above and no other I/O on the channels. The drop-down picks the device type, the
# slider the number of devices (1 to 40); all 80 curves were computed in advance by the
# package's paging model. The dotted rule marks the page read rate the paper
# reports for CID 64/20 with EDEV-SCSI paging {cite:p}`johanssen2014overcommit`.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `paging.response_time(paging.PagingConfig.from_data("eckd", devices=25), reads, writes)`
# gives the state of the devices at `reads` and `writes` MiB/s, its `read_response_s` the
# page-read response time; `figures_paging.response_grid()` holds all 80 curves.
# ````

# %% tags=["remove-cell"]
eckd, edev = paging.PagingConfig.from_data("eckd"), paging.PagingConfig.from_data("edev-scsi")
glue("paging-cap-eckd", eckd.device_capacity_mib_s, display=False)
glue("paging-cap-edev", edev.device_capacity_mib_s, display=False)
glue("paging-cap-eckd-one", eckd.device_capacity_mib_s / eckd.devices, display=False)
glue("paging-eckd-match", edev.device_capacity_mib_s / (eckd.device_capacity_mib_s / eckd.devices), display=False)

# %% [markdown]
# With the assumed timings, one ECKD volume can carry about
# {glue:text}`paging-cap-eckd-one:.1f` MiB/s of paging and the 25
# volumes together {glue:text}`paging-cap-eckd:,.0f` MiB/s. The 16 EDEV-SCSI devices with
# four I/Os each manage {glue:text}`paging-cap-edev:,.0f` MiB/s; ECKD would need about
# {glue:text}`paging-eckd-match:.0f` volumes to match them. Every curve is flat near the
# service time at first and then turns up sharply close to its capacity. Below that bend,
# adding devices changes nothing; near it, each added device moves the bend to the right.
# Move the slider to one or two devices and see how quickly a small paging subsystem runs
# out.
#
# The study's own rates sit on the flat part. The paper measured
# {glue:text}`paging-paper-reads:.0f` MiB/s of page reads at
# 64/20 and judged the paging I/O rates to be well within what the devices could do
# {cite:p}`johanssen2014overcommit`; with writes on top, that is still under half of the
# ECKD capacity computed here. Even so, the single-server volumes would already answer
# noticeably more slowly than the EDEV-SCSI devices at that rate.
#
# ## Checking the formulas by simulation
#
# The formulas assume Poisson arrivals and, for M/M/$k$, exponential service. The package
# also simulates the devices event by event: paging I/Os arrive at random, each goes to a
# randomly chosen device, waits for a free server and is served. One run of 200,000 I/Os
# takes well under a second.

# %%
config = paging.PagingConfig.from_data("eckd")
# 80 % busy: pages per second
pages_per_s = 0.8 * config.device_capacity_mib_s * paging.PAGES_PER_MIB
formula = paging.device_response_time(config, pages_per_s)
simulated = paging.simulate_devices(config, pages_per_s, duration_s=2.0, seed=1)
print(f"response time at 80 % busy: formula {formula * 1e3:.2f} ms, simulation {simulated * 1e3:.2f} ms")

# %% tags=["remove-input"]
sim = figures_paging.simulation_table(seed=2014)
figures_paging.simulation_summary(sim)

# %% tags=["remove-input"]
figures_paging.simulation_chart(sim)

# %% [markdown]
# ```{container} oc-caption
# **Figure: formulas against simulation.** Lines: Erlang C for the 16 EDEV-SCSI devices,
# M/M/1 and the Pollaczek-Khinchine formula with constant service for the 25 ECKD volumes.
# Diamonds: the package's event-by-event simulation, 200,000 I/Os per point, seeded; the
# table above lists both.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_paging.simulation_table(seed=2014)` runs every point again with
# `paging.simulate_devices(config, pages_per_s, duration_s, seed=..., service=...)`; another
# seed moves the diamonds.
# ````
#
# The simulation lands within a few per cent of the formulas. The differences grow near
# $\rho = 0.9$, where long queues make the mean slow to settle; a longer run, or a different
# seed, moves the diamonds around the line, not away from it. The constant-service ECKD
# runs confirm the Pollaczek-Khinchine prediction that half of the wait disappears when the
# service time does not vary.
#
# ## Channels and the storage server
#
# Paging I/Os also cross the channels and the storage server's front end. The study's four
# 8 Gbit cards per disk type carry at most 4 × 800 MB/s, about 3,050 MiB/s, in each
# direction. That is a line rate, an upper bound: small I/Os are limited by how many
# operations per second the channels and the storage server can start before they are
# limited by bytes. The overcommit model therefore uses lower effective bandwidths for
# the whole path, again assumed:

# %% tags=["remove-input"]
figures_paging.path_table()

# %% [markdown]
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `oc.model.PATH_MIB_S` holds these bandwidths in MiB/s, keyed `"scsi"` and `"eckd"`.
# ````
#
# The path is treated as one processor-sharing server: everything on it is slowed in
# proportion, and a transfer that takes $t$ on an idle path takes $t/(1-\rho_{\text{path}})$
# on average, with $\rho_{\text{path}} = (R + W + G)/B$ for guest I/O $G$ and bandwidth $B$
# {cite:p}`harchol2013performance`. For paging the extra delay is tiny, because a few pages
# cross a fast path in microseconds. For the guests whose own disks share the path, it is
# not.
#
# ## Interference with the guests' own I/O
#
# In each environment one workload's disks lived on the same storage server and channels
# as the paging devices {cite:p}`johanssen2014overcommit`: the database guest's SCSI disks
# in the EDEV-SCSI environments, the file-system guests' 3390 volumes in the ECKD one. The
# paper saw no strong degradation of either paging or database I/O with EDEV-SCSI. With
# ECKD, every 64 GiB run failed because the high-level page-cached file-system workload did
# not finish in time; the authors suspect error conditions on its ECKD disks while z/VM paged
# heavily, and add that the shared I/O resources may also have kept ECKD paging from
# reaching its full bandwidth at milder settings.

# %% tags=["remove-input"]
figures_paging.interference_chart()

# %% [markdown]
# ```{container} oc-caption
# **Figure: paging and the guests' I/O on one path.** Path utilisation and the slowdown
# of the sharing guests' own I/O against paging traffic, with the model's **assumed** path
# bandwidths and guest I/O rates (the file-system guests' and the database guest's I/O at
# their reference throughput). Diamonds: the paging traffic of the model's 20-CPU runs
# from 128 to 64 GiB, placed on the curves. Computed by the package's paging model.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_paging.interference_frame()` is the chart's table, from `paging.response_time`
# with the guests' I/O on the path.
# ````

# %% tags=["remove-cell"]
limit = figures_paging.io_error_threshold()
eckd_guest = figures_paging.shared_guest_io("zvm63-eckd")
eckd_path = oc.model.PATH_MIB_S["eckd"]
glue("paging-limit", limit, display=False)
glue("paging-eckd-guest", eckd_guest, display=False)
glue("paging-eckd-path", eckd_path, display=False)
glue("paging-eckd-headroom", limit * eckd_path - eckd_guest, display=False)
m64 = {env: oc.simulate("64/20", env).system for env in ("zvm63-edev", "zvm63-eckd")}
glue("paging-m64-eckd", float(m64["zvm63-eckd"]["page_read_mib_s"] + m64["zvm63-eckd"]["page_write_mib_s"]),
     display=False)
obs = oc.data.observations()
paper_reads = float(obs.loc[obs["id"] == "o000-sys-pr", "value"].iloc[0])  # 64/20, EDEV-SCSI
glue("paging-paper-reads", paper_reads, display=False)
glue("paging-m64-edev-reads", float(m64["zvm63-edev"]["page_read_mib_s"]), display=False)
glue("paging-m64-eckd-reads", float(m64["zvm63-eckd"]["page_read_mib_s"]), display=False)
# the prose: the model's paging stays under the ECKD headroom, the paper's reads plus writes
# (writes 60 % of reads) would not; and the model reads less than the paper, short even of the
# sum of the paper's per-guest figures, mostly because WebSphere and Java fall short of theirs
assert float(m64["zvm63-eckd"]["page_read_mib_s"] + m64["zvm63-eckd"]["page_write_mib_s"]) < limit * eckd_path - eckd_guest
assert 1.6 * paper_reads > limit * eckd_path - eckd_guest
k = figures_validation.key_numbers()
assert k["page_reads_6420"] < k["page_reads_targets"] < paper_reads
assert ((k["was_reads_target"] - k["was_reads"]) + (k["java_reads_target"] - k["java_reads"])
        > 0.5 * (k["page_reads_targets"] - k["page_reads_6420"]))
glue("paging-reads-targets", f"{k['page_reads_targets']:.0f}", display=False)
glue("paging-ex-reads-limit", (limit * eckd_path - eckd_guest) / 1.6, display=False)  # writes 60 % of reads
edev_rw = float(m64["zvm63-edev"]["page_read_mib_s"] + m64["zvm63-edev"]["page_write_mib_s"])
kappa = paging.DEFAULT_CP_CPU_S_PER_PAGE["edev-scsi"]
glue("paging-m64-edev-rw", f"{edev_rw:.0f}", display=False)
_ = model_texts.glue_all()  # model-cp-us-per-page: kappa in µs, as every chapter states it
glue("paging-kappa-cpus", f"{paging.PAGES_PER_MIB * kappa * edev_rw:.2f}", display=False)
sys_cpu = obs.set_index("id").loc["o000-sys-cpu-lt9-edev"]
assert sys_cpu["value"] == obs.set_index("id").loc["o000-sys-cpu-lt9-eckd", "value"]  # "in both"
glue("paging-p-sys-cpu", f"{sys_cpu['value']:g} %", display=False)

# %% [markdown]
# The two environments differ in how much room the guests leave. On the SCSI side the
# database's I/O is a small fraction of a wide path, and paging hardly changes it. On the
# FICON side the model's file-system guests already fill
# {glue:text}`paging-eckd-guest:.0f` of {glue:text}`paging-eckd-path:.0f` MiB/s before any
# paging, so every MiB/s of paging stretches their I/O noticeably, and only
# {glue:text}`paging-eckd-headroom:.0f` MiB/s of paging takes the path to
# {glue:text}`paging-limit:.0%` busy, where the model lets the file-system workload fail with
# I/O errors. The model's own paging at 64/20 on ECKD,
# {glue:text}`paging-m64-eckd:.0f` MiB/s of reads and writes, stays below that, so the model
# does *not* reproduce the paper's ECKD failures at 64 GiB. The paper's measured
# {glue:text}`paging-paper-reads:.0f` MiB/s of page reads at 64/20 (on EDEV-SCSI), plus
# the writes that go with them, would be above it. The mechanism is there, but the model
# pages less than the real system did: at 64/20 with EDEV-SCSI it reads
# {glue:text}`paging-m64-edev-reads:.0f` MiB/s where the paper measured
# {glue:text}`paging-paper-reads:.0f`, short even of the {glue:text}`paging-reads-targets` MiB/s
# that the paper's figures for the individual guests add up to, mostly because its WebSphere
# and Java guests page less than the real ones. The fit aimed at those figures and could not
# reach them ({doc}`model_method`). And every rate on this path is an assumption.
#
# The full model measures a guest's transfer time against the reference run rather than
# against the same guests without paging: with $\rho_{\text{ref}}$ the path's utilisation by
# the guests' own I/O in the reference run, a transfer takes
# $(1-\rho_{\text{ref}})/(1-\rho_{\text{path}})$ times as long as it did there
# (the figure above is the special case in which the guests' I/O has not changed). The same formula works in both directions. Paging, or more
# I/O from another guest, makes the path busier and every transfer on it slower; a guest that
# slows down for a reason of its own makes the path *quieter*, and the others' transfers
# faster than in the reference run. That is how the model's direct I/O fio jobs run above
# their reference at 64/20 when the page-cached jobs on the same path slow down for their
# page faults, as the paper observed ({doc}`results_fs`).
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.paging.path_slowdown(bandwidth_mib_s, reference_mib_s, load_mib_s)` is that ratio.
# ````
#
# ## What paging costs in CPU
#
# Moving pages also costs processor time on the host, and here the device types differ
# again. For SCSI I/O, CP itself drives each data transfer on the real CPUs that could
# otherwise run guests. For ECKD I/O, the mainframe's channel subsystem has its own
# processors, the *system assist processors* (SAPs), which take over much of the work of
# starting and completing I/O. The paper expected the {term}`CP system CPU load` to rise
# with EDEV-SCSI paging for this reason, and observed that it rose with ECKD paging too, as
# memory got tighter: managing the memory (choosing pages to evict, handling faults) costs
# CPU whatever the device {cite:p}`johanssen2014overcommit`. System CPU stayed below
# {glue:text}`paging-p-sys-cpu` of
# capacity in both z/VM 6.3 environments.
#
# The model charges an **assumed** $\kappa$ = {glue:text}`model-cp-us-per-page` µs of real CPU per
# page moved for EDEV-SCSI and none for ECKD, so the I/O-driving part of the cost is
# $256\,\kappa\,(R + W)$ CPUs: about {glue:text}`paging-kappa-cpus` CPU at the
# {glue:text}`paging-m64-edev-rw` MiB/s of reads and writes the model moves at 64/20. CP's page-management work is charged
# separately, by the memory side of the model; the table in the next section shows both.
#
# ## What the model makes of it
#
# The overcommit model solves paging together with memory and CPU: the page read and
# write rates come from the memory model, the response time from the queues above, and
# the response time feeds back into how long the guests stall. A thread that faults waits
# once for the paging I/O that brings its page in, and that I/O brings the whole block of
# pages (four here) with it, so the model charges one wait per I/O, not one per page. Its
# system table reports the paging side directly:

# %%
system = oc.simulate("64/20", "zvm63-eckd").system
paging_side = system[["page_read_mib_s", "page_write_mib_s",
                      "page_read_response_ms", "paging_device_utilisation"]].astype(float).round(3)
# the quantities and the environment as the book names them
paging_side.rename(names.quantity).to_frame(f"64/20, {names.environment('zvm63-eckd')}")

# %% tags=["remove-input"]
figures_paging.model_summary()

# %% tags=["remove-cell"]
glue("zvm62-read-ratio", f"{figures_replacement.zvm62_read_ratio():.1f}", display=False)

# %% [markdown]
# In every environment the model keeps the devices lightly loaded, as the paper found for
# the real ones: page-read response stays within a few tenths of a millisecond of the
# service time. The ECKD environment is slower at the same traffic because its single-server
# volumes are the first to queue, and its CP system CPU grows less because the model
# charges nothing for driving ECKD I/O. On z/VM 6.2 the page-read rate at 64/20 is
# {glue:text}`zvm62-read-ratio` times that of z/VM 6.3 and the runs fail for reasons that lie in z/VM 6.2's memory management rather than in the
# devices.
# What slows the guests at 64 GiB in the model is therefore not the speed of any single
# page read but how many of them the guests have to wait for. Those waits are the part
# *stalled on paging* of where a workload's time goes ({ref}`where-the-time-goes`): small for
# the database and WebSphere at 64/20; for Java's medium level close to the time it works at
# 64/20, and longer than that at 48 GiB ({doc}`results_java`).
#
# ## Live explorer
#
# The explorer starts from a hypothetical case: the study's 25 ECKD volumes carrying the
# {glue:text}`paging-paper-reads:.0f` MiB/s of page reads the paper measured on EDEV-SCSI at
# 64/20, plus an assumed 55 MiB/s of
# writes. In a notebook, change the device type, the number of devices, the I/Os per device
# (ECKD accepts only one), the page rates and the guest I/O on the same path.

# %% tags=["remove-input"]
live = explorer(
    figures_paging.explorer_chart,
    adds="Any device type, device count, I/Os per device, page rates and guest I/O, with the queues recomputed.",
    kind=widgets.Dropdown(options=[("ECKD", "eckd"), ("EDEV-SCSI", "edev-scsi")], value="eckd",
                          description="device type"),
    devices=slider(widgets.IntSlider, 25, 1, 64, 1, "devices"),
    servers_per_device=slider(widgets.IntSlider, 1, 1, 16, 1, "I/Os per device"),
    page_read_mib_s=slider(widgets.FloatSlider, 88, 0, 2000, 1, "page reads (MiB/s)"),
    page_write_mib_s=slider(widgets.FloatSlider, 55, 0, 2000, 1, "page writes (MiB/s)"),
    guest_io_mib_s=slider(widgets.FloatSlider, 0, 0, 3000, 10, "guest I/O (MiB/s)"),
)
live.box.children[0].layout = widgets.Layout(flex_flow="row wrap")
live

# %% [markdown]
# ```{container} oc-caption
# **Live explorer: a paging subsystem of your own.** Every change recomputes the queues
# with the **assumed** timings: the curve is the
# page-read response time against paging traffic for the chosen devices and guest I/O, the
# dark grey point the chosen load; the bars show how busy the devices and the storage path are.
# ECKD accepts only one I/O per device (z/VM 6.3 used no PAV for paging); more is rejected
# with a message.
# ```
#
# ## Exercises
#
# :::{exercise}
# :label: paging-ex-capacity
# :class: oc-where-browser
#
# With the assumed timings (1.08 ms per I/O, 4 pages per I/O), how much paging traffic can
# one ECKD volume carry at utilisation 1? How many ECKD volumes keep the utilisation at or
# below 0.5 when the host pages 88 MiB/s in and 55 MiB/s out, and what is the mean response
# time then? Compare with the 16 EDEV-SCSI devices at the same traffic.
# :::
#
# :::{solution} paging-ex-capacity
# :class: dropdown
#
# One volume does $1/S = 926$ I/Os per second of 4 pages: $926 \times 4 / 256 \approx 14.5$
# MiB/s. At 143 MiB/s and $\rho \le 0.5$ it takes $143 / (0.5 \times 14.5) \approx 19.8$,
# so **20 volumes**; then $\rho = 143 / (20 \times 14.47) = 0.49$ and
# $T = 1.08 / (1 - 0.49) \approx 2.1$ ms. The study's 25 volumes give $\rho = 0.40$ and
# 1.8 ms. The 16 EDEV-SCSI devices run at $\rho = 0.15$ per server and answer in 1.08 ms:
# with four servers the probability of waiting at all is only about 0.4 %.
#
# ```python
# from overcommit import paging
# for kind in ("eckd", "edev-scsi"):
#     s = paging.response_time(paging.PagingConfig.from_data(kind), 88, 55)
#     print(kind, round(s.device_utilisation, 3), round(s.read_response_s * 1e3, 3))
# ```
# :::
#
# :::{exercise}
# :label: paging-ex-variability
# :class: oc-where-jupyter
#
# Simulate the study's ECKD configuration at 70 % utilisation with exponential and with
# constant ("deterministic") service times. By how much does the mean *waiting* time (response minus
# service time) shrink? Which formula predicts it, and what would you expect for service
# times more variable than exponential, e.g. a mix of cache hits and disk reads?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `paging.simulate_devices(config, pages_per_s, duration_s, seed=..., service=...)` with
# `service="exponential"` or `"deterministic"` simulates the devices.
# ````
# :::
#
# :::{solution} paging-ex-variability
# :class: dropdown
#
# ```python
# from overcommit import paging
# c = paging.PagingConfig.from_data("eckd")
# rate = 0.7 * c.device_capacity_mib_s * paging.PAGES_PER_MIB
# exp = paging.simulate_devices(c, rate, 10.0, seed=3, service="exponential")
# det = paging.simulate_devices(c, rate, 10.0, seed=3, service="deterministic")
# (exp - c.service_time_s) / (det - c.service_time_s)   # close to 2
# ```
#
# The wait halves: with $\rho = 0.7$ and $S = 1.08$ ms the Pollaczek-Khinchine formula gives
# $W_q = \frac{0.7}{0.3}\cdot\frac{1 + C_s^2}{2}\cdot S$, 2.52 ms for $C_s^2 = 1$ and 1.26 ms
# for $C_s^2 = 0$. A mix of fast cache hits and slow disk reads has $C_s^2 > 1$, so it waits
# *longer* than the M/M/1 formula says, at the same utilisation.
# :::
#
# :::{exercise}
# :label: paging-ex-interference
# :class: oc-where-browser
#
# In the model's ECKD environment the file-system guests put
# {glue:text}`paging-eckd-guest:.0f` MiB/s on a {glue:text}`paging-eckd-path:.0f` MiB/s path
# (both assumed), and the model lets them fail once the path is
# {glue:text}`paging-limit:.0%` busy. How much paging traffic can the path take before that?
# If page writes are 60 % of page reads, what page read rate is that? Compare with the
# paper's {glue:text}`paging-paper-reads:.0f` MiB/s at 64/20 and with the model's rate.
# What would you change first to make the model reproduce the paper's ECKD failures, and
# why is that not a calibration the data can support?
# :::
#
# :::{solution} paging-ex-interference
# :class: dropdown
#
# {glue:text}`paging-limit:.1f` × {glue:text}`paging-eckd-path:.0f` −
# {glue:text}`paging-eckd-guest:.0f` = {glue:text}`paging-eckd-headroom:.0f` MiB/s of reads
# plus writes, i.e. reads of {glue:text}`paging-eckd-headroom:.0f` / 1.6 ≈
# {glue:text}`paging-ex-reads-limit:.0f` MiB/s. The paper's
# {glue:text}`paging-paper-reads:.0f` MiB/s of reads (measured in the EDEV-SCSI environment)
# would cross it; the model's own reads on ECKD at 64/20, {glue:text}`paging-m64-eckd-reads:.0f`
# MiB/s ({glue:text}`paging-m64-eckd:.0f` MiB/s with the writes), do not. Candidates: more paging
# at 64 GiB (the memory side of the model), a narrower effective path, or more file-system
# I/O. The paper reports neither the fio guests' I/O rate nor the path's usable bandwidth,
# and it has no successful ECKD run at 64 GiB to fit against, so any of the three can be
# tuned to make the failures appear: a fit that explains nothing.
# :::

# %% tags=["remove-cell"]
SEED = 1
ex = exercises.generate("paging", seed=SEED)
glue("paging-q", Markdown(ex.question), display=False)
glue("paging-a", Markdown(ex.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: paging-ex-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* This is the question
# for seed 1:
#
# ```{glue:md} paging-q
# :format: myst
# ```
#
# Type another seed in the box to get another question and check your answer there.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# ```python
# from overcommit import exercises
# print(exercises.generate("paging", seed=1234).question)
# exercises.check("paging", seed=1234, answer=[0.5, 2.0])   # [rho, response_ms]
# ```
# ````
#
# <div class="oc-selfcheck" data-topic="paging" data-seed="1"></div>
# :::
#
# :::{solution} paging-ex-seeded
# :class: dropdown
#
# The worked answer for seed 1 (for another seed, `exercises.generate("paging",
# seed=...).solution`):
#
# ```{glue:md} paging-a
# :format: myst
# ```
# :::
