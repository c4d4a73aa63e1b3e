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
# # How good is the model?
#
# Every chapter so far has drawn the model's numbers beside the paper's. This one adds them
# up. Each of the paper's written findings that can be checked against numbers (a workload
# that fails, a throughput that rises, a paging rate) is restated as a *claim* with a
# pass/fail rule and evaluated on the model, over the paper's grid of configurations and the
# three environments.
#
# The chapter keeps apart what the model was *fitted to* from what it *predicts*. The
# memory behaviour of each guest (which share of its pages is active, how often they are
# referenced, how skewed their popularity is) and how much of a Java page-fault stall blocks
# a virtual CPU were fitted to a declared subset of the paper's numbers for one
# configuration, CID 64/20 on z/VM 6.3 with EDEV-SCSI paging. A claim that compares with one
# of those numbers is a *calibration* claim and tells only that the fit worked; every other
# claim is a *validation* claim, a test of the model.
#
# This chapter gives the verdicts: which findings the model reproduces, which it misses, and
# why. How the model was fitted, where the fit moved each parameter, how much a verdict
# depends on it, and how the paper's numbers for 64/20 compare with the model's are in the
# appendix {doc}`model_method`. The paper is {cite:t}`johanssen2014overcommit`; its findings
# are paraphrased, with the section each comes from.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.validation.evaluate()` evaluates every claim (one row each, with the columns
# `id`, `kind`, `paper`, `model` and `passed`); `validation.summary()` counts them, and
# `overcommit.names.claim(id)` gives the number this chapter shows ("Claim 12"). The claims
# and their rules are in `overcommit.validation`, the grading rule in `overcommit.claims`.
# ````

# %% tags=["remove-cell"]
from dataclasses import replace

import pandas as pd
from IPython.display import Markdown
from overcommit.book import glue, model_texts, reference

import overcommit as oc
from overcommit import calibrate, data, names, validation
from overcommit import claims as claim_rules
from overcommit import exercises
from overcommit.book import figures_validation
from overcommit.book.explore import explorer, host_controls

pd.set_option("display.max_colwidth", 200)
claims = figures_validation.claims_frame()
valid = claims[claims["kind"] == "validation"]
calib = claims[claims["kind"] == "calibration"]
model_texts.glue_claims()  # c-<id> ("Claim 12"), vm-n-claims, vm-n-valid, vm-n-valid-pass
glue("vm-n-calib", str(len(calib)), display=False)
glue("vm-n-calib-pass", str(int(calib["passed"].sum())), display=False)
by_group = valid.groupby("group", sort=False)["passed"].agg(["sum", "size"])
perfect = [g for g, r in by_group.iterrows() if r["sum"] == r["size"]]
assert perfect, "the prose names the topics whose every claim passes"
glue("vm-perfect-sentence",
     f"Every claim about {perfect[0]} passes" if len(perfect) == 1 else
     "Every claim passes about " + ", ".join(perfect[:-1]) + f" and {perfect[-1]}", display=False)
# the weakest topic: the smallest share of its claims passed
weak = (by_group["sum"] / by_group["size"]).idxmin()
assert (by_group["sum"] / by_group["size"]).nsmallest(2).is_unique, "one weakest topic"
glue("vm-weak-group", weak, display=False)
n_weak, size_weak = int(by_group.loc[weak, "sum"]), int(by_group.loc[weak, "size"])
glue("vm-weak-count", f"none of its {size_weak} claims passes" if n_weak == 0 else
     f"{n_weak} of its {size_weak} claims pass", display=False)
# the grading rule (overcommit.claims) and the counts it gives (validation.summary)
summary = validation.summary()
assert (summary["validation"], summary["validation_passed"]) == (len(valid), int(valid["passed"].sum()))
assert (summary["calibration"], summary["calibration_passed"]) == (len(calib), int(calib["passed"].sum()))
glue("vm-rule-points", f"{100 * claim_rules.DIRECTION_MIN:g} points", display=False)
glue("vm-rule-pct", f"{100 * claim_rules.DIRECTION_MIN:g} %", display=False)
glue("vm-rule-about", f"±{100 * claim_rules.ABOUT:g} %", display=False)
glue("vm-sum-valid", str(summary["validation"]), display=False)
glue("vm-sum-valid-pass", str(summary["validation_passed"]), display=False)
glue("vm-sum-calib", str(summary["calibration"]), display=False)
glue("vm-sum-calib-pass", str(summary["calibration_passed"]), display=False)
# the claims written first, and the ones written later to cover the rest of the paper's
# findings (figures_validation.LATER_CLAIMS), counted apart
later = valid[valid["id"].isin(figures_validation.LATER_CLAIMS)]
earlier = valid[~valid["id"].isin(figures_validation.LATER_CLAIMS)]
assert len(later) == len(figures_validation.LATER_CLAIMS) and len(earlier) + len(later) == len(valid)
assert int(earlier["passed"].sum()) + int(later["passed"].sum()) == int(valid["passed"].sum())
glue("vm-n-earlier", str(len(earlier)), display=False)
glue("vm-n-earlier-pass", str(int(earlier["passed"].sum())), display=False)
glue("vm-n-later", str(len(later)), display=False)
glue("vm-n-later-pass", str(int(later["passed"].sum())), display=False)
calib_missed = list(calib.loc[~calib["passed"], "id"])
assert calib_missed == ["java-resident-6420"], "the prose names the calibration claim that misses"
glue("vm-calib-missed", figures_validation.claim_names(calib_missed), display=False)

# %% [markdown]
# ## The paper's findings as claims
#
# Of the {glue:text}`vm-n-valid` validation claims the model reproduces
# {glue:text}`vm-n-valid-pass`. Of the {glue:text}`vm-n-calib` calibration claims
# {glue:text}`vm-n-calib-pass` pass; the one that misses, {glue:text}`vm-calib-missed`, is
# a target the fit could not reach (the Java guests' residency, section "The largest misses,
# explained"). A claim is a calibration claim when
# the paper's record it compares with is one the fit was given; the page-read claims are,
# because the fit's per-guest page-read targets are derived from them.
# {glue:text}`vm-perfect-sentence`. The weakest topic is {glue:text}`vm-weak-group`:
# {glue:text}`vm-weak-count`. Pick a topic to read its claims with the paper's and the
# model's value.
#
# The validation claims fall in two groups. The first {glue:text}`vm-n-earlier` validation
# claims give {glue:text}`vm-n-earlier-pass` passes. The last {glue:text}`vm-n-later` were
# written later to cover the rest of the paper's written findings, so that every number the
# paper states is a claim, a target of the fit or set aside with a reason
# ({ref}`model-method-records` in the appendix), and {glue:text}`vm-n-later-pass` of them
# pass. Together that is {glue:text}`vm-n-valid-pass` of {glue:text}`vm-n-valid`.

# %% tags=["remove-input"]
figures_validation.claims_chart(claims, default_group="database")

# %% [markdown]
# ```{container} oc-caption
# **Figure: the scorecard.** One square per claim, one row per topic; blue with a tick: the
# model reproduces the finding, red with a cross: it does not. The last row holds the
# calibration claims, hollow because the model was fitted to them. The drop-down picks the
# topic listed below the squares. The findings are paraphrased from the sections of
# {cite:t}`johanssen2014overcommit` named in the tables below.
# ```
#
# The same claims as tables, validation first.
# *paper* is the paper's value or direction (with the tolerance the claim allows), *model*
# the model's value over the grid.
#
# **How a claim is graded.** One rule for each kind of finding. A direction ("rose",
# "fell", "lower") counts only for a change of at least {glue:text}`vm-rule-points` of
# relative throughput, or {glue:text}`vm-rule-pct` of a CPU load or a rate. An "about x"
# finding passes inside a band of {glue:text}`vm-rule-about` around the paper's value,
# stated in the table's *paper* column. A "best at" finding passes when the model's best run
# is within one of the paper's steps of the paper's. By this rule the model passes
# {glue:text}`vm-sum-valid-pass` of the {glue:text}`vm-sum-valid` validation claims and
# {glue:text}`vm-sum-calib-pass` of the {glue:text}`vm-sum-calib` calibration claims. The
# counts are lower than a looser reading of the paper's words would give, because several
# findings would pass under it only on changes smaller than the noise of the model's
# assumptions, which no solver precision removes (section "Right direction, too small"
# below).
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The rule's two numbers are `overcommit.claims.DIRECTION_MIN` and `claims.ABOUT`; the
# tables are `figures_validation.claims_tables()` (`ids=True` indexes them by claim id).
# ````

