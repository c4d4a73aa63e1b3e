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
# The purest processor-and-heap load of the study is a stand-alone Java program: threads
# repeat the same kind of transaction, and the metric is the transaction rate summed over all
# of them {cite:p}`johanssen2014overcommit`. It runs at two levels, each alone in its own
# {term}`guest`: the *medium* level with one {term}`virtual CPU`, the *high* level with two.
# The heap has a fixed size, and the garbage collector stops every thread and sweeps the whole
# heap at every collection. In the reference run both levels kept their virtual CPUs busy
# almost all the time and touched nearly all of their heap. This chapter redraws the paper's
# Figures 24 to 28 from the model; the figures are lost from our copy of the paper, but
# wherever its text gives a number, the number is drawn beside the model's.
#
# ## What the paper found
#
# All on z/VM 6.3 with EDEV-SCSI paging ({cite:t}`johanssen2014overcommit`, section "Java
# workload"):
#
# - **Memory hardly mattered down to {glue:text}`jv-p-req-mem`**, and with
#   {glue:text}`jv-p-req-cpus` or more Java even ran slightly *above* its reference
#   (observations).
# - **Below that it dropped considerably, whatever the CPUs**: the knee lies between
#   {glue:text}`jv-p-knee-mem`. At 64/20 the medium level lost about {glue:text}`jv-p-jm-degr`
#   of its throughput and the high level {glue:text}`jv-p-jh-degr` (conclusions for CID 64/20).
# - **Fewer CPUs hardly mattered down to {glue:text}`jv-p-req-cpus`**; below that the
#   throughput declined sharply, the knee lying between {glue:text}`jv-p-knee-cpus`
#   (observations).
# - **The guests stayed resident and still paged a lot**: at 64/20 {glue:text}`jv-p-jm-res-frac`
#   (medium) and {glue:text}`jv-p-jh-res-frac` (high) of each Java guest's instantiated memory
#   was in real memory, yet the two
#   small guests caused about {glue:text}`jv-p-j-pr-share` of all page reads. The paper calls
#   Java the workload most sensitive to a shortage of memory and blames the collector's sweeps
#   over the whole heap (memory usage at CID 64/20).
#
# ## What the model says, and why
#
# The model has no Java program. Each level is a guest whose threads compute almost all the
# time; its pages compete for real memory under global page replacement ({doc}`replacement`),
# its page faults wait for the paging devices ({doc}`paging`), and its processors come from
# share-based water-filling ({doc}`shares`).
#
# - **A loss once the heap no longer fits, steep for the medium level.** At 64/20 the
#   model keeps {glue:text}`jv-m-64-20` (medium) and {glue:text}`jv-h-64-20` (high) of the
#   reference. A page fault stalls a thread, and because the collector stops every thread, a
#   large part of the stall holds the virtual CPU itself; the medium level has only one. These
#   two numbers were fitted to the paper's, so they show that the fit worked, not that the
#   model predicts.
# - **Memory and CPUs do not multiply.** When both are short, Java runs at the lower of two
#   ceilings: what its share of the CPUs allows, and what its stalls leave of its virtual CPUs
#   (section "Two ceilings, not a product").
# - **Where it misses.** The model cuts Java's throughput and CPU load as soon as CPUs are
#   short (the high level keeps {glue:text}`jv-h-512-15` at 512/15, where the paper's Java kept
#   its reference): Java asks for more CPU per share than almost any other guest. It cannot
#   run above its reference, and its knee sits one
#   memory step too low ({glue:text}`jv-m-96-20` for the medium level at 96/20), because its
#   heap pages are touched independently, not in the collector's sweeps. It passes none of the
#   {glue:text}`jv-val-n` findings of the paper it was not fitted to; even its CPU load falls at
#   64 GiB only with 20 CPUs, since with 15 the CPU cut hides the memory loss. The last
#   section and {doc}`results_model` have the detail.

# %% tags=["remove-cell"]
import dataclasses
import inspect

import pandas as pd
from IPython.display import Markdown
from overcommit.book import glue, reference

import overcommit as oc
from overcommit import data, names, paging, planning, replacement
from overcommit import exercises
from overcommit.exercises import checks
from overcommit.book import figures_java
from overcommit.book import figures_workload
from overcommit.book import figures_results
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
for oid in ("o000-jm-degr", "o000-jh-degr", "o000-jm-res-frac", "o000-jh-res-frac", "o000-j-pr-share", "o000-jm-dpa",
            "o000-jh-dpa", "o000-jm-pr-share", "o000-jh-pr-share", "o000-jm-pin-frac", "o000-jh-pin-frac"):
    glue(f"jv-p-{oid.removeprefix('o000-')}", f"{obs.loc[oid, 'value']:g} %", display=False)
glue("jv-p-req-mem", f"{obs.loc['o000-j-req-mem', 'value']:g} GiB", display=False)
glue("jv-p-req-cpus", f"{obs.loc['o000-j-req-cpus', 'value']:g} CPUs", display=False)
for oid, unit in (("o000-j-knee-mem", "GiB"), ("o000-j-knee-cpus", "CPUs")):
    glue(f"jv-p-{oid.removeprefix('o000-j-')}", f"{float(obs.loc[oid, 'lower']):g} and {float(obs.loc[oid, 'upper']):g} {unit}",
         display=False)
glue("jv-p-knee-mem-lower", f"{float(obs.loc['o000-j-knee-mem', 'lower']):g}", display=False)
_ = figures_results.glue_any_grid()  # the dense grid of the any-host chart, as every chapter states it

# %% [markdown]
# ## Throughput over memory and CPUs (Figures 24 and 25)
#
# The paper drew the medium level against the *high* level's reference, on which its own
# sits at about {glue:text}`jv-scale` (one virtual CPU managed about half the transactions of
# two); the chart and its tooltips do too.

# %% tags=["remove-input"]
figures_workload.throughput_chart(vframe, KEY, "throughput")

# %% [markdown]
# ```{container} oc-caption
# **Figure: relative throughput of the Java workload (the paper's Figures 24 and 25).** The
# model's values for every configuration of the study, the medium level scaled as the paper
# did (its own reference at {glue:text}`jv-scale-frac`). Diamonds at 64 GiB and
# 20 CPUs: the paper's losses at 64/20, on the same scales ({cite:t}`johanssen2014overcommit`,
# section "Java workload", conclusions for CID 64/20).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The chart's numbers are `figures_workload.variant_frame("java", oc.sweep())`; its column
# `paper_view` holds the medium level on the paper's scale (the relative throughput times the
# ratio above).
# ````
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
over_runs = ledev[over].sort_values(["memory_gib", "cpus"], ascending=False)
# the prose: the exceptions run above their memory ceiling, all at 64 or 48 GiB, and both levels have some
assert (over_runs["lower"] == over_runs["memory_only"]).all(), over_runs
assert set(over_runs["memory_gib"]) <= {64, 48}, set(over_runs["memory_gib"])
assert set(over_runs["variant"]) == set(LEVELS), set(over_runs["variant"])


