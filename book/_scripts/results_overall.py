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
# # Overall results across environments
#
# The mechanism chapters took z/VM apart: where memory goes ({doc}`tiers`), which pages
# stay ({doc}`replacement`), who gets the processors ({doc}`shares`) and how fast pages
# come back from disk ({doc}`paging`). This chapter puts the pieces back together. It
# runs the book's model over every configuration of the study ({doc}`study`) on all three
# environments and redraws the equivalents of the white paper's Figures 3 to 8
# {cite:p}`johanssen2014overcommit`: which runs completed, the overall throughput, the
# page-read rates, the user and system CPU, and the CPU breakup.
#
# The paper's figures themselves did not survive in our copy of the document; only their
# captions and the observations written under them did. So every chart below is the
# *model's* answer, and wherever the paper's text states a number or a trend we put it
# beside the model's, marked "paper". Read the charts as "what the mechanisms predict",
# and the tables at the end as "how far that prediction is from what IBM measured".
#
# ## What the paper found
#
# ({cite:t}`johanssen2014overcommit`, sections named in each point.)
#
# - **Which runs completed.** On z/VM 6.3 with EDEV-SCSI paging no run failed, down to 64 GiB.
#   With ECKD paging every run at 64 GiB failed ({glue:text}`ov-p-eckd-fail`): the high level
#   page-cached file-system workload did not finish. Most failures happened on z/VM 6.2, where
#   the transactional WebSphere workload stopped itself after too many HTTP errors (section
#   "Comparison of different z/VM environments").
# - **CPUs set the level, memory the slope.** Overall throughput scaled about linearly with the
#   number of real CPUs, stayed flat while memory was reduced to 128 GiB, and fell once the
#   guests' memory no longer fitted. z/VM 6.2 gave less throughput everywhere, even
#   unconstrained; ECKD paging matched EDEV-SCSI with 15 CPUs or fewer but fell faster with 20
#   (sections "Summary" and "Analysis of overall workload results").
# - **Paging grew progressively** as memory shrank, to {glue:text}`ov-p-sys-pr` MiB/s at 64/20.
#   It did so with both paging devices, and most steeply below 96 GiB. z/VM 6.2 paged much more
#   (sections "Analysis of z/VM paging", "Database BI workload" and "z/VM CPU overcommitment").
# - **The processors stayed with the guests.** CP's own system CPU stayed below
#   {glue:text}`ov-p-sys-cpu` of the real CPUs on z/VM 6.3 and rose step by step as memory
#   shrank. Even at 64 GiB more than {glue:text}`ov-p-user` of them went to the guests. The CP
#   time charged to the guests hardly changed, and down to 96 GiB and 10 CPUs the split of CPU
#   time stayed about the same. In some constrained runs {glue:text}`ov-p-idle` or more stood
#   idle while guests waited for pages (sections "Analysis of z/VM CPU load" and "z/VM CPU
#   overcommitment").
#
# ## What the model says, and why
#
# - **CPUs set the level** because real CPUs are handed out by share-based water-filling
#   ({doc}`shares`): when the processors are the bottleneck, throughput is simply the CPU the
#   guests get. **Memory sets the slope** because throughput stays flat while the guests'
#   touched memory fits in the {term}`DPA` ({doc}`tiers`); below that, page replacement
#   ({doc}`replacement`) evicts pages that come back soon, page reads climb, and every read
#   stalls a guest for the paging device's response time ({doc}`paging`).
# - **The environments' order** follows from replacement and paging: z/VM 6.2 steals frames
#   almost first-in first-out, so it throws out busy pages and reads back more, at a higher CP
#   cost per page; ECKD's devices answer more slowly than EDEV-SCSI.
# - **CP's share stays small** because it pays a fixed processor time per page it steals and
#   moves; processors idle in the moments when fewer virtual CPUs are runnable than there are
#   real CPUs.
# - **Where it misses.** The model passes {glue:text}`results-claims-passed` of the paper's
#   findings for these figures that it was not fitted to. It misses the ECKD failures (its paging devices never slow the
#   shared storage path enough for I/O errors), blames the z/VM 6.2 failures on the database
#   instead of WebSphere (it has no HTTP error counts), and leaves fewer processors idle than
#   the paper saw: the database's virtual CPUs spin on a preempted sibling and count as
#   runnable ({doc}`shares`). It also charges the guests a fixed CP time per page fault, so
#   their CP time grows with paging (by up to {glue:text}`ov-cpg-worst`), where the paper's
#   hardly changed. Its throughput grows more slowly than the number of CPUs, because the
#   light fio workloads are already served in full with 20 CPUs, and ECKD's slower paging
#   devices cost it little at 96/20, where the paper compared the two paging devices. The page
#   reads at 64/20, which the fit was given, come out inside the claim's band but
#   {glue:text}`ov-reads-short` below the paper's total (the section on the paper's claims
#   below). The last section, "How these numbers are made", and {doc}`results_model` have
#   the detail.
# %% tags=["remove-cell"]
import pandas as pd
from IPython.display import Markdown
from overcommit.book import glue

import overcommit as oc
from overcommit import claims as claim_rules, data, model, names, validation
from overcommit.book import figures_replacement, figures_results, figures_validation, model_texts, reference
from overcommit import exercises
from overcommit.exercises import checks
from overcommit.book.explore import explorer, host_controls

pd.set_option("display.max_colwidth", 200)
results = oc.sweep()
frame = figures_results.system_frame(results)
obs = data.observations().set_index("id")
claim_values = figures_results.claims_table(ids=True)["paper"]
glue("ov-p-sys-pr", f"{obs.loc['o000-sys-pr', 'value']:g}", display=False)
glue("ov-p-sys-cpu", f"{obs.loc['o000-sys-cpu-lt9-edev', 'value']:g} %", display=False)
glue("ov-p-idle", f"{obs.loc['o000-cpu-idle', 'value']:g} CPUs", display=False)
glue("ov-p-user", claim_values["cpu-user-94"].lstrip("> "), display=False)
glue("ov-p-eckd-fail", claim_values["fail-eckd-64"], display=False)
# the reference run's yardsticks (ref-cpus, ref-gib, ...), as every chapter states them
_ = reference.glue_all()
# the model's fixed assumptions (model-*), as every chapter states them
_ = model_texts.glue_all()
# what the prose says about the grid, from the frame the charts draw
for name, text in figures_results.overall_texts(frame).items():
    glue(name, text, display=False)
glue("zvm62-read-ratio", f"{figures_replacement.zvm62_read_ratio():.1f}", display=False)
# the database's size: defined (Table 6) and used (the paper's summary)
glue("ov-db-defined-gib", f"{data.virtual_systems_frame().loc['db-bi', 'defined_mib'] / 1024:.0f}", display=False)
glue("ov-p-db-used", f"{obs.loc['o000-db-used', 'value']:g}", display=False)

