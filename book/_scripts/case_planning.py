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
# # Capacity planning: design your own mix
#
# The study ran one fixed mix of {glue:text}`ref-guests` guests {cite:p}`johanssen2014overcommit`. A
# performance analyst has a different mix and different questions: *how far can I cut
# memory before this workload drops below 90 % of what it does now? How many processors
# does it need? Would it help to put it on a host with different neighbours?* This
# chapter uses the same model as the rest of the book, with the study's guests as
# building blocks and guests you define yourself, to answer such questions, and shows the
# paper's closing advice at work: overcommitment works best for a mix of workloads whose
# memory needs differ.
#
# Nothing here is new mechanism. A mix is just a longer or shorter list of guests passed
# to the model; the break points are found by running the model repeatedly.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# A mix is a list of `overcommit.Guest` objects, with their drivers, passed to
# `overcommit.simulate(host, guests=..., variants=...)`; `overcommit.planning` builds mixes
# (`planning.build_mix`) and finds break points (`planning.memory_break_point`) and CPU
# counts (`planning.cpus_needed`).
# ````

# %% tags=["remove-cell"]
import ipywidgets as widgets
import pandas as pd
from IPython.display import Markdown
from overcommit.book import glue

import overcommit as oc
from overcommit import planning
from overcommit.book import figures_planning, reference
from overcommit.book.palette import MUTED, word
from overcommit.book.explore import explorer, slider
from overcommit.exercises import checks

pd.set_option("display.max_colwidth", 80)
mixes = figures_planning.mix_frame()
glue("plan-no-steady", figures_planning.steady_state_note(), display=False)
glue("plan-cpu-limited-colour", word(MUTED), display=False)
variants = figures_planning.variant_frame()
_ = reference.glue_all()  # ref-guests: the guests of the study
for name, text in figures_planning.overall_texts(mixes).items():
    glue(name, text, display=False)
cat = planning.catalogue()


def overall(mix, memory, cpus=20, env="zvm63-edev"):
    f = mixes
    return float(f[(f.mix == mix) & (f.memory_gib == memory) & (f.cpus == cpus) & (f.env == env)]["overall"].iloc[0])


for mix in planning.MIXES:
    glue(f"plan-size-{mix}", f"{planning.mix_instantiated_mib(planning.MIXES[mix]) / 1024:.0f}", display=False)
    glue(f"plan-cpu-{mix}", f"{sum(cat.loc[v, 'cpu_load'] * n for v, n in planning.MIXES[mix].items()):.1f}",
         display=False)
    for m in (512, 64, 48):
        glue(f"plan-{mix}-{m}", f"{overall(mix, m):.2f}", display=False)
    glue(f"plan-{mix}-64-10", f"{overall(mix, 64, 10):.2f}", display=False)
    glue(f"plan-{mix}-512-10", f"{overall(mix, 512, 10):.2f}", display=False)



glue("plan-breaks-study", Markdown(figures_planning.breaks_sentence(variants, "study")), display=False)
glue("plan-breaks-hungry", Markdown(figures_planning.breaks_sentence(variants, "memory-hungry")), display=False)
glue("plan-break-level", f"{100 * figures_planning.BREAK_LEVEL:.0f}", display=False)
# the break points at the chart's defaults: the two mixes' Java guests break at the same
# memory of the grid, and the memory-hungry mix's fall further there
at20 = variants[(variants.env == "zvm63-edev") & (variants.cpus == 20)]


def break_at(mix):
    f = at20[(at20.mix == mix) & (at20.throughput < figures_planning.BREAK_LEVEL)]
    return f.groupby("variant")["memory_gib"].max()


java = ["java-high", "java-medium"]
java_gib = break_at("study")[java]
assert java_gib.nunique() == 1 and (break_at("memory-hungry")[java] == java_gib).all() and java_gib.iloc[0] < 512
java_gib = int(java_gib.iloc[0])
glue("plan-java-break-gib", str(java_gib), display=False)
for mix, tag in (("study", "study"), ("memory-hungry", "hungry")):
    for v in java:
        row = at20[(at20.mix == mix) & (at20.memory_gib == java_gib) & (at20.variant == v)]
        glue(f"plan-{v}-{tag}-at-break", f"{float(row['throughput'].iloc[0]):.2f}", display=False)
