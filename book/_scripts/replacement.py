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
# # Page replacement: how z/VM chooses what to page out
#
# When the guests together use more memory than the {term}`DPA` holds, every page fault
# poses the same question to {term}`CP`: the missing page needs a frame of real memory, all
# frames are taken, so *which page must leave?* The rule that answers it is the
# *replacement policy*. It decides which guest pages stay resident, how many page faults
# the guests take, and therefore how much of the study's slowdown at `64/20` is paging at
# all.
#
# This chapter starts with the textbook policies on short page-reference traces, where you
# can follow every decision by hand. It then derives a formula, the *characteristic-time
# approximation*, that predicts a policy's hit ratio without simulating it, and checks the
# formula against the simulator. That formula is what the book's model uses to decide how
# much of each guest z/VM keeps in memory (see {doc}`study` for the guests). The chapter
# ends with what changed between z/VM 6.2 and 6.3, the two releases the study compared.

# %% tags=["remove-cell"]
import ipywidgets as widgets
import pandas as pd
from IPython.display import Markdown
from overcommit.book import glue, model_texts

import overcommit as oc
from overcommit import exercises, names, replacement
from overcommit.book import figures_replacement
from overcommit.book.explore import explorer

pd.set_option("display.max_colwidth", 60)

# %% [markdown]
# ## Pages, frames and traces
#
# A *frame* is one 4 KiB slot of real memory; a *page* is 4 KiB of some guest's memory.
# Record which page each memory access touches and you get a *reference string*, or
# *trace*. Replaying a trace against a memory of $C$ frames, every reference either
# *hits* (its page is resident) or *misses* (a page fault: the page must be read in, and
# if memory is full some other page must be evicted to make room). The first reference to
# a page always misses; those are *compulsory* misses, and no policy can avoid them.
#
# Five policies appear in this chapter:
#
# FIFO
# : First in, first out: evict the page that was *loaded* longest ago, however busy it is.
#
# LRU
# : Least recently used: evict the page that was *referenced* longest ago.
#
# CLOCK
# : A cheap approximation of LRU, also called *second chance*. Frames form a ring with a
#   hand; each frame has a reference bit, set when its page is loaded or referenced. To
#   find a victim the hand moves round the ring clearing set bits, and evicts the first
#   page whose bit is already clear. A page survives one sweep of the hand if it was
#   referenced since the previous sweep.
#
# random
# : Evict a page chosen at random.
#
# OPT
# : Belady's optimal policy {cite:p}`belady1966study`: evict the page whose next
#   reference lies farthest in the future. It needs to know the future, so no system can
#   run it, but it is the yardstick: no policy misses less.
#
# The package replays a trace under any of them. The trace below is the one
# {cite:t}`belady1969anomaly` made famous, replayed under FIFO with 3 frames:

# %%
BELADY = [1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5]
fifo3 = replacement.run(BELADY, frames=3, policy="fifo")
print(f"{fifo3.misses} misses, {fifo3.hits} hits; pages {sorted(fifo3.resident)} resident at the end")

# %% [markdown]
# ## Belady's anomaly: more memory, more faults
#
# Adding a frame should never hurt. For FIFO it can. The table replays the trace with 3
# and with 4 frames; pages in memory are listed oldest load first, so the leftmost page is
# the one FIFO evicts next.

# %% tags=["remove-input"]
figures_replacement.step_table(figures_replacement.BELADY_TRACE, [3, 4], "fifo")

# %% [markdown]
# With 3 frames the trace faults 9 times, with 4 frames 10 times. The extra frame keeps
# pages 1 and 2 in memory at references 5 and 6, which delays their eviction until just
# before they are needed again (references 8 and 9). The chart repeats the experiment for
# every policy and memory size; the drop-down switches between three traces.

# %% tags=["remove-input"]
anomaly = figures_replacement.anomaly_frame()
figures_replacement.anomaly_chart(anomaly)

# %% [markdown]
# ```{container} oc-caption
# **Figure: page faults against memory size.** Misses of each policy on a short trace,
# memory empty at the start, replayed by the package (random
# replacement: the mean over 200 seeds). Red rings mark Belady's anomaly, a size that
# faults more than the size below it. Lines that would coincide are shifted slightly
# sideways.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `replacement.run(trace, frames, policy)` replays a trace (policy `"fifo"`, `"lru"`,
# `"clock"`, `"random"` or `"opt"`); `figures_replacement.anomaly_frame()` is the chart's table.
# ````
#
# On Belady's example FIFO and CLOCK both show the anomaly; LRU and OPT never can. The
# reason is a property {cite:t}`mattson1970evaluation` called the *inclusion property*:
# under LRU the pages resident in a memory of $C$ frames are always the $C$ most recently
# used pages, so they are also resident in any larger memory. A policy with this property
# is a *stack algorithm*, and for a stack algorithm a larger memory can only turn misses
# into hits. FIFO's contents depend on load times instead, and CLOCK's on where the hand
# happens to be, so a larger memory can hold a different set of pages rather than a
# larger one.
#
# The second trace shows LRU's weak spot. A program that loops over five pages with four
# frames always evicts exactly the page it is about to need, so LRU, FIFO and CLOCK miss
# on every reference, while random replacement, by sometimes keeping an old page, does
# better. Keep this trace in mind for the study's Java workload, whose *optthruput*
# garbage collector sweeps its whole heap: a cyclic scan is exactly the pattern that
# recency-based policies handle worst. The third trace works in three phases of three
# pages each. With three frames, FIFO, LRU, CLOCK and even OPT fault 9 times, three per
# phase, and nothing else; random replacement faults a little more, because it sometimes
# evicts a page of the current phase.
#
# ## One pass for every memory size: stack distances
#
# The inclusion property has a practical payoff. For each reference, count the *distinct
# other pages* referenced since the previous reference to the same page. Call it the
# reference's *stack distance* $d$; a first reference has none (shown as −1). An LRU memory
# of $C$ frames hits exactly when $0 \le d < C$, whatever $C$ is:

# %%
pd.DataFrame(
    {"page": BELADY, "stack distance": replacement.stack_distances(BELADY)},
    index=pd.RangeIndex(1, len(BELADY) + 1, name="reference"),
).T

# %% [markdown]
# So one pass over a trace gives the LRU misses for *every* memory size at once, the
# *miss-ratio curve* {cite:p}`mattson1970evaluation`:

# %%
# the miss ratio's column as the book names it
replacement.lru_miss_ratio_curve(BELADY).set_index("frames").round(3).rename(columns=names.QUANTITIES)

# %% [markdown]
# The 12 − 2 = 10 misses at 3 frames and the 8 at 4 frames match the anomaly chart. This is
# how memory sizing is done from a recorded trace: measure stack distances once, then read
# off the misses for any memory you might buy. It works for LRU only; FIFO and CLOCK must
# be simulated separately for each size.
#
# ## A formula instead of a simulation: the characteristic time
#
# Traces of real guests are long and not at hand, so the book's model describes a guest
# by how *often* each of its pages is referenced instead. Under the *independent reference
# model* (IRM), page $i$ is referenced at random moments at a rate of $\lambda_i$
# references per second, independently of everything else. Popularity is usually skewed:
# in a *Zipf* law with skew $\alpha$ the $r$-th most popular page has a rate proportional
# to $r^{-\alpha}$; $\alpha = 0$ means all pages are equally popular.
#
# {cite:t}`che2002hierarchical` made an observation about LRU memories holding many
# pages. A page that has just been referenced goes to the top of the LRU order and sinks
# as other pages are referenced; it is evicted once $C$ other distinct pages have been
# referenced. With many pages, that takes nearly the same time whichever page it is: call
# it the *characteristic time* $T$. A reference then hits if and only if the same page was
# referenced within the last $T$ seconds, which under the IRM has probability
#
# $$
# h_i = 1 - e^{-\lambda_i T}, \qquad \text{with } T \text{ chosen so that} \quad \sum_i h_i = C ,
# $$
#
# because on average the memory holds exactly $C$ pages, and a page is resident with the
# same probability that a reference to it hits. One equation, solved numerically for $T$,
# gives every page's hit probability, the hit ratio $\sum_i \lambda_i h_i / \sum_i \lambda_i$
# and the fault rate $\sum_i \lambda_i (1 - h_i)$. {cite:t}`fricker2012versatile` explain
# why the approximation is accurate even for memories of modest size: the time for $C$
# distinct other pages to be referenced is a sum of many nearly independent
# contributions, so it hardly varies.
#
# The same reasoning extends to other policies once you know how long a page stays
# resident each time it is loaded. If a stay lasts $S$ on average and the page then waits
# on average $1/\lambda$ for its next reference (and reload), it is resident for the
# fraction $h = \lambda S / (1 + \lambda S)$ of the time. A FIFO page stays exactly $T$,
# the time for $C$ loads to push it out; a randomly replaced page stays an exponentially
# distributed time of mean $T$. Both give $h = \lambda T / (1 + \lambda T)$
# {cite:p}`dan1990approximate,martina2014unified`. For CLOCK, let $T$ be the time the
# hand takes for one sweep. The bit set on loading buys one free sweep; after that the
# page survives each further sweep if it was referenced during the last one, which has
# probability $1 - e^{-\lambda T}$. The mean stay is $T(1 + e^{\lambda T})$, so
#
# $$
# h_{\text{CLOCK}} = \frac{\lambda T \,(1 + e^{\lambda T})}{1 + \lambda T\,(1 + e^{\lambda T})} .
# $$
#
# This CLOCK formula is our own derivation in the same style, not a published result; the
# figures below check it against the trace simulator. {cite:t}`martina2014unified` also
# treat references that are not Poisson (*renewal* references): under LRU a page then hits
# with the probability that its gap between references is shorter than $T$. A page
# scanned cyclically with period $\tau$ therefore hits always if $\tau < T$ and never
# otherwise, the loop trace above in the limit.
#
# How hot must a page be to stay? The chart plots each policy's $h$ against $\lambda T$,
# the number of references the page expects within one characteristic time.

# %% tags=["remove-input"]
figures_replacement.hit_shape_chart()