# %% [markdown]
# ## How the runs are summarised
#
# Each run of the study is named by its {term}`CID`, real memory in GiB over real CPUs.
# The reference run, `512/25`, had more of both than the guests used. Three environments ran
# the same grid: z/VM 6.3 paging to {term}`EDEV` (SCSI) devices, z/VM 6.3 paging to
# {term}`ECKD` volumes, and z/VM 6.2 paging to EDEV devices with 2 GiB of
# {term}`expanded storage <XSTOR>`. {glue:text}`provenance-rule` In this book's charts,
# {glue:text}`provenance-marking`
#
# Four numbers summarise a run:
#
# Overall relative throughput
# : The mean, over the eleven workload variants, of each variant's throughput divided by
#   its throughput in the reference run. Every variant counts the same, so a small
#   network client weighs as much as the {glue:text}`ov-db-defined-gib` GiB database. The paper calls the measure
#   coarse for exactly that reason.
#
# Page read rate
# : MiB per second that z/VM reads back from its paging devices (the
#   {term}`page read rate`), summed over all guests.
#
# User CPU
# : Processor time spent for the guests: the guests' own instructions
#   ({term}`emulation CPU load`) plus what {term}`CP` does on a particular guest's behalf
#   ({term}`CP attributed to guest CPU load`).
#
# System CPU
# : CP's own work that no guest is charged for ({term}`CP system CPU load`): running the
#   paging subsystem, scanning frames, dispatching.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# All of it comes from one call, `oc.sweep()`, which solves the model for the 29 CIDs on the
# three environments in well under a second; `figures_results.system_frame(oc.sweep())` is the
# per-run summary the charts use (its first rows are shown in the last section).
# ````

# %% [markdown]
# ## Which runs completed (Figure 3)
#
# The paper counts a run as *failed* when any workload did not finish its test. It then
# ignores the whole run, because a dead workload frees memory and CPU for the others and
# makes the comparison unfair. Two kinds of failure were reported. With ECKD paging,
# every run at 64 GiB failed, because the high level page-cached file-system workload
# did not finish in time; its own ECKD disks shared the storage server with the paging
# volumes and saw I/O errors while z/VM paged hard. On z/VM 6.2, the transactional
# WebSphere workload hit so many HTTP errors that it stopped itself, and sometimes the
# database failed with communication errors too. With z/VM 6.3 and EDEV paging nothing
# failed, down to 64 GiB (section "Comparison of different z/VM environments" of
# {cite:t}`johanssen2014overcommit`).
#
# The chart shows which runs fail in the model. Pick an environment in the drop-down;
# hover over a light red cell to read the model's reason.

# %% tags=["remove-input"]
figures_results.status_chart(frame)

# %% [markdown]
# ```{container} oc-caption
# **Figure: completed and failed runs.** Each cell is one configuration of the study, real
# memory decreasing to the right and real CPUs decreasing downwards, as the model computes
# it. Light blue: every workload finishes in the model; light red: at least one
# fails. Black frames mark the runs the paper reports as failed (all ECKD runs at 64 GiB);
# the paper does not say which z/VM 6.2 runs failed, and reports nothing below 64 GiB.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_results.status_chart(figures_results.system_frame(oc.sweep()))`; the column
# `failure_reason` of the frame holds the model's reason for each failed run.
# ````
#
# The model gets the broad picture (no failures on 6.3 with EDEV, the most failures on
# 6.2) but for different reasons, and it misses the ECKD failures completely:

# %% tags=["remove-cell"]
z62_48 = frame[(frame["env"] == "zvm62-edev") & (frame["memory_gib"] == 48)]
fails_48 = sorted(int(c) for c in z62_48.loc[z62_48["failed"], "cpus"])
survives_48 = sorted(int(c) for c in z62_48.loc[~z62_48["failed"], "cpus"])
limit_48 = oc.study_variants()["db-bi"].pause_limit_s


def _and(items):
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


if not fails_48:
    sentence_48 = "its pauses stay under the time-out, which is why the bottom row survives"
else:
    pauses = {c: float(oc.simulate(f"48/{c}", env="zvm62-edev").guests["reorder_pause_s"].max()) for c in fails_48}
    assert max(pauses.values()) < 1.1 * limit_48, pauses  # "come close to the time-out"
    if survives_48:
        where = (f"{_and([str(c) for c in fails_48])} CPUs ({_and([f'{pauses[c]:.2f}' for c in fails_48])} s "
                 f"against {limit_48:g} s)")
        sentence_48 = (f"its pauses come close to the time-out and outlast it with {where}, "
                       f"not with {_and([str(c) for c in survives_48])}")
    else:
        # "still outlast it with every CPU count ...; only at 40 GiB, below the paper's grid, do
        # they fall under it": the pause shrinks with the database's resident memory
        below = oc.simulate("40/20", env="zvm62-edev")
        pause_40 = float(below.guests["reorder_pause_s"].max())
        assert pause_40 < limit_48 and not below.workloads.loc["db-bi", "failed"]
        sentence_48 = (f"its pauses come down to {min(pauses.values()):.1f} to {max(pauses.values()):.1f} s, close "
                       f"to the {limit_48:g} s its clients wait, but still outlast it with every CPU count; only at "
                       f"40 GiB, below the paper's grid, do they fall under it ({pause_40:.1f} s at 40/20)")
glue("ov-62-48-sentence", sentence_48, display=False)

# %% tags=["remove-input"]
figures_results.failure_table(frame)

# %% [markdown]
# On z/VM 6.2 the failing workload in the model is the database, not WebSphere. z/VM 6.2
# periodically *reorders* a guest's list of frames and stops the guest while it does so,
# about {glue:text}`model-reorder-s-8gib` s per 8 GiB resident; the database, which uses about
# {glue:text}`ov-p-db-used` GiB, has so much resident memory that its pauses outlast the time
# its clients are willing to wait. The pauses shrink with the database's residency: at
# 48 GiB {glue:text}`ov-62-48-sentence`. The model has no
# WebSphere failure mechanism
# (HTTP error counts). For the ECKD failures it has two, and neither fires: the shared
# storage path is never busy enough for I/O errors, and the backlog the page-cached fio
# jobs must clear when they stop (their paged-out dirty page cache, read back before Linux
# can write it) takes seconds, not the minutes that would make them late ({doc}`results_model`).
#
# ## Overall throughput and paging (Figures 4 and 5)
#
# The paper draws these figures with real memory on the x axis, largest on the left, and
# one line per number of real CPUs. The chart does the same; the drop-down switches the
# environment.