# "fall much further there", and "with all the memory they run at their reference"
x_at = at20.set_index(["mix", "memory_gib", "variant"])["throughput"]
assert all(x_at[("memory-hungry", java_gib, v)] < x_at[("study", java_gib, v)] - 0.05 for v in java)
assert all(x_at[("memory-hungry", 512, v)] == 1 for v in java)

# the cold-heavy mix below the chart's smallest memory: its database holds while its hot set
# fits and collapses once it does not; on ECKD at 16/20 (and 4/40, 6/40) no steady state
g_cold, v_cold = planning.build_mix(planning.MIXES["cold-heavy"])
hot_gib = next(g.hot_set_mib for g in g_cold if g.variant == "db-bi") / 1024
glue("plan-db-hot-gib", f"{hot_gib:.0f}", display=False)
cold = {m: oc.simulate(f"{m}/20", guests=g_cold, variants=v_cold) for m in (20, 16)}
cold_db = {m: float(r.workloads.loc["db-bi", "relative_throughput"]) for m, r in cold.items()}
assert 16 <= hot_gib < 20 and cold_db[20] > 0.7 > 0.3 > cold_db[16], cold_db
glue("plan-cold-db-20", f"{cold_db[20]:.2f}", display=False)
glue("plan-cold-db-16", f"{cold_db[16]:.2f}", display=False)
glue("plan-cold-db-16-reads", f"{float(cold[16].guests.loc['db-bi', 'page_read_mib_s']):.0f}", display=False)
# on ECKD the thrashing database leaves the fixed point ill-conditioned: whether the solver
# settles at these hosts depends on the machine's arithmetic (tests/test_model.py), so the
# prose says "may"; the charts show none of them
assert min(figures_planning.MEMORIES) > 16

# %% [markdown]
# ## The building blocks
#
# Each workload variant of the study is one block; a copy of it brings all its guests (a
# WebSphere triplet brings its web server, application server and DB2 guest). Sizes are
# the unconstrained values of the paper's Table 17; how the guests use their memory is the
# behaviour fitted in {doc}`model_method`.

# %% tags=["remove-input"]
figures_planning.shown(cat)

# %% [markdown]
# Three mixes are precomputed for the figures below. They touch about the same memory and
# ask for about the same CPU when nothing is short, so a given host overcommits each of them
# by about the same ratio:
#
# study
# : the paper's mix, one of each variant: {glue:text}`plan-size-study` GiB touched,
#   {glue:text}`plan-cpu-study` processors.
#
# memory-hungry
# : page-cached file-system guests and Java guests only, whose memory is hot and re-read
#   often: {glue:text}`plan-size-memory-hungry` GiB, {glue:text}`plan-cpu-memory-hungry`
#   processors.
#
# cold-heavy
# : the database, whose large buffer cache is rarely needed apart from a
#   {glue:text}`plan-db-hot-gib` GiB hot set that every query touches, two page-cached
#   file-system guests, and small CPU-bound guests (direct I/O, network, one WebSphere
#   triplet):
#   {glue:text}`plan-size-cold-heavy` GiB, {glue:text}`plan-cpu-cold-heavy` processors.
#
# ## What a balanced mix buys
#
# The three mixes on the same hosts. Pick the environment and the number of real CPUs.

# %% tags=["remove-input"]
figures_planning.mixes_chart(mixes)

