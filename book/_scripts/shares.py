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
# # Relative shares
#
# Seventeen guests with {glue:text}`ref-vcpus` {term}`virtual CPUs <virtual CPU>` between them
# wanted about {glue:text}`ref-cpus` real CPUs in the study's reference run ({doc}`study`). On a host with 15, or 10, or 5
# real CPUs somebody has to go without. This chapter is about the rule z/VM uses to decide
# who: every guest carries a {term}`relative share`, and when the processors are
# overcommitted they are divided in proportion to those shares, with two twists that change
# the answer a lot. A guest can never use more processors than it has virtual CPUs, and it
# never takes more than it asks for; what it leaves goes to the others. The result is a rule
# known as *weighted max-min fairness*, or *water-filling*, and by the end of the chapter
# you can compute it by hand, picture it as water rising in a row of vessels, and say which
# of the study's guests it cuts first.

# %% tags=["remove-cell"]
import ipywidgets as widgets
import numpy as np
import pandas as pd
from IPython.display import Markdown
from overcommit.book import glue, reference

import overcommit as oc
from overcommit import exercises, names, shares
from overcommit.book import figures_shares
from overcommit.book.explore import explorer, slider

pd.set_option("display.precision", 3)
_ = reference.glue_all()

# %% [markdown]
# ## Shares in z/VM
#
# z/VM's Control Program ({term}`CP`) dispatches the guests' virtual CPUs on the real CPUs
# of its logical partition, much as an operating system dispatches threads on cores. As
# long as there are enough real CPUs, every virtual CPU that has work runs and shares do
# not matter. They start to matter when the virtual CPUs that are ready to run want more
# processing power than there is. Each guest then receives a portion in proportion to its
# share: a guest with twice the share of another gets twice as much of the scarce resource
# {cite:p}`johanssen2014overcommit`. The paper notes that shares steer real memory and
# paging capacity as well as CPU; this chapter, like the `overcommit` model, applies them to
# CPU only.
#
# A share is set in the guest's directory entry or with the `SET SHARE` command. A
# *relative* share is a plain weight, 100 if nothing is specified; only the ratios between
# the guests count. z/VM also offers *absolute* shares (a percentage of the system that a
# guest is meant to get whatever the others do) and *maximum* shares that cap a guest even
# when processors are idle (`LIMITHARD`) or only when others want them (`LIMITSOFT`)
# {cite:p}`ibm2013zvmperformance`. The study used relative shares only, and so does this
# chapter.
#
# Proportional sharing is also a classic topic of operating-systems research, and its
# cleanest statements come from there. In *lottery scheduling* every
# client holds tickets; at each time slice the scheduler draws one ticket at random and
# runs its holder, so over many slices each client gets a fraction of the processor equal
# to its fraction of the tickets {cite:p}`waldspurger1994lottery`. *Stride scheduling*
# reaches the same proportions deterministically: each client advances a virtual clock by a
# stride inversely proportional to its tickets and the client with the earliest clock runs
# next {cite:p}`waldspurger1995thesis`. Both have the property that matters below: a client
# that is not ready to run does not take part, so its portion is spread over the clients
# that are. That is the "what a guest leaves goes to the others" rule. All three schemes,
# z/VM's included, aim at the same long-run average. This chapter computes that average and
# leaves out how the dispatcher gets there slice by slice.
#
# ## The paper's example
#
# The study's authors explain relative shares with two guests: C has one virtual CPU, D has
# four, and every virtual CPU always has work {cite:p}`johanssen2014overcommit`. The package
# reproduces their three situations exactly.

# %%
equal = shares.allocate(2, vcpus=[1, 4], shares=[100, 100])
by_vcpus = shares.allocate(2, vcpus=[1, 4], shares=[100, 400])
pd.DataFrame({"equal shares (CPUs)": equal, "share per virtual CPU (CPUs)": by_vcpus},
             index=pd.Index(["C (1 virtual CPU)", "D (4 virtual CPUs)"], name="guest"))

# %% tags=["remove-input"]
figures_shares.paper_example_table()

# %% tags=["remove-input"]
figures_shares.paper_example_chart()