# %% tags=["remove-input"]
figures_results.overall_chart(frame)

# %% [markdown]
# ```{container} oc-caption
# **Figure: overall relative throughput and page reads.** The model's values for every
# configuration of the study, one line per real-CPU count; the single pink point is the
# reference run 512/25. Red crosses mark runs in which a workload fails (the paper left
# such runs out). Black diamond: the paper's system page read rate at 64/20 with z/VM 6.3
# and EDEV paging, {glue:text}`ov-p-sys-pr` MiB/s (section "Database BI workload", CID 64/20, of
# {cite:t}`johanssen2014overcommit`). The ECKD values are relative to the EDEV reference
# run, as in the paper.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_results.overall_chart(frame)` with `frame = figures_results.system_frame(oc.sweep())`;
# the columns `throughput` and `page_read_mib_s`.
# ````
#
# Three patterns from the paper come out of the model:
#
# - **CPUs set the level, memory the slope.** Each line is flat from 512 down to 128 GiB,
#   where all {glue:text}`ref-gib` GiB the guests instantiated in the reference run still nearly fit, and
#   the lines sit in the order of the CPU count. That is the water-filling of {doc}`shares`:
#   when the processors are the bottleneck, throughput is simply the CPU the guests get. The
#   lines are not in proportion to the CPU count, though: with 5 CPUs the guests get
#   {glue:text}`ov-cpu-5-20` of what they get with 20, more than a quarter. Water-filling
#   never gives a guest more than it asks for, and with 20 CPUs the four fio variants, which
#   ask for little, already run at their reference ({glue:text}`ov-fio-51220` CPUs together).
#   They cannot count for more, so the mean over the eleven variants grows more slowly than
#   the CPUs.
# - **Memory hurts from {glue:text}`ov-first-paging-gib` GiB down.** Once the guests' touched
#   memory no longer fits in the {term}`DPA`, the replacement policy of {doc}`replacement`
#   starts evicting pages that come back soon, page reads climb steeply (bottom panel) and
#   throughput falls. The reads rise step by step with both z/VM 6.3 paging devices: at 64/20
#   to {glue:text}`ov-reads-64-edev` MiB/s with EDEV-SCSI and {glue:text}`ov-reads-64-eckd`
#   MiB/s with ECKD. Most of the rise comes below 96 GiB: with EDEV-SCSI the reads grow by
#   {glue:text}`ov-reads-512-96` MiB/s from 512 to 96 GiB and by {glue:text}`ov-reads-96-64`
#   MiB/s more from 96 to 64 GiB, as the paper says.
#   With fewer CPUs the fall is barely visible, because each guest runs more slowly,
#   touches its pages less often and so faults less.
# - **Environment order.** 6.3 with EDEV is the best everywhere, ECKD is close to it with
#   15 or fewer CPUs, and z/VM 6.2 is below both, even at 512/25. With 20 CPUs ECKD falls
#   faster only where the model pages hard: its overall throughput is
#   {glue:text}`ov-eckd-gap-96` points below EDEV-SCSI's at 96/20 and
#   {glue:text}`ov-eckd-gap-64` points below at 64/20.
#   In the model the 6.2 deficit at 512/25 comes from an assumed {glue:text}`model-62-cpu-cost`
#   higher CPU cost per unit of work (6.2 lacks the newer release's HiperDispatch); under
#   pressure, 6.2's FIFO-like frame stealing evicts busy pages as readily as idle ones, so it
#   reads more pages for the same memory ({glue:text}`zvm62-read-ratio` times as many at 64/20).
#
# The page-read panel also shows where the model is furthest from the paper's numbers. The
# paper measured {glue:text}`ov-p-sys-pr` MiB/s at 64/20 with EDEV; the model reads
# {glue:text}`results-pr-edev` MiB/s, {glue:text}`ov-reads-short` less. That is inside the
# ±25 % the claim allows, but near its bottom, although the fit was given the paper's page
# reads of each guest at 64/20. Each guest's pages age for their own reclaim time
# ({doc}`replacement`), which brought the small WebSphere guests' page reads up, but they are
# still short of the paper's ({glue:text}`ov-was-reads` MiB/s against
# {glue:text}`ov-was-target`), and so is the database. The two Java guests together read
# about their target ({glue:text}`ov-java-reads` MiB/s against {glue:text}`ov-java-target`),
# yet they keep too little resident: their garbage collectors sweep the whole heap in
# bursts, a reference pattern that steady per-page rates cannot represent.
#
# ## User and system CPU (Figures 6 and 7)

# %% tags=["remove-input"]
figures_results.cpu_chart(frame)

# %% tags=["remove-cell"]
# what the prose says about the paging and CPU claims, from the claims and the sweep they read
ov_claims = figures_results.claims_table(ids=True)
grid = validation._grid()


def _pct(text):
    """'99.0%' as the book writes it: '99.0 %'."""
    return text.replace("%", " %")


for claim in ("paging-progressive-eckd", "paging-below-96", "cpu-user-128", "cpu-system-rises",
              "cpu-user-94-eckd", "cpu-breakup-constant"):
    assert ov_claims.loc[claim, "verdict"] == "✓ matches", claim
# "The reads rise step by step with both z/VM 6.3 paging devices ... Most of the rise comes
# below 96 GiB" (and with ECKD too, as the trends paragraph says)
reads = {env: [float(grid.system("page_read_mib_s", f"{m}/20", env)) for m in validation.MEMORY_GIB]
         for env in ("zvm63-edev", "zvm63-eckd")}
for env, line in reads.items():
    assert all(b >= a for a, b in zip(line, line[1:])), env
    at = dict(zip(validation.MEMORY_GIB, line))
    assert at[64] - at[96] > at[96] - at[512], env