# %% tags=["remove-input"]
validation_table, calibration_table = figures_validation.claims_tables(claims)
figures_validation.text_table(validation_table.drop(columns=["topic"]), "validation_claims", cards=True, key="verdict")

# %% tags=["remove-input"]
figures_validation.text_table(calibration_table.drop(columns=["topic"]), "calibration_claims", cards=True, key="verdict")

# %% [markdown]
# ## Every CID of the paper's grid
#
# The claims summarise; this chart shows the model's throughput for all eleven workload
# variants at any configuration the paper ran, with what the paper's text states for it.
# Most configurations have no stated number: the paper's figures are lost from our copy and
# its text quotes only a few values.

# %% tags=["remove-input"]
figures_validation.grid_chart(cid="96/20")

# %% [markdown]
# ```{container} oc-caption
# **Figure: the model at every CID of the paper's grid.** Bars: relative throughput of
# each variant (1 = the reference run 512/25), light red where the variant fails in the
# model; black diamonds: values stated in the text of {cite:t}`johanssen2014overcommit`
# (sections on each workload), a black bar for a stated range, "(fitted)" on calibration
# targets. Pick the CID and the environment.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The bars are `overcommit.sweep()`, the paper's values
# `figures_validation.paper_statements(cid, env)`.
# ````
#
# ## The largest misses, explained

# %% tags=["remove-cell"]
k = figures_validation.key_numbers()
model_texts.glue_key_numbers()
rate_claim = claims.set_index("id").loc["paging-6420-rate"]
# "inside the band", "near the bottom of the band" (within a tenth of the paper's value of
# its lower edge) or "outside the band"
near_bottom = k["page_reads_6420"] < 0.85 * 88
glue("vm-reads-band", "outside" if not rate_claim["passed"] else "near the bottom of" if near_bottom else "inside",
     display=False)
glue("vm-reads-claim", rate_claim["paper"], display=False)
share_claim = claims.set_index("id").loc["paging-db-share"]
java_claim = claims.set_index("id").loc["paging-java-share"]
glue("vm-db-share", share_claim["model"], display=False)
glue("vm-db-share-claim", share_claim["paper"].split(" (")[0], display=False)
glue("vm-java-share", java_claim["model"], display=False)
# the prose: against a short total both shares come out high and both pass: the database's
# above the paper's, the Java guests' at the top of its band of 7 points
db_reads = float(oc.simulate("64/20").guests.loc["db-bi", "page_read_mib_s"])
db_share = 100 * db_reads / k["page_reads_6420"]
paper_db_share = float(data.observations(["observations_000.csv"]).set_index("id").loc["o000-db-pr-share", "value"])
assert db_share > paper_db_share and share_claim["passed"] and java_claim["passed"]
java_share = 100 * k["java_reads"] / k["page_reads_6420"]
assert java_claim["paper"] == "23 % (±7 points)" and 23 + 7 - 1 < java_share <= 23 + 7
glue("vm-was-reads", f"{k['was_reads']:.1f}", display=False)
glue("vm-was-target", f"{k['was_reads_target']:.1f}", display=False)
glue("vm-java-reads", f"{k['java_reads']:.1f}", display=False)
glue("vm-java-target", f"{k['java_reads_target']:.1f}", display=False)
# the model's key numbers the misses section quotes, to two decimals
for name, key in (
    ("vm-db-51220", "db_51220"),
    ("vm-db-51215", "db_51215"),
    ("vm-db-9620", "db_9620"),
    ("vm-idle-edev", "idle_edev"),
    ("vm-idle-no-spin", "idle_edev_no_spin"),
    ("vm-db-spin-51220", "db_spin_51220"),
    ("vm-db-spin-51215", "db_spin_51215"),
    ("vm-db-spin-6420", "db_spin_6420"),
    ("vm-db-cpu-51220", "db_cpu_51220"),
    ("vm-db-cpu-51215", "db_cpu_51215"),
    ("vm-db-cpu-ref", "db_cpu_ref"),
    ("vm-busy-51220", "busy_51220"),
    ("vm-busy-6420", "busy_6420"),
    ("vm-db-6420", "db_6420"),
    ("vm-db-peak", "db_peak_20"),
    ("vm-nh-spin-51215", "net_high_spin_51215"),
    ("vm-idle-any", "idle_any"),
    ("vm-jh-51220", "java_high_51220"),
    ("vm-jh-51215", "java_high_51215"),
    ("vm-nm-51215", "net_medium_51215"),
    ("vm-nh-51215", "net_high_51215"),
):
    glue(name, f"{k[key]:.2f}", display=False)
glue("vm-idle-edev-where", k["idle_edev_where"], display=False)
glue("vm-db-peak-gib", f"{k['db_peak_20_gib']:.0f}", display=False)
fb = validation.fairness_bound()
glue("vm-fb-needed", f"{fb['needed_cpus']:.1f}", display=False)
glue("vm-fb-available", f"{fb['available_cpus']:.1f}", display=False)
glue("vm-fb-rest", f"{100 * fb['rest_fraction']:.0f} %", display=False)
# what the misses section says about the verdicts and the numbers behind them
verdict = claims.set_index("id")["passed"]
assert verdict[["db-9620", "db-cpu-20", "db-10cpu"]].all()
assert not verdict[["db-51220-low", "cpu-idle", "java-above-ref", "java-knee", "java-cpus", "net-medium-15",
                    "fail-eckd-64", "fail-62-was", "db-gains", "net-high-15", "overall-linear-cpus",
                    "was-linear-cpus", "db-cpu-halving"]].any()
assert k["db_cpu_51220"] > k["db_cpu_ref"] and k["db_spin_51220"] > k["db_spin_6420"] > 1
# the database gains as the host empties, by less than a direction needs
DIRECTION_MIN = claim_rules.DIRECTION_MIN
assert k["busy_51220"] > k["busy_6420"] and 0 < k["db_6420"] - k["db_51220"] < DIRECTION_MIN
glue("vm-db-gain-pts", f"{100 * (k['db_6420'] - k['db_51220']):.1f}", display=False)
# db-9620: the best run at the paper's sizes is one step from 96/20, and 96/20 is inside the band
grid_now = validation._grid()
db_best = max(validation.RUN_CIDS, key=lambda c: grid_now.x("db-bi", c))
assert db_best in ("112/20", "64/20") and verdict["db-9620"]
glue("vm-db-best-cid", db_best, display=False)
glue("vm-db-9620-band", claims.set_index("id").loc["db-9620", "paper"].split(": ")[1].rstrip(")"), display=False)
assert 0.60 <= k["db_51220"] < 0.65, "just above the paper's 0.60"
assert k["db_peak_20_gib"] == data.cid_grid()["real_memory_gib"].min() < 96
assert k["db_51215"] < k["db_51220"] and k["db_spin_51215"] < k["db_spin_51220"]
assert k["db_cpu_51215"] < k["db_cpu_51220"]
assert k["idle_edev"] < 0.5 <= k["idle_edev_no_spin"]
assert "ECKD" in k["idle_any_where"] and k["idle_any"] > k["idle_edev"]
assert k["java_high_51215"] < k["java_high_51220"] < 1 and k["net_high_spin_51215"] > 1
assert fb["needed_cpus"] > fb["available_cpus"] and 0 < fb["rest_fraction"] < 1
glue("vm-idle-where", k["idle_any_where"], display=False)
# the misses among the later claims (figures_validation.LATER_CLAIMS), one paragraph each below
later_misses = set(later.loc[~later["passed"], "id"])
assert later_misses == {"cpu-cp-guest-flat", "db-5-gains", "was-cpu-20", "was-medium-was-cpu", "java-cpu-cpus",
                        "net-memory-20", "net-high-15-regain", "net-high-cpu-15", "db-15-falls", "db-cpu-15",
                        "db-cpu-halving", "java-cpu-memory", "net-high-cpu-20"}, later_misses