# %% [markdown]
# ```{container} oc-caption
# **Figure: hit probability of one page.** $h$ as a function of $\lambda T$ for LRU,
# CLOCK and FIFO (random replacement has the same formula as FIFO).
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.replacement.hit_probabilities(rates, T, policy)` gives $h$ for each page.
# ````
#
# LRU and CLOCK separate hot pages from cold ones sharply: a page referenced several times
# per characteristic time is almost surely resident, one referenced a tenth as often
# almost surely not. FIFO and random separate them gently: they waste frames on cold
# pages and lose hot ones, so with the same memory they fault more. Note that $T$ does not
# mean the same thing for each policy (time since the last reference, time since loading,
# time per sweep), so characteristic times of different policies cannot be compared
# directly; hit ratios can.
#
# ### How good is the approximation?
#
# The test is a Zipf trace of 20,000 references over 400 pages. Each policy is simulated
# at 14 memory sizes, with the first 4,000 references left uncounted so that the
# compulsory misses of the empty start do not distort the steady state the formula
# describes.
#
# (fig-che-agreement)=

# %% tags=["remove-input"]
curves = figures_replacement.policy_curves()
figures_replacement.agreement_chart(curves, alpha=0.8)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the trace simulator against the characteristic-time approximation.** Hit
# ratio of an independent-reference trace with Zipf skew 0.8 over 400 pages, seeded;
# points from the trace simulator, lines from the approximation; below, their difference.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_replacement.policy_curves()` holds both: the points from `replacement.run`, the
# lines from `replacement.che(rates, frames, policy)`.
# ````
#
# The points sit on the lines of {numref}`fig-che-agreement`. Over the whole grid of skews
# from 0 to 1.4 the largest differences are:

# %% tags=["remove-input"]
errors = figures_replacement.approximation_errors(curves)
summary = errors.assign(abs_error=errors["error"].abs()).groupby("policy", sort=False).agg(
    comparisons=("abs_error", "size"),
    largest=("abs_error", "max"),
    mean=("abs_error", "mean"),
    above_001=("abs_error", lambda e: int((e > 0.01).sum())),
).round(4)
summary.columns = ["comparisons", "largest |error| (hit ratio)", "mean |error| (hit ratio)",
                   "comparisons above 0.01"]
summary

# %% [markdown]
# The few differences above 0.01 are all at 4 or 8 frames with skew 1.2 or 1.4, where a
# handful of very hot pages decides everything and "many pages" no longer holds; part of
# every difference is also sampling noise, about 0.004 for 16,000 counted references.
# The chart below lets you look at any policy and skew; it also shows OPT, to show how far
# every real policy stays from the optimum.

# %% tags=["remove-input"]
figures_replacement.mrc_chart(curves, policy="CLOCK", alpha=0.8)

# %% [markdown]
# ```{container} oc-caption
# **Figure: miss-ratio curves for any policy and skew.** The drop-down picks the policy,
# the slider the Zipf skew α (0 to 1.4 in steps of 0.2). Same traces and simulations as
# the previous figure, precomputed for every skew.
# ```
#
# With $\alpha = 0$ every policy has a straight miss-ratio curve: all pages are equally
# popular, any $C$ of them are as good as any other, and the hit ratio is simply
# $C / 400$. As the skew grows the curves bend: a few frames catch most references, and
# the policy's skill at keeping the hot pages starts to matter.
#
# To try other settings, run the explorer below in Jupyter. It builds a fresh trace for
# the skew, number of pages and policy you choose (25 references per page), simulates it
# at a dozen memory sizes and compares the result with the approximation.

# %% tags=["remove-input"]
explorer(
    figures_replacement.explore_policy,
    adds="A fresh trace for any skew, page count and policy, simulated at a dozen memory sizes beside the approximation.",
    alpha=widgets.FloatSlider(value=0.8, min=0.0, max=2.0, step=0.1, description="skew α"),
    pages=widgets.IntSlider(value=400, min=20, max=2000, step=20, description="pages"),
    frames=widgets.IntSlider(value=100, min=1, max=2000, description="frames"),
    policy=widgets.Dropdown(
        options=[("CLOCK", "clock"), ("LRU", "lru"), ("FIFO", "fifo"), ("random", "random"),
                 ("OPT", "opt")],
        value="clock", description="policy",
    ),
)

# %% [markdown]
# ```{container} oc-caption
# **Live explorer: simulate any setting.** Miss ratio of the chosen policy (simulated and,
# except for OPT, approximated) and of OPT, on a fresh independent-reference Zipf trace;
# the dashed rule marks the chosen number of frames. More frames than pages is rejected
# with a message.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.replacement.irm_trace(...)` builds such a trace;
# `figures_replacement.explore_policy(0.8, 400, 100, "clock")` draws the chart.
# ````
#
# ## Many guests, one memory
#
# A hypervisor can replace pages in two ways. *Local* replacement gives each guest its own
# allotment of frames and takes a victim from the faulting guest. *Global* replacement puts
# all frames in one pool and picks the victim among every guest's pages, with the same rule
# for all. Under global replacement there is only one characteristic time: the hand of a
# global CLOCK sweeps every guest's frames at the same pace. Guest $g$ then holds
#
# $$
# R_g = \sum_{i \in g} h_i(T) \quad \text{frames and faults at the rate} \quad F_g = \sum_{i \in g} \lambda_i \bigl(1 - h_i(T)\bigr),
# $$
#
# with $T$ solving $\sum_g R_g = C$. A guest's memory is not set by its size, nor by what
# it was promised, but by how many of its pages are referenced often enough to survive
# $T$. This is an old idea seen from a new side. {cite:t}`denning1968working` defined a
# program's *working set* as the pages it referenced in the last $\tau$ seconds; under the
# IRM its mean size is $\sum_i (1 - e^{-\lambda_i \tau})$, the left-hand side of Che's
# equation. {cite:t}`fagin1977asymptotic` showed that global LRU behaves like a
# working-set policy whose window is chosen so that the working sets just fill memory.
#
# Three made-up guests share 300 frames under global CLOCK. The simulation replays their
# merged references through the same simulator as above, which knows nothing about guests,
# and counts whose pages are resident; the approximation solves the equation above. The
# last column splits the same 300 frames in proportion to each guest's size instead.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `replacement.shared_memory([rates_a, rates_b, rates_c], 300, "clock")` is the
# approximation; `figures_replacement.shared_memory_check()` is the table below.
# ````