def _and(items):
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


over_text = []
for v, name in (("java-medium", "the medium level"), ("java-high", "the high level")):
    rows = over_runs[over_runs["variant"] == v]
    over_text.append(f"{name} at {_and([f'{m}/{c}' for m, c in zip(rows['memory_gib'], rows['cpus'])])}")
glue("jv-lim-over-cids", "; ".join(over_text), display=False)
glue("jv-lim-over-m", str(int((over_runs["variant"] == "java-medium").sum())), display=False)
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
T48 = {c: float(oc.simulate((48, c)).system["characteristic_time_s"]) for c in (20, 15, 10)}
for c in (20, 15, 10):
    glue(f"jv-T-48{c}", f"{T48[c]:.0f}", display=False)
# the prose: at 48 GiB the medium level runs faster with 15 CPUs than with 20, its pages ageing longer
assert le.loc[("java-medium", 48, 15), "actual"] > le.loc[("java-medium", 48, 20), "actual"] and T48[15] > T48[20]
# the prose: the fitted blocking share of the high level is the larger one, most of the stall
# (1 would be all of it), and with it the high level loses what the paper's lost at 64/20
assert 1.0 > fitted_blocking["java-high"] > max(0.5, fitted_blocking["java-medium"])
assert abs(r6420.workloads.loc["java-high", "relative_throughput"] - (1 - obs.loc["o000-jh-degr", "value"] / 100)) < 0.01
glue("jv-reads-m-6420", f"{g6420.loc['java-medium', 'page_read_mib_s']:.2f}", display=False)
glue("jv-reads-m-6415", f"{g6415.loc['java-medium', 'page_read_mib_s']:.2f}", display=False)
glue("jv-spare", str(figures_java.SPARE_CPUS), display=False)
# "memory alone": with CPUs to spare WebSphere and the network levels run at about their
# reference, faster than with 20 CPUs or fewer, and the DPA turns over faster than in every run
OTHERS = ["was-medium", "was-high", "net-medium", "net-high"]
spare = {m: oc.simulate((m, figures_java.SPARE_CPUS)) for m in (64, 48)}
others_min = min(float(spare[m].workloads.loc[OTHERS, "relative_throughput"].min()) for m in spare)
glue("jv-spare-others-min", f"{others_min:.3f}", display=False)
glue("jv-T-spare-64", f"{spare[64].system['characteristic_time_s']:.0f}", display=False)
for m, r in spare.items():
    for c in (20, 15, 10):
        cut = oc.simulate((m, c))
        assert (r.workloads.loc[OTHERS, "relative_throughput"] > cut.workloads.loc[OTHERS, "relative_throughput"]).all()
        assert r.system["characteristic_time_s"] < cut.system["characteristic_time_s"]
assert others_min > 0.99

# %% [markdown]
# A Java level can lose throughput in the model in two ways. **Processors:** with fewer real
# CPUs than the guests ask for, each guest gets what share-based water-filling gives it
# ({doc}`shares`). **Memory:** each page fault stalls a thread for the paging devices' response
# time ({doc}`paging`), and because the collector stops every thread, a large part of that stall
# also holds the virtual CPU (a fitted share, {glue:text}`jv-blocking-m` for the medium and
# {glue:text}`jv-blocking-h` for the high level, where 1 would be the whole stall). A held virtual CPU
# cannot run, so the guest's ceiling is its virtual CPUs minus the held time.
#
# The chart sets each run beside two runs that isolate one cause: the same CPUs with all
# 512 GiB (the CPU cut alone), and the same memory with {glue:text}`jv-spare` real CPUs, more
# than the virtual CPUs of all guests together, so that nobody is cut (the memory loss alone).

# %% tags=["remove-input"]
figures_java.limits_chart(lframe, "java-medium", 15)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the Java throughput of each run against the CPU cut alone and the memory loss
# alone.** The model's values, each level against its own reference: the run itself, "CPUs
# alone" (512 GiB with the same CPUs), "memory alone" (the same memory with CPUs to spare) and,
# dotted, the product of the two. Black: the paper's statements for z/VM 6.3 with EDEV-SCSI
# paging, throughput at or slightly above the reference with {glue:text}`jv-p-req-mem` or more
# and {glue:text}`jv-p-req-cpus` or more (pale band), and the losses at 64/20 (diamonds, pick
# 20 CPUs) ({cite:t}`johanssen2014overcommit`, section "Java workload", observations and
# conclusions for CID 64/20).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_java.limits_frame(oc.sweep())` has one row per run, with the columns `actual`,
# `cpu_only`, `memory_only` and `multiplied`; "memory alone" is
# `oc.simulate((memory, figures_java.SPARE_CPUS))`.
# ````
#
# On z/VM 6.3 with EDEV-SCSI paging the model's Java runs at the *lower* of the two ceilings,
# nowhere near their product: within {glue:text}`jv-lim-gap` in {glue:text}`jv-lim-near` of the
# {glue:text}`jv-lim-runs` runs of the grid. With 15 CPUs and 64 GiB the medium level's CPU
# share alone allows {glue:text}`jv-lim-m-64-15-cpu_only` and the memory alone
# {glue:text}`jv-lim-m-64-15-memory_only`; the run gives {glue:text}`jv-lim-m-64-15-actual`, not
# {glue:text}`jv-lim-m-64-15-multiplied`. Two things make the ceilings alternatives rather than
# factors:
#
# - **The stall fits into time the virtual CPU would wait anyway.** At 64/15 the medium guest's
#   stalls hold {glue:text}`jv-blocked-m-6415` of its one virtual CPU, which leaves
#   {glue:text}`jv-cap-m-6415` to compute with, but water-filling gives it only
#   {glue:text}`jv-alloc-m-6415`: the held time costs nothing. At 64/20 it would be given more,
#   and its own limit ({glue:text}`jv-cap-m-6420`) is what it gets.
# - **A slower guest touches its pages more slowly.** When the CPU cut slows every guest, the
#   whole {term}`DPA` turns over more slowly: pages age for {glue:text}`jv-T-6415` s at 64/15
#   against {glue:text}`jv-T-6420` s at 64/20 ({doc}`replacement`), and the medium guest reads
#   {glue:text}`jv-reads-m-6415` MiB/s back instead of {glue:text}`jv-reads-m-6420`. The
#   {glue:text}`jv-lim-over` runs left out above, all at 64 or 48 GiB, run *above* their lower
#   ceiling, the memory one: {glue:text}`jv-lim-over-cids`. With CPUs to spare,
#   "memory alone" cuts nobody's CPU: WebSphere and the network levels run at
#   {glue:text}`jv-spare-others-min` of their reference or more, faster than in any run with
#   fewer CPUs, and touch their pages more often, so the DPA turns over faster than in any of
#   these runs (pages age for {glue:text}`jv-T-spare-64` s at 64 GiB). At
#   48 GiB the medium level even runs faster with 15 CPUs ({glue:text}`jv-lim-m-48-15-actual`)
#   than with 20 ({glue:text}`jv-m-48-20`): its pages age for {glue:text}`jv-T-4815` s instead of
#   {glue:text}`jv-T-4820` s.
#
# That is why the model misses the paper's knee: with 15 CPUs it finds almost no difference
# between the high level at 512 GiB and at 64 GiB ({glue:text}`jv-claim-knee`), because the CPU
# cut hides the memory loss.
#
# ## Why the model cuts Java when CPUs are short