# %% [markdown]
# ```{container} oc-caption
# **Figure: the paper's example.** Real CPUs received by guest C (one virtual CPU) and
# guest D (four), computed by the package's water-filling for the three situations of the
# section "Assignment of relative shares to virtual systems" of
# {cite:t}`johanssen2014overcommit`.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_shares.paper_example_table()` is the chart's table, each row from
# `shares.allocate(real_cpus, [1, 4], [share_c, share_d])`.
# ````
#
# With **equal shares** on two real CPUs, C and D get one CPU each. The share belongs to the
# guest, not to its virtual CPUs, so D's four virtual CPUs split one real CPU and each runs
# at a quarter of a processor, while C's single virtual CPU runs at full speed. For most
# workloads that is not what the person who gave D four virtual CPUs had in mind.
#
# The study therefore gave every guest **100 per virtual CPU**: 100 for C, 400 for D. Now the
# two real CPUs split 1 : 4, C gets 0.4 and D gets 1.6, and every virtual CPU on the host
# runs at the same 0.4 of a processor. This is the assignment behind all of the study's
# results.
#
# Give the same two guests **six real CPUs** and the proportional split would hand C 1.2
# CPUs, more than its single virtual CPU can use. C is capped at 1 and D at 4, and the sixth
# real CPU has nothing to run: it stays idle, whatever the shares say.
#
# ## Water-filling
#
# The three situations follow from one rule. Write $v_g$ for guest $g$'s virtual CPUs, $s_g$
# for its share and $d_g$ for its *demand*, the CPUs its virtual CPUs would use if nothing
# were short (in the paper's example every virtual CPU is busy, so $d_g = v_g$). Its cap is
# $c_g = \min(v_g, d_g)$. With $P$ real CPUs, guest $g$ receives
#
# $$
# x_g = \min\!\left(c_g,\; \theta\, s_g\right), \qquad \text{with } \theta \text{ chosen so that } \sum_g x_g = P,
# $$
#
# or $x_g = c_g$ for everyone, with $P - \sum_g c_g$ CPUs idle, if even that does not use
# them all. The number $\theta$ is the *water level*: real CPUs per unit of share that every
# guest below its cap receives.
#
# The name comes from a picture. Draw each guest as a vessel whose floor is as wide as its
# share and whose walls are $c_g / s_g$ high. Pour $P$ units of water in; it rises to the
# same level $\theta$ everywhere, the volume in vessel $g$ is $\theta s_g$, and a vessel that
# is full stays full while the water keeps rising in the others. Guests whose vessels fill
# up are *capped*; the rest share the remainder in proportion to their shares.
#
# The water level can be found exactly in one pass. Sort the guests by wall height
# $c_g / s_g$. Keep the CPUs $P'$ and the shares $S'$ not yet handed out; the guests still
# in the pool would reach the level $P'/S'$. If the next guest's wall is not higher than
# that, it is capped: give it $c_g$, take it out of the pool and go on. The first guest
# whose wall is higher fixes $\theta = P'/S'$, and it and every guest after it get
# $\theta s_g$. This is how the package computes every allocation in this chapter, and
# it reports $\theta$ too (infinite when every guest is capped).
# The same rule divides link bandwidth among flows in data networks, where it is known as
# max-min fairness {cite:p}`bertsekas1992datanetworks`.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.shares.allocate(real_cpus, vcpus, shares, demand)` returns each guest's CPUs,
# `overcommit.shares.water_level(...)` with the same arguments returns $\theta$.
# ````

# %% [markdown]
# ## When a guest wants less than its share
#
# In the paper's example every virtual CPU is busy. Real guests are not: in the reference
# run, no guest used all of the processing power its virtual CPUs and share entitled it to
# {cite:p}`johanssen2014overcommit`. Take three guests on four real CPUs, with the study's
# 100 per virtual CPU: A (one virtual CPU) and B (four) are always busy, but C (two virtual
# CPUs) only has work for 0.3 of a CPU.

# %%
vcpus, share, demand = [1, 4, 2], [100, 400, 200], [1.0, 4.0, 0.3]
plain = 4 * np.array(share) / sum(share)  # split by shares, no caps
x = shares.allocate(4, vcpus, share, demand)
theta = shares.water_level(4, vcpus, share, demand)
print(f"water level: {theta * 100:.2f} CPU per 100 shares")
pd.DataFrame({"split by shares (CPUs)": plain.round(2), "water-filling (CPUs)": x.round(2)},
             index=pd.Index(["A", "B", "C"], name="guest"))

# %% tags=["remove-input"]
figures_shares.water_level_chart(4, vcpus, share, demand, ["A", "B", "C"],
                     title="Three guests on 4 real CPUs; C wants only 0.3")