# %% tags=["remove-input"]
figures_replacement.shared_memory_check()

# %% [markdown]
# The small hot guest A holds three quarters of its pages and the large cold guest C a
# twentieth of its own, and simulation and approximation agree to a frame or two. Split by
# size, the memory would serve C better and A far worse; taken together the guests would
# hit much less often. Global replacement spends memory where references are, which is
# why a hypervisor can overcommit at all.
#
# ### Not one clock for all: each guest's own reclaim time
#
# z/VM does not sweep one list of all frames. It keeps a list of frames per guest and,
# when it needs frames, visits the guests in turn and takes some from each. How many it
# takes per visit decides how fast each guest's frames turn over. If every visit takes a
# number of frames that grows like $S_g^{1-\beta}$ with the guest's size $S_g$, the hand
# goes round guest $g$'s frames once every $S_g / S_g^{1-\beta} \propto S_g^{\beta}$, so
# guest $g$'s pages age for their own time
#
# $$
# T_g = w_g\, T, \qquad w_g = \left(\frac{S_g}{S_\text{ref}}\right)^{\beta},
# $$
#
# and the same capacity equation $\sum_g \sum_{i\in g} h(\lambda_i w_g T) = C$ fixes the
# global $T$. $\beta = 0$ takes frames in proportion to size: one global clock, as above.
# $\beta = 1$ takes the same number from every guest, so a small guest's frames turn over
# fastest. The same three guests, with their sizes in pages as $S_g$:
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `replacement.reclaim_weights(sizes, beta)` computes $w_g$, and
# `replacement.shared_memory(..., weights=w)` takes them.
# ````

# %% tags=["remove-input"]
figures_replacement.reclaim_demo()

# %% [markdown]
# The larger $\beta$, the more the small hot guest A loses to the large guests, even though
# its pages are referenced most often. This is a modelling assumption, not something the
# simulator above checks: we have not simulated z/VM's visiting order. Which $\beta$ the
# study's host behaved like is fitted to the paper's memory figures together with $T$
# ({doc}`model_method`).
#
# ### The model at `64/20`
#
# The book's model applies exactly this to the study. Each guest's touched memory is
# described by a few classes of pages, each of size $S_c$ and reference rate $\lambda_c$
# (a Zipf-like popularity, chosen and partly fitted to match the paper's memory figures),
# plus a small *hot core* (the kernel and the code that runs all the time) that is
# referenced about once a second per page. With the fitted exponent
# $\beta =$ {glue:text}`replacement-beta`, the global time solves
# $\sum_c S_c\, h(\lambda_c w_g T) = \text{DPA}$, with CLOCK's $h$ for z/VM 6.3. The
# chart shows the result for the study's 20-CPU configurations.

# %% tags=["remove-cell"]
# the paper's database at 64/20 (caption, prose, the global-vs-split exercise), by record id
obs_all = oc.data.observations().set_index("id")["value"]
glue("replacement-p-db-resident", f"{float(obs_all['o000-db-resident']):,.0f}", display=False)
glue("replacement-p-db-resident-gib", f"{float(obs_all['o000-db-resident']) / 1024:.0f}", display=False)
glue("replacement-p-db-dpa", f"{float(obs_all['o000-db-dpa-share']):g} %", display=False)
glue("replacement-p-db-vmem", f"{float(obs_all['o000-db-vmem']):g}", display=False)
glue("replacement-p-db-used", f"{float(obs_all['o000-db-used']):g}", display=False)
# the WebSphere stacking report's rough reorder cost (seconds per 8 GB resident)
glue("ibm-reorder-s-8gb", f"{float(obs_all['o003-t1-reorder-cost']):g}", display=False)
# the two releases at 64/20, from the runs the release table shows
for name, text in figures_replacement.release_texts("64/20").items():
    glue(name, text, display=False)

# %% tags=["remove-input"]
dpa = figures_replacement.dpa_frame()
figures_replacement.dpa_chart(dpa, "64/20")

# %% [markdown]
# ```{container} oc-caption
# **Figure: who holds the DPA.** Instantiated (green) and resident (blue) memory per
# workload in the overcommit model (z/VM 6.3, EDEV-SCSI paging), with each
# workload's share of the DPA; the drop-down picks the CID. The black tick is the database's
# resident memory measured at `64/20`, {glue:text}`replacement-p-db-resident` MiB or
# {glue:text}`replacement-p-db-dpa` of the DPA {cite:p}`johanssen2014overcommit`.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_replacement.dpa_frame()` is the chart's table, from the columns
# `instantiated_mib` and `resident_mib` of `oc.simulate(cid).guests`.
# ````

# %% tags=["remove-cell"]
run64 = oc.simulate("64/20")
T64 = float(run64.system["characteristic_time_s"])
db64 = run64.guests.loc["db-bi"]
glue("replacement-T64", T64, display=False)
# the model exercise's solution and the z/VM 6.2 comparison, from the runs they describe
for cid in ("64/20", "96/20", "112/20"):
    r = oc.simulate(cid)
    tag = cid.split("/")[0]
    glue(f"replacement-ex-T-{tag}", f"{r.system['characteristic_time_s']:,.0f}", display=False)
    glue(f"replacement-ex-dpa-{tag}", f"{r.system['dpa_mib'] / 1024:.0f}", display=False)
    glue(f"replacement-ex-db-{tag}", f"{100 * r.guests.loc['db-bi', 'resident_mib'] / r.system['dpa_mib']:.0f} %",
         display=False)
    if tag == "112":
        glue("replacement-ex-T-112-min", f"{r.system['characteristic_time_s'] / 60:.0f}", display=False)