# %% tags=["remove-cell"]
cuts = figures_java.cut_table(("512/20", "512/15"), ids=True)
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
_ = reference.glue_all()  # ref-cpus: the reference run's CPU load, as every chapter states it
claims = figures_workload.claims_table(KEY, ids=True)
glue("jv-claim-knee", claims.loc["java-knee", "model"], display=False)
glue("jv-claim-cpus", claims.loc["java-cpus", "model"], display=False)
glue("jv-claim-resident", claims.loc["java-resident-6420", "model"], display=False)
# the prose: both throughput targets pass; the resident target (±5 points) misses on the high
# level alone, which keeps far less than the paper's (more than 15 points short); the medium
# level keeps less than the paper's too, but within the 5 points
assert claims.loc[["java-6420-medium", "java-6420-high"], "verdict"].str.startswith("✓").all()
assert claims.loc["java-resident-6420", "verdict"].startswith("✗")
short_of = {v: obs.loc[f"o000-j{SHORT[v]}-res-frac", "value"]
            - 100 * g6420.loc[v, "resident_mib"] / g6420.loc[v, "instantiated_mib"] for v in LEVELS}
assert 0 < short_of["java-medium"] < 5 and short_of["java-high"] > 15, short_of
glue("jv-claim-above", str(claims.loc["java-above-ref", "model"]), display=False)
glue("jv-claim-cpu-mem", claims.loc["java-cpu-memory", "model"], display=False)
glue("jv-claim-cpu-cpus", claims.loc["java-cpu-cpus", "model"], display=False)
validation = claims[claims["kind"] == "validation"]
glue("jv-val-n", str(len(validation)), display=False)
# the prose: every validation claim misses
assert set(validation.index[validation["verdict"] == "✗ misses"]) == set(validation.index), validation
# the prose: the CPU-load claim with fewer CPUs misses only at 15 CPUs (the water level's cut);
# below 15 the load falls faster than the CPUs, as the paper saw
load = edev.set_index(["variant", "cid"])["cpu_load"]
for v in LEVELS:
    assert load[(v, "512/15")] / load[(v, "512/20")] < 1 - 0.05, v
    assert load[(v, "512/10")] / load[(v, "512/15")] < 10 / 15, v
# the prose: the CPU-load claim over memory: flat down to 112 GiB; at 20 CPUs the medium level's
# load falls with its throughput, by far more than "a little"; with 15 CPUs both levels' loads
# fall from 112 to 64 GiB, by less than the 3 % a direction needs
assert load[("java-medium", "64/20")] < 0.8 * load[("java-medium", "512/20")]
drop15 = {v: 1 - load[(v, "64/15")] / load[(v, "112/15")] for v in LEVELS}
assert all(0 < d < 0.03 for d in drop15.values()), drop15
glue("jv-cpu-drop-15", f"{100 * max(drop15.values()):.0f} %", display=False)
glue("jv-cpu-flat", f"{min(load[(v, f'{m}/{c}')] / load[(v, f'512/{c}')] for v in LEVELS for m in (256, 128, 112) for c in (20, 15)):.3f}",
     display=False)

# %% [markdown]
# The reference run's {glue:text}`ref-guests` guests together used {glue:text}`ref-cpus` processors, so with
# 20 real CPUs or fewer somebody must be cut. Under {term}`water-filling` ({doc}`shares`) every
# guest that wants more than the *water level* gets the level times its
# {term}`relative share`. With 512 GiB the level is {glue:text}`jv-theta-20` CPUs per 100
# shares at 20 CPUs and {glue:text}`jv-theta-15` at 15; the table shows whom it cuts.

# %% tags=["remove-input"]
cuts.rename(index=names.guest)

# %% [markdown]
# ```{container} oc-caption
# **Table: who the water-filling cuts.** Per guest, the virtual CPUs and relative shares of the
# study (100 per virtual CPU), the reference CPU load of the paper's Table 17
# {cite:p}`johanssen2014overcommit` and that load per 100 shares; then the model's CPU load at
# 512/20 and 512/15 as a percentage of the reference load.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_java.cut_table(("512/20", "512/15"))` builds the table from
# `oc.simulate(cid).guests`; `figures_java.water_level("512/15")` is the water level.
# ````
#
# Java keeps its virtual CPUs busier than almost anyone: {glue:text}`jv-d100-m` and
# {glue:text}`jv-d100-h` CPUs per 100 shares, ranks {glue:text}`jv-rank-m` and
# {glue:text}`jv-rank-h` of {glue:text}`ref-guests`, so it loses the largest fraction: at
# 512/15 the medium Java gets {glue:text}`jv-get-m-15` of its reference CPU, the database
# {glue:text}`jv-get-db-15`, and the file-system guests, which wanted less than the level,
# {glue:text}`jv-get-fs-15`. Java's threads hardly wait for anything, so its throughput is its
# CPU: for the paper's finding that fewer CPUs hardly mattered, the model gives
# {glue:text}`jv-claim-cpus`. Why the real z/VM may have given it more is discussed at the end.
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
# the chosen level's guest in the model (its own work plus the CP time charged to it) for every
# configuration of the study, same views and controls as the throughput figure. The paper
# states no CPU numbers for constrained runs of this workload, only trends
# ({cite:t}`johanssen2014overcommit`, section "Java workload", CPU usage analysis).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The column `cpu_load` of `figures_workload.variant_frame("java", oc.sweep())`.
# ````
#
# In the model a guest's CPU load is its throughput times its CPU per unit of work, plus CP time
# for its page faults, so these charts repeat the throughput charts in processors: the medium
# guest uses {glue:text}`jv-cpu-m-ref` processors in the reference run,
# {glue:text}`jv-cpu-m-512-20` with 20 CPUs, {glue:text}`jv-cpu-m-512-15` with 15,
# {glue:text}`jv-cpu-m-512-10` with 10 and {glue:text}`jv-cpu-m-512-5` with 5 (all at 512 GiB).
# The paper saw a load that hardly moved down to {glue:text}`jv-p-req-cpus` and then fell more
# than in proportion, and a load that fell only a little below {glue:text}`jv-p-req-mem` while
# the throughput fell considerably: the real Java spent more CPU per transaction under memory
# pressure (more garbage collection, more fault handling). The model's CPU per Java transaction
# is fixed (Java's threads do not wait for one another, so they never spin on a preempted
# virtual CPU, {doc}`shares`), so at 20 CPUs its medium guest's load falls with the throughput,
# {glue:text}`jv-cpu-m-drop-6420` from 512 to 64 GiB.
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
# the prose: the inversion of the model's numbers returns about each level's own T_g; the fit
# sided with the page reads: the high level pages in about the paper's rate (within the
# 25 % of "about"), far more than it would at the paper's residency, and keeps far less
# resident than the paper's (more than 15 points short)
for v in LEVELS:
    assert abs(rt.loc[(v, "model"), "implied characteristic time T (s)"] / rt.loc[(v, "model"), figures_java.TG_COLUMN]
               - 1) < 0.1, v