at = dict(zip(validation.MEMORY_GIB, reads["zvm63-edev"]))
glue("ov-reads-64-edev", f"{at[64]:.0f}", display=False)
glue("ov-reads-64-eckd", f"{reads['zvm63-eckd'][-1]:.0f}", display=False)
glue("ov-reads-512-96", f"{at[96] - at[512]:.0f}", display=False)
glue("ov-reads-96-64", f"{at[64] - at[96]:.0f}", display=False)
assert ov_claims.loc["paging-below-96", "model"] == f"512→96: +{at[96] - at[512]:.0f}, 96→64: +{at[64] - at[96]:.0f} MiB/s"
# "At 128 GiB or more ... at least <x> of the processors in every environment; the claim asks for <y>"
glue("ov-user-128", _pct(ov_claims.loc["cpu-user-128", "model"]), display=False)
glue("ov-user-128-paper", f"{100 * (1 - validation.ALMOST):.0f} %", display=False)
assert ov_claims.loc["cpu-user-128", "paper"].startswith(f">= {100 * (1 - validation.ALMOST):.0f} %")
# "It rises step by step as memory shrinks, with every CPU count in every environment"
assert ov_claims.loc["cpu-system-rises", "model"] == "rises everywhere"
# "With ECKD paging they get at least <x> in every run down to 96 GiB"
glue("ov-user-eckd", _pct(ov_claims.loc["cpu-user-94-eckd", "model"]), display=False)
# the guests' share of the real CPUs, the paper's three statements on one basis
user_share = pd.DataFrame({
    "where": ["128 GiB or more, 20 CPUs or fewer, every environment (lowest run)",
              "64 GiB, 20 CPUs, z/VM 6.3 with EDEV-SCSI paging",
              "ECKD paging, 96 GiB or more (lowest completed run)"],
    "paper": [f"very close to 100 % (read as ≥ {100 * (1 - validation.ALMOST):.0f} %)",
              _pct(ov_claims.loc["cpu-user-94", "paper"]), _pct(ov_claims.loc["cpu-user-94-eckd", "paper"])],
    "model": [_pct(ov_claims.loc[k, "model"]) for k in ("cpu-user-128", "cpu-user-94", "cpu-user-94-eckd")],
})
# "no part of the busy time ... moves by more than <x> percentage points, inside the claim's <y>"
spread = float(ov_claims.loc["cpu-breakup-constant", "model"].split()[1])
tol = ov_claims.loc["cpu-breakup-constant", "paper"].split("within ")[1]
assert spread < float(tol.split()[0]) and tol == "1 point", tol
glue("ov-breakup-spread", f"{spread:.2f}", display=False)
glue("ov-breakup-tol", tol, display=False)
# The CP time charged to the guests (cpu-cp-guest-flat): each run against its 512 GiB value,
# over the runs the claim reads (z/VM 6.3; no ECKD run at 64 GiB, which all failed in the paper)
drift = {}
for env in ("zvm63-edev", "zvm63-eckd"):
    for m in validation.MEMORY_GIB[1:] if env == "zvm63-edev" else validation.MEMORY_GIB[1:-1]:
        for c in validation.CPU_COUNTS:
            base = float(grid.system("cp_guest_cpu", f"512/{c}", env))
            drift[(env, f"{m}/{c}")] = float(grid.system("cp_guest_cpu", f"{m}/{c}", env)) / base - 1
(cpg_env, cpg_cid), cpg_worst = max(drift.items(), key=lambda kv: abs(kv[1]))
assert min(drift.values()) >= 0  # "it grows with paging"
assert ov_claims.loc["cpu-cp-guest-flat", "verdict"] == "✗ misses"
assert ov_claims.loc["cpu-cp-guest-flat", "model"] == f"at most {cpg_worst:.1%} from 512 GiB"
assert cpg_env == "zvm63-edev" and cpg_worst > validation.ALMOST  # "most at <cid> with EDEV-SCSI paging"
cpg_base = oc.simulate(f"512/{cpg_cid.split('/')[1]}").system
cpg_run = oc.simulate(cpg_cid).system
# "the guests fault in <x> MiB/s, and the charge for those faults alone is <y> of the 512 GiB
# value" (on z/VM 6.3 every page fault is a page read from the paging devices)
fault_cpu = float(cpg_run["page_read_mib_s"]) * model.PAGES_PER_MIB * model.FAULT_CP_CPU_S
assert float(cpg_run["xstor_mib"]) == 0
assert fault_cpu / float(cpg_base["cp_guest_cpu"]) > validation.ALMOST
assert float(cpg_run["cp_guest_cpu"]) - fault_cpu < float(cpg_base["cp_guest_cpu"])  # "the rest ... falls a little"
assert float(cpg_run["emulation_cpu"]) < float(cpg_base["emulation_cpu"])  # "with their work"
glue("ov-cpg-tol", f"{100 * validation.ALMOST:.0f} %", display=False)
glue("ov-cpg-worst", f"{100 * cpg_worst:.1f} %", display=False)
glue("ov-cpg-cid", cpg_cid, display=False)
glue("ov-cpg-512", f"{float(cpg_base['cp_guest_cpu']):.3f}", display=False)
glue("ov-cpg-64", f"{float(cpg_run['cp_guest_cpu']):.3f}", display=False)
glue("ov-cpg-reads", f"{float(cpg_run['page_read_mib_s']):.0f}", display=False)
glue("ov-cpg-fault-share", f"{100 * fault_cpu / float(cpg_base['cp_guest_cpu']):.0f} %", display=False)
glue("ov-cpg-fault-us", f"{model.FAULT_CP_CPU_S * 1e6:g}", display=False)

# %% [markdown]
# ```{container} oc-caption
# **Figure: user and system CPU load.** The model's values for every configuration. Top: user
# CPU in processors. Middle: the part of it CP spends on behalf of the guests, on its own
# axis (it is about a twentieth of the user CPU). Bottom: CP system CPU as a percentage of the real CPUs, with the paper's
# observation that it stayed below {glue:text}`ov-p-sys-cpu` except on z/VM 6.2 (section "Analysis of z/VM CPU
# load" of {cite:t}`johanssen2014overcommit`).
# ```
#
# With enough memory the user CPU equals the number of real CPUs: the guests want about
# {glue:text}`ref-cpus` processors, so with 20 or fewer every processor is busy with guest work, as the
# paper observed for 128 GiB and more. One measure serves the paper's three statements on
# this: the guests' share of the real CPUs, their emulation plus the CP time charged to them.
# The table below gives the paper's number and the model's for each. As memory shrinks, part of the processors goes to
# CP's paging work instead, so user CPU falls by the amount system CPU rises. The system
# CPU panel follows the page-read panel closely, as the paper noticed. It rises step by step
# as memory shrinks, with every CPU count in every environment. In the model CP
# charges a fixed processor time per page it steals and per page it moves (see
# {doc}`paging`), and the I/O part applies only to EDEV: ECKD I/O is driven by the channel
# subsystem's own assist processors, while for EDEV CP drives the SCSI I/O itself.
# z/VM 6.2 pays an assumed {glue:text}`model-62-steal-ratio` times as much CP time per stolen frame (its demand scan
# against 6.3's aging list) plus the cost of moving pages through expanded storage, which
# is why its system CPU rises well above the others.
#
# The CP-attributed part is where the model misses. The paper saw it hardly change as memory
# shrank. In the model it grows with paging, because CP charges each guest
# {glue:text}`ov-cpg-fault-us` µs per page fault (an assumption, not a number from the paper).
# The claim allows {glue:text}`ov-cpg-tol` from the 512 GiB value; the model strays by up to
# {glue:text}`ov-cpg-worst`, most at {glue:text}`ov-cpg-cid` with EDEV-SCSI paging, where the
# CP time for the guests goes from {glue:text}`ov-cpg-512` to {glue:text}`ov-cpg-64` CPUs.
# There the guests fault in {glue:text}`ov-cpg-reads` MiB/s, and the charge for those faults
# alone comes to {glue:text}`ov-cpg-fault-share` of the 512 GiB value; the rest of the CP time
# for the guests falls a little, with their work. The paper's flat line suggests that the real
# charge per fault is smaller.
#
# The paper also saw real processors *idle* ({glue:text}`ov-p-idle` or more) in some constrained runs:
# processors waiting for page-ins while work queued elsewhere. The model leaves processors
# idle in the moments when fewer virtual CPUs are runnable than there are real CPUs
# (section "When real CPUs idle while guests wait" of {doc}`shares`), and paging makes them
# more frequent by taking virtual CPUs that wait for a page out of the runnable set. But a
# virtual CPU that spins on a preempted sibling is runnable too (section "When a guest's
# virtual CPUs wait for each other" of {doc}`shares`), and the database's spinning fills many
# of those moments. With 20 CPUs on z/VM 6.3 with EDEV-SCSI the model leaves
# {glue:text}`ov-idle-512-20` processors idle at 512 GiB and {glue:text}`ov-idle-64-20` at
# 64 GiB, short of the paper's {glue:text}`ov-p-idle`; with ECKD paging, whose slower
# devices keep more virtual CPUs waiting for pages, {glue:text}`ov-idle-64-20-eckd` at
# 64 GiB. The paper does not say in which environment its processors stood idle; the claim
# checks z/VM 6.3 with EDEV-SCSI, and misses.
#
# ## CPU breakup scaled to 100 % (Figure 8)
#
# The paper's Figure 8 scales each run's CPU use to 100 % to compare the *mix* across
# configurations. Choose an environment and a CID; the top panel shows every run of the
# environment and highlights the chosen one, the bottom panel compares the chosen CID
# across the three environments.