glue("zvm62-read-ratio", f"{figures_replacement.zvm62_read_ratio():.1f}", display=False)
glue("replacement-T64-min", T64 / 60, display=False)
glue("replacement-db-share", float(100 * db64["resident_mib"] / run64.system["dpa_mib"]), display=False)
glue("replacement-db-kept", float(100 * db64["resident_mib"] / db64["instantiated_mib"]), display=False)
glue("replacement-db-resident", float(db64["resident_mib"]), display=False)
glue("replacement-db-pr", f"{db64['page_read_mib_s']:.1f}", display=False)
glue("replacement-p-db-pr", f"{float(obs_all['o000-db-pr']):.1f}", display=False)
swept_db = model_texts.glue_swept_database()
# the prose: random references could read only a fraction of what the swept database reads,
# and that is still no more than the paper's rate; the Java guests keep most of their heaps
assert float(swept_db["model-db-random-limit"]) < db64["page_read_mib_s"] <= float(obs_all["o000-db-pr"])
assert float(swept_db["model-db-k"]) > 1
assert all(run64.guests.loc[j, "resident_mib"] > 0.5 * run64.guests.loc[j, "instantiated_mib"]
           for j in ("java-medium", "java-high"))
beta = oc.model.environment("zvm63-edev").reclaim_exponent
weight = {g.name: float(replacement.reclaim_weights([g.touched_mib], beta)[0]) for g in oc.study_guests()}
glue("replacement-beta", f"{beta:g}", display=False)
glue("replacement-T-db", T64 * weight["db-bi"], display=False)
glue("replacement-T-ihs", T64 * weight["was-medium-ihs"], display=False)
obs = oc.data.observations(["observations_000.csv"]).set_index("id")["value"]
glue("replacement-jm-rho", float(obs["o000-jm-res-frac"]), display=False)
glue("replacement-jh-rho", float(obs["o000-jh-res-frac"]), display=False)
glue("replacement-jm-p", float(obs["o000-jm-pin-frac"]), display=False)
glue("replacement-jh-p", float(obs["o000-jh-pin-frac"]), display=False)
java_times = figures_replacement.java_reclaim_times()
glue("replacement-jT-m1", float(java_times.iloc[0]["T, Java medium (s)"]), display=False)
glue("replacement-jT-h1", float(java_times.iloc[0]["T, Java high (s)"]), display=False)
glue("replacement-jT-r1", float(java_times.iloc[0]["medium / high"]), display=False)
glue("replacement-jT-rmax", float(java_times.iloc[-1]["medium / high"]), display=False)
# the database's hot set, and what it does on small hosts (the prose's claims asserted)
db_guest = next(g for g in oc.study_guests() if g.name == "db-bi")
glue("replacement-hot-gib", f"{db_guest.hot_set_mib / 1024:g}", display=False)
glue("replacement-hot-rate", f"{db_guest.hot_set_rate_per_s:.2f}", display=False)
hot_runs = {cid: oc.simulate(cid) for cid in ("24/20", "16/20")}
cold16 = oc.simulate("16/20", mechanisms=oc.Mechanisms(hot_set=False))
x_db = {cid: float(r.workloads.loc["db-bi", "relative_throughput"]) for cid, r in hot_runs.items()}
glue("replacement-hot-x-24", f"{x_db['24/20']:.2f}", display=False)
glue("replacement-hot-x-16", f"{x_db['16/20']:.2f}", display=False)
glue("replacement-hot-pr-16", f"{hot_runs['16/20'].guests.loc['db-bi', 'page_read_mib_s']:.0f}", display=False)
glue("replacement-cold-x-16", f"{cold16.workloads.loc['db-bi', 'relative_throughput']:.2f}", display=False)
assert db_guest.hot_set_mib < db64["resident_mib"]  # resident at 64/20
assert x_db["16/20"] < 0.5 * x_db["24/20"] and cold16.workloads.loc["db-bi", "relative_throughput"] > 2 * x_db["16/20"]