model_value = claims.set_index("id")["model"]
# CP time charged to the guests: a share of the CPU each uses plus a charge per fault; the
# largest rise is at 64/5, where the host is full and the faults add to a small base
glue("vm-fault-us", f"{oc.model.FAULT_CP_CPU_S * 1e6:g}", display=False)
cp_rise = k["cp_guest_645"] / k["cp_guest_5125"] - 1
assert f"at most {cp_rise:.1%}" in model_value["cpu-cp-guest-flat"] and cp_rise > validation.ALMOST
assert verdict["cpu-system-rises"] and min(k["busy_5125"], k["busy_645"]) > 0.999
# "with 5 CPUs every real CPU is busy all the time at every memory size"; with 15 nearly so
full = {c: min(float(oc.simulate(f"{m}/{c}").system["all_cpus_busy"]) for m in validation.MEMORY_GIB) for c in (5, 15)}
assert full[5] > 0.999 and full[15] > 0.99
glue("vm-busy-15-min", f"{100 * full[15]:.1f} %", display=False)
for name, key in (("vm-cp-5125", "cp_guest_5125"), ("vm-cp-645", "cp_guest_645"), ("vm-db-5125", "db_5125"),
                  ("vm-db-645", "db_645"), ("vm-db-spin-5125", "db_spin_5125"), ("vm-db-spin-645", "db_spin_645"),
                  ("vm-nh-51220", "net_high_51220"), ("vm-nh-6420", "net_high_6420"),
                  ("vm-nh-spin-51220", "net_high_spin_51220"), ("vm-nh-spin-6420", "net_high_spin_6420"),
                  ("vm-cp-51215", "cp_51215"), ("vm-cp-6415", "cp_6415"), ("vm-nh-6415", "net_high_6415")):
    glue(name, f"{k[key]:.2f}", display=False)
glue("vm-cp-rise", f"{100 * cp_rise:.0f} %", display=False)
glue("vm-reads-645", f"{k['reads_645']:.1f}", display=False)
# the database with 5 CPUs: the host is full at every size, the spinning hardly eases, no gain
assert k["db_645"] <= k["db_5125"] and abs(k["db_spin_645"] - k["db_spin_5125"]) < 0.02
# WebSphere at 20 CPUs: it keeps almost all of its throughput, and its CPU with it
w512 = oc.simulate("512/20").workloads
was_keep = {lv: k[f"was_{lv}_6420"] / float(w512.loc[f"was-{lv}", "relative_throughput"]) for lv in ("medium", "high")}
assert all(v > 1 - validation.ALMOST for v in was_keep.values()) and not verdict["was-medium-64"]
glue("vm-was-keep", f"{100 * min(was_keep.values()):.0f} %", display=False)
glue("vm-wasm-was-51220", f"{k['was_medium_was_cpu_51220']:.3f}", display=False)
glue("vm-wasm-was-9620", f"{k['was_medium_was_cpu_9620']:.3f}", display=False)
glue("vm-wasm-was-6420", f"{k['was_medium_was_cpu_6420']:.3f}", display=False)
# less at 96/20: no rise at both, as the claim asks; at 64/20 the CP time of the faults makes
# up for the lost work, a little more or a little less (the phrase is glued)
assert k["was_medium_was_cpu_9620"] < k["was_medium_was_cpu_51220"]
c64, c512 = (f"{k[f'was_medium_was_cpu_{c}']:.3f}" for c in ("6420", "51220"))
glue("vm-wasm-was-cp", "just makes up for" if c64 == c512 else
     "a little more than makes up for" if c64 > c512 else "nearly makes up for", display=False)
assert abs(k["was_medium_was_cpu_6420"] / k["was_medium_was_cpu_51220"] - 1) < 0.01
g6420 = oc.simulate("64/20").guests
assert (g6420.loc[g6420["variant"].str.startswith("was-"), "spin_factor"] == 1).all(), "WebSphere never spins"
glue("vm-wasm-was-reads", f"{g6420.loc['was-medium-was', 'page_read_mib_s']:.1f}", display=False)
# Java's CPU with 15 CPUs: cut with its throughput (the same cause as java-cpus)
java_cpu_15 = min(grid_now.cpu(f"java-{lv}", "512/15") / grid_now.cpu(f"java-{lv}", "512/20") for lv in ("medium", "high"))
assert java_cpu_15 < 1 - validation.ALMOST
glue("vm-java-cpu-15", f"{java_cpu_15:.2f}", display=False)
# the network: at 20 CPUs the high level gains as the host empties; at 15 the host stays full
assert k["net_high_6420"] > k["net_high_51220"] and k["net_high_spin_6420"] < k["net_high_spin_51220"]
assert k["busy_6420"] < k["busy_51220"]
assert min(k["busy_51215"], k["busy_6415"]) > 0.99 and k["cp_6415"] > k["cp_51215"]
assert k["net_high_6415"] < k["net_high_9615"] < k["net_high_51215"]
# ... and its CPU at 20 CPUs falls by less than a direction needs (net-high-cpu-20)
nh_cpu_fall = 1 - k["net_high_cpu_6420"] / k["net_high_cpu_51220"]
assert 0 < nh_cpu_fall < DIRECTION_MIN and not verdict["net-high-cpu-20"]
glue("vm-nh-cpu-fall", f"{100 * nh_cpu_fall:.1f} %", display=False)
glue("vm-nh-cpu-51220", f"{k['net_high_cpu_51220']:.2f}", display=False)
glue("vm-nh-cpu-6420", f"{k['net_high_cpu_6420']:.2f}", display=False)
# the high network level at 512/15: below the floor its share guarantees (it spins), above the band
assert k["net_high_51215"] < k["net_high_floor_51215"] and not verdict["net-high-15"]
assert k["net_high_51215"] > 0.40 * (1 + claim_rules.ABOUT)
glue("vm-nh-floor", f"{k['net_high_floor_51215']:.2f}", display=False)
glue("vm-nh-15-band", claims.set_index("id").loc["net-high-15", "paper"].split("(")[1].split(": ")[1].rstrip(")"),
     display=False)
# Java's CPU with 15 CPUs hardly moves with memory (java-cpu-memory); with 20 it falls
assert 0 < k["java_cpu_fall_15"] < DIRECTION_MIN < k["java_cpu_fall_20"] and not verdict["java-cpu-memory"]
glue("vm-java-cpu-fall-15", f"{100 * k['java_cpu_fall_15']:.1f} %", display=False)
glue("vm-java-cpu-fall-20", f"{100 * k['java_cpu_fall_20']:.0f} %", display=False)
# the database with 15 CPUs: falls in throughput and CPU, by less than a direction needs; the
# host stays full, so the spinning hardly eases
assert 0 < k["db_51215"] - k["db_6415"] < DIRECTION_MIN and not verdict["db-15-falls"]
assert 0 < 1 - k["db_cpu_6415"] / k["db_cpu_51215"] < DIRECTION_MIN and not verdict["db-cpu-15"]
assert 0 < k["db_spin_51215"] - k["db_spin_6415"] < 0.05
for name, key in (("vm-db-6415", "db_6415"), ("vm-db-cpu-6415", "db_cpu_6415"), ("vm-db-spin-6415", "db_spin_6415"),
                  ("vm-db-cpu-51210", "db_cpu_51210"), ("vm-db-spin-51210", "db_spin_51210")):
    glue(name, f"{k[key]:.2f}", display=False)
glue("vm-db-reads-6415", f"{k['db_reads_6415']:.0f}", display=False)
glue("vm-db-51215-3", f"{k['db_51215']:.3f}", display=False)
glue("vm-db-6415-3", f"{k['db_6415']:.3f}", display=False)
# halving the CPUs: the database's CPU falls by more than half, its throughput by less, and it
# spins less with 10 CPUs (fewer of its virtual CPUs run at once)
halving = k["db_cpu_51210"] / k["db_cpu_51220"]
assert halving < 0.5 * (1 - claim_rules.ABOUT) and k["db_51210"] / k["db_51220"] > 0.5
assert k["db_spin_51210"] < k["db_spin_51220"]
glue("vm-db-cpu-halving", f"{halving:.2f}", display=False)
glue("vm-db-tput-halving", f"{k['db_51210'] / k['db_51220']:.2f}", display=False)
glue("vm-db-halving-band", claims.set_index("id").loc["db-cpu-halving", "paper"].split(": ")[1].rstrip(")"),
     display=False)