# %% [markdown]
# ```{container} oc-caption
# **Figure: three mixes of the same size.** Overall relative throughput (the mean over the
# mix's workloads, each relative to its unconstrained run) and page reads, from the model
# run for every memory size and CPU count shown, on the chosen environment. Real memory on
# a log scale, shrinking to the right.
# {glue:text}`plan-no-steady`
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `planning.mix_grid("study", memories, cpus, envs)` runs one mix over a grid of hosts
# (`planning.MIXES` holds the three); `figures_planning.mix_frame()` is the chart's frame.
# ````
#
# With 20 CPUs each of the three mixes stays within {glue:text}`plan-keep-pct` % of its throughput with all the
# memory down to {glue:text}`plan-keep-gib` GiB, where the model overcommits them by {glue:text}`plan-keep-ratio-min` to {glue:text}`plan-keep-ratio-max`. Below that they
# part ways. At 64 GiB, the
# memory-hungry mix is down to {glue:text}`plan-memory-hungry-64` of its throughput, while
# the study's mix keeps {glue:text}`plan-study-64` and the cold-heavy mix
# {glue:text}`plan-cold-heavy-64`. The overcommit ratio is about the same for all three; what
# differs is *which* pages global replacement must give up ({doc}`replacement`). In the
# memory-hungry mix every page is referenced often, so any page evicted comes back soon and
# the page reads climb; in the other two mixes the database's buffers, idle most of the
# time, give the others room at a small cost. That is the paper's advice in the model's
# terms: combine workloads whose memory needs differ, so the overcommitted memory is memory
# somebody rarely uses.
#
# That room ends at the database's hot set. On z/VM 6.3 with EDEV-SCSI and 20 CPUs, the
# cold-heavy mix's database still runs at {glue:text}`plan-cold-db-20` at 20 GiB, below the
# chart's smallest memory. At 16 GiB its {glue:text}`plan-db-hot-gib` GiB hot set no longer
# fits: it reads {glue:text}`plan-cold-db-16-reads` MiB/s and falls to
# {glue:text}`plan-cold-db-16`. On ECKD the thrashing database leaves the model with a
# steady state it can hardly pin down: at 16/20, 4/40 and 6/40 the solver may circle
# without settling, and whether it does depends on the last digits of the machine's
# arithmetic. Where the planner below meets such a host, it says it has no answer there and
# keeps its last chart.
#
# With 10 CPUs the picture changes: all three mixes are CPU-limited to about half their
# throughput ({glue:text}`plan-starved-min` to {glue:text}`plan-starved-max`) already at 512 GiB, each guest runs more slowly, touches its pages less often
# and faults less, and the memory-hungry mix at 64 GiB still keeps
# {glue:text}`plan-memory-hungry-64-10` against {glue:text}`plan-memory-hungry-512-10` at 512
# GiB. A CPU-starved host hides a memory shortage, as the paper saw in its 5- and 10-CPU
# runs.
#
# ## Break points of each workload
#
# For capacity planning one number per workload matters: the memory below which it no
# longer delivers the level you need. Pick a mix, an environment, the CPUs and the level
# with the slider; the lower chart reads the break points off the grid of the upper one.
# The chart opens at a level of {glue:text}`plan-break-level` % of each workload's
# unconstrained throughput.

# %% tags=["remove-input"]
figures_planning.break_chart(variants)

# %% [markdown]
# ```{container} oc-caption
# **Figure: break points.** Top: relative throughput of each workload type of the chosen
# mix (the mean over its copies), over real memory, with the chosen level dashed. Bottom:
# for each workload that falls below the level, the largest memory size of the grid at
# which it is below; a workload that never does has no bar. A
# {glue:text}`plan-cpu-limited-colour` bar labelled CPU-limited is a workload below the
# level already at 512 GiB: the CPUs hold it back, not the memory, so its bar is no
# memory break point. The grid has {glue:text}`plan-grid-memories` memory sizes, so the
# break points are grid values.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_planning.variant_frame()` is the chart's frame, from `planning.mix_grid`;
# `planning.memory_break_point(variant, level, cpus, env, guests, variants)` finds a break
# point to half a GiB, with the guests and drivers of a mix from
# `planning.build_mix(planning.MIXES[mix])`.
# ````
#
# With the defaults (z/VM 6.3 with EDEV-SCSI, 20 CPUs, a level of
# {glue:text}`plan-break-level` %) the study's mix has these workloads:
#
# ```{glue:md} plan-breaks-study
# :format: myst
# ```
#
# and the memory-hungry mix these:
#
# ```{glue:md} plan-breaks-hungry
# :format: myst
# ```
#
# A workload below the level even with all the memory is not a memory problem at all: with
# 20 CPUs and guests that together want more, the water-filling of {doc}`shares` holds the
# ones with the smallest share per unit of demand below {glue:text}`plan-break-level` %
# whatever the memory. Among the others, the Java guests of both mixes break at the same
# memory of the grid, {glue:text}`plan-java-break-gib` GiB. In the memory-hungry mix they
# fall much further there, because every workload in it competes for hot memory: the high
# level to {glue:text}`plan-java-high-hungry-at-break` and the medium level to
# {glue:text}`plan-java-medium-hungry-at-break`, against
# {glue:text}`plan-java-high-study-at-break` and {glue:text}`plan-java-medium-study-at-break`
# in the study's mix. With all the memory they run at their reference there, so against
# what they had, they break at a larger memory (the first exercise). At 90 % the study's
# mix shows the first effect alone: with 20 CPUs all but one of its workloads are below
# that level already at 512 GiB.
#
# ## How many CPUs?
#
# The other direction: with a given memory, the fewest real CPUs that keep each workload of
# the study's mix at 90 % of its unconstrained throughput (on z/VM 6.3 with EDEV-SCSI
# paging).
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `planning.cpus_needed(variant, 0.9, memory_gib)` for each workload; the table is
# `figures_planning.cpus_table(0.9)`.
# ````