# %% [markdown]
# At `64/20` the model's global characteristic time is
# {glue:text}`replacement-T64:.0f` seconds (about {glue:text}`replacement-T64-min:.1f`
# minutes) for a 4 GiB guest; the database's pages age for
# {glue:text}`replacement-T-db:,.0f` seconds, a web server's (IHS, about half a GiB) for
# only {glue:text}`replacement-T-ihs:.0f`. A page must be referenced about that often to
# stay. The database keeps
# {glue:text}`replacement-db-resident:,.0f` MiB resident,
# {glue:text}`replacement-db-share:.0f` % of the DPA (the paper measured {glue:text}`replacement-p-db-dpa`), yet only
# {glue:text}`replacement-db-kept:.0f` % of its own instantiated memory. Nobody gave it
# that share directly: it is the largest guest, so its pages age longest, and enough of its
# buffer pages are referenced within that time. The direct-I/O file-system guests show the other side. Their few
# buffers are used all the time, while most of what they once touched is never referenced
# again and goes to the paging devices, so they keep only a few per cent of their memory
# and still barely page, as the paper observed. The Java guests keep most of their heaps,
# since their collector touches nearly every heap page within their $T_g$. From
# `128/20` on, everything the guests touch fits; no page is taken and $T$ is infinite.
#
# ### Pages touched like clockwork
#
# Every formula so far assumes random references: a page's next touch is as likely in the
# next second as in any other. A garbage-collected heap is not like that. The allocator
# runs through the heap and each collection marks and moves what is live, so a heap page
# is touched about once per collection cycle, like a page of the loop trace earlier in
# this chapter. Model the gaps between touches as Erlang-$k$ intervals with mean
# $1/\lambda$: $k = 1$ is the random case, a large $k$ a clock. A page stays while its
# next touch comes within $T$ of the last, so with $y = \lambda T$
#
# $$
# m = P(X > T) = Q(k, ky), \qquad \rho = \lambda\, E[\min(X, T)] = y\,Q(k, ky) + P(k+1, ky),
# $$
#
# where $m$ is the share of touches that fault, $\rho$ the share of time the page is
# resident and $P$, $Q$ the regularised incomplete gamma functions (for $k = 1$ it is the
# LRU formula above). This is the
# characteristic-time approximation for references that form a renewal process
# {cite:p}`martina2014unified`. A page
# touched like clockwork is either always resident (its interval is shorter than $T$) or
# faults at almost every touch, so at the same residency it faults far more often than a
# random one.
#
# That looked like the way to reconcile the paper's Java figures at `64/20`. The medium
# Java guest kept {glue:text}`replacement-jm-rho:.0f` % of its memory resident and paged
# in {glue:text}`replacement-jm-p:.2f` % of it per second; the high one kept
# {glue:text}`replacement-jh-rho:.0f` % and paged in {glue:text}`replacement-jh-p:.1f` %
# {cite:p}`johanssen2014overcommit`. The table gives the reclaim time $T$ each pair
# implies for several $k$.

# %% tags=["remove-input"]
Markdown(figures_replacement.java_reclaim_times().reset_index().to_markdown(index=False, floatfmt=("", ".0f", ".0f", ".2f")))

# %% [markdown]
# The two guests have the same heap size, so any reclaim time that depends on size gives
# them the same $T$. With random references the medium guest needs
# {glue:text}`replacement-jT-m1:.0f` s and the high one {glue:text}`replacement-jT-h1:.0f`
# s, a ratio of {glue:text}`replacement-jT-r1:.2f`; the more regular the references, the
# further apart they get ({glue:text}`replacement-jT-rmax:.2f` at $k = 100$). We built
# the regular pages into the model, gave the Java and WebSphere heaps
# $k = 10$ and refitted: the fit got worse and the model read fewer pages at `64/20`, so
# the Java and WebSphere heaps are referenced at random ($k = 1$); {doc}`model_method`
# says what that refit did. What the paper's pair does say is that the high level's heap
# pages were stolen about twice as fast as the medium level's, which no rule based on
# size alone can give.
#
# The database is where regular references do help. A BI query scans large parts of its
# tables, so a page of the buffer cache is touched once per scan of the table it belongs to,
# not at random moments. At `64/20` the paper's database kept about half of its memory
# resident and still read back {glue:text}`replacement-p-db-pr` MiB/s. At the reclaim time
# its pages get in the model, random references that keep no more resident read at most
# about {glue:text}`model-db-random-limit` MiB/s, so the model marks the database's
# memory as swept (a regularity above 1 in the book's table of guest behaviour) and lets the
# calibration choose how regular the sweeps are, pulled towards random ($k = 1$). It chose
# $k$ = {glue:text}`model-db-k`, and the database reads
# {glue:text}`replacement-db-pr` MiB/s at `64/20`. No other guest is marked swept.
#
# ### What `64/20` cannot show: a hot set
#
# A page that stays resident never faults, whatever its rate: at `64/20` a page touched
# every few seconds and one touched every few minutes look the same. So the fit cannot tell
# how hot the memory it keeps is, and a model fitted there alone could treat all of it as
# lukewarm. Then a host a fraction of the guests' size would cost little, because what it
# evicts is hardly ever wanted again. The paper's words point the other way: the most
# important pages of the database were kept in real memory {cite:p}`johanssen2014overcommit`.
# The model gives the database a *hot set*, {glue:text}`replacement-hot-gib` GiB that every
# query touches once (an assumption: a quarter of the SGA the database used). Each of its
# pages is then referenced as often as the users' queries complete,
# {glue:text}`replacement-hot-rate` times a second at the reference throughput
# (`workloads.hot_set_rate`): resident while the host can hold it, faulting at that rate as
# soon as it cannot. At `64/20` it is resident and changes little; at `24/20` the database runs at
# {glue:text}`replacement-hot-x-24`; at `16/20` its hot set no longer fits, it reads
# {glue:text}`replacement-hot-pr-16` MiB/s and runs at {glue:text}`replacement-hot-x-16`
# of its reference ({glue:text}`replacement-cold-x-16` without the hot set).
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `oc.simulate("16/20").guests.loc["db-bi"]` and the same with
# `mechanisms=oc.Mechanisms(hot_set=False)`; the hot set's size and rate are the database
# guest's `hot_set_mib` and `hot_set_rate_per_s` in `oc.study_guests()`.
# ````
#
# Every page this replacement evicts and a guest touches again is a fault, and every fault
# is a wait: the part *stalled on paging* in where a workload's time goes
# ({ref}`where-the-time-goes`), which the results chapters chart for every host.
#
# ## From demand scan to a global aging list
#
# The study compared z/VM 6.3 with z/VM 6.2, and the two releases find frames in very
# different ways.
#
# **Up to z/VM 6.2.** CP keeps a list of the frames each guest owns. A report on WebSphere
# guests under z/VM 6.1 {cite:p}`ibm2012jvmstacking` describes the two functions that
# manage these per-guest lists: *demand scan*, which starts mostly when CP runs short of
# available frames and takes frames from guests, and *page reorder*, which runs
# independently of the shortage, more often as paging to disk increases, and works
# through the hardware reference bits of one guest's resident pages. While reorder
# processes a guest, that guest is stopped, all its virtual CPUs, for roughly
# {glue:text}`ibm-reorder-s-8gb` s per 8 GB of resident memory. Pages taken from a guest could first be moved to
# {term}`expanded storage <expanded storage>` ({term}`XSTOR`), a slower second tier of
# memory, and from there to the paging disks; in an earlier IBM study on z/VM 5.2 the
# traffic from memory to XSTOR was the largest page movement, closely followed by XSTOR to
# disk {cite:p}`ibm2006zvm52scaling`. The documentation for z/VM 6.2 recommended
# expanded storage, so the study's 6.2 runs set 2 GiB of their memory aside as XSTOR
# {cite:p}`johanssen2014overcommit`.
#
# **z/VM 6.3.** The paper describes 6.3's memory management as completely redesigned (it
# names the new *Large Memory Support*) and refers to IBM's planning manual for details
# {cite:p}`johanssen2014overcommit`. In general terms, IBM's *CP Planning and
# Administration* {cite:p}`ibm2013zvmcpplanning` and *Performance*
# {cite:p}`ibm2013zvmperformance` manuals for z/VM 6.3 describe one system-wide *global
# aging list*: frames of all guests are aged together rather than guest by guest; a page
# referenced again while it ages is given back to its guest, a page that reaches the end
# of the list unreferenced is paged out; and the per-guest reorder pass is gone. Expanded
# storage is no longer recommended, and the study's 6.3 runs had none.
#
# **In the model.** A global list with a second chance for referenced pages is CLOCK with
# one hand for the whole machine, so z/VM 6.3 is modelled as global CLOCK with one
# characteristic time. Up to z/VM 6.2 frames are taken guest by guest from per-guest
# lists, and the reference bits are examined by a separate reorder pass, so a page's
# recent use protects it less well than under CLOCK; the model therefore treats z/VM 6.2
# as FIFO-like. That is our simplification, not IBM's description. Its 2 GiB of XSTOR is a second tier
# behind the DPA (a reference hits XSTOR if its page would still
# be resident in a memory of DPA + XSTOR frames but not in the DPA alone), and each guest
# is stopped for reorder once per turnover of its resident pages. The table puts the two
# releases side by side at `64/20`.