# %% tags=["remove-input"]
figures_results.breakup_chart(frame)

# %% tags=["remove-cell"]
_ = figures_results.glue_any_grid()  # the any-host chart's grid, as every chapter states it

# %% [markdown]
# ```{container} oc-caption
# **Figure: CPU breakup.** Each bar is one run's real CPU time in the model,
# split into emulation, CP attributed to guests, CP system and idle time and scaled to
# 100 %. The reference run 512/25 has the most idle time: it had more CPUs than the
# guests wanted. With 20 CPUs at most a few per cent stay idle, in the moments when few
# virtual CPUs are runnable, more at 64 GiB and below. Compare with the paper's observation that the fractions stay about
# constant down to 96 GiB and 10 CPUs and the CP system fraction rises below that
# (section "z/VM CPU overcommitment" of {cite:t}`johanssen2014overcommit`).
# ```
#
# The model agrees: down to 96 GiB the CP system share stays at most
# {glue:text}`ov-sys-max-63` on z/VM 6.3 ({glue:text}`ov-sys-max-62` on z/VM 6.2), and at
# 64 GiB and below it rises, most on z/VM 6.2. Down to 96 GiB and 10 CPUs on z/VM 6.3 with
# EDEV-SCSI, no part of the busy time (CP system, emulation, CP for the guests) moves by more
# than {glue:text}`ov-breakup-spread` percentage points, inside the claim's
# {glue:text}`ov-breakup-tol`.

# %% tags=["remove-input"]
figures_validation.text_table(user_share, "guest_share")

# %% [markdown]
# The paper states the first row in words ("very close to" all of the CPUs), which the book
# reads as at least {glue:text}`ov-user-128-paper`; the other two it states as numbers.

# %% tags=["remove-cell"]
from overcommit.book import figures_time

t_all = {(v, cid): figures_time.glue_time("all", v, cid) for v in oc.workloads.VARIANTS for cid in ("512/25", "64/20", "64/5")}


def _grew_most(v, cid):
    """The part of variant v that grew most at cid against the reference run."""
    return max(oc.BREAKDOWN_PARTS, key=lambda p: t_all[(v, cid)][p] - t_all[(v, "512/25")][p])


# the prose: at 64/20 each workload's largest growth is its own cause; at 64/5 all wait for a CPU
expected = {"db-bi": "spin", "was-medium": "cpu_wait", "was-high": "cpu_wait", "java-medium": "paging",
            "java-high": "paging", "net-medium": "cpu_wait", "net-high": "cpu_wait", "fs-pagecache-medium": "paging"}
assert {v: _grew_most(v, "64/20") for v in expected} == expected, {v: _grew_most(v, "64/20") for v in expected}
assert all(_grew_most(v, "64/5") == "cpu_wait" for v in oc.workloads.VARIANTS)
assert max(t_all[(v, "64/20")]["paging"] for v in ("fs-direct-medium", "fs-direct-high")) < 0.001

# %% [markdown]
# (where-the-time-goes)=
# ## Where the time goes
#
# Each workload loses its throughput in its own way. The chart below splits one unit of work
# of each workload (a query, a transaction, an I/O) into where its time goes, in units of its
# own reference cycle, so that eleven workloads of very different speeds fit one axis: 1 is
# the reference run's cycle, and a bar of 1.5 is a throughput of 1/1.5 = 0.67. The parts are
# working on a CPU, spinning on a lock, waiting for a real CPU ({doc}`shares`), stalled on
# paging ({doc}`paging`, of pages the replacement evicted, {doc}`replacement`), the workload's
# own I/O, and think time or time in the network. The workload chapters explain each in
# their own units.

# %% tags=["remove-input"]
figures_time.time_chart("all")

# %% [markdown]
# ```{container} oc-caption
# **Figure: where each workload's unit of work goes.** For the chosen workload, environment
# and real CPUs, one bar per memory size of the paper's grid, the reference run's bar on
# top, in reference cycles of the chosen workload. The label at a bar's end is its total.
# Bars of hosts the paper did not run are pale with an outline, their size starred.
# ```
#
# At 64/20 on z/VM 6.3 with EDEV-SCSI paging, the part that grows most against the reference
# run differs by workload:
#
# - the database spins on its locks: {glue:text}`t-db-bi-64-20-spin` of a reference cycle,
#   against {glue:text}`t-db-bi-512-25-spin`;
# - WebSphere waits for a CPU: {glue:text}`t-was-medium-64-20-cpu_wait` (medium) and
#   {glue:text}`t-was-high-64-20-cpu_wait` (high);
# - Java stalls on paging: {glue:text}`t-java-medium-64-20-paging` (medium) and
#   {glue:text}`t-java-high-64-20-paging` (high);
# - the network waits for a CPU: {glue:text}`t-net-medium-64-20-cpu_wait` and
#   {glue:text}`t-net-high-64-20-cpu_wait`;
# - fio's page-cached levels stall a little on paging ({glue:text}`t-fs-pagecache-medium-64-20-paging`
#   for the medium one), and its direct levels not at all.
#
# Cut the CPUs to 5 instead and every workload's largest part becomes the wait for a CPU:
# the network's high level, for example, waits {glue:text}`t-net-high-64-5-cpu_wait` reference
# cycles. The chart of any host below shows the same parts for all eleven at once, for any
# memory and CPUs.