# %% tags=["remove-input"]
cpus90 = figures_planning.cpus_table(0.9)
glue("plan-cpus-was-medium", cpus90.loc["was-medium", "128 GiB"], display=False)
# the database with the CPUs it needs at 128 GiB: CPUs to spare, so nobody is cut, yet only
# just at the level, because it spins on preempted virtual CPUs
db_cpus = int(cpus90.loc["db-bi", "128 GiB"])
db_run = oc.simulate((128, db_cpus))
db_x = float(db_run.workloads.loc["db-bi", "relative_throughput"])
db_spare, db_busy = float(db_run.system["spare_cpu"]), float(db_run.system["all_cpus_busy"])
db_spin = float(db_run.guests.loc["db-bi", "spin_factor"])
glue("plan-cpus-db", str(db_cpus), display=False)
glue("plan-db-x", f"{db_x:.2f}", display=False)
glue("plan-db-spare", f"{db_spare:.2f}", display=False)
glue("plan-db-busy", f"{100 * db_busy:.0f} %", display=False)
glue("plan-db-spin", f"{db_spin:.2f}", display=False)
assert db_cpus == max(int(c) for c in cpus90["128 GiB"] if c.isdigit())  # "as many as any workload"
assert db_spare > 0.5 and 0.9 <= db_x < 0.95 and db_spin > 1.1 and 0 < db_busy < 1
# 128 against 64 GiB: where a workload has a count at both, it moves by a few CPUs at most; the
# network pairs need fewer at 64 GiB; the Java guests and the database have none at 64 GiB
both = [v for v in cpus90.index if cpus90.loc[v, "128 GiB"].isdigit() and cpus90.loc[v, "64 GiB"].isdigit()]
moves = max(abs(int(cpus90.loc[v, "128 GiB"]) - int(cpus90.loc[v, "64 GiB"])) for v in both)
assert moves <= 2 and set(cpus90.index) - set(both) == {"java-medium", "java-high", "db-bi"}, (moves, both)
assert all(int(cpus90.loc[v, "64 GiB"]) < int(cpus90.loc[v, "128 GiB"]) for v in ("net-medium", "net-high"))
glue("plan-cpus-moves", str(moves), display=False)

def pair(col):
    m, h = cpus90.loc["net-medium", col], cpus90.loc["net-high", col]
    return f"{m} for both pairs" if m == h else f"{m} for the medium and {h} for the high pair"


glue("plan-cpus-net", f"{pair('64 GiB')}, against {pair('128 GiB')} at 128 GiB", display=False)
# the most the database reaches at 64 GiB: more CPUs than the table's 40 add nothing
db_best64 = planning.throughput("db-bi", 64, 40)
assert db_best64 < 0.9 and abs(planning.throughput("db-bi", 64, 64) - db_best64) < 1e-6
glue("plan-db-64-best", f"{db_best64:.2f}", display=False)
figures_planning.shown(cpus90)