# %% tags=["remove-input"]
figures_replacement.release_table("64/20")

# %% [markdown]
# With a flatter hit curve, z/VM 6.2 in the model keeps more cold pages and loses more hot
# ones, and reads about {glue:text}`zvm62-read-ratio` times as much from the paging devices; the 2 GiB of expanded
# storage is too small, next to a DPA {glue:text}`release-dpa-xstor` times larger, to change that much. The paper
# saw the same direction, much more steeply: page-read rates on 6.2 rose far faster than
# on 6.3 as memory shrank, expanded storage did not make up the difference, and most of
# the failed runs were 6.2 runs {cite:p}`johanssen2014overcommit`. The model's 6.2
# failure at `64/20` is the database, whose reorder stops of about
# {glue:text}`release-reorder-s` s outlast the {glue:text}`release-pause-limit-s` s its
# clients wait; in the paper it was mostly the WebSphere workload that failed on
# HTTP errors. z/VM 6.2's characteristic time is {glue:text}`release-T-ratio` times
# 6.3's, but as noted above a FIFO $T$ and a CLOCK $T$ measure different things.

# %% tags=["remove-cell"]
ex = exercises.generate("replacement", seed=1)
glue("replacement-q", Markdown(ex.question), display=False)
glue("replacement-a", Markdown(ex.solution), display=False)

# %% [markdown]
# ## Exercises
#
# :::{exercise}
# :label: replacement-ex-seeded
# :class: oc-where-browser
#
# ```{glue:md} replacement-q
# :format: myst
# ```
#
# This is the question for seed 1. Type another seed in the box to get another question
# and check your answer there.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("replacement", seed=...)` gives the question and
# `exercises.check("replacement", seed=..., answer=[faults, page, ...])` checks an answer, after
# `from overcommit import exercises`.
# ````
#
# <div class="oc-selfcheck" data-topic="replacement" data-seed="1"></div>
# :::
#
# :::{solution} replacement-ex-seeded
# :class: dropdown
#
# ```{glue:md} replacement-a
# :format: myst
# ```
# :::