# throughput against CPUs: fio keeps most of what it asks for, WebSphere absorbs the cut, the
# overall mean bends the other way
ratio_was = k["was_medium_51210"] / k["was_medium_51220"]
ratio_all = k["overall_5125"] / k["overall_51220"]
assert ratio_was < 0.5 * (1 - claim_rules.ABOUT) and ratio_all > 0.25 * (1 + claim_rules.ABOUT)
assert k["fio_cpu_51210"] > 0.5 * k["fio_cpu_51220"] and k["fsdh_51220"] == k["fsph_51220"] == 1
assert f"{ratio_was:.3f}" == str(model_value["was-linear-cpus"]) and f"{ratio_all:.3f}" == str(model_value["overall-linear-cpus"])
for name, value in (("vm-fio-cpu-51220", k["fio_cpu_51220"]), ("vm-fio-cpu-51210", k["fio_cpu_51210"]),
                    ("vm-fio-min-51210", k["fio_min_51210"]), ("vm-was-51220", k["was_medium_51220"]),
                    ("vm-was-51210", k["was_medium_51210"]), ("vm-ov-51220", k["overall_51220"]),
                    ("vm-ov-5125", k["overall_5125"])):
    glue(name, f"{value:.2f}", display=False)
glue("vm-was-ratio", f"{ratio_was:.2f}", display=False)
glue("vm-ov-ratio", f"{ratio_all:.2f}", display=False)
for cid, name in (("was-linear-cpus", "vm-was-band"), ("overall-linear-cpus", "vm-ov-band")):
    glue(name, claims.set_index("id").loc[cid, "paper"].split(": ")[1].rstrip(")"), display=False)
# right direction, too small: every claim of SHORT_CLAIMS misses, and by the rule, not the sign
short = claims.set_index("id").loc[list(figures_validation.SHORT_CLAIMS)]
assert not short["passed"].any() and set(short.index) <= set(valid["id"])
glue("vm-short-n", str(len(short)), display=False)
gap_9620 = k["overall_9620"] - k["overall_9620_eckd"]
gap_6420 = k["overall_6420"] - k["overall_6420_eckd"]
assert 0 < gap_9620 < DIRECTION_MIN < gap_6420 and f"{gap_9620:.3f}" == str(model_value["env-eckd-20cpu"])
glue("vm-eckd-gap-9620", f"{100 * gap_9620:.1f}", display=False)
glue("vm-eckd-gap-6420", f"{100 * gap_6420:.1f}", display=False)
glue("vm-reads-9620", f"{k['reads_9620']:.0f}", display=False)
fs_gain, fs_loss = k["fsdh_6420"] - k["fsdh_51220"], k["fsph_51220"] - k["fsph_6420"]
assert 0 < fs_gain < DIRECTION_MIN and 0 < fs_loss < DIRECTION_MIN
glue("vm-fsdh-gain", f"{100 * fs_gain:.1f}", display=False)
glue("vm-fsph-loss", f"{100 * fs_loss:.1f}", display=False)
glue("vm-page-ms", f"{float(oc.simulate('64/20').system['page_read_response_ms']):.1f}", display=False)
# "a change of a point or two is within what one assumption moves a result by": the
# database's coupling (an assumption of the table of workload drivers) moved by a tenth, from
# 1 to 0.9, moves its throughput at 512/20 by about as much as its whole gain to 64/20
db_driver = oc.study_variants()["db-bi"]
nudged = {**oc.study_variants(), "db-bi": replace(db_driver, coupling=0.9 * db_driver.coupling)}
cpl_move = float(oc.simulate("512/20", variants=nudged).workloads.loc["db-bi", "relative_throughput"]) - k["db_51220"]
db_gain = k["db_6420"] - k["db_51220"]
assert db_driver.coupling == 1 and 0.75 * db_gain < cpl_move < DIRECTION_MIN, (cpl_move, db_gain)
glue("vm-cpl", f"{db_driver.coupling:g}", display=False)
glue("vm-cpl-nudged", f"{0.9 * db_driver.coupling:g}", display=False)
glue("vm-cpl-move", f"{100 * cpl_move:.1f}", display=False)
e = figures_validation.eckd_path()
glue("vm-eckd-util", f"{100 * e['utilisation']:.0f}", display=False)
glue("vm-eckd-util-paper", f"{100 * e['utilisation_at_paper_reads']:.0f}", display=False)
glue("vm-eckd-threshold", f"{100 * e['threshold']:.0f}", display=False)
glue("vm-eckd-needed", f"{e['reads_needed_mib_s']:.0f}", display=False)
glue("vm-eckd-guest", f"{e['guest_io_mib_s']:.0f}", display=False)
glue("vm-eckd-bw", f"{e['bandwidth_mib_s']:.0f}", display=False)
glue("vm-drain", f"{k['drain_eckd_6420']:.0f}", display=False)
glue("vm-drain-limit", f"{k['drain_limit_s']:.0f}", display=False)
glue("vm-fail-62", "; ".join(names.variant(v) for v in k["failed_62_variants"].split(", ")), display=False)
# the paper's numbers the prose names, from the records themselves
o000 = data.observations(["observations_000.csv"]).set_index("id")
pval = o000["value"].astype(float)
glue("vm-p-sys-pr", f"{pval['o000-sys-pr']:g}", display=False)
for name, oid in {"jh-res": "o000-jh-res-frac", "db-51220": "o000-db-tput-51220",
                  "db-9620": "o000-db-tput-9620", "db-51215": "o000-db-tput-51215", "nh-15": "o000-nh-15",
                  "db-res-frac": "o000-db-res-frac"}.items():
    glue(f"vm-p-{name}", f"{pval[oid]:g} %", display=False)
glue("vm-p-db-pr", f"{pval['o000-db-pr']:g}", display=False)
# "How much paging": the model reads less than the paper and than the targets' sum; the three
# large readers all fall short of their targets, WebSphere furthest and the database least,
# so the database's share comes out above the paper's (the verdict is glued; db_reads above)
assert k["page_reads_6420"] < min(pval["o000-sys-pr"], k["page_reads_targets"])
assert rate_claim["passed"] == (k["page_reads_6420"] >= 0.75 * pval["o000-sys-pr"])
short = {"db": db_reads / pval["o000-db-pr"], "was": k["was_reads"] / k["was_reads_target"],
         "java": k["java_reads"] / k["java_reads_target"]}
assert short["was"] < short["db"] < 1 < short["java"] < 1.1, short
assert db_reads / k["page_reads_6420"] > pval["o000-db-pr"] / pval["o000-sys-pr"]
glue("vm-p-idle", f"{pval['o000-cpu-idle']:g}", display=False)
band10 = o000.loc["o000-db-tput-10"]
glue("vm-p-db-10", f"{float(band10['lower']):g}–{float(band10['upper']):g} %", display=False)
glue("vm-db-vcpus", f"{int(data.virtual_systems_frame().loc['db-bi', 'vcpus'])}", display=False)
glue("vm-db-streams", f"{oc.study_variants()['db-bi'].fault_group:g}", display=False)
_ = reference.glue_all()  # ref-guests