# %% [markdown]
# ```{container} oc-caption
# **Figure: water-filling with one guest below its fair share.** Each vessel is as wide as
# the guest's share and as high as its cap per 100 units of share; the coloured water is
# what the guest receives and the dashed line is the water level, both computed by the
# package's water-filling.
# ```
#
# Split by shares alone, C's portion would be 4 × 200/700 ≈ 1.14 CPUs. C uses 0.3 of it;
# its vessel is full at 0.15 CPU per 100 shares. The other 0.84 CPU does not go to waste:
# the water keeps rising in A and B, in proportion to their shares, up to a level of 0.74
# CPU per 100 shares. A gets 0.74 CPU and B 2.96, more than the 0.57 and 2.29 a plain split
# would give them. A guest that wants less than its fair share keeps everything it wants;
# the unused remainder flows to those who want more. This is why shares only bite when a
# guest wants more than its portion, and why a guest's result depends on what everyone
# else is doing.
#
# The explorer below starts from a different mix: five real CPUs, equal shares of 100 for
# A (one virtual CPU) and B (four), and 200 for C, which wants only half a CPU. Two vessels
# fill up, C at its demand and A at its single virtual CPU, and B gets everything else. In
# a notebook, move the sliders: raise C's demand and it takes its portion back; raise the
# real CPUs above the sum of the caps and the water level disappears, with the surplus
# shown as idle CPUs.

# %% tags=["remove-input"]
live = explorer(
    figures_shares.explorer_chart,
    adds="Three guests of your own: their virtual CPUs, shares and demands against any number of real CPUs, with the water level recomputed.",
    real_cpus=slider(widgets.FloatSlider, 5, 0.5, 16, 0.5, "real CPUs", "240px"),
    a_vcpus=slider(widgets.IntSlider, 1, 1, 8, 1, "A vCPUs", "240px"),
    a_share=slider(widgets.IntSlider, 100, 0, 1000, 50, "A share", "240px"),
    a_demand=slider(widgets.FloatSlider, 1.0, 0, 8, 0.1, "A demand", "240px"),
    b_vcpus=slider(widgets.IntSlider, 4, 1, 8, 1, "B vCPUs", "240px"),
    b_share=slider(widgets.IntSlider, 100, 0, 1000, 50, "B share", "240px"),
    b_demand=slider(widgets.FloatSlider, 4.0, 0, 8, 0.1, "B demand", "240px"),
    c_vcpus=slider(widgets.IntSlider, 2, 1, 8, 1, "C vCPUs", "240px"),
    c_share=slider(widgets.IntSlider, 200, 0, 1000, 50, "C share", "240px"),
    c_demand=slider(widgets.FloatSlider, 0.5, 0, 8, 0.1, "C demand", "240px"),
)
live.box.children[0].layout = widgets.Layout(flex_flow="row wrap")
live

# %% [markdown]
# ```{container} oc-caption
# **Live explorer: three guests of your own.** Virtual CPUs, share and demand of guests A,
# B and C and the real CPUs; every change water-fills them afresh. Below the
# vessels, each guest's allocation is set against a plain split by shares, its demand and
# its virtual CPUs. A share of 0 is rejected: z/VM's relative shares are positive.
# ```
#
# ## Seventeen guests, fewer CPUs
#
# Now the study's own guests. Their shares are 100 per virtual CPU, and the best estimate of
# what each would use if nothing were short is its CPU load in the unconstrained reference
# run (Table 17 of the paper, repeated in {doc}`study`). Together those loads come to
# {glue:text}`ref-cpus-printed` CPUs, so with 22 or more real CPUs nobody is cut and the rest is idle; below that,
# the water level decides. The chart lets you take CPUs away one at a time and switch to
# the alternative the paper warns against, equal shares of 100 for every guest.

# %% tags=["remove-cell"]
# the water levels, cuts and the database's numbers the prose and the equal-shares
# exercise state, from the allocation the chart and the table show
lv15, lv20 = figures_shares.level_facts(15), figures_shares.level_facts(20)
glue("shares-level-15", f"{lv15['per_vcpu']:.3f}", display=False)
glue("shares-level-15-2", f"{2 * round(lv15['per_vcpu'], 3):.2f}", display=False)
glue("shares-kept-15", f"{len(figures_shares.study_guests()) - lv15['cut']}", display=False)
glue("shares-equal-15", f"{lv15['per_guest']:.3f}", display=False)
glue("shares-level-20", f"{lv20['per_vcpu']:.2f}", display=False)
glue("shares-cut-20", f"{lv20['cut']}", display=False)
db_sat = figures_shares.satisfied_at("db-bi")
glue("shares-db-per-vcpu", f"{db_sat['per_vcpu']:.3f}", display=False)
glue("shares-db-exact", f"{db_sat['exact']:.1f}", display=False)
glue("shares-db-loop-prop", f"{db_sat['loop_proportional']:.1f}", display=False)
glue("shares-db-loop-equal", f"{db_sat['loop_equal']:.2f}", display=False)
glue("shares-db-demand", f"{figures_shares.study_guests().set_index('guest').loc['db-bi', 'demand']:.2f}",
     display=False)