# %% [markdown]
# :::{exercise}
# :label: replacement-ex-stack
# :class: oc-where-jupyter
#
# Count CLOCK's misses on Belady's trace with 3 and 4 frames. Then explain, without
# simulating, why no trace can make LRU fault more with 4 frames than with 3.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `replacement.run(BELADY, frames, "clock")` replays the trace.
# ````
# :::
#
# :::{solution} replacement-ex-stack
# :class: dropdown
#
# ```python
# [replacement.run(BELADY, c, "clock").misses for c in (3, 4)]   # [9, 10]
# ```
#
# CLOCK shows the anomaly too. For LRU, suppose after some prefix of the trace the
# 3-frame memory holds the 3 most recently used pages and the 4-frame memory the 4 most
# recently used ones; then the first set is contained in the second. A reference that hits
# in the 3-frame memory therefore also hits in the 4-frame memory, and after it both
# memories again hold the 3 and 4 most recently used pages. By induction over the trace,
# the larger memory hits at least every time the smaller one does. Equivalently, a
# reference hits in a memory of $C$ frames exactly when its stack distance is below $C$,
# and a larger $C$ can only admit more references.
# :::
#
# :::{exercise}
# :label: replacement-ex-uniform
# :class: oc-where-jupyter
#
# A guest has 1,000 pages, each referenced once per second on average (uniform
# popularity, $\alpha = 0$), and 500 frames. Solve the characteristic-time equation by hand
# for LRU and FIFO, and numerically for CLOCK. What hit ratio does each policy give? Why do
# the characteristic times differ when the hit ratios do not?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `replacement.characteristic_time(np.ones(1000), 500, "clock")` solves it for CLOCK.
# ````
# :::
#
# :::{solution} replacement-ex-uniform
# :class: dropdown
#
# With equal rates every page has the same $h$, and $\sum_i h_i = 500$ gives $h = 0.5$
# for every policy. LRU: $1 - e^{-T} = 0.5$, so $T = \ln 2 \approx 0.69$ s. FIFO:
# $T / (1 + T) = 0.5$, so $T = 1$ s. CLOCK: $T(1 + e^{T}) = 1$, so $T \approx 0.40$ s.
# The hit ratio is $\sum \lambda h / \sum \lambda = 0.5 = C/N$ for all three; only OPT,
# which knows the future, does better. $T$ measures a
# different thing for each policy: how long after its last reference an LRU page leaves,
# how long after loading a FIFO page leaves, how long one CLOCK sweep takes (and a page
# stays at least one sweep, often two). Equal memory with equal popularity must give equal
# hit ratios; the times it takes to get there differ.
# :::
#
# :::{exercise}
# :label: replacement-ex-global
# :class: oc-where-jupyter
#
# Guest A has 200 pages that receive together 0.9 references per second, guest B 2,000
# pages that receive 0.1 per second, each with uniform popularity. They share 600 frames.
# Compute the total fault rate (a) under global LRU, and (b) when the frames are split in
# proportion to the guests' sizes, each part run as its own LRU memory. What does this say
# about giving guests memory in proportion to their defined size?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `replacement.shared_memory([A, B], 600, "lru")` is (a); `replacement.che(rates, frames, "lru")`
# for each part is (b).
# ````
# :::
#
# :::{solution} replacement-ex-global
# :class: dropdown
#
# ```python
# A, B = np.full(200, 0.9 / 200), np.full(2000, 0.1 / 2000)
# s = replacement.shared_memory([A, B], 600, "lru")
# s.resident, s.fault_rate.sum()          # about [200, 400] frames, 0.080 faults/s
# a = replacement.che(A, 600 * 200 / 2200, "lru")
# b = replacement.che(B, 600 * 2000 / 2200, "lru")
# a.miss_rate + b.miss_rate               # about 0.655 + 0.073 = 0.727 faults/s
# ```
#
# Globally, A's pages are so much hotter that all 200 of them stay (A takes no faults
# once warm) and B gets the other 400 frames, so the only faults are B's:
# 0.1 × (1 − 400/2000) = 0.08 per second. Split by size, A gets only 54.5 frames and misses
# on about 73 % of its 0.9 references per second; the total fault rate is about nine times
# higher. Size, and defined size even more so, says little about need: the database guest
# in the study was defined with {glue:text}`replacement-p-db-vmem` GiB, used about
# {glue:text}`replacement-p-db-used` GiB, and at `64/20` kept about
# {glue:text}`replacement-p-db-resident-gib` GiB resident {cite:p}`johanssen2014overcommit`.
# :::
#
# :::{exercise}
# :label: replacement-ex-model
# :class: oc-where-jupyter
#
# Run the model for `64/20`, `96/20` and `112/20` and read its characteristic time $T$
# and the database guest's resident memory. How do $T$ and the database's share of the DPA
# change as memory grows, and why does $T$ grow much faster than the DPA?
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `r = oc.simulate(cid)`; then `r.system["characteristic_time_s"]` is $T$ and
# `r.guests.loc["db-bi", "resident_mib"]` the database's resident memory.
# ````
# :::
#
# :::{solution} replacement-ex-model
# :class: dropdown
#
# ```python
# for cid in ("64/20", "96/20", "112/20"):
#     r = oc.simulate(cid)
#     print(cid, round(r.system["characteristic_time_s"]),
#           round(r.guests.loc["db-bi", "resident_mib"] / r.system["dpa_mib"], 3))
# ```
#
# $T$ rises from about {glue:text}`replacement-ex-T-64` s to {glue:text}`replacement-ex-T-96` s
# and {glue:text}`replacement-ex-T-112` s, while the DPA grows only from
# {glue:text}`replacement-ex-dpa-64` to {glue:text}`replacement-ex-dpa-112` GiB; the database's
# share of the DPA stays near two thirds ({glue:text}`replacement-ex-db-64`,
# {glue:text}`replacement-ex-db-96`, {glue:text}`replacement-ex-db-112`). The
# pages that the smaller DPA could not hold are the rarely referenced ones. To make room
# for them, the hand has to slow down until pages referenced only every
# {glue:text}`replacement-ex-T-112-min` minutes or so survive a sweep, and each extra GiB adds fewer and fewer pages that are referenced
# at all. So $T$ grows much faster than memory. Once everything touched fits (`128/20`),
# $T$ is infinite.
# :::