# %% [markdown]
# ## Try any host
#
# The figures above are fixed to the paper's grid. The chart below is not: its sliders
# choose any real memory from {glue:text}`any-mem-min` to {glue:text}`any-mem-max` GiB
# in steps of {glue:text}`any-mem-step` GiB
# and any number of real CPUs from {glue:text}`any-cpus-min` to {glue:text}`any-cpus-max`, on
# any of the three environments, and it shows what the model gives there.
# Its title says whether the paper ran that host; {glue:text}`provenance-marking`

# %% tags=["remove-input"]
figures_results.any_cid_chart()

# %% [markdown]
# ```{container} oc-caption
# **Figure: any host of a dense grid.** Top: each workload variant's relative throughput at
# the chosen host (1 is the reference run; a variant that failed is red); the title names
# the host and whether the paper ran it, and below the bars are its overall throughput and
# page reads. Bottom: the overall relative throughput
# as memory shrinks at the chosen CPUs, the chosen memory marked by a dark grey line. The
# {glue:text}`any-runs` runs behind it ({glue:text}`any-mem-n` memory sizes ×
# {glue:text}`any-cpus-n` CPU counts × {glue:text}`any-envs-n` environments) are computed when the book
# is built and loaded from shared files. Last: where the time of one unit of each workload's
# work goes at the chosen host, in its reference cycles, beside the thinner bar of the reference
# run.
# ```
#
# In Jupyter, the explorer below runs the model itself for any host, including ones off
# this grid, and shows the CPU split and a few key numbers. A memory size below what CP
# itself needs, or a CPU count below 1, is refused with a message.

# %% tags=["remove-input"]
explorer(
    figures_results.explorer_chart,
    adds="The CPU split and the key numbers of any host, including hosts off the grid above, solved afresh by the model.",
    **host_controls(memory_gib=64, cpus=20),
)

# %% [markdown]
# ```{container} oc-caption
# **Explorer: one host, any size.** The model solved for the chosen host. Top: the real CPUs split into emulation, CP attributed to guests,
# CP system and idle. Bottom: overall relative throughput, the
# {term}`overcommit ratio`, the page read rate (in units of 100 MiB/s) and CP system CPU
# (in units of 10 %); the title lists any workload that fails. Last: where the time of one
# unit of each workload's work goes, in its reference cycles, beside the thinner bar of the
# reference run.
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
# Every chart of this chapter is drawn from one per-run summary of the model's sweep over the
# study's grid; its first rows, the reference run and the 20-CPU runs on z/VM 6.3 with EDEV-SCSI
# paging:

# %% tags=["remove-input"]
first_rows = frame.head(8).assign(environment=frame["env"].map(figures_results.ENV_LABELS))
figures_validation.text_table(first_rows[["cid", "environment", "throughput", "page_read_mib_s", "user_cpu",
                                          "cp_system", "idle", "status"]].rename(columns={
    "cid": "host (memory GiB / CPUs)", "throughput": "relative throughput", "page_read_mib_s": "page reads (MiB/s)",
    "user_cpu": "CPUs for guests", "cp_system": "CP system (CPUs)", "idle": "idle (CPUs)", "status": "run"}),
    "first_runs")

# %% [markdown]
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The summary is `figures_results.system_frame(oc.sweep())`; `frame.head(8)` shows these rows
# with their column names (`page_read_mib_s`, `user_cpu`, `cp_system`, ...).
# ````
#
# The numbers the paper's text gives for these figures, beside the model's:

# %% tags=["remove-input"]
numbers = figures_results.paper_numbers(frame)
numbers["source"] = numbers["source"].str.extract(r'section "([^"]+)"', expand=False).map(lambda s: f'the paper\'s section "{s}"')
numbers

# %% [markdown]
# The book's validation turns each written finding of these sections into a test with a
# tolerance. The rows for failures, environments, overall throughput, paging
# and CPU:

# %% tags=["remove-input"]
claims = figures_results.claims_table(ids=True)
glue("ov-cpu-5-20", f"{float(claims.loc['overall-linear-cpus', 'model']):.2f}", display=False)
glue("ov-claim-62-factor", claims.loc["paging-62-steeper", "paper"].split(">")[-1].strip(), display=False)
val = claims[claims["kind"] == "validation"]
glue("results-claims-passed", f"{int((val['verdict'] == '✓ matches').sum())} of {len(val)}", display=False)
glue("results-claims-fitted", str(int((claims["kind"] != "validation").sum())), display=False)
# the prose names the misses one by one ("Three misses ...; the fourth ...") and the claims
# that pass among the trends
missed = set(val.index[val["verdict"] == "✗ misses"])
assert missed == {"fail-eckd-64", "fail-62-was", "cpu-idle", "cpu-cp-guest-flat", "env-eckd-20cpu",
                  "overall-linear-cpus"}, missed
trends = {"env-62-reference-lower", "env-62-lower", "env-eckd-similar", "overall-flat", "overall-drop-64",
          "paging-progressive", "paging-progressive-eckd", "paging-below-96",
          "paging-62-steeper", "cpu-system-9", "cpu-system-rises", "cpu-user-94", "cpu-user-94-eckd",
          "cpu-user-128", "cpu-breakup-constant"}