# %% [markdown]
# **How much paging, and who pages.** At 64/20 the model reads {glue:text}`vm-reads` MiB/s
# from the paging devices, the paper's system about {glue:text}`vm-p-sys-pr` MiB/s:
# {glue:text}`vm-reads-band` the band of the calibration claim {glue:text}`c-paging-6420-rate`
# ({glue:text}`vm-reads-claim`). The fit aims at that total only through the guest-by-guest
# targets derived from the paper's figures for each guest, which add up to
# {glue:text}`vm-reads-targets` MiB/s, and it falls short of those too. The database reads
# {glue:text}`vm-db-reads` of its {glue:text}`vm-p-db-pr` MiB/s, because the calibration
# was allowed to make its buffer cache swept by the BI queries' table scans
# ({doc}`results_db`). The WebSphere guests read {glue:text}`vm-was-reads` MiB/s against a
# target of {glue:text}`vm-was-target`, the Java guests {glue:text}`vm-java-reads` against
# {glue:text}`vm-java-target` ({doc}`results_was`, {doc}`results_java`). WebSphere falls
# furthest short, the database less, and Java reads a little more than its target. Against a
# total that is short, the shares come out high: the database's at {glue:text}`vm-db-share`,
# above the paper's {glue:text}`vm-db-share-claim`, and the Java guests' at
# {glue:text}`vm-java-share`, at the top of its band. Both pass
# ({glue:text}`c-paging-db-share`, {glue:text}`c-paging-java-share`). What is still missing
# is burstiness: the high Java guest keeps only {glue:text}`vm-jh-res` % of its memory
# resident (the paper:
# {glue:text}`vm-p-jh-res`, {glue:text}`c-java-resident-6420`), because a page that is
# referenced steadily often enough to be faulted back at the paper's rate would also stay
# resident. Why one reclaim time per guest, a swept database and random references for the
# Java heaps are as far as the model's structure gets, and what a refit with clockwork Java
# heaps did, is in the appendix: {ref}`model-method-paging`.
#
# **No failures on ECKD at 64 GiB.** In the paper every ECKD run with 64 GiB failed; the
# page-cached high fio level did not finish in time ({glue:text}`c-fail-eckd-64`). The
# model has two rules for it, and neither fires. The first tests the shared ECKD channel
# path: at 64/20 it carries {glue:text}`vm-eckd-guest` MiB/s of guest I/O plus the model's
# paging, a utilisation of {glue:text}`vm-eckd-util` % of {glue:text}`vm-eckd-bw` MiB/s; at
# the paper's {glue:text}`vm-p-sys-pr` MiB/s of page reads it would be
# {glue:text}`vm-eckd-util-paper` %, still under the {glue:text}`vm-eckd-threshold` % at
# which fio would see I/O errors (reached at {glue:text}`vm-eckd-needed` MiB/s). The second
# is the backlog the paper itself suggests: when fio stops, Linux must write the dirty page
# cache that z/VM has paged out, and must read it back first. In the model that takes at
# most {glue:text}`vm-drain` s on ECKD at 64/20, against the {glue:text}`vm-drain-limit` s
# the test procedure leaves. The model's ECKD paging devices answer in about a millisecond
# even at 64 GiB; the real ones, sharing a storage server with the fio disks, must have been
# far slower in bursts ({doc}`paging`, {doc}`results_fs`).
#
# **Failures on z/VM 6.2.** The paper's 6.2 failures were mostly WebSphere's HTTP
# time-outs, sometimes the database's ({glue:text}`c-fail-62-was`). The model's are the
# database's alone ({glue:text}`vm-fail-62`): page reorder stops its large guest longer than
# its clients wait. Nothing in the model gives a WebSphere request a long enough tail.
#
# **The database: more CPU for less work.** With 20 CPUs and less than 512 GiB the paper's
# database used more CPU than in the reference run ({glue:text}`vm-db-cpu-ref` CPUs) at a
# lower throughput. At 512/20 it reached less than {glue:text}`vm-p-db-51220` of its
# reference throughput, and it did better with less memory ({glue:text}`vm-p-db-9620` at
# 96/20) and with fewer CPUs ({glue:text}`vm-p-db-51215` at 512/15). Water-filling alone
# cannot give this: a guest that gets all the CPU it asks for does all its work. Lock-holder
# preemption can (section "When a guest's virtual CPUs wait for each other" of
# {doc}`shares`). The database's {glue:text}`vm-db-vcpus` virtual CPUs wait for one
# another; when z/VM preempts one of them at the end of its time slice, which it does only
# when every real CPU is busy, the others spin until it runs again. At 512/20 every real
# CPU is busy {glue:text}`vm-busy-51220` of the time, the database burns
# {glue:text}`vm-db-spin-51220` times its reference CPU per unit of work, and it uses
# {glue:text}`vm-db-cpu-51220` CPUs for {glue:text}`vm-db-51220` of its reference
# throughput ({glue:text}`c-db-cpu-20` passes). As memory shrinks, the other guests stall on
# page faults and the host is full less often ({glue:text}`vm-busy-6420` of the time at
# 64/20), so the database spins a little less ({glue:text}`vm-db-spin-6420`) and gains a
# little: {glue:text}`vm-db-6420` at 64/20, {glue:text}`vm-db-gain-pts` points more than at
# 512/20. That is the paper's direction, but less than the {glue:text}`vm-rule-points` a
# direction needs, so {glue:text}`c-db-gains` misses (section "Right direction, too small"
# below). Among the paper's memory sizes the model's database does best at
# {glue:text}`vm-db-best-cid`, one step from the paper's 96/20, and at 96/20 it runs at
# {glue:text}`vm-db-9620`, inside the claim's band of {glue:text}`vm-db-9620-band`:
# {glue:text}`c-db-9620` passes.
#
# The rest of the paper's picture is missing. At 512/20 the model's
# {glue:text}`vm-db-51220` is just above the paper's {glue:text}`vm-p-db-51220`
# ({glue:text}`c-db-51220-low`); going lower would take more spinning, but the coupling is
# already at its largest value, 1, and the host is already full most of the time. The gain
# is small and comes late: the model's database does best at {glue:text}`vm-db-peak-gib`
# GiB ({glue:text}`vm-db-peak`), the smallest memory of the grid, not at 96 GiB, because in
# the model the other guests start to stall on pages only below 96 GiB. And at 512/15 the
# model gives {glue:text}`vm-db-51215`, less than at 512/20, where the paper's database did
# better with 15 CPUs ({glue:text}`vm-p-db-51215`): water-filling holds it to
# {glue:text}`vm-db-cpu-51215` CPUs, and it spins less ({glue:text}`vm-db-spin-51215`), but
# not enough to make up for the CPU it loses ({doc}`results_db`). With 15 CPUs the paper's
# database lost throughput and CPU gradually as memory shrank. The model's moves that way by
# too little: from {glue:text}`vm-db-51215-3` at 512/15 to {glue:text}`vm-db-6415-3` at
# 64/15 ({glue:text}`c-db-15-falls`), and from {glue:text}`vm-db-cpu-51215` to
# {glue:text}`vm-db-cpu-6415` CPUs ({glue:text}`c-db-cpu-15`). With 15 CPUs every real CPU
# stays busy at every memory size, so its spinning hardly eases
# ({glue:text}`vm-db-spin-51215` to {glue:text}`vm-db-spin-6415`), and it loses only what
# its own {glue:text}`vm-db-reads-6415` MiB/s of page reads at 64/15 cost it. Halving the
# CPUs from 20 to 10 about halved the paper's database's CPU. The model's falls to
# {glue:text}`vm-db-cpu-halving` of it at 512 GiB ({glue:text}`vm-db-cpu-51220` to
# {glue:text}`vm-db-cpu-51210` CPUs), below the claim's band of
# {glue:text}`vm-db-halving-band` ({glue:text}`c-db-cpu-halving`). Its throughput falls only
# to {glue:text}`vm-db-tput-halving` of the 20-CPU value, but with fewer real CPUs fewer of
# its virtual CPUs run at once to spin on a preempted one, so it burns
# {glue:text}`vm-db-spin-51210` times its reference CPU per unit of work, not
# {glue:text}`vm-db-spin-51220`. Last, with 5 CPUs the paper's database gained as memory
# shrank, as with 20; the model's does not ({glue:text}`vm-db-5125` at 512/5,
# {glue:text}`vm-db-645` at 64/5; {glue:text}`c-db-5-gains` misses). With 5 CPUs every real
# CPU is busy all the time at every memory size, so the other guests' stalls never leave the
# host less full. The database spins as much at 64 GiB as at 512 GiB
# ({glue:text}`vm-db-spin-645` against {glue:text}`vm-db-spin-5125`), and the gain does not
# come.
#
# **Idle CPUs while guests wait (a miss).** The paper saw real CPUs stand idle in
# constrained runs, {glue:text}`vm-p-idle` CPUs or more, because guests waited for pages. The
# model leaves a real CPU idle in the moments when fewer virtual CPUs are runnable than there
# are real CPUs (section "When real CPUs idle while guests wait" of {doc}`shares`), and
# paging makes such moments more frequent by taking the virtual CPUs that wait for a page out
# of the runnable set. But a virtual CPU that spins on a preempted sibling is runnable too,
# and the database's spinning fills many of those moments. With EDEV-SCSI paging and 96 GiB
# or less the most idle run, {glue:text}`vm-idle-edev-where`, has {glue:text}`vm-idle-edev`
# CPUs idle, short of the paper's {glue:text}`vm-p-idle` CPUs ({glue:text}`c-cpu-idle`
# misses); with every workload's coupling set to 0, so that nothing spins, the same run would
# leave {glue:text}`vm-idle-no-spin`. Real spin locks spin a bounded number of times and
# then give up the CPU or sleep, which would leave some of that time idle; the model's
# virtual CPUs spin until the holder runs again. Across all environments the most idle run
# is {glue:text}`vm-idle-where` with {glue:text}`vm-idle-any` CPUs, because ECKD's slower
# paging devices keep more virtual CPUs waiting; the paper does not say in which environment
# its CPUs stood idle, and the claim checks z/VM 6.3 with EDEV-SCSI paging.
#
# **CP time charged to the guests (a miss).** In the paper the CP time charged to the guests
# hardly changed as memory shrank; the cost of paging showed in CP's own system time, which
# rose with the page reads (the model reproduces that rise: {glue:text}`c-cpu-system-rises`
# passes). The model charges a guest's CP time in two parts: a fixed share of the CPU the
# guest uses, and {glue:text}`vm-fault-us` µs for every page fault it takes. The second part
# grows with paging. It matters most with 5 CPUs, where the first part is small and fixed
# (the host is always full): at 64/5 the guests are charged {glue:text}`vm-cp-645` CPUs
# against {glue:text}`vm-cp-5125` at 512/5, {glue:text}`vm-cp-rise` more, for
# {glue:text}`vm-reads-645` MiB/s of page reads. That is more than "almost unchanged" allows
# ({glue:text}`c-cpu-cp-guest-flat`). The paper's numbers suggest that z/VM counted the work
# of a fault as its own system time, not as the guest's.
#
# **WebSphere hardly notices memory (two misses).** The paper's WebSphere used noticeably
# less CPU at 96 GiB or less with 20 CPUs, while the WAS guest of the medium level used more.
# The model's WebSphere guests read far less than their page-read targets (section "How much
# paging" above), so at 64/20 both levels keep at least {glue:text}`vm-was-keep` of their
# 512/20 throughput (this is also why {glue:text}`c-was-medium-64` misses). A guest's CPU in
# the model is its work times a fixed cost per unit, plus the CP time of its faults;
# WebSphere's virtual CPUs never spin. So its CPU follows its throughput and hardly moves
# ({glue:text}`c-was-cpu-20`). The medium WAS guest uses {glue:text}`vm-wasm-was-51220` CPUs
# at 512/20, {glue:text}`vm-wasm-was-9620` at 96/20 and {glue:text}`vm-wasm-was-6420` at
# 64/20, not more at both ({glue:text}`c-was-medium-was-cpu`): at 64/20 the CP time of its
# {glue:text}`vm-wasm-was-reads` MiB/s of page reads {glue:text}`vm-wasm-was-cp` the work it
# loses. Whatever made the paper's WAS guest work harder is not in the model
# ({doc}`results_was`).
#
# **Throughput against CPUs: the light guests keep theirs (two misses).** The paper found
# WebSphere's throughput nearly linear in the number of CPUs, and the overall throughput
# about linear. Water-filling gives each guest what its share entitles it to, but never
# more than it asks for. The four fio variants ask for little per share: with 20 CPUs they
# are served in full ({glue:text}`vm-fio-cpu-51220` CPUs together), and with 10 they still
# get {glue:text}`vm-fio-min-51210` of their reference throughput or more
# ({glue:text}`vm-fio-cpu-51210` CPUs). So most of the CPUs a smaller host lacks come out of
# the guests that ask for more: WebSphere's medium level falls from
# {glue:text}`vm-was-51220` at 512/20 to {glue:text}`vm-was-51210` at 512/10, a ratio of
# {glue:text}`vm-was-ratio`, below the claim's band of {glue:text}`vm-was-band`
# ({glue:text}`c-was-linear-cpus`). The overall throughput, a mean over the eleven variants,
# bends the other way: the fio variants, at their reference with 20 CPUs, cannot count for
# more there, so the 20-CPU mean ({glue:text}`vm-ov-51220`) is less than four times the
# 5-CPU mean ({glue:text}`vm-ov-5125`). The ratio, {glue:text}`vm-ov-ratio`, lies above the
# band of {glue:text}`vm-ov-band` ({glue:text}`c-overall-linear-cpus`).
#
# **Java and network with 15 CPUs.** The paper's Java was barely affected with 15 CPUs or
# more, and ran slightly above its reference throughput; the model's high Java level drops to
# {glue:text}`vm-jh-51215` at 512/15 (from {glue:text}`vm-jh-51220` at 512/20), because its
# demand per share is among the highest of the {glue:text}`ref-guests` guests and
# water-filling cuts it first ({doc}`results_java`). The paper's medium network level kept
# its throughput with 15 CPUs; the model's falls to {glue:text}`vm-nm-51215`. The high
# network level falls the paper's way but not as far: the paper's to about
# {glue:text}`vm-p-nh-15` with 15 CPUs, the model's to {glue:text}`vm-nh-51215`, outside the
# claim's band of {glue:text}`vm-nh-15-band` ({glue:text}`c-net-high-15`). Its guests'
# virtual CPUs all send and receive through one virtual network card and spin on each other
# (up to {glue:text}`vm-nh-spin-51215` times their reference CPU per unit of work), which
# takes it below the {glue:text}`vm-nh-floor` its share guarantees at Table 17's costs, but
# not down to the paper's value; the medium level's guests have one virtual CPU each and
# never spin ({doc}`results_net`). Java's CPU falls with its throughput: at 512/15 it uses
# {glue:text}`vm-java-cpu-15` of its 512/20 CPU or less, where the paper's hardly changed
# ({glue:text}`c-java-cpu-cpus`, the same cause as {glue:text}`c-java-cpus`). With 15 CPUs
# Java's CPU also hardly moves with memory: from 112 to 64 GiB it falls by at most
# {glue:text}`vm-java-cpu-fall-15`, where the paper's declined a little
# ({glue:text}`c-java-cpu-memory`; with 20 CPUs it falls by
# {glue:text}`vm-java-cpu-fall-20` or more). With 15 CPUs Java is held by its share, and its
# page waits do not bring what it asks for below what it is given.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The numbers of this section are `figures_validation.key_numbers()` (the ECKD path's are
# `figures_validation.eckd_path()`); the CP time per fault is `oc.model.FAULT_CP_CPU_S`, and
# the floor a share guarantees is `validation.share_floors("512/15")`.
# ````
#
# ### Why a fluid share model at Table 17's costs cannot reach 512/15
#
# The Java and medium network misses are not a detail of the model's dispatcher. Add up
# what the paper's 512/15 outcome asks for: Java and the medium network level served in
# full, the database at {glue:text}`vm-p-db-51215` and the high network level at
# {glue:text}`vm-p-nh-15`, at Table 17's CPU per unit of work. Under weighted max-min
# fairness a guest gets all it asks for only if every other guest may get as much CPU per
# share, so the host would have needed {glue:text}`vm-fb-needed` CPUs where
# {glue:text}`vm-fb-available` are left after CP's own work. The outcome fits only if
# WebSphere and fio ran at no more than {glue:text}`vm-fb-rest` of their reference
# throughput while getting all the CPU they asked for, that is if something other than the
# CPUs held them back.