# %% tags=["remove-input"]
figures_shares.study_allocation_chart(15)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the study's 17 guests water-filled.** Demand is each guest's CPU load in the
# reference run (Table 17 of {cite:t}`johanssen2014overcommit`); shares are 100 per virtual
# CPU as in the study, or 100 per guest. The slider sets the real CPUs (1 to 25), the
# drop-down the shares; all 50 combinations were water-filled in advance. Top: vessels
# sorted by height (load per 100 units of share) with the water level dashed. Bottom: CPUs
# received (bars) against demand (ticks); red percentages mark guests that are cut.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_shares.study_grid()` holds all 50 combinations, one row per guest;
# `figures_shares.study_guests()` the guests' virtual CPUs, shares and demands.
# ````
#
# With the study's shares a vessel's height is the guest's load *per virtual CPU*, so the
# cut falls on the guests that work their virtual CPUs hardest, not on the biggest ones.
# At 15 real CPUs the water level is {glue:text}`shares-level-15` CPU per virtual CPU.
# {glue:text}`shares-kept-15` guests stay below it and keep their full load: the two high-level file-system guests and the high-level
# WebSphere application server, which spread modest loads over four virtual CPUs each.
# Everyone else is held to {glue:text}`shares-level-15` CPU per virtual CPU, and the guests that ran their
# virtual CPUs near a full processor lose most: both Java guests, the medium network
# server and the medium WebSphere DB2 get less than half of their reference load. At 20
# real CPUs the level is {glue:text}`shares-level-20` and only {glue:text}`shares-cut-20`
# guests are cut, all with loads above {glue:text}`shares-level-20` per virtual CPU; the
# database, at {glue:text}`shares-db-per-vcpu`, just escapes.
#
# Equal shares turn this around. Every guest is then a vessel of the same width, its
# height is its whole load, and the water level is a number of CPUs per guest. The
# one-virtual-CPU guests, which never want much more than one CPU, are hardly touched; the
# database, which wanted {glue:text}`shares-db-demand` CPUs, is held to
# {glue:text}`shares-equal-15` CPU at 15 real CPUs, the same as every
# other guest that wants more than that.

# %% tags=["remove-input"]
comparison = figures_shares.scheme_comparison(15)[
    ["vcpus", "demand", "demand per vCPU", figures_shares.SCHEME_PROPORTIONAL, figures_shares.SCHEME_EQUAL]
].round(3)
comparison.columns = ["vCPUs", "demand (CPUs)", "demand per vCPU", "gets: shares ∝ vCPUs",
                      "gets: equal shares"]
comparison.index = comparison.index.map(names.guest)  # the guests as the book names them
comparison

# %% [markdown]
# Which rule is "fair" depends on what a virtual CPU is meant to promise. The study's
# choice makes a virtual CPU a unit of entitlement: a guest defined with four of them is
# entitled to four times the processing power of a guest with one. Equal shares make the
# guest the unit, which protects small guests and punishes the ones configured for
# parallel work.
#
# ## Who gets cut: the rule and the model
#
# The overcommit model uses the same water-filling for CPU, but its demands are not
# fixed: they come from each workload's throughput, which in turn depends on the CPU it
# gets. The next chart sets the rule, with the reference loads as demand, against the CPU
# load the model computes for each guest on the study's 512 GiB hosts, where memory is
# plentiful and only CPUs are short.

# %%
model_15 = oc.simulate("512/15").guests[["vcpus", "share", "cpu_allocated", "cpu_load"]]
# CPUs to the hundredth; the columns and guests as the book names them
model_15.head(7).round(2).rename(columns=names.quantity, index=names.guest)

# %% tags=["remove-input"]
figures_shares.cut_chart(15)

# %% [markdown]
# ```{container} oc-caption
# **Figure: who gets cut.** For each guest, the CPUs the water-filling rule gives it
# (circles) and the CPU load the model computes (diamonds), as a fraction of its reference
# load; guests sorted by reference load per virtual CPU. The drop-down picks CID 512/5,
# 512/10, 512/15, 512/20 or 512/25. Computed by the package's water-filling and by the
# overcommit model.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_shares.cut_table([15])` holds the chart's numbers for 512/15: the rule's
# allocation, and the model's `cpu_allocated` and `cpu_load` from `oc.simulate("512/15").guests`.
# ````

# %% tags=["remove-cell"]
m15 = oc.simulate("512/15")
rule_15 = figures_shares.cut_table([15]).set_index("guest")
glue("shares-model-idle-15", float(m15.system["idle_cpu"]), display=False)
glue("shares-model-alloc-match", float((rule_15["model_allocated"] - rule_15["rule"]).abs().max()), display=False)