assert (val.loc[sorted(trends), "verdict"] == "✓ matches").all()
assert set(claims.index[claims["kind"] != "validation"]) == {"paging-6420-rate", "paging-db-share", "paging-java-share"}
assert float(claims.loc["paging-62-steeper", "model"]) > float(claims.loc["paging-62-steeper", "paper"].split(">")[-1])
fitted_verdict = {c: claims.loc[c, "verdict"] == "✓ matches" for c in ("paging-6420-rate", "paging-db-share", "paging-java-share")}
assert all(fitted_verdict.values()), fitted_verdict  # "All three pass"
# "with little room": the total near the bottom of its band (±25 %), Java's share at the top
# of its band (±7 points)
paper_reads = float(obs.loc["o000-sys-pr", "value"])
key = figures_validation.key_numbers()
assert 0.75 * paper_reads <= key["page_reads_6420"] < 0.85 * paper_reads
assert f"{key['page_reads_6420']:.1f}" == str(claims.loc["paging-6420-rate", "model"])
glue("ov-reads-short", f"{100 * (1 - key['page_reads_6420'] / paper_reads):.0f} %", display=False)
java_paper = float(claims.loc["paging-java-share", "paper"].split(" %")[0])
assert claims.loc["paging-java-share", "paper"] == f"{java_paper:g} % (±7 points)"
assert java_paper + 7 - 1 < 100 * key["java_reads"] / key["page_reads_6420"] <= java_paper + 7
# the page-read panel: WebSphere and the database short of their reads, Java about at its target
db_pr = float(oc.simulate("64/20").guests.loc["db-bi", "page_read_mib_s"])
assert key["was_reads"] < key["was_reads_target"] and db_pr < float(obs.loc["o000-db-pr", "value"])
assert abs(key["java_reads"] / key["java_reads_target"] - 1) < 0.1
for name, value in (("ov-was-reads", key["was_reads"]), ("ov-was-target", key["was_reads_target"]),
                    ("ov-java-reads", key["java_reads"]), ("ov-java-target", key["java_reads_target"])):
    glue(name, f"{value:.0f}", display=False)
glue("ov-reads-6420", f"{float(claims.loc['paging-6420-rate', 'model']):.0f}", display=False)
glue("ov-reads-band", claims.loc["paging-6420-rate", "paper"], display=False)
glue("ov-db-share", claims.loc["paging-db-share", "model"], display=False)
glue("ov-java-share", claims.loc["paging-java-share", "model"], display=False)
# the most idle EDEV-SCSI run at 64 to 96 GiB is 64/20, and ECKD idles more; 512/25 idles most
edev = frame[(frame["env"] == "zvm63-edev") & frame["memory_gib"].between(64, 96)]
assert edev.set_index("cid")["idle"].idxmax() == "64/20"
assert frame.loc[frame["idle"].idxmax(), "cid"] == "512/25"
idle_texts = figures_results.overall_texts(frame)
assert float(idle_texts["ov-idle-512-20"]) < float(idle_texts["ov-idle-64-20"]) < 0.5 < float(
    idle_texts["ov-idle-64-20-eckd"])
# the two trends that miss: CPU scaling above the claim's band (fio served in full with 20
# CPUs), ECKD below EDEV-SCSI at 96/20 by less than a direction needs, by more at 64/20
tput = frame.set_index(["cid", "env"])["throughput"]
gap = {m: float(tput[(f"{m}/20", "zvm63-edev")] - tput[(f"{m}/20", "zvm63-eckd")]) for m in (96, 64)}
assert 0 < gap[96] < claim_rules.DIRECTION_MIN < gap[64]
assert f"{gap[96]:.3f}" == str(claims.loc["env-eckd-20cpu", "model"])
glue("ov-eckd-gap-96", f"{100 * gap[96]:.1f}", display=False)
glue("ov-eckd-gap-64", f"{100 * gap[64]:.1f}", display=False)
glue("ov-eckd-min", f"{100 * claim_rules.DIRECTION_MIN:g}", display=False)
ratio = float(claims.loc["overall-linear-cpus", "model"])
assert ratio > 0.25 * (1 + claim_rules.ABOUT)
glue("ov-cpu-band", claims.loc["overall-linear-cpus", "paper"].split(": ")[1].rstrip(")"), display=False)
w20 = oc.simulate("512/20").workloads
fio = [v for v in w20.index if v.startswith("fs-")]
assert (w20.loc[fio, "relative_throughput"] >= 1 - 1e-9).all()
glue("ov-fio-51220", f"{float(w20.loc[fio, 'cpu_load'].sum()):.1f}", display=False)
claims.rename(index=names.claim)[["claim (paper)", "paper", "model", "verdict", "kind"]]

# %% [markdown]
# The model passes {glue:text}`results-claims-passed` of the validation claims among these.
# Most trends pass: z/VM 6.2 below 6.3, ECKD close to EDEV-SCSI with 15 or fewer CPUs, flat
# throughput above 128 GiB and a drop at 64 GiB, and progressive paging with both z/VM 6.3
# paging devices, sharpest below 96 GiB. So do steeper paging on z/VM 6.2
# ({glue:text}`zvm62-read-ratio` times as many page reads as 6.3 at 64/20, more than the
# claim's factor {glue:text}`ov-claim-62-factor`), low system CPU that rises as memory
# shrinks, nearly all processors going to the guests, and a CPU split that stays the same
# down to 96 GiB and 10 CPUs. Three misses are where the paper's number depends on
# something the model leaves out, one comes from a cost the model assumes, and two are
# trends the model gives, but not as strongly or not in the paper's proportion:
#
# - **ECKD failures at 64 GiB** need I/O errors or a backlog on a shared storage path;
#   the model's paging devices stay fast and its path far from saturated.
# - **WebSphere's failures on z/VM 6.2**: the model has no HTTP error counts.
# - **Idle processors while guests wait**: the most idle EDEV-SCSI run the paper also ran,
#   64/20, leaves {glue:text}`ov-idle-64-20` processors idle, not {glue:text}`ov-p-idle`, because the
#   database's virtual CPUs spin on a preempted sibling instead of giving up their real
#   CPUs.
# - **CP time charged to the guests** grows by up to {glue:text}`ov-cpg-worst` as memory
#   shrinks, not within {glue:text}`ov-cpg-tol`: the model charges each guest a fixed CP time
#   per page fault, so this time grows with the faults.
# - **Throughput about linear in the CPUs**: the 5-CPU value is {glue:text}`ov-cpu-5-20` of
#   the 20-CPU value at 512 GiB, above the claim's band of {glue:text}`ov-cpu-band`, because
#   the fio variants run at their reference with 20 CPUs and cannot count for more.
# - **ECKD falling faster with 20 CPUs**, compared at 96/20 as the paper did: ECKD is
#   {glue:text}`ov-eckd-gap-96` points below EDEV-SCSI there, less than the
#   {glue:text}`ov-eckd-min` points a direction needs. The model pages little at 96 GiB, and
#   the gap opens only at 64/20 ({glue:text}`ov-eckd-gap-64` points), where the paper's ECKD
#   runs all failed.
#
# The other {glue:text}`results-claims-fitted` rows are *calibration* claims: the page reads
# at 64/20 and who makes them are the records the fit was given (each guest's page reads at
# 64/20), so they show how well the fit worked, not what the model predicts. All three
# pass, with little room: the model reads {glue:text}`ov-reads-6420` MiB/s at 64/20, near
# the bottom of the claim's {glue:text}`ov-reads-band`, and of it the database makes
# {glue:text}`ov-db-share` and Java {glue:text}`ov-java-share`, at the top of its band. The
# fit cannot give every guest its targets at once ({doc}`results_model` shows which guests
# fall short and which overshoot).
#
# {doc}`results_model` lists every claim, including the per-workload ones, and why each miss
# happens.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.validation.evaluate()` runs every claim; `figures_results.claims_table()` is the
# table above.
# ````
#
# ## Exercises