# %% tags=["remove-input"]
figures_validation.fairness_chart("512/15")

# %% [markdown]
# ```{container} oc-caption
# **Figure: what the paper's 512/15 asks of fair shares.** Each workload's CPUs at the water
# level that serves Java and the medium network level in full, at Table 17's CPU per unit of
# work: blue, served in full; black, at the paper's value (the database, the high network
# level); grey, at its reference (the others). The line marks the CPUs left after CP's own
# work. Source of the outcome: {cite:t}`johanssen2014overcommit`, the database and network
# sections.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.validation.fairness_bound("512/15")` gives the total, and with `parts=True`
# the CPUs of each workload.
# ````
#
# So a *fluid* share model, one that hands out long-run average CPU by share, cannot reach
# the paper's 512/15 at Table 17's *fixed* costs. Both words are assumptions of the bound,
# not statements of the paper. The paper's own figures show costs that move: its database
# used 40–70 % more CPU per unit of work under contention, and its Java slightly less. And
# a real dispatcher works in time slices, not averages: a guest that wakes often, does a
# little work and sleeps again (a network request, a Java thread between collections) may
# be dispatched ahead of a guest that runs until its slice ends, so it gets more than its
# average share while it is runnable (z/VM has such a bias for interactive work, set with
# `SET SRM IABIAS`). To reach the paper's outcome a model would need either costs per unit
# of work that fall for the served guests or rise for the others, or a dispatcher that
# favours short bursts, and the paper measures neither. The model keeps fixed costs (with the
# lock spinning above) and fluid shares, and these claims stay misses.
#
# ### The high network level as memory shrinks (four misses)
#
# With 20 CPUs the paper's two network levels lost a little as memory shrank. The model's
# high level gains instead, from {glue:text}`vm-nh-51220` at 512/20 to
# {glue:text}`vm-nh-6420` at 64/20 ({glue:text}`c-net-memory-20`), for the database's
# reason: the other guests stall on pages, the host is full less often, and its virtual CPUs
# spin less ({glue:text}`vm-nh-spin-6420` against {glue:text}`vm-nh-spin-51220` times their
# reference CPU per unit of work). Its CPU at 20 CPUs falls by only
# {glue:text}`vm-nh-cpu-fall` from 512 to 64 GiB ({glue:text}`vm-nh-cpu-51220` to
# {glue:text}`vm-nh-cpu-6420` CPUs), where the paper's fell ({glue:text}`c-net-high-cpu-20`):
# it spins less, but it does more work. With 15 CPUs the paper's high level got some
# throughput back at 96 GiB or less, and its CPU rose. In the model the host stays full at
# every memory size with 15 CPUs (every real CPU is busy at least
# {glue:text}`vm-busy-15-min` of the time), so that gain does not come. CP's work grows with
# the paging instead ({glue:text}`vm-cp-51215` CPUs at 512/15, {glue:text}`vm-cp-6415` at
# 64/15), and the high level slips, to {glue:text}`vm-nh-6415` at 64/15, in throughput and
# in CPU ({glue:text}`c-net-high-15-regain`, {glue:text}`c-net-high-cpu-15`).
#
# ### Right direction, too small ({glue:text}`vm-short-n` misses)
#
# For these findings the model moves the way the paper says, but by less than a direction
# needs ({glue:text}`vm-rule-points` of relative throughput, or {glue:text}`vm-rule-pct` of a
# CPU load):