# %% [markdown]
# The model goes one step beyond the plain rule. A transaction of the WebSphere workload
# needs the HTTP server, the application server and the database in turn, and a network
# message needs both client and server, so such a *chain* runs only as fast as its most
# starved member. The model gives every member of a chain only what the chain can use and
# water-fills the rest to the guests that still want more, exactly like C's spare CPU
# above; that is why the CPUs it allots differ from the plain rule's, by up to
# {glue:text}`shares-model-alloc-match:.2f` CPU at 512/15, and why almost no real CPU stays
# idle there ({glue:text}`shares-model-idle-15:.2f` CPUs idle; the next section says where
# that little comes from). Where the diamonds fall below the
# circles, a guest uses less than the plain rule would have allotted it.
#
# The paper's measurements disagree with the rule in one instructive place. The medium
# Java guest and the medium network guests, one virtual CPU each, kept or even exceeded
# their reference throughput down to 15 real CPUs {cite:p}`johanssen2014overcommit`, while
# the rule holds them to less than half of their reference load there. Fixed demands
# cannot explain that: in the real runs, other guests slowed down for their own reasons
# (waiting on each other, on I/O or on the network), asked for less CPU than their
# reference load, and so left more for the one-CPU guests. The rule is right about the
# mechanism and only as good as the demands it is given.
#
# ## When real CPUs idle while guests wait
#
# Water-filling hands out averages, as if every guest could use its allotment at every
# instant. A virtual CPU cannot: it runs, then waits for its users, for an I/O, for a page,
# and runs again. At any moment only the *runnable* virtual CPUs can use a real CPU. If
# virtual CPU $i$ is runnable a share $q_i$ of the time, independently of the others, the
# number $R$ of runnable virtual CPUs is a sum of coin flips with different odds (a
# Poisson binomial distribution), and $c$ real CPUs are idle on average (writing $(y)^+$
# for $\max(y, 0)$)
#
# $$
# \mathrm{E}[(c - R)^+] = (c - \mathrm{E}[R])^+ + I .
# $$
#
# The first term is a host with more CPUs than demand: what is left over. The second,
# $I \ge 0$, is the *fluctuation idle*: real CPUs that stand idle in the moments when few
# virtual CPUs happen to be runnable, even though on average the guests want more than $c$.
# Those CPU-seconds are gone; nobody can use them later. So a host under CPU pressure
# delivers at most $c - I$ CPUs, and the model water-fills only that much.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.dispatch.fluctuation_idle(c, q)` computes $I$ for $c$ real CPUs and the
# runnable shares `q` of the virtual CPUs; `dispatch.vcpu_runnable(loads, vcpus)` gives `q`.
# ````
#
# The table puts the study's {glue:text}`shares-fluct-vcpus` virtual CPUs at their reference loads (Table 17, each
# guest's load spread evenly over its virtual CPUs) on hosts of 5 to 25 real CPUs.

# %% tags=["remove-cell"]
from overcommit import dispatch
from overcommit.workloads import study_guests

guests17 = study_guests()
q17 = dispatch.vcpu_runnable([g.cpu_load for g in guests17], [g.vcpus for g in guests17])
fluct17 = {c: dispatch.fluctuation_idle(c, q17) for c in (25, 20, 15, 10, 5)}
rows = ["| real CPUs | mean runnable virtual CPUs | fluctuation idle $I$ (CPUs) |", "|---:|---:|---:|"]
rows += [f"| {c} | {q17.sum():.1f} | {i:.2f} |" for c, i in fluct17.items()]
glue("shares-fluct-table", Markdown("\n".join(rows)), display=False)
glue("shares-fluct-20", f"{fluct17[20]:.2f}", display=False)
glue("shares-fluct-vcpus", str(int(q17.size)), display=False)
run20 = {m: oc.simulate(f"{m}/20").system for m in (512, 64)}
for m, s in run20.items():
    glue(f"shares-idle-{m}-20", f"{s['idle_cpu']:.2f}", display=False)
glue("shares-cp-512-20", f"{run20[512]['cp_system_cpu']:.2f}", display=False)