pin_model_h = rt.loc[("java-high", "model"), "resident memory paged in per second (%)"]
pin_paper_h = float(obs.loc["o000-jh-pin-frac", "value"])
assert abs(pin_model_h / pin_paper_h - 1) < 0.25 and 100 * lam_need * (1 - h_paper) / h_paper < 0.7 * pin_paper_h
assert rt.loc[("java-high", "model"), "resident / instantiated (%)"] < 100 * h_paper - 15
j9620 = gframe[(gframe.env == "zvm63-edev") & (gframe.cid == "96/20")].set_index("guest")
for v in LEVELS:
    glue(f"jv-skew-{SHORT[v]}", f"{table17[v].skew:.2f}", display=False)
    glue(f"jv-res96-{SHORT[v]}", f"{j9620.loc[v, 'resident_pct']:.0f} %", display=False)
nets = [g for g in table17 if g.startswith("net-")]
glue("jv-skew-nets", f"{min(table17[g].skew for g in nets):.1f}", display=False)
glue("jv-skew-db", f"{table17['db-bi'].skew:.2f}", display=False)
glue("jv-hot-db", f"{table17['db-bi'].hot_set_mib / 1024:g}", display=False)
# the prose: Java's heap is touched almost uniformly, less skewed than the database's cache and
# far less than the network guests' memory; the database's cache, unlike Java's heap, is swept in
# regular rounds and has a hot set
for v in LEVELS:
    assert table17[v].skew < table17["db-bi"].skew and 4 * table17[v].skew < min(table17[g].skew for g in nets), v
    assert table17[v].regularity == 1 and table17[v].hot_set_mib == 0, v
assert table17["db-bi"].regularity > 1 and table17["db-bi"].hot_set_mib > 0

# %% [markdown]
# ```{container} oc-caption
# **Figure: page distribution and page reads of the Java guests (the paper's Figure 28).** The
# model's values for the chosen run. Resident: in real memory; stored: on the paging devices (a
# page can be in both places after it was read back and not changed); instantiated: touched by
# the guest during the run; reference instantiated: touched in the reference run; expanded
# storage (z/VM 6.2 only). Right: each guest's page read rate. The paper's values at 64/20:
# {glue:text}`jv-p-jm-res-frac` (medium) and {glue:text}`jv-p-jh-res-frac` (high) of the
# instantiated memory resident, {glue:text}`jv-p-jm-dpa` and {glue:text}`jv-p-jh-dpa` of the
# DPA, {glue:text}`jv-p-jm-pr-share` and {glue:text}`jv-p-jh-pr-share` of all page reads,
# {glue:text}`jv-p-jm-pin-frac` and {glue:text}`jv-p-jh-pin-frac` of the resident memory paged
# in per second ({cite:t}`johanssen2014overcommit`, section "Java workload", memory usage at
# CID 64/20).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_workload.guest_frame("java")`, built from `oc.simulate(cid, env=...).guests`.
# ````
#
# The paper's Java has an unusual profile: most of its heap is resident, and yet it reads pages
# back at a high rate. Its explanation is the garbage collector, which walks the whole heap at
# every collection, so that every page is needed again soon and any page z/VM has taken away is
# faulted straight back in. The model represents this as memory whose pages are all referenced
# at about the same rate. Its numbers are of the right kind, but split differently between the
# levels: at 64/20 it keeps {glue:text}`jv-res-pct-m` (medium) and {glue:text}`jv-res-pct-h`
# (high) resident, against the paper's {glue:text}`jv-paper-res-m` and
# {glue:text}`jv-paper-res-h`, and reads {glue:text}`jv-reads-m` and {glue:text}`jv-reads-h`
# MiB/s, where the paper's come to about {glue:text}`jv-paper-reads-m` and
# {glue:text}`jv-paper-reads-h`. At 96/20 it still keeps {glue:text}`jv-res96-m` and
# {glue:text}`jv-res96-h` of the heap resident: the knee one step too low. The last section
# shows why.

# %% tags=["remove-cell"]
from overcommit.book import figures_time

t_java = {(v, cid): figures_time.glue_time("java", v, cid) for v in ("java-medium", "java-high")
          for cid in ("512/25", "512/20", "64/20", "48/20")}
jm, jh = "java-medium", "java-high"
# the prose: at 512/20 Java waits for a CPU; below, its paging stalls take over and free the
# CPUs (no wait left); the medium level, with less of its heap resident, stalls more
assert t_java[(jm, "512/20")]["cpu_wait"] > 5 and t_java[(jm, "512/20")]["paging"] == 0
assert t_java[(jm, "64/20")]["paging"] > 0.5 * t_java[(jm, "64/20")]["running"]
assert t_java[(jm, "64/20")]["cpu_wait"] < 0.01
assert t_java[(jm, "48/20")]["paging"] > t_java[(jm, "48/20")]["running"]
assert t_java[(jm, "64/20")]["paging"] > t_java[(jh, "64/20")]["paging"] > 0

# %% [markdown]
# ## Where the time goes
#
# One Java transaction takes {glue:text}`t-java-medium-512-25-total` in the reference run,
# almost all of it on a CPU. The chart splits it as the overall chapter does
# ({ref}`where-the-time-goes`); here *stalled on paging* includes the virtual CPUs a fault
# holds during a garbage collection ({doc}`paging`).

# %% tags=["remove-input"]
figures_time.time_chart("java")

# %% [markdown]
# ```{container} oc-caption
# **Figure: where a Java transaction goes.** One bar per memory size for the chosen level,
# environment and CPUs, the reference run on top, in milliseconds per transaction.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `oc.simulate("48/20").breakdown.loc[["java-medium", "java-high"]]` gives the parts in
# seconds, in the order of `oc.BREAKDOWN_PARTS`.
# ````
#
# At 512/20 Java waits {glue:text}`t-java-medium-512-20-cpu_wait` per transaction for a CPU.
# At 64/20 the medium level stalls {glue:text}`t-java-medium-64-20-paging` on its heap's pages
# and waits {glue:text}`t-java-medium-64-20-cpu_wait` for a CPU: its stalls leave CPUs idle.
# At 48/20 the stalls ({glue:text}`t-java-medium-48-20-paging`) outlast the work: that is
# Java's collapse. The high level stalls {glue:text}`t-java-high-64-20-paging` at 64/20.