# %% [markdown]
# Where a workload has a count at both 128 and 64 GiB, the two differ by at most
# {glue:text}`plan-cpus-moves` CPUs: with the study's mix the processors, not the memory, set
# those workloads' throughput. The network pairs even need fewer CPUs at 64 GiB
# ({glue:text}`plan-cpus-net`): the guests that wait for page reads there use less
# CPU and leave it to the others. The Java guests and the database are the exception: at
# 64 GiB no number of CPUs brings them back to 90 % (the database reaches at most
# {glue:text}`plan-db-64-best`, however many CPUs it gets), because their lost throughput is
# time spent waiting for page reads, which more processors do not shorten. The database's page reads
# cost it that much because a fault in one stream of a parallel query holds up the query's
# other streams ({doc}`results_db`).
# The large counts for some workloads ({glue:text}`plan-cpus-was-medium` for the medium WebSphere triplet) come from the
# water-filling: every guest is cut in proportion to its share, so to bring the least
# favoured guest to 90 % the host must nearly satisfy everyone.
#
# The database needs as many CPUs as any workload ({glue:text}`plan-cpus-db` at 128 GiB), and not
# because of its share: on that host {glue:text}`plan-db-spare` real CPUs stand idle for want
# of work, so water-filling cuts nobody, and the database is still only just at the level
# ({glue:text}`plan-db-x`). Every real CPU is busy {glue:text}`plan-db-busy` of the time, z/VM
# then preempts virtual CPUs at the end of their time slices, and the database's virtual CPUs
# spin on the preempted ones, burning {glue:text}`plan-db-spin` times its reference CPU per unit
# of work (section "When a guest's virtual CPUs wait for each other" of {doc}`shares`).
#
# ## Plan your own mix
#
# In Jupyter, the planner below adds guests you define yourself to one of the mixes and
# runs the model on any host. The title reports, for the target workload, the memory below
# which it falls under the level with these CPUs and the CPUs it needs at this memory. A
# target that is not in the mix, or a host the model refuses, shows a message instead of a
# chart.

# %% tags=["remove-input"]
explorer(
    figures_planning.explorer_chart,
    adds="Guests of your own added to any of the three mixes on any host, with the memory and CPUs the chosen workload needs written in the title.",
    mix=widgets.Dropdown(options=[(n, m) for m, n in figures_planning.MIX_NAMES.items()], value="study",
                         description="mix"),
    memory_gib=slider(widgets.IntSlider, 64, 16, 512, 8, "real memory (GiB)", "320px"),
    cpus=slider(widgets.IntSlider, 20, 1, 40, 1, "real CPUs", "320px"),
    env=widgets.Dropdown(options=[(label, env) for env, label in figures_planning.ENV_LABELS.items()],
                         value="zvm63-edev", description="environment"),
    extra_guests=slider(widgets.IntSlider, 0, 0, 10, 1, "custom guests", "320px"),
    extra_gib=slider(widgets.FloatSlider, 16, 1, 64, 1, "each touches (GiB)", "320px"),
    extra_hot=slider(widgets.FloatSlider, 0.3, 0.05, 1.0, 0.05, "hot share of its memory", "320px"),
    extra_cpu=slider(widgets.FloatSlider, 0.5, 0.1, 4.0, 0.1, "CPU load (processors)", "320px"),
    target=widgets.Dropdown(options=[(figures_planning.workload_name(v), v)
                                     for v in list(oc.workloads.VARIANTS) + ["custom-1"]], value="db-bi",
                            description="target"),
    level=slider(widgets.FloatSlider, 0.9, 0.5, 1.0, 0.05, "level", "320px"),
)

# %% [markdown]
# ```{container} oc-caption
# **Explorer: plan a mix.** The model on the chosen host with the chosen mix plus the
# custom guests (each in its own workload): one bar per workload with its relative
# throughput, the target in blue, the level dashed; the title gives the target's memory
# break point and the CPUs it needs.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The planner builds each custom guest with `planning.custom_guest`, adds them to the mix
# with `planning.build_mix`, runs `overcommit.simulate` and asks
# `planning.memory_break_point` and `planning.cpus_needed` about the target.
# ````
#
# ## Exercises

# %% tags=["remove-cell"]
java20 = planning.memory_break_point("java-high", 0.75, 20, baseline="hi")
glue("plan-ex-java20", f"{java20:.0f}", display=False)
g_mh, v_mh = planning.build_mix(planning.MIXES["memory-hungry"])
java20_mh = planning.memory_break_point("java-high", 0.75, 20, "zvm63-edev", g_mh, v_mh, baseline="hi")
glue("plan-ex-java20-mh", f"{java20_mh:.0f}", display=False)
java15 = planning.memory_break_point("java-high", 0.75, 15, baseline="hi")
glue("plan-ex-java15", f"about {java15:.0f} GiB" if java15 is not None
     else f"none: it keeps three quarters down to {planning.MIN_MEMORY_GIB:.0f} GiB, the smallest memory the scan tries",
     display=False)