# %% tags=["remove-input"]
short_names = [names.claim(c) for c in figures_validation.SHORT_CLAIMS]
figures_validation.text_table(validation_table.loc[short_names, ["finding (paraphrased)", "paper", "model"]],
                              "short_claims", cards=True)

# %% [markdown]
# Two causes keep these changes small. With 20 CPUs the model pages less than the paper's
# system ({glue:text}`vm-reads` against {glue:text}`vm-p-sys-pr` MiB/s at 64/20, and
# {glue:text}`vm-reads-9620` MiB/s at 96/20), and its paging devices answer a page read in
# about {glue:text}`vm-page-ms` ms, so a guest's stalls, and the CPU they leave to the
# others, stay small. ECKD's slower devices put the overall throughput
# {glue:text}`vm-eckd-gap-9620` points below EDEV-SCSI's at 96/20, where the paper compares,
# and {glue:text}`vm-eckd-gap-6420` points at 64/20 ({glue:text}`c-env-eckd-20cpu`). At 64/20
# the high direct-I/O fio level gains {glue:text}`vm-fsdh-gain` points, on the storage path
# the slowed page-cached jobs leave quieter, and the high page-cached level loses
# {glue:text}`vm-fsph-loss` ({glue:text}`c-fs-direct-gains`,
# {glue:text}`c-fs-pagecache-loses`; {doc}`results_fs`). The database and the high network
# level spin a little less as the host empties (above). With 15 CPUs every real CPU is busy
# at every memory size, so a guest's page waits free no CPU that another guest could use
# ({glue:text}`c-db-15-falls`, {glue:text}`c-db-cpu-15`, {glue:text}`c-java-cpu-memory`). A
# reading that counted any change in the paper's direction would pass all of these; a
# change of a point or two is within what one assumption of the model moves a result by, so
# the grading does not count it. The database's coupling, for one, is an assumption, not a
# measurement (section "The model's known limits" below): set to
# {glue:text}`vm-cpl-nudged` instead of {glue:text}`vm-cpl`, it moves the database's
# throughput at 512/20 by {glue:text}`vm-cpl-move` points, about as much as its whole gain
# from 512/20 to 64/20 ({glue:text}`vm-db-gain-pts` points, {glue:text}`c-db-gains`).
#
# ## Which claims test the memory mechanisms?
#
# A claim that the model passes tells us something about its memory mechanisms only if the
# model would fail it without them. Run every claim again on a model whose memory never
# runs short (each configuration replaced by the one with the same CPUs and 512 GiB):

# %% tags=["remove-cell"]
nopage = figures_validation.no_paging_claims()
nv = nopage[nopage["kind"] == "validation"]
assert len(nopage) == len(claims)
glue("vm-np-both", str(int((nv["passes"] & nv["passes without paging"]).sum())), display=False)
glue("vm-np-only", str(int((nv["passes"] & ~nv["passes without paging"]).sum())), display=False)
glue("vm-np-never", str(int((~nv["passes"] & ~nv["passes without paging"]).sum())), display=False)
glue("vm-np-only-list", figures_validation.claim_names(nv.index[nv["passes"] & ~nv["passes without paging"]]),
     display=False)
worse = list(nv.index[~nv["passes"] & nv["passes without paging"]])
glue("vm-np-worse-sentence",
     "none passes without paging but fails with it" if not worse else
     f"{len(worse)} {'passes' if len(worse) == 1 else 'pass'} without paging but not with it "
     f"({figures_validation.claim_names(worse)})", display=False)
# of the claims that pass either way, those that only bound what a shortage of memory may do
# (figures_validation.BOUND_CLAIMS): a model without paging meets every one of them
bounds = nv.loc[list(figures_validation.BOUND_CLAIMS)]
assert bounds["passes without paging"].all()
both = nv.index[nv["passes"] & nv["passes without paging"]]
bound_both = [c for c in both if c in figures_validation.BOUND_CLAIMS]
glue("vm-np-bound", str(len(bound_both)), display=False)
glue("vm-np-bound-list", figures_validation.claim_names(bound_both), display=False)
glue("vm-np-cpu", str(len(both) - len(bound_both)), display=False)
# the one that passes without paging but not with it is a bound the model's paging breaks
assert worse == ["cpu-cp-guest-flat"] and "cpu-cp-guest-flat" in figures_validation.BOUND_CLAIMS
# calibration claims need paging to be read at all: with no paging the shares of page reads
# and the residency are undefined or trivially full, so no calibration claim passes
assert not nopage.loc[nopage["kind"] == "calibration", "passes without paging"].any()

# every claim with and without paging, for the folded box below the summary
glue("vm-np-table", figures_validation.text_table(figures_validation.no_paging_table(nopage), "no_paging", cards=True,
                                                  key="verdict"), display=False)

# %% tags=["remove-input"]
figures_validation.text_table(figures_validation.no_paging_summary(nopage), "no_paging_summary", cards=True)