# %% tags=["remove-cell"]
level = float(figures_results.overall_texts(frame)["ov-level"])
t90 = figures_results.threshold_memory(frame, cpus=20, level=level)
glue("results-t90", Markdown(t90.to_markdown(floatfmt=".3f")), display=False)
z62 = frame.set_index(["cid", "env"]).loc[("64/20", "zvm62-edev")]
glue("results-pr-62", f"{z62['page_read_mib_s']:.0f}", display=False)

# %% tags=["remove-cell"]
cp_check = checks.get("results_overall-ex-cpsystem").values
glue("results-cp-edev", cp_check["edev"], display=False)
glue("results-cp-eckd", cp_check["eckd"], display=False)
glue("results-pr-edev", cp_check["reads-edev"], display=False)
glue("results-pr-eckd", cp_check["reads-eckd"], display=False)
glue("overall-ex-cp-factor", cp_check["factor"], display=False)

# %% [markdown]
# :::{exercise}
# :label: results_overall-ex-ninety
# :class: oc-where-browser
# With 20 real CPUs, at which memory size does the model's overall relative throughput
# first drop below {glue:text}`ov-level` on each environment? Read it off the throughput
# figure, then explain the z/VM 6.2 answer.
# :::
#
# :::{solution} results_overall-ex-ninety
# :class: dropdown
# The model's answers, per environment:
#
# ```{glue:md} results-t90
# :format: myst
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_results.threshold_memory(frame, cpus=20, level=...)` with the level above.
# ````
#
# On z/VM 6.3 with EDEV-SCSI the threshold is crossed only at {glue:text}`ov-level-edev` GiB,
# where paging starts to cost real throughput, and earlier on ECKD
# ({glue:text}`ov-level-eckd` GiB), whose single-I/O volumes answer page reads more slowly. On
# z/VM 6.2 the question is a trick: throughput is below {glue:text}`ov-level` already at
# 512/20 ({glue:text}`ov-62-512-20`), with no paging at all. 20 CPUs are less than the
# {glue:text}`ref-cpus` the guests want (even z/VM 6.3 with EDEV-SCSI is only at
# {glue:text}`ov-63-512-20` there, and part of what it loses goes to the database's spinning
# on its preempted virtual CPUs, {doc}`shares`), and 6.2 needs more CPU per unit of work, so the threshold
# says nothing about memory there. A fairer question compares each line with its own
# 512 GiB value.
# :::
#
# :::{exercise}
# :label: results_overall-ex-cpsystem
# :class: oc-where-browser
# At 64/20 the two z/VM 6.3 environments read similar amounts from their paging devices
# (ECKD somewhat more), yet the CP system CPU differs by a factor of more than two. First read the
# factor off the charts: the CP system CPU figure (pick each environment and hover over the
# 64 GiB point of the 20-CPU line) or the lower panel of the CPU breakup figure at 64/20.
# Answer as one number, EDEV-SCSI ÷ ECKD. Then: why is it higher with EDEV-SCSI paging than
# with ECKD paging, and which chapter's model supplies the difference?
#
# <div class="oc-selfcheck" data-check="results_overall-ex-cpsystem"></div>
# :::
#
# :::{solution} results_overall-ex-cpsystem
# :class: dropdown
# In the model, EDEV reads {glue:text}`results-pr-edev` MiB/s and uses
# {glue:text}`results-cp-edev` CPUs of CP system time; ECKD reads
# {glue:text}`results-pr-eckd` MiB/s and uses {glue:text}`results-cp-eckd` CPUs, a factor of
# {glue:text}`overall-ex-cp-factor`. An EDEV
# is a SCSI disk that CP drives itself, so every page moved costs processor time on the
# z/VM CPUs (the model assumes {glue:text}`model-cp-us-per-page` µs per page). ECKD I/O is handed to the channel subsystem,
# whose system assist processors do the transfer work, so CP's processors pay much less
# per page (the model charges nothing; what remains is the cost of stealing frames).
# The per-page CPU cost of each device kind is part of the paging model
# ({doc}`paging`); the paper gives the same explanation in its conclusions on CPU load.
# :::
#
# :::{exercise}
# :label: results_overall-ex-zvm62
# :class: oc-where-browser
# At 64/20, z/VM 6.2 reads more pages than z/VM 6.3 with the same EDEV devices, and
# still delivers less throughput. Name two reasons from the mechanism chapters, and say
# why the extra 2 GiB of expanded storage does not help.
# :::
#
# :::{solution} results_overall-ex-zvm62
# :class: dropdown
# The model reads {glue:text}`results-pr-62` MiB/s on 6.2 against
# {glue:text}`results-pr-edev` MiB/s on 6.3. First, replacement: 6.3 keeps one global
# aging list and approximates LRU (CLOCK), so pages in use stay resident; 6.2 steals
# frames by guest and list position, closer to FIFO, and throws out busy pages that come
# straight back ({doc}`replacement`). Second, the reads cost more: stealing a frame
# costs 6.2 more CP time, and its page reorders stop guests outright, so less CPU and
# less time are left for work ({doc}`paging`, {doc}`shares`). Expanded storage is a second memory tier
# carved out of the same real memory ({doc}`tiers`): the 2 GiB it holds are missing from
# the DPA, and pages go through it on their way out and back, which adds moves without
# adding memory. The paper reached the same conclusion: the high page-read rates on 6.2
# did not buy more available memory.
# :::

# %% tags=["remove-cell"]
SEED = 10
seeded = exercises.generate("results_overall", seed=SEED)
glue("overall-seeded-q", Markdown(seeded.question), display=False)
glue("overall-seeded-a", Markdown(seeded.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_overall-ex-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* The model's figures answer more questions than the paper printed. Each seed picks an environment and a cut, of memory or of CPUs. This is
# the question for seed 10:
#
# ```{glue:md} overall-seeded-q
# :format: myst
# ```
#
# Type another seed in the box to get another question; the overall throughput figure on this page has every value
# you need.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("results_overall", seed=...)` gives the question and
# `exercises.check("results_overall", seed=..., answer=...)` checks an answer.
# ````
#
# <div class="oc-selfcheck" data-topic="results_overall" data-seed="10"></div>
# :::
#
# :::{solution} results_overall-ex-seeded
# :class: dropdown
#
# The worked answer for seed 10:
#
# ```{glue:md} overall-seeded-a
# :format: myst
# ```
# :::