# %% tags=["remove-cell"]
TIME_SEED = 22
time_seeded = exercises.generate("results_java_time", seed=TIME_SEED)
glue("java-time-seeded-q", Markdown(time_seeded.question), display=False)
glue("java-time-seeded-a", Markdown(time_seeded.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_java-ex-time-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* Each seed picks a bar
# of the chart above and asks which part of a unit of work of a Java level grew most against
# the reference run, or how long one part takes. This is the question for seed 22:
#
# ```{glue:md} java-time-seeded-q
# :format: myst
# ```
#
# Type another seed in the box to get another question; the chart has every value you need.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("results_java_time", seed=...)` gives the question and
# `exercises.check("results_java_time", seed=..., answer=...)` checks an answer.
# ````
#
# <div class="oc-selfcheck" data-topic="results_java_time" data-seed="22"></div>
# :::
#
# :::{solution} results_java-ex-time-seeded
# :class: dropdown
#
# The worked answer for seed 22:
#
# ```{glue:md} java-time-seeded-a
# :format: myst
# ```
# :::

# %% [markdown]
# ## Try any host
#
# The chart below shows the two Java levels at any host of a dense grid: its sliders choose real
# memory from {glue:text}`any-mem-min` to {glue:text}`any-mem-max` GiB in steps of
# {glue:text}`any-mem-step` GiB and {glue:text}`any-cpus-min` to {glue:text}`any-cpus-max` real
# CPUs, on any of the three
# environments. Its title says whether the paper ran that host;
# {glue:text}`provenance-marking`

# %% tags=["remove-input"]
figures_workload.any_cid_chart(KEY)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the two Java levels at any host.** Top: relative throughput at the chosen host, each variant
# against its own reference run (red if it fails in the model); the title names the host
# and whether the paper ran it, and below the bars are its overall throughput and page
# reads. Bottom: their mean relative throughput as memory
# shrinks at the chosen CPUs, the chosen memory marked by a dark grey line. Last: where the
# time goes (thin bars: the reference run). The runs behind it are computed when the book is
# built and loaded from shared files.
# ```
#
# In Jupyter, the explorer below runs the model for any memory size, CPU count and environment
# and shows both Java levels' throughput (each against its own reference) and their pages.

# %% tags=["remove-input"]
explorer(
    lambda memory_gib, cpus, env: figures_workload.explorer_chart(KEY, memory_gib, cpus, env),
    adds="The Java guests' memory on the chosen host (resident, stored, instantiated) beside their throughput, for up to 40 CPUs.",
    **host_controls(memory_gib=64, cpus=20, max_cpus=40),
)

# %% [markdown]
# ```{container} oc-caption
# **Explorer: the Java workload on any host.** The model's run for the chosen host. Top: each
# Java level's relative throughput against its own reference (red if it fails in the model).
# Middle: the Java guests' resident, stored, instantiated and reference instantiated memory.
# Last: where the time goes (thin: reference).
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
# the paper, which ones test it, and why it misses the paper's findings.
#
# **The model's Java.** Each level is a closed loop of a few threads
# ({glue:text}`jv-users-m`, an assumption) that wait for almost nothing ({glue:text}`jv-think`
# of the cycle). A paging I/O (a block of {glue:text}`jv-ppio` pages) stalls the thread that
# faulted, and a fitted share of that stall ({glue:text}`jv-blocking-m` for the medium,
# {glue:text}`jv-blocking-h` for the high level, where 1 would be the whole stall)
# also holds the virtual CPU, standing for the stop-the-world collections. The heap is
# touched almost uniformly (fitted popularity skew
# {glue:text}`jv-skew-m` and {glue:text}`jv-skew-h`, against {glue:text}`jv-skew-nets` and more
# for the network guests and {glue:text}`jv-skew-db` for the database, whose buffer cache is
# swept in regular rounds and whose hot set of {glue:text}`jv-hot-db` GiB every query touches,
# {doc}`results_db`), and its pages age for the guest's own reclaim
# time, about {glue:text}`jv-w-m` of the DPA's characteristic time for a guest of Java's size
# ({doc}`replacement`).
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The thread counts and waits are in `data/variant_drivers.csv`, the fitted shares and skews in
# `data/calibrated_parameters.csv` and `data/guest_behaviour.csv`;
# `overcommit.workloads.study_variants()["java-medium"]` shows one level's driver, and
# `overcommit.calibrate` refits them.
# ````
#
# ### Paper against model
#
# Every number the paper gives for one configuration of this workload, beside the model's. The
# column *use* keeps calibration and validation apart: *fitted* rows were calibration targets
# (64/20 on z/VM 6.3 EDEV-SCSI), *in-sample* rows come from the calibration run and follow from
# fitted numbers; only *validation* rows would test the model, and the paper gives none for a
# single configuration of the Java workload.

# %% tags=["remove-input"]
figures_workload.paper_vs_model_table(KEY)

# %% tags=["remove-cell"]
pvm = figures_workload.paper_vs_model(KEY)
fitted = pvm[pvm["use"] == "fitted"]
glue("jv-fitted-missed", f"{int((fitted['verdict'] == '✗').sum())} of {len(fitted)}", display=False)
# the prose: two fitted rows miss, one per level: the medium level reads too large a share of the
# pages, the high level keeps too small a share of the DPA; the other DPA and read shares hit
assert set(fitted.index[fitted["verdict"] == "✗"]) == {"o000-jm-pr-share", "o000-jh-dpa"}, fitted
assert float(pvm.loc["o000-jm-pr-share", "model"]) > obs.loc["o000-jm-pr-share", "value"]
assert float(pvm.loc["o000-jh-dpa", "model"]) < obs.loc["o000-jh-dpa", "value"]
loss = {v: float(pvm.loc[f"o000-j{SHORT[v]}-degr", "model"]) for v in LEVELS}
glue("jv-loss-h", f"{loss['java-high']:.0f} %", display=False)
# the prose: both levels' losses match the paper's
assert abs(loss["java-medium"] - obs.loc["o000-jm-degr", "value"]) < 0.5
assert abs(loss["java-high"] - obs.loc["o000-jh-degr", "value"]) < 0.5
for v in LEVELS:
    glue(f"jv-dpa-{SHORT[v]}", f"{float(pvm.loc[f'o000-j{SHORT[v]}-dpa', 'model']):.1f} %", display=False)
    glue(f"jv-prshare-{SHORT[v]}", f"{float(pvm.loc[f'o000-j{SHORT[v]}-pr-share', 'model']):.0f} %", display=False)
    glue(f"jv-users-{SHORT[v]}", f"{study_variants()[v].users:.0f}", display=False)
glue("jv-think", f"{100 * study_variants()['java-medium'].think_frac:.0f} %", display=False)
glue("jv-ppio", f"{paging.PagingConfig.from_data(oc.model.environment('zvm63-edev').paging_kind).pages_per_io:.0f}",
     display=False)

# %% [markdown]
# Source: {cite:t}`johanssen2014overcommit`, section "Java workload" (memory usage and paging at
# CID 64/20, and its conclusions). Both levels' throughput losses match the paper's (the high
# level's {glue:text}`jv-loss-h` against {glue:text}`jv-p-jh-degr`), and **that proves
# nothing**: the fit chose each level's held share of a stall so that the model loses what the
# paper lost at 64/20. Of the resident and page-read shares it also aimed at, it misses one per
# level: the medium level reads too large a share of the pages ({glue:text}`jv-prshare-m` against
# {glue:text}`jv-p-jm-pr-share`), the high level holds too little of the DPA
# ({glue:text}`jv-dpa-h` against {glue:text}`jv-p-jh-dpa`); the fitted rows miss in
# {glue:text}`jv-fitted-missed` cases (see "One reclaim time for two heaps" below). The
# second virtual CPU alone separates the two losses by more than the paper's gap
# ({ref}`results_java-ex-blocking`), so the fit had to give the high level the *larger* held
# share: {glue:text}`jv-blocking-h` against {glue:text}`jv-blocking-m` for the medium level.
#
# The paper's claims for this workload, each tested against the model:

# %% tags=["remove-input"]
claims.rename(index=names.claim)

# %% [markdown]
# Source: {cite:t}`johanssen2014overcommit`, section "Java workload", observations and
# conclusions for CID 64/20. The two throughput targets pass, as the fit intended; the resident
# target ({glue:text}`jv-claim-resident`) fails on the high level alone, the medium level coming
# within the claim's 5 points. All {glue:text}`jv-val-n` validation claims fail:
#
# - **Above the reference** ({glue:text}`jv-claim-above` at best): the model's reference run
#   gives Java all the CPU it asks for, and Java's threads do not wait for one another, so it
#   has no spinning on preempted virtual CPUs to shed either; nothing lets it exceed its
#   reference. In the model a guest runs above its reference only where something it waited for
#   in the reference run waits less, as the direct-I/O fio jobs do on a storage path the
#   page-cached jobs have left quiet ({doc}`results_fs`). If the real Java already waited for
#   processors or caches in a reference run that kept most processors busy, fewer competitors
#   later could make it faster.
# - **The memory knee** ({glue:text}`jv-claim-knee`): with 15 CPUs the CPU cut hides the memory
#   loss (section "Two ceilings, not a product"). "The lower of the two" assumes that z/VM makes
#   up for a guest's page waits by dispatching it sooner afterwards; a dispatcher that made up
#   for less would let the two losses add, as the paper's considerable loss at every CPU count
#   suggests. The model has no parameter for this.
# - **The CPU load over memory** ({glue:text}`jv-claim-cpu-mem`): flat down to
#   {glue:text}`jv-p-req-mem` (at least {glue:text}`jv-cpu-flat` of the 512 GiB load); at
#   64 GiB with 20 CPUs it falls with the throughput, {glue:text}`jv-cpu-m-drop-6420` for the
#   medium level, far more than the paper's "a little"; with 15 CPUs by
#   {glue:text}`jv-cpu-drop-15` at most, less than the 3 % a direction needs: the CPU cut hides
#   the memory loss, as it hides the knee.
# - **Little loss with fewer CPUs**, in throughput ({glue:text}`jv-claim-cpus`) and in CPU load
#   ({glue:text}`jv-claim-cpu-cpus`; below 15 CPUs the load does fall faster than the CPUs, as
#   in the paper): water-filling gives every guest above the level the same CPU per share, and
#   Java asked for the most per share. The real z/VM gave the busiest guests *more*. Two
#   reasons the model leaves out (the first is measured in the box below): a computing Java
#   thread is always ready to run,
#   while request/response workloads block after every message and lose time to dispatch delay,
#   which the always-ready threads take; and a
#   guest with one or two virtual CPUs is easy to serve whenever a processor falls idle (the
#   one-CPU network pair, too, ran above its reference, {doc}`results_net`).
#   {doc}`results_model` shows why a fluid share model at Table 17's fixed costs cannot reach
#   the paper's 512/15.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The first reason, built and measured outside the book: from a clone,
# `python tools/experiments/dispatch_wait.py` makes every wake-up wait for a real CPU. A
# virtual CPU that wakes up queues behind the runnable virtual CPUs that have no real CPU,
# one time slice each (round robin; the runnable count is the one of `dispatch.runnable_pmf`),
# and a workload waits once per wake-up: a WebSphere request several times, a network round
# trip twice, a fio I/O once, a Java thread never. The script scans the time slice and prints
# the claims. The waits fall on the network levels and fio, whose cycles last milliseconds;
# WebSphere, whose users think for half a second per request, hardly notices them, and it
# gains with Java the CPU the others leave. A short slice (2 ms) makes several validation
# claims pass and only one fail that passed without it, but Java stays far from flat at 15 CPUs
# and the medium network level, which kept its reference in the paper, falls further. A
# slice long enough to make Java flat at 15 CPUs leaves the network levels almost nothing and
# costs claims elsewhere. Served in batches instead (one wait for all the ready connections
# or jobs of a virtual CPU), the waits free hardly any CPU for Java. The paper's 512/15 needs
# the opposite: WebSphere held back, the network spared. The model runs without the wait;
# `overcommit.Mechanisms(dispatch_wait_s=...)` switches it on.
# ````
#
# ### One reclaim time for two heaps
#
# In the model a guest that touched $S_g$ ages its pages for its own reclaim time
# $T_g = T (S_g / S_\mathrm{ref})^\beta$, with $S_\mathrm{ref}$ = {glue:text}`jv-sref` GiB and
# $\beta$ fitted to {glue:text}`jv-beta` ({doc}`replacement`). If every page of a heap is
# touched independently at one rate $\lambda$, its resident share is $h(\lambda T_g)$ and it
# reads $\lambda (1 - h)$ of its size per second; given both, $\lambda$ and $T_g$ follow:

# %% tags=["remove-input"]
rt.astype(object).where(rt.notna(), "–").rename(index=names.variant, level="level")

# %% [markdown]
# ```{container} oc-caption
# **Table: what the resident share and the page-in rate imply for a uniformly touched heap at
# 64/20.** For the paper's numbers ({cite:t}`johanssen2014overcommit`, section "Java workload",
# memory usage at CID 64/20) and the model's: the interval between two touches of a page
# ($1/\lambda$) and the characteristic time of CLOCK replacement that together give that
# resident share and page-in rate; last column, the model's own reclaim time $T_g$ of the guest.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_java.residency_table()` builds the table with `figures_java.implied_clock_time`;
# $T_g$ is `oc.simulate("64/20").system["characteristic_time_s"]` times the guest's weight from
# `overcommit.replacement.reclaim_weights`.
# ````
#
# On the model's numbers the inversion returns about each level's own $T_g$
# ({glue:text}`jv-T-m-model` s against {glue:text}`jv-Tg-m` s for the medium level,
# {glue:text}`jv-T-h-model` s against {glue:text}`jv-Tg-h` s for the high). On the paper's it
# gives {glue:text}`jv-T-m-paper` s (medium) and {glue:text}`jv-T-h-paper` s (high), much further
# apart, and the model cannot give two guests of the same size such different times: $T_g$ depends on size only, so both heaps age for about {glue:text}`jv-w-m`
# of the global $T$ ({glue:text}`jv-T-6420` s). At its $T_g$ the high level would keep the
# paper's {glue:text}`jv-paper-res-h` resident if each page were touched every
# {glue:text}`jv-need-touch-h` s, but would then page in only {glue:text}`jv-need-pin-h` of its
# resident memory per second, not {glue:text}`jv-paper-pin-h`. The fit sided with the page
# reads, which it aimed at: the model's high level pages in {glue:text}`jv-pin-h` of its resident
# memory per second, about the paper's rate, and keeps only {glue:text}`jv-res-pct-h` resident. The collector
# sweeps the heap in cycles, which does not tie residency to page-in in this way; whether such
# a pattern would give the paper's numbers is untried.
#
# ## Exercises

# %% tags=["remove-cell"]
read_check = checks.get("results_java-ex-read").values
glue("jv-ex-read-m", read_check["medium"], display=False)
glue("jv-ex-read-h", read_check["high"], display=False)

# %% tags=["remove-cell"]
def _crossing(gib, only=""):
    """The solution's phrase for a break point against 512 GiB; ``None``: no crossing on the scan."""
    if gib is None:
        return (f"not at all: it keeps at least three quarters of it down to {planning.MIN_MEMORY_GIB:g} GiB, "
                "the smallest memory the scan tries")
    return f"{only}at about {gib:.0f} GiB"


q = {}
for v in LEVELS:
    q[(v, "hi")] = planning.memory_break_point(v, 0.75, 15, baseline="hi")
    q[(v, "ref")] = planning.memory_break_point(v, 0.75, 15)
    glue(f"jv-ex-q-hi-{SHORT[v]}", _crossing(q[(v, "hi")], "" if v == "java-medium" else "only "), display=False)
    glue(f"jv-ex-q-ref-{SHORT[v]}", f"{q[(v, 'ref')]:.0f}", display=False)
    glue(f"jv-ex-q-level-{SHORT[v]}", f"{0.75 * planning.throughput(v, 512, 15):.2f}", display=False)
    q20 = planning.memory_break_point(v, 0.75, 20, baseline="hi")
    assert q20 is not None, "the solution gives a break point with 20 CPUs for both levels"
    glue(f"jv-ex-q20-hi-{SHORT[v]}", f"{q20:.0f}", display=False)
# the solution: the medium level crosses between 48 and 64 GiB (its 48 GiB run is below the level),
# the high level lower or not at all, and both answers against the reference are the scan's top
assert q[("java-medium", "hi")] is not None and 48 < q[("java-medium", "hi")] < 64
assert q[("java-high", "hi")] is None or q[("java-high", "hi")] < q[("java-medium", "hi")] / 2
assert q[("java-medium", "ref")] == q[("java-high", "ref")] == 512
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
glue("jv-ex-same-gap", f"{r_same.workloads.loc['java-high', 'relative_throughput'] - r_same.workloads.loc['java-medium', 'relative_throughput']:.2f}",
     display=False)
glue("jv-p-degr-gap", f"{(obs.loc['o000-jm-degr', 'value'] - obs.loc['o000-jh-degr', 'value']) / 100:.2f}", display=False)
fit_loss_h = (r_same.workloads.loc["java-high", "relative_throughput"]
              - oc.simulate("64/20").workloads.loc["java-high", "relative_throughput"])
glue("jv-ex-fit-loss-h", f"{fit_loss_h:.3f}", display=False)
glue("jv-ex-paper-h", f"{1 - obs.loc['o000-jh-degr', 'value'] / 100:.2f}", display=False)
# the solution: with the medium level's share the high level loses less than the paper's high
# level, the two end further apart than the paper's two, the stalls take a smaller part of the
# high level's two virtual CPUs, and the fit's larger share costs the high level the
# throughput that brings it to the paper's loss
same_h = r_same.workloads.loc["java-high", "relative_throughput"]
same_gap = same_h - r_same.workloads.loc["java-medium", "relative_throughput"]
assert 1 - same_h < obs.loc["o000-jh-degr", "value"] / 100
assert same_gap > (obs.loc["o000-jm-degr", "value"] - obs.loc["o000-jh-degr", "value"]) / 100
assert r_same.guests.loc["java-high", "blocked_vcpus"] / 2 < r_same.guests.loc["java-medium", "blocked_vcpus"]
assert fit_loss_h > 0 and variants["java-high"].blocking < 1.0
assert abs(oc.simulate("64/20").workloads.loc["java-high", "relative_throughput"]
           - (1 - obs.loc["o000-jh-degr", "value"] / 100)) < 0.01

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
# At which real memory size does the model's Java lose a quarter of its throughput with 15 real
# CPUs? Answer for both levels twice: first against what the level achieves at 512 GiB with the
# same CPUs, then against the unconstrained reference. Explain both answers, and why the two
# levels' first answers differ so much.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.planning.memory_break_point(variant, 0.75, 15, baseline="hi")` measures against
# 512 GiB with the same CPUs; with the default `baseline="reference"` it measures against the
# reference run.
# ````
# :::
#
# :::{solution} results_java-ex-quarter
# :class: dropdown
# Against 512 GiB with 15 CPUs (the level to stay above is {glue:text}`jv-ex-q-level-m` for the
# medium and {glue:text}`jv-ex-q-level-h` for the high level), the medium level crosses
# {glue:text}`jv-ex-q-hi-m`, the high level {glue:text}`jv-ex-q-hi-h`.
# Against the reference, both answers are {glue:text}`jv-ex-q-ref-m` GiB: the function returns
# its upper bound when the variant is below the level there already, and with 15 CPUs the
# water-filling alone takes more than a quarter of Java's throughput, whatever the memory. The
# question only makes sense as "a quarter of what it had", and memory is then the smaller
# problem. The high level holds out because it runs at the lower of two ceilings (section "Two
# ceilings, not a product"): its CPU share at 15 CPUs is so low that its two virtual CPUs can
# absorb a lot of blocked time, and slower guests everywhere slow the turnover of the DPA; it
# still runs at {glue:text}`jv-ex-h-48-15` at 48 GiB, {glue:text}`jv-ex-h-24-15` at 24 GiB and
# {glue:text}`jv-ex-h-min-15` at {glue:text}`jv-ex-min-mem` GiB, the smallest host the scan
# tries and far below any host the paper tried.
# The medium level has one virtual CPU, and at 64 GiB its memory ceiling
# ({glue:text}`jv-lim-m-64-15-memory_only`) already lies well below its CPU share
# ({glue:text}`jv-lim-m-64-15-cpu_only`); only the slow turnover of the DPA under the CPU cut
# keeps it at {glue:text}`jv-lim-m-64-15-actual` there, and at 48 GiB it has fallen to
# {glue:text}`jv-lim-m-48-15-actual`. For comparison, with 20 CPUs the answers are {glue:text}`jv-ex-q20-hi-m` and
# {glue:text}`jv-ex-q20-hi-h` GiB. In the paper, Java lost considerably at
# {glue:text}`jv-p-knee-mem-lower` GiB or less with
# any number of CPUs; the model's answers with 15 CPUs are a consequence of the missed memory
# knee.
# :::
#
# :::{exercise}
# :label: results_java-ex-blocking
# :class: oc-where-jupyter
# The fit gave the two Java levels different shares of a stall that hold the virtual CPU (their
# *blocking* shares). Give the high level the medium level's share and run 64/20 again. How much
# does the high level lose now? How much of the difference between the paper's two losses at
# 64/20 does the second virtual CPU explain on its own?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
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
# ````
# :::
#
# :::{solution} results_java-ex-blocking
# :class: dropdown
# The high level keeps {glue:text}`jv-ex-same-h`, a loss of {glue:text}`jv-ex-same-h-loss`,
# less than the paper's {glue:text}`jv-p-jh-degr`; the medium level keeps
# {glue:text}`jv-ex-same-m` (its own share did not change). The stalls then hold
# {glue:text}`jv-ex-same-blocked-m` of the medium level's only virtual CPU and
# {glue:text}`jv-ex-same-blocked-h` of the high level's two, a much smaller part of what it has.
# With the same share the two levels end {glue:text}`jv-ex-same-gap` apart, against
# {glue:text}`jv-p-degr-gap` between the paper's two losses, so the second virtual CPU explains
# all of the difference and more, as the paper suggests. To make the high level lose as much as
# the paper's, the fit gave it a *larger* share, {glue:text}`jv-blocking-h` (1 would be the
# whole stall holding the virtual CPU); that takes {glue:text}`jv-ex-fit-loss-h` off its
# throughput and leaves it at {glue:text}`jv-h-64-20`, the paper's {glue:text}`jv-ex-paper-h`.
# :::
#
# :::{exercise}
# :label: results_java-ex-cpus
# :class: oc-where-jupyter
# How many real CPUs does the model's Java need to keep 90 % of its reference throughput with
# 512 GiB, and how many with 64 GiB? What does the answer for 64 GiB say about the paper's
# advice to add real CPUs temporarily when Java passes its break point?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.planning.cpus_needed(variant, 0.9, memory_gib)`.
# ````
# :::
#
# :::{solution} results_java-ex-cpus
# :class: dropdown
# With 512 GiB: {glue:text}`jv-ex-cpus-512-m` CPUs for the medium and
# {glue:text}`jv-ex-cpus-512-h` for the high level, because the whole study needs about
# {glue:text}`ref-cpus` processors and Java is cut with anything less. With 64 GiB: {glue:text}`jv-ex-cpus-64-m`
# (medium) and {glue:text}`jv-ex-cpus-64-h` (high), `None` meaning that no number of CPUs up to
# 64 is enough; with 40 CPUs the medium level keeps only {glue:text}`jv-ex-m-64-40`, less than
# the {glue:text}`jv-m-64-20` it keeps with 20. At 64 GiB the model's Java is limited by its own
# virtual CPUs, which are held by page-fault stalls, and more real CPUs cannot shorten a stall;
# they even add stalls, because every other guest then runs faster and the DPA
# turns over faster (section "Two ceilings, not a product"). In the model, extra CPUs help Java
# only where the CPU share is the lower ceiling, i.e. where memory is not the problem. The paper
# recommends adding CPUs when Java degrades; since its Java was hurt by memory at every CPU
# count, neither the paper nor the model shows that this would have helped.
# :::
#
# :::{exercise}
# :label: results_java-ex-clock
# :class: oc-where-browser
# The paper's high Java level kept {glue:text}`jv-p-jh-res-frac` of its heap resident and paged
# in {glue:text}`jv-p-jh-pin-frac` of its resident memory per second at 64/20. What
# characteristic time and touch interval does this imply for a uniformly touched heap under
# CLOCK? Read them off the table in "One reclaim time for two heaps" (the paper's row for the
# high level). Then halve the page-in rate: what changes? What would the model need in order to
# match the paper?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_java.implied_clock_time(0.85, 0.005)` returns the characteristic time and the touch
# interval.
# ````
# :::
#
# :::{solution} results_java-ex-clock
# :class: dropdown
# The inversion gives a characteristic time of about {glue:text}`jv-ex-T-h` s and a touch
# interval of about {glue:text}`jv-ex-touch-h` s. The resident share fixes the product
# $\lambda T$, so halving the page-in rate halves $\lambda$ and doubles $T$ (about
# {glue:text}`jv-ex-T-half` s). The paper's medium level, of the same size, implies
# {glue:text}`jv-T-m-paper` s, but in the model both guests' pages age for about the same time
# at 64/20 ({glue:text}`jv-Tg-m` and {glue:text}`jv-Tg-h` s), since $T_g$ depends on size only.
# Under independent references no $T$ and no $\beta$ fits both levels; it would take another
# reference pattern for the heap, such as the collector's cyclic sweep.
# :::
#
# :::{exercise}
# :label: results_java-ex-read
# :class: oc-where-browser
# In the throughput figure, pick z/VM 6.3 with EDEV-SCSI paging and look at the 20-CPU line.
# How much of its own reference throughput does each Java level keep at 64 GiB? (The medium
# curve is drawn on the paper's scale: divide its value by {glue:text}`jv-scale-frac` to put it
# against its own reference.) Answer as two numbers: medium, high. Which of the paper's statements are these two
# numbers fitted to, and what does that mean for how much they tell you about the model?
#
# <div class="oc-selfcheck" data-check="results_java-ex-read"></div>
# :::
#
# :::{solution} results_java-ex-read
# :class: dropdown
# The medium level keeps {glue:text}`jv-ex-read-m` and the high level
# {glue:text}`jv-ex-read-h`. They are the paper's conclusions on Java at CID 64/20 (losses of
# about {glue:text}`jv-p-jm-degr` and {glue:text}`jv-p-jh-degr`), which the calibration fitted
# the Java blocking shares to ({doc}`model_method`): that the model matches them shows the
# fit worked, not that the model predicts. The memory knee and the CPU dependence are what test it.
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
# you need.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("results_java", seed=...)` gives the question and
# `exercises.check("results_java", seed=..., answer=...)` checks an answer.
# ````
#
# <div class="oc-selfcheck" data-topic="results_java" data-seed="101"></div>
# :::
#
# :::{solution} results_java-ex-seeded
# :class: dropdown
#
# The worked answer for seed 101:
#
# ```{glue:md} java-seeded-a
# :format: myst
# ```
# :::