# %% [markdown]
# ```{glue:md} shares-fluct-table
# :format: myst
# ```
#
# With 25 CPUs the host has CPUs to spare and $I$ hardly matters. With 20 the mean demand
# is just above the supply, and {glue:text}`shares-fluct-20` CPUs are lost in the moments
# of low demand. With 15 or fewer there are almost always more runnable virtual CPUs than
# real ones, and nothing is lost. Paging makes the moments of low demand more frequent: a
# virtual CPU that waits for a page-in is not runnable. In the model the host 512/20 has
# {glue:text}`shares-idle-512-20` CPUs idle, less than the table's 20-CPU row: CP's own
# system time, {glue:text}`shares-cp-512-20` CPUs, is taken before the guests are
# dispatched, and the database's virtual CPUs, spinning as the next section explains, are
# runnable more of the time. At 64/20, where the guests wait for pages, it has
# {glue:text}`shares-idle-64-20`. The paper saw the same direction, and more of it: half a
# real CPU or more idle in memory-constrained runs with many CPUs, CPUs "waiting for
# prerequisite activities" such as page-ins (section "Analysis of z/VM CPU load" of
# {cite:t}`johanssen2014overcommit`).
#
# The independence of the virtual CPUs is an assumption. It is the finite-source model of
# queueing theory without its queue: a virtual CPU that is kept waiting for a real CPU
# stays runnable longer, which this formula ignores, so it overstates the idle time of a
# heavily loaded host a little.
#
# ## When a guest's virtual CPUs wait for each other
#
# Water-filling treats CPU per unit of work as fixed: a guest that gets half the CPUs it
# wants does half the work. A guest with several virtual CPUs can do much worse. Its
# virtual CPUs share data, and Linux and the programs on it guard shared data with
# spin locks: a virtual CPU that finds a lock taken keeps trying, burning its real CPU, until
# the holder lets go. On a real machine the holder lets go within microseconds. Under a
# hypervisor the holder may be *preempted*: z/VM takes its real CPU away at the end of a
# time slice, not knowing that a lock is held, and every sibling that needs the lock spins
# until the holder is dispatched again, milliseconds later. This is *lock-holder
# preemption* {cite:p}`uhlig2004scalable`.
#
# How much a guest loses to it depends on three things, and each has a simple model.
#
# - **Is anyone waiting?** z/VM preempts a virtual CPU at the end of its time slice only
#   if another virtual CPU is waiting for a real one, that is when every real CPU is busy.
#   With the same coin-flip picture as above, that is $b = P(R \ge c)$. Unlike the water level, $b$ stops growing once the
#   host is overcommitted: it cannot exceed 1.
# - **Is a sibling running meanwhile?** Only a sibling that is running can spin. A guest
#   with $n$ virtual CPUs, each dispatched a share $u$ of the time, has on average
#   $(n - 1)\,u$ siblings running. Only a sibling doing useful work reaches a held lock, so
#   the model takes for $u$ the guest's running share in the reference run, scaled by the
#   work it does now. A guest with one virtual CPU never spins, and a guest squeezed to a
#   fraction of one CPU rarely has two virtual CPUs running at once.
# - **Does the sibling need the preempted one?** The *coupling* $\sigma$ of the workload:
#   close to 1 when the work on one virtual CPU soon needs the work on another, close to 0
#   when the virtual CPUs serve independent requests.
#
# Put together, the CPU a guest burns per unit of work, relative to a host that never
# preempts anyone, is
#
# $$
# m = 1 + \sigma\,(n - 1)\,b\,u
# $$
#
# The study's reference run already paid a little of
# this, since its 25-CPU host was full part of the time, and Table 17's CPU loads include
# it; the model uses $m / m_\text{ref}$, with $b$ counted at least as in the reference run:
# other guests stalled on paging may leave the host idle more often, but they cannot make a
# guest's locks cheaper than Table 17 measured them, only its own running share $u$ can
# (the model has a switch that lets them, off by default). The table shows $b$ for the
# study's virtual CPUs at their reference loads.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.dispatch.all_busy(c, q)` is $b$ and `dispatch.lock_spin(...)` is $m$;
# `oc.simulate(cid, mechanisms=oc.Mechanisms(neighbour_relief=True))` runs the model with
# the switch on.
# ````

# %% tags=["remove-cell"]
busy17 = {c: dispatch.all_busy(c, q17) for c in (25, 20, 15, 10, 5)}
rows = ["| real CPUs | every real CPU busy, $b$ |", "|---:|---:|"]
rows += [f"| {c} | {b:.2f} |" for c, b in busy17.items()]
glue("shares-busy-table", Markdown("\n".join(rows)), display=False)
glue("shares-busy-25", f"{busy17[25]:.2f}", display=False)
glue("shares-busy-20", f"{busy17[20]:.2f}", display=False)
coupled = sorted(name for name, v in oc.study_variants().items() if v.coupling > 0)
# the variants as the book names them; their own commas ("Network, high") call for semicolons
shown = [names.variant(v) for v in coupled]
glue("shares-coupled", "; ".join(shown[:-1]) + " and " + shown[-1], display=False)
study_variants = oc.study_variants()
# the prose groups the workload kinds: the network's coupling is the database's, fio's and Java's WebSphere's
assert study_variants["net-high"].coupling == study_variants["db-bi"].coupling
assert {study_variants[v].coupling for v in ("fs-direct-high", "java-high")} == {study_variants["was-high"].coupling}
glue("shares-coupling-db", f"{study_variants['db-bi'].coupling:g}", display=False)
glue("shares-coupling-was", f"{study_variants['was-high'].coupling:g}", display=False)
spin_runs = {cid: oc.simulate(cid) for cid in ("512/20", "512/15", "512/10")}
for cid, r in spin_runs.items():
    tag = cid.replace("/", "-")
    glue(f"shares-spin-db-{tag}", f"{r.guests.loc['db-bi', 'spin_factor']:.2f}", display=False)
    glue(f"shares-spin-db-x-{tag}", f"{r.workloads.loc['db-bi', 'relative_throughput']:.2f}", display=False)
    glue(f"shares-spin-db-cpu-{tag}", f"{r.guests.loc['db-bi', 'cpu_load']:.2f}", display=False)
    glue(f"shares-spin-busy-{tag}", f"{r.system['all_cpus_busy']:.2f}", display=False)