# the solution: the memory-hungry mix breaks at a larger memory than the study's, and with 15 CPUs
# the study's mix holds up to a smaller memory than with 20, if it breaks at all
assert java20_mh > java20, (java20, java20_mh)
assert java15 is None or java15 < java20, (java15, java20)
ex_cpus = checks.get("case_planning-ex-cpus").values
glue("plan-ex-db-cpus", ex_cpus["cpus"], display=False)
for key in ("short", "spare", "busy", "spin", "reads"):
    glue(f"plan-ex-db-{key}", ex_cpus[key], display=False)
glue("plan-ex-db-short-cpus", ex_cpus["cpus_short"], display=False)
glue("plan-ex-db-more", ex_cpus["cpus_more"], display=False)
# the solution: one CPU short, nobody is cut, the database spins and pages a little; at
# 128 GiB it does not page and needs one CPU fewer
assert float(ex_cpus["spare"]) > 0 and float(ex_cpus["spin"]) > 1 and float(ex_cpus["reads"]) > 0
assert ex_cpus["cpus_more"] == str(int(ex_cpus["cpus"]) - 1) == cpus90.loc["db-bi", "128 GiB"]
assert float(oc.simulate((128, int(ex_cpus["cpus_more"]))).guests.loc["db-bi", "page_read_mib_s"]) == 0
add = [planning.custom_guest("batch", 32, vcpus=2, cpu_load=1.0, hot_frac=0.9, touches_per_hour=360)]
g_b, v_b = planning.build_mix(planning.MIXES["study"], add)
glue("plan-ex-batch-hot", f"{add[0][0].instantiated_mib * add[0][0].active_frac / 1024:.0f}", display=False)
r_b = oc.simulate("96/20", guests=g_b, variants=v_b)
r_s = oc.simulate("96/20")
glue("plan-ex-batch-java", f"{r_b.workloads.loc['java-high', 'relative_throughput']:.2f}", display=False)
glue("plan-ex-study-java", f"{r_s.workloads.loc['java-high', 'relative_throughput']:.2f}", display=False)
glue("plan-ex-batch-self", f"{r_b.workloads.loc['batch', 'relative_throughput']:.2f}", display=False)
glue("plan-ex-batch-reads", f"{r_b.system['page_read_mib_s']:.0f}", display=False)
glue("plan-ex-study-reads", f"{r_s.system['page_read_mib_s']:.0f}", display=False)
# the solution: Java-high drops and the page reads rise when the batch guest joins
assert r_b.workloads.loc["java-high", "relative_throughput"] < r_s.workloads.loc["java-high", "relative_throughput"]
assert r_b.system["page_read_mib_s"] > r_s.system["page_read_mib_s"]