# %% [markdown]
# ````{admonition} Every claim with and without paging
# :class: dropdown
# ```{glue} vm-np-table
# ```
# ````
#
# Of the validation claims, {glue:text}`vm-np-only` pass only because of the memory
# mechanisms ({glue:text}`vm-np-only-list`): these are the ones that test residency,
# paging-device queueing and stalls. {glue:text}`vm-np-both` pass with or without them.
# Of these, {glue:text}`vm-np-cpu` test the CPU side (water-filling and the spinning of
# coupled virtual CPUs) and the environments' fixed costs. The other
# {glue:text}`vm-np-bound` only bound what a shortage of memory may do: something stays
# nearly as it is, does not fall, or costs less than a limit ({glue:text}`vm-np-bound-list`).
# A model that never pages meets them by doing nothing; passing them shows that the model's
# paging does not do too much, not that it does enough. {glue:text}`vm-np-never` fail either
# way, and {glue:text}`vm-np-worse-sentence`: the CP time of the model's page faults breaks
# that bound (section "CP time charged to the guests" above). No calibration claim passes
# without paging: they are all about paging at 64/20 or the losses it causes.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_validation.no_paging_claims()` evaluates every claim on a grid whose every run
# is the run with the same CPUs and 512 GiB.
# ````
#
# ## The model's known limits
#
# - **Reclaim times by size only.** Each guest's pages age for a time that grows with the
#   guest's size, with one exponent fitted for all; z/VM 6.3's per-guest lists, their
#   visiting order and its protection of recently used guests are not modelled further.
# - **Steady reference rates.** Each page has a constant rate of reference; bursts (a
#   garbage collection, a batch of queries) are averaged away.
# - **Fluid CPU shares.** Water-filling gives every guest its share continuously; time
#   slices and dispatch delays are not modelled (a wait at every wake-up, measured outside the
#   model, takes CPU from the network and fio, not from WebSphere: {doc}`results_java`). Two
#   dispatching effects are added: the idle time of moments with few runnable virtual CPUs,
#   and the CPU a guest burns spinning on a preempted virtual CPU of its own. Both are
#   computed as if the virtual CPUs were runnable independently of each other, and a
#   spinning virtual CPU never gives up its real CPU.
# - **One driver per workload variant.** Users, think time, blocking share of a stall,
#   guest I/O, how tightly the workload's virtual CPUs wait for each other (its coupling)
#   and how many of its streams one page fault holds up (its fault group: the
#   {glue:text}`vm-db-streams` parallel-query streams of a database user) come from the
#   book's table of workload drivers. They are assumptions per kind of workload, not
#   measurements.
# - **Average device queueing.** The paging devices and the shared storage path are M/M/k
#   queues at their mean load; a storage server's cache and bursts of paging are not.
# - **Calibrated on one configuration.** Everything memory-related was fitted at 64/20 on
#   one environment; the other CIDs and both other environments are extrapolation.
#
# The case studies ({doc}`case_zvm52`, {doc}`case_jvm`, {doc}`case_xen`) test the same
# mechanisms on other systems, each against its own document's numbers.
#
# ## Try any host
#
# In Jupyter the explorer runs the model for any memory size, CPU count and environment,
# including hosts the paper never ran, and draws the paper's numbers where it has them.

# %% tags=["remove-input"]
explorer(
    figures_validation.explorer_chart,
    adds="All eleven variants on any host, with the paper's values beside them where the paper ran that host.",
    **host_controls(memory_gib=96, cpus=20),
)

# %% [markdown]
# ```{container} oc-caption
# **Explorer: every variant on any host.** For the chosen host: relative throughput of the
# eleven variants, light red where one fails in the model, and the paper's stated values in
# black when the host is a CID the paper reports.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The explorer draws `figures_validation.explorer_chart(memory_gib, cpus, env)`, which runs
# `overcommit.simulate((memory_gib, cpus), env=env)`; the workload drivers are
# `data/variant_drivers.csv`.
# ````
#
# ## Exercises

# %% tags=["remove-cell"]
r9620 = oc.simulate("96/20").workloads
glue("vm-ex-db-9620", f"{r9620.loc['db-bi', 'relative_throughput']:.2f}", display=False)
glue("vm-ex-db-pr", f"{oc.simulate('64/20').guests.loc['db-bi', 'page_read_mib_s']:.1f}", display=False)
glue("vm-ex-ncalib", str(len(calibrate.target_observations())), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_model-ex-calibration
# :class: oc-where-browser
# A colleague says: "the model reproduces the database's {glue:text}`vm-p-db-res-frac`
# resident share at 64/20 and its {glue:text}`vm-p-db-pr` MiB/s of page reads, so it gets the
# database right." What is wrong with the argument? Which of the paper's database numbers
# *does* test the model, and how does the model do on it?
# :::
#
# :::{solution} results_model-ex-calibration
# :class: dropdown
# Both numbers belong to the calibration subset: the database's resident memory and its
# page-in rate at 64/20 are targets the fit was made to hit (they are among the
# {glue:text}`vm-ex-ncalib` records the fit was given, {ref}`model-method-fit`), so matching
# them shows only that the fit worked (the model's database reads {glue:text}`vm-ex-db-pr`
# MiB/s, and only because the calibration was allowed to make its buffer cache swept, see
# {doc}`results_db`). The database's throughput and CPU at other configurations test the
# model: the paper's {glue:text}`vm-p-db-9620` at 96/20 against the model's
# {glue:text}`vm-ex-db-9620` (a pass, inside the claim's band), its band of
# {glue:text}`vm-p-db-10` at 10 CPUs (a pass), more CPU than in the reference run at 20 CPUs
# (a pass), and less than {glue:text}`vm-p-db-51220` at 512/20 (a miss: the model gives
# {glue:text}`vm-db-51220`). The paper's {glue:text}`vm-p-db-51215` at 512/15 enters only as
# the bound of that last claim, and the model's {glue:text}`vm-db-51215` at 512/15 is well
# below it. The model gets the direction of the database's behaviour at 20 CPUs right
# through lock-holder preemption (more CPU for less work, and a gain as memory shrinks), but
# not its size: the gain is too small to count as one ({glue:text}`c-db-gains` misses).
# :::
#
# :::{exercise}
# :label: results_model-ex-nopaging
# :class: oc-where-browser
# In the table "which claims test the memory mechanisms", pick one claim that passes only
# with paging and explain, with the mechanism chapters, why a model without memory pressure
# fails it.
# :::
#
# :::{solution} results_model-ex-nopaging
# :class: dropdown
# For example a claim that a workload loses throughput at 64 GiB: without memory pressure
# every run at 64 GiB is the run at 512 GiB, so nothing is evicted, no guest faults, no
# stall holds a virtual CPU ({doc}`paging`), and the throughput is the same as at 512 GiB.
# With memory pressure, global replacement ({doc}`replacement`) evicts the pages whose
# reference interval is longer than the characteristic time; the guest faults on them,
# each fault is served by a paging device with its queue, and the blocking share of the
# stall takes the virtual CPU away from the workload.
# :::

# %% tags=["remove-cell"]
SEED = 7
seeded = exercises.generate("results_model", seed=SEED)
glue("model-seeded-q", Markdown(seeded.question), display=False)
glue("model-seeded-a", Markdown(seeded.solution), display=False)

# %% [markdown]
# :::{exercise}
# :label: results_model-ex-seeded
# :class: oc-where-browser
#
# *A seeded exercise: your instructor may give you a different seed.* Each seed picks a CID
# of the paper's grid and an environment, and asks which variant the model hits hardest.
# This is the question for seed 7:
#
# ```{glue:md} model-seeded-q
# :format: myst
# ```
#
# Type another seed in the box to get another question; the figure *Every variant at one
# CID* on this page has every value you need.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("results_model", seed=...)` gives the question and
# `exercises.check("results_model", seed=..., answer=...)` checks an answer.
# ````
#
# <div class="oc-selfcheck" data-topic="results_model" data-seed="7"></div>
# :::
#
# :::{solution} results_model-ex-seeded
# :class: dropdown
#
# The worked answer for seed 7:
#
# ```{glue:md} model-seeded-a
# :format: myst
# ```
# :::