# %% [markdown]
# ```{glue:md} shares-busy-table
# :format: myst
# ```
#
# With 25 real CPUs a virtual CPU is preempted at the end of a slice only a fraction
# {glue:text}`shares-busy-25` of the time; with 20, {glue:text}`shares-busy-20`; with 15 or
# fewer, nearly always. The model gives the coupling as an assumption per workload kind
# (the book's table of workload drivers): {glue:text}`shares-coupling-db` for the database, whose parallel query processes hand rows
# to one another, and for the network workload, whose processes all send and receive
# through one virtual network card; {glue:text}`shares-coupling-was` for WebSphere's independent requests, fio's
# independent jobs and Java's threads. The coupled variants are
# {glue:text}`shares-coupled`; the medium network guests have one virtual CPU each, so
# nothing spins there.
#
# For the database, with four virtual CPUs, the factor is large. At 512/20 the model's host
# is full {glue:text}`shares-spin-busy-512-20` of the time and the database burns
# {glue:text}`shares-spin-db-512-20` times its reference CPU per unit of work: it uses
# {glue:text}`shares-spin-db-cpu-512-20` CPUs, more than its reference load, and runs at
# {glue:text}`shares-spin-db-x-512-20` of its reference throughput. With 15 CPUs the host is
# always full, but water-filling holds the database to fewer CPUs, so fewer of its virtual
# CPUs run at once and the factor is smaller ({glue:text}`shares-spin-db-512-15`), and with
# 10 smaller again ({glue:text}`shares-spin-db-512-10`). The damage peaks where a host is
# just short of CPUs, not where it is shortest. {doc}`results_db` compares this with the
# paper.
#
# Both costs of a short host show up in where a workload's time goes ({ref}`where-the-time-goes`):
# the water level leaves work *waiting for a real CPU*, and lock-holder preemption adds time
# *spinning on a lock*. The results chapters chart the two, part by part, for every host.
#
# ## What the rule leaves out
#
# Water-filling gives long-run averages, corrected only by the fluctuation idle above. It
# ignores how z/VM's dispatcher gets there: time
# slices, the short-term unfairness any scheduler has over a few slices (which lottery
# scheduling makes random and stride scheduling bounds), the grouping of virtual CPUs on
# nearby processors by HiperDispatch, absolute and maximum shares, and the CPU that CP uses
# for itself before any guest runs. Apart from the spinning above, it also treats a guest's
# virtual CPUs as interchangeable: a guest with four virtual CPUs but work for only one thread cannot use
# more than one CPU, which in this rule must be expressed as a demand of at most 1.
#
# ## Exercises
#
# :::{exercise}
# :label: shares-ex-paper
# :class: oc-where-browser
#
# In the paper's example (C with one virtual CPU and share 100, D with four and share 400,
# all virtual CPUs busy), for how many real CPUs $P$ does every virtual CPU get the same
# amount of processing power? For which $P$ does a real CPU become idle? Work out what
# each guest gets for $P$ = 3, 5 and 5.5.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `shares.allocate(p, [1, 4], [100, 400])` and `shares.idle(p, allocation)` check your
# numbers, after `from overcommit import shares`.
# ````
# :::
#
# :::{solution} shares-ex-paper
# :class: dropdown
#
# With shares proportional to virtual CPUs, every wall is $c_g / s_g = 1/100$ high, so all
# vessels fill at the same moment. For any $P \le 5$ nobody is capped before the end, the
# water level is $\theta = P/500$ and each virtual CPU gets $100\,\theta = P/5$: 0.6 at
# $P = 3$, 1.0 at $P = 5$. Above 5 both guests are capped (1 and 4 CPUs) and $P - 5$ real
# CPUs are idle: 0.5 at $P = 5.5$, 1 at $P = 6$ as in the paper.
#
# ```python
# from overcommit import shares
# [shares.allocate(p, [1, 4], [100, 400]).tolist() for p in (3, 5, 5.5)]
# # [[0.6, 2.4], [1.0, 4.0], [1.0, 4.0]]
# shares.idle(5.5, [1.0, 4.0])   # 0.5
# ```
# :::
#
# :::{exercise}
# :label: shares-ex-equal
# :class: oc-where-jupyter
#
# Using the table above for 15 real CPUs: which guests gain and which lose when the study's
# shares (100 per virtual CPU) are replaced by equal shares? What single property of a guest
# predicts the direction? Find the number of real CPUs at which the database guest would
# get its full reference load under each scheme.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_shares.scheme_comparison(p)` gives the table for `p` real CPUs; or call
# `shares.allocate` over a range of `p`.
# ````
# :::
#
# :::{solution} shares-ex-equal
# :class: dropdown
#
# With proportional shares a guest that is cut gets {glue:text}`shares-level-15` CPU per
# *virtual CPU*; with equal shares it gets {glue:text}`shares-equal-15` CPU per *guest*. So the number of virtual CPUs predicts the
# direction: every guest with one or two virtual CPUs gains or stays put (two virtual CPUs
# at {glue:text}`shares-level-15` are {glue:text}`shares-level-15-2`, less than
# {glue:text}`shares-equal-15`), and all four guests with four virtual CPUs lose.
# The database falls from 1.74 to {glue:text}`shares-equal-15` CPUs, the high-level WebSphere application server
# from 1.72, the high-level file-system guests from their full 1.60 and 1.22. The biggest
# winners are the one-virtual-CPU guests with loads near 1: the medium Java guest, the
# medium network server and the medium WebSphere DB2 go from {glue:text}`shares-level-15` to
# {glue:text}`shares-equal-15`.
#
# ```python
# import numpy as np
# from overcommit import shares
# from overcommit.book import figures_shares
# g = figures_shares.study_guests()
# db = g.index[g.guest == "db-bi"][0]
# for scheme in figures_shares.SCHEMES:
#     s = figures_shares.scheme_shares(g, scheme)
#     p = next(p for p in np.arange(1, 26, 0.25)
#              if shares.allocate(p, g.vcpus, s, g.demand)[db] >= 2.82 - 1e-9)
#     print(scheme, p)
# ```
#
# With the study's shares the database is satisfied once the level reaches its
# {glue:text}`shares-db-per-vcpu` CPU per virtual CPU, which takes
# Σ min(d_g, {glue:text}`shares-db-per-vcpu` v_g) ≈ {glue:text}`shares-db-exact` real CPUs
# (the loop above, in steps of 0.25, prints {glue:text}`shares-db-loop-prop`). Under equal shares it has the highest total load of all
# seventeen, so it is the last guest to be satisfied: only at {glue:text}`ref-cpus-printed`
# CPUs, the sum of all
# the demands (the loop prints {glue:text}`shares-db-loop-equal`).
# :::
#
# :::{exercise}
# :label: shares-ex-lottery
# :class: oc-where-browser
#
# Lottery scheduling gives guest C (100 tickets) and guest D (400 tickets) one time slice per
# draw on a single processor. Over 1,000 slices, what are the mean and the standard
# deviation of the number of slices C receives? How would stride scheduling do over the
# same 1,000 slices? Why does the long-run rule of this chapter not care which of the two
# the hypervisor uses?
# :::
#
# :::{solution} shares-ex-lottery
# :class: dropdown
#
# Each draw picks C with probability 100/500 = 0.2, so C's slices are binomial: mean
# 1,000 × 0.2 = 200, standard deviation $\sqrt{1000 \times 0.2 \times 0.8} \approx 12.6$
# slices, about 6 % of its share {cite:p}`waldspurger1994lottery`. Stride scheduling is
# deterministic: C's stride is four times D's, so it runs exactly once in every five slices
# and its error never exceeds a single slice {cite:p}`waldspurger1995thesis`. Both converge
# to the same proportion; over a fifty-minute measurement with time slices of a few
# milliseconds the relative error of either is negligible, which is why the chapter's rule
# only has to get the long-run proportions (and the caps) right.
# :::

# %% tags=["remove-cell"]
SEED = 7
ex = exercises.generate("shares", seed=SEED)
glue("shares-q", Markdown(ex.question), display=False)
glue("shares-a", Markdown(ex.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: shares-ex-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* This is the question
# for seed 7:
#
# ```{glue:md} shares-q
# :format: myst
# ```
#
# Type another seed in the box to get another question and check your answer there.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# ```python
# from overcommit import exercises
# print(exercises.generate("shares", seed=1234).question)
# exercises.check("shares", seed=1234, answer=[1.5, 2.5, 2.0, 1.0])
# ```
# ````
#
# <div class="oc-selfcheck" data-topic="shares" data-seed="7"></div>
# :::
#
# :::{solution} shares-ex-seeded
# :class: dropdown
#
# The worked answer for seed 7 (for another seed, `exercises.generate("shares",
# seed=...).solution`):
#
# ```{glue:md} shares-a
# :format: myst
# ```
# :::