# %% [markdown]
# :::{exercise}
# :label: case_planning-ex-java
# :class: oc-where-jupyter
# In the study's mix with 20 real CPUs, at which real memory does the high-level Java
# workload lose a quarter of the throughput it has at 512 GiB? And in the memory-hungry mix?
# Explain the difference. Then ask the same of the study's mix with 15 CPUs: why does Java
# hold up so much longer there?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `planning.memory_break_point("java-high", 0.75, 20, baseline="hi")` for the study's mix; for
# another mix pass its guests and drivers, from `planning.build_mix(planning.MIXES[mix])`, after
# the environment: `planning.memory_break_point("java-high", 0.75, 20, "zvm63-edev", guests,
# variants, baseline="hi")`.
# ````
# :::
#
# :::{solution} case_planning-ex-java
# :class: dropdown
# In the study's mix, about {glue:text}`plan-ex-java20` GiB. In the memory-hungry mix, about
# {glue:text}`plan-ex-java20-mh` GiB. The Java heap's pages are referenced often, but in
# the study's mix most of the memory it competes with is the database's cold buffer cache,
# which global replacement evicts first. In the memory-hungry mix its competitors are
# equally hot, so the characteristic time falls below the Java pages' re-reference time at
# a much larger memory ({doc}`replacement`).
#
# With 15 CPUs the answer for the study's mix is {glue:text}`plan-ex-java15`: every guest
# is CPU-limited, runs more slowly and touches its pages less often, and the CPU that
# stalling neighbours give up is shared out to the rest, Java included. A CPU-starved host
# hides a memory shortage.
# :::
#
# :::{exercise}
# :label: case_planning-ex-cpus
# :class: oc-where-browser
# Your host has 96 GiB for the study's mix. How many real CPUs keep the database at 90 % of
# its unconstrained throughput (read it off the table above)? Answer as one number. With one
# CPU fewer, does water-filling cut the database, and what holds it back? Why does it need
# more CPUs than with 128 GiB?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `planning.cpus_needed("db-bi", 0.9, 96)`; `oc.simulate((96, cpus))` shows a host's run.
# ````
#
# <div class="oc-selfcheck" data-check="case_planning-ex-cpus"></div>
# :::
#
# :::{solution} case_planning-ex-cpus
# :class: dropdown
# {glue:text}`plan-ex-db-cpus` CPUs. With
# {glue:text}`plan-ex-db-short-cpus` the database reaches only {glue:text}`plan-ex-db-short` of
# its unconstrained throughput, yet {glue:text}`plan-ex-db-spare` real CPUs stand idle for want
# of work: water-filling cuts nobody. What holds it back is its own CPU per unit of work. Every
# real CPU is still busy {glue:text}`plan-ex-db-busy` of the time, so z/VM preempts virtual
# CPUs, and the database's virtual CPUs spin on the preempted ones, burning
# {glue:text}`plan-ex-db-spin` times its reference CPU per unit of work ({doc}`shares`). At
# 96 GiB it also pages ({glue:text}`plan-ex-db-reads` MiB/s), and its users wait for
# those page reads: that costs the last hundredths. At 128 GiB, where it does not page,
# {glue:text}`plan-ex-db-more` CPUs are enough, as the table shows.
# :::
#
# :::{exercise}
# :label: case_planning-ex-batch
# :class: oc-where-jupyter
# Add one guest of your own to the study's mix at 96/20: 32 GiB, 2 virtual CPUs, a load of
# one processor, 90 % of its memory hot, its median active page touched 360 times an hour.
# What happens to the high-level Java workload, to the system's page reads, and to the new
# guest itself? Would you place it on this host?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# ```python
# import overcommit as oc
# from overcommit import planning
#
# batch = planning.custom_guest("batch", 32, vcpus=2, cpu_load=1.0, hot_frac=0.9, touches_per_hour=360)
# guests, variants = planning.build_mix(planning.MIXES["study"], [batch])
# oc.simulate("96/20", guests=guests, variants=variants).workloads
# ```
# ````
# :::
#
# :::{solution} case_planning-ex-batch
# :class: dropdown
# The high-level Java workload drops from {glue:text}`plan-ex-study-java` to {glue:text}`plan-ex-batch-java`, the
# page reads rise from {glue:text}`plan-ex-study-reads` to {glue:text}`plan-ex-batch-reads`
# MiB/s, and the new guest itself runs at {glue:text}`plan-ex-batch-self` of its
# unconstrained throughput. Its {glue:text}`plan-ex-batch-hot` GiB of hot memory push the characteristic time down for
# everyone, so the guests whose pages are re-referenced less often than the new
# characteristic time (the Java heap among them) start faulting. Whether to place it
# depends on the levels you need; the model's advice is to pair it with cold memory (a host
# whose other guests hold large, rarely used caches) rather than with other hot guests.
# :::

# %% tags=["remove-cell"]
from overcommit import exercises

SEED = 10
seeded = exercises.generate("case_planning", seed=SEED)
glue("plan-seeded-q", Markdown(seeded.question), display=False)
glue("plan-seeded-a", Markdown(seeded.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: case_planning-ex-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* Each seed picks a mix, an environment, a CPU count and a throughput level, and asks where one workload breaks or which one breaks first. This is the
# question for seed 10:
#
# ```{glue:md} plan-seeded-q
# :format: myst
# ```
#
# Type another seed in the box to get another question; the chapter's break-points figure has every
# value you need.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("case_planning", seed=...)` gives the question and
# `exercises.check("case_planning", seed=..., answer=...)` checks an answer.
# ````
#
# <div class="oc-selfcheck" data-topic="case_planning" data-seed="10"></div>
# :::
#
# :::{solution} case_planning-ex-seeded
# :class: dropdown
#
# The worked answer for seed 10:
#
# ```{glue:md} plan-seeded-a
# :format: myst
# ```
# :::
