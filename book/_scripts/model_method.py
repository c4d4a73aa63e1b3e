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
# # How the model is fitted and checked
#
# {doc}`results_model` grades the model against the paper's written findings and keeps
# apart what the model was fitted to from what it predicts. This appendix is the method
# behind that chapter: what the fit was given and where it moved each parameter, how much
# the verdicts depend on the choices it made, how the paper's own numbers for the one
# configuration the fit used compare with the model's, why the fit cannot reach the paper's
# page reads, and how every number the paper states is accounted for.
#
# The paper is {cite:t}`johanssen2014overcommit`. Everything here is about one
# configuration, CID 64/20 (64 GiB of real memory, 20 real CPUs) on z/VM 6.3 with EDEV-SCSI
# paging, the one the paper describes in detail.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `python -m overcommit calibrate` reruns the fit and writes its results to `data/`
# (`calibrated_parameters.csv`, `calibration_scan.csv`, `calibration_sensitivity.csv`);
# `overcommit.calibrate.targets()` lists what it aims at.
# ````

# %% tags=["remove-cell"]
from IPython.display import Markdown
from overcommit.book import glue, model_texts

from overcommit import calibrate, data, validation
from overcommit.book import figures_validation
from overcommit.exercises import checks

claims = figures_validation.claims_frame()
valid = claims[claims["kind"] == "validation"]
calib = claims[claims["kind"] == "calibration"]
model_texts.glue_claims()  # c-<id> ("Claim 12"), vm-n-claims, vm-n-valid, vm-n-valid-pass
o000 = data.observations(["observations_000.csv"]).set_index("id")
pval = o000["value"].astype(float)
glue("vm-p-sys-pr", f"{pval['o000-sys-pr']:g}", display=False)
glue("vm-p-dpa-gib", f"{pval['o000-sys-dpa'] / 1024:.0f}", display=False)
for name, oid in {"jh-res": "o000-jh-res-frac", "fspm-dpa": "o000-fspm-dpa",
                  "fspm-pr-share": "o000-fspm-pr-share"}.items():
    glue(f"vm-p-{name}", f"{pval[oid]:g} %", display=False)
glue("vm-p-db-pr", f"{pval['o000-db-pr']:g}", display=False)

# %% [markdown]
# (model-method-fit)=
# ## What the fit was given, and where it moved the parameters
#
# The fit was given the paper's numbers for 64/20: how much of each guest's memory was
# resident, how many MiB/s of pages it read back, and how much throughput the two Java levels
# lost. Per guest it moves three parameters of the guest's memory behaviour: which share of
# the pages it touches is active, the median rate at which an active page is referenced,
# and how skewed the popularity of the active pages is. Per Java level it moves one more,
# the share of a page-fault stall that holds the virtual CPU. For the host it chooses two:
# the global characteristic time T and the exponent β by which a guest's reclaim time grows
# with its size ({doc}`replacement`; next section). The chart shows where each per-guest
# parameter started, from the book's tables of guest behaviour and workload drivers, where
# every start value has its reason, and where the fit moved it.

# %% tags=["remove-input"]
figures_validation.calibration_chart(default="median_rate_per_s")

# %% [markdown]
# ```{container} oc-caption
# **Figure: calibrated parameters.** For the parameter picked in the drop-down, one row per
# guest (and per Java variant for the blocking share): start value hollow, fitted value
# filled, on a log scale. Fitted at CID 64/20 on z/VM 6.3 with EDEV-SCSI paging; the
# targets are in the next table.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_validation.calibration_parameters()` has the chart's numbers, from
# `data/calibrated_parameters.csv`; the start values are in `data/guest_behaviour.csv` and
# `data/variant_drivers.csv`.
# ````

# %% tags=["remove-cell"]
report = figures_validation.calibration_report()
glue("vm-fill", f"{report.attrs['fill']:.2f}", display=False)
glue("vm-n-targets", str(len(report)), display=False)
obs = figures_validation.observation_frame()
glue("vm-obs-fit-n", str(int((obs["role"] == figures_validation.ROLE_FIT).sum())), display=False)

# %% [markdown]
# The {glue:text}`vm-n-targets` targets, each with the places in the paper it is derived
# from. There are more targets than the {glue:text}`vm-obs-fit-n` records of the paper the
# fit was given (the chart of the section "Paper against model at CID 64/20" below): one
# record can give several targets (a guest's share of the DPA is also a resident amount, and
# a triplet's read share is split over its three guests), and the system totals the shares
# refer to are records too. The resident targets are the paper's numbers scaled by
# {glue:text}`vm-fill` so that together they fill the DPA: the paper describes only some
# guests' memory, and the rest of the DPA must be somewhere.

# %% tags=["remove-input"]
figures_validation.text_table(figures_validation.calibration_table(report), "calibration_report", cards=True)

# %% [markdown]
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_validation.calibration_report()` is this table with the package's names;
# `calibrate.target_observations()` lists the records the fit was given.
# ````

# %% tags=["remove-cell"]
scan = data.load_table("calibration_scan.csv")
chosen_beta, chosen_T = figures_validation.chosen_pair(scan)
glue("vm-beta-fit", f"{chosen_beta:g}", display=False)
glue("vm-T-fit", f"{chosen_T:.0f}", display=False)
glue("vm-scan-unsettled", str(int((scan["settled"] == "no").sum())), display=False)
glue("vm-scan-pairs", str(len(scan)), display=False)
glue("vm-settled-gap", f"{calibrate.SETTLED_JAVA_GAP:g}", display=False)
glue("vm-refine-step", f"{calibrate.REFINE_STEP - 1:.0%}", display=False)
assert (scan.loc[scan["chosen"] == "yes", "stage"] == "refined").all(), "the prose says the choice was refined"

# %% [markdown]
# (model-method-sure)=
# ## How sure is the fit?
#
# The exponent β of the per-guest reclaim time and the global characteristic time T are
# fitted together: for every pair in the table below the per-guest parameters are fitted and
# the total residual is recorded (lower is better). The surface is rough: for some pairs the
# Java levels cannot lose as much throughput as the paper says, and their residual jumps. The
# fit therefore keeps the pair whose *worst* neighbour along T (a factor √2 either way) is
# best, so that no claim hangs on a knife edge. Around that pair it then refines T on a finer
# grid, steps of about {glue:text}`vm-refine-step` either way (rows marked "refined"), scored
# the same way against the finer neighbours; it chose β = {glue:text}`vm-beta-fit` and T =
# {glue:text}`vm-T-fit` s.
#
# At {glue:text}`vm-scan-unsettled` of the {glue:text}`vm-scan-pairs` pairs the fit does not
# *settle*: a Java level stays more than {glue:text}`vm-settled-gap` from its target
# throughput, because the medium Java guest is bistable there (as its blocking share grows,
# its throughput jumps from one branch of the page-fault feedback to the other, past the
# target) or because it cannot lose enough at all. Such a pair's residual is not a property of
# the pair: it depends on which branch the solver reaches, and that changes with the last
# digits of the arithmetic (two runs of the same code gave one such pair very different
# residuals). So an unsettled pair counts as infinitely bad, for itself and for its
# neighbours; then the choice does not depend on those residuals: a rerun of the fit with
# other arithmetic (another BLAS kernel) chose the same pair and the same parameters to a
# fraction of a per cent (the maintainers' notes in the repository, docs/model-validation.md,
# have the numbers).

# %% tags=["remove-input"]
figures_validation.text_table(figures_validation.calibration_scan(), "calibration_scan", cards=True)

# %% tags=["remove-cell"]
sens = data.load_table("calibration_sensitivity.csv")
sens["flips"] = sens["flipped"].map(lambda t: [] if t in ("none", "the chosen fit") or t.startswith("no verdicts")
                                    else [f.split(" (")[0] for f in t.split("; ")])
chosen_row = sens[(sens["beta"] == chosen_beta) & (sens["T_s"] == chosen_T)]
along_T = sens[(sens["beta"] == chosen_beta) & (sens["T_s"] != chosen_T)]
along_beta = sens[sens["beta"] != chosen_beta]
valid_ids = set(valid["id"])
# the file counts what `validate` counts today, and the prose's statements about it hold
assert len(chosen_row) == 1 and int(chosen_row["validation_passed"].iloc[0]) == int(valid["passed"].sum())
assert int(chosen_row["calibration_passed"].iloc[0]) == int(calib["passed"].sum())
assert len(along_T) == 2 * len(calibrate.T_NUDGES) and (along_T["validation_passed"] == int(valid["passed"].sum())).all()
assert not any(set(f) & valid_ids for f in along_T["flips"]), "along T only calibration claims flip"
# along T only a calibration claim changes, named with the T where it does
T_flips = along_T[along_T["flips"].map(bool)]
assert len(T_flips) == 1 and len(T_flips["flips"].iloc[0]) == 1
T_flip = T_flips["flipped"].iloc[0]
assert T_flip.endswith(("(now fails)", "(now passes)"))
glue("vm-sens-T-flips", f"{figures_validation.claim_names(T_flips['flips'].iloc[0])} "
     f"{'fails' if T_flip.endswith('(now fails)') else 'passes'} at T = {T_flips['T_s'].iloc[0]:g} s", display=False)
# "With β = 0.75 the refit settles, and again no validation verdict changes ...; only Claims
# .. and .. fail, the total page reads at 64/20 and the database's share of them. With
# β = 0.9 the refit does not settle, and ... it gives no verdicts"
assert len(along_beta) == len(calibrate.BETA_NUDGES) and chosen_beta == 1
near_beta = along_beta[along_beta["beta"] == chosen_beta - min(calibrate.BETA_NUDGES)]
far_beta = along_beta[along_beta["beta"] == chosen_beta - max(calibrate.BETA_NUDGES)]
assert len(near_beta) == len(far_beta) == 1
assert (near_beta["settled"] == "no").all() and near_beta["validation_passed"].isna().all()
assert near_beta["calibration_passed"].isna().all() and near_beta["flipped"].iloc[0].startswith("no verdicts")
assert (far_beta["settled"] == "yes").all() and int(far_beta["validation_passed"].iloc[0]) == int(valid["passed"].sum())
beta_flips = far_beta["flips"].iloc[0]
assert beta_flips == ["paging-6420-rate", "paging-db-share"] and not set(beta_flips) & valid_ids
assert all(f"{c} (now fails)" in far_beta["flipped"].iloc[0] for c in beta_flips)
assert int(far_beta["calibration_passed"].iloc[0]) == int(calib["passed"].sum()) - len(beta_flips)
glue("vm-sens-beta-flips", figures_validation.claim_names(beta_flips), display=False)
small, large = sorted(calibrate.T_NUDGES)
glue("vm-sens-T-small", f"{small - 1:.0%}", display=False)
glue("vm-sens-T-nudge", f"{large:.2f}", display=False)
glue("vm-sens-T-lo", f"{along_T['T_s'].min():g}", display=False)
glue("vm-sens-T-hi", f"{along_T['T_s'].max():g}", display=False)
glue("vm-sens-beta-near", f"{near_beta['beta'].iloc[0]:g}", display=False)
glue("vm-sens-beta", f"{far_beta['beta'].iloc[0]:g}", display=False)
glue("vm-sens-beta-valid", str(int(far_beta["validation_passed"].iloc[0])), display=False)

# %% [markdown]
# **Does a verdict hang on the chosen pair?** The fit's per-guest parameters were fitted
# again around the chosen pair, and every claim evaluated on each refit. With T moved by
# {glue:text}`vm-sens-T-small` or by a factor of {glue:text}`vm-sens-T-nudge` either way
# ({glue:text}`vm-sens-T-lo` s to {glue:text}`vm-sens-T-hi` s), the model still passes
# {glue:text}`vm-n-valid-pass` of the {glue:text}`vm-n-valid` validation claims; only one
# calibration claim changes: {glue:text}`vm-sens-T-flips`. With β =
# {glue:text}`vm-sens-beta` the refit settles, and again no validation verdict changes
# ({glue:text}`vm-sens-beta-valid` pass); only {glue:text}`vm-sens-beta-flips` fail, the
# total page reads at 64/20 and the database's share of them. With β =
# {glue:text}`vm-sens-beta-near` the refit does not settle, and with its parameters the
# model finds no steady state at some host of the paper's grid, so that refit gives no
# verdicts at all ("no verdict" in the table). The claims are numbered as in the
# tables of {doc}`results_model`.

# %% tags=["remove-input"]
figures_validation.text_table(figures_validation.calibration_sensitivity(), "calibration_sensitivity", cards=True)

# %% [markdown]
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The scan is `data/calibration_scan.csv`, chosen by `calibrate.robust_choice`; the refits
# are `calibrate.sensitivity`, stored in `data/calibration_sensitivity.csv`.
# ````

# %% tags=["remove-cell"]
inside = obs[(obs["model"] >= obs["paper"] * 0.75) & (obs["model"] <= obs["paper"] * 1.25)]
glue("vm-obs-n", str(len(obs)), display=False)
smallest = obs.loc[obs["paper"].idxmin()]
glue("vm-obs-min", f"{smallest['paper']:g} {smallest['unit']}", display=False)
rates = obs[obs["unit"] == "MiB/s"]
glue("vm-obs-max", f"{rates['paper'].max():g} MiB/s", display=False)
glue("vm-obs-in", str(len(inside)), display=False)
fit = obs[obs["role"] == figures_validation.ROLE_FIT]
notfit = obs[obs["role"] != figures_validation.ROLE_FIT]
glue("vm-obs-fit-in", f"{len(inside[inside['role'] == figures_validation.ROLE_FIT])} of {len(fit)}", display=False)
glue("vm-obs-notfit-in", f"{len(inside[inside['role'] != figures_validation.ROLE_FIT])} of {len(notfit)}", display=False)

# %% [markdown]
# (model-method-6420)=
# ## Paper against model at CID 64/20
#
# Every number the paper gives for 64/20 that the model also computes, against the model's
# value. Most of them were fit targets; the others come from the same paragraphs.

# %% tags=["remove-input"]
figures_validation.observation_chart(obs, band=0.25)

# %% [markdown]
# ```{container} oc-caption
# **Figure: the 64/20 records.** Every number the paper states for CID 64/20 on z/VM 6.3
# with EDEV-SCSI paging whose quantity the model computes, against the model's value for the
# same run. Circles were calibration targets, triangles come from the same paragraphs but
# were not fitted. Log scales, because the quantities run from {glue:text}`vm-obs-min` to
# {glue:text}`vm-obs-max`. The slider sets the tolerance band. Sources: the "memory usage at
# CID 64/20" paragraphs of each workload section of {cite:t}`johanssen2014overcommit`.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_validation.observation_frame()` has the points, from `data/observations_000.csv`
# and `overcommit.simulate("64/20")`.
# ````
#
# With a band of ±25 %, {glue:text}`vm-obs-in` of the {glue:text}`vm-obs-n` records agree:
# {glue:text}`vm-obs-fit-in` calibration targets and {glue:text}`vm-obs-notfit-in` records
# that were not fitted. That the fit misses some of its own targets is not a bug of the
# optimiser: the guests share one memory, and their reclaim times all follow from one
# characteristic time and one exponent ({doc}`replacement`), so the targets pull against
# each other, and some of them cannot all hold at once (next section). The records that were
# *not* fitted are mostly restatements of fitted ones in other units, so agreeing on them is
# weak evidence too. The real tests are the validation claims of {doc}`results_model`, which
# are about other configurations.
#
# ### Some of the paper's numbers contradict each other
#
# For four guests the paper gives three numbers at 64/20: the guest's share of the DPA, its
# share of all page reads, and the share of its resident memory paged in per second. The
# third follows from the first two and the system totals ({glue:text}`vm-p-sys-pr` MiB/s of
# page reads, the DPA's size). For the two Java guests the numbers agree; for the two
# page-cached fio guests the stated rate is about ten times what the other two imply:

# %% tags=["remove-input"]
pins = figures_validation.paper_pin_check()
figures_validation.text_table(figures_validation.pin_table(pins), "paper_pins", cards=True)

# %% tags=["remove-cell"]
glue("vm-pin-fspm", f"{pins.loc['fs-pagecache-medium', 'stated / implied']:.0f}", display=False)

# %% [markdown]
# No model can match all three for those guests; the fit took the shares (they are in the
# calibration subset) and the model's paged-in fractions then come out at a tenth of the
# stated ones (the two fio triangles far below the diagonal). A likely explanation is a
# unit slip in the paper (a per-mille value written as a percentage); we cannot know which
# of the three numbers is wrong.

# %% tags=["remove-cell"]
k = figures_validation.key_numbers()
db_reads = float(model_texts.glue_key_numbers()["vm-db-reads"])
model_texts.glue_swept_database()  # model-db-k
# the prose: the model reads less than the paper and than its targets; one global clock
# cannot serve both the Java pair and the database (the paper's Java numbers imply a time
# far shorter than the database's); the database reads about half of its target without
# sweeps, and close to it with them
assert k["page_reads_6420"] < min(pval["o000-sys-pr"], k["page_reads_targets"])
assert k["T_db_6420"] > 10 * k["T_6420"] > 10 * k["T_java_high_paper"]
assert 0.75 * pval["o000-db-pr"] < db_reads < pval["o000-db-pr"]
assert k["java_high_resident_pct"] < pval["o000-jh-res-frac"] - 5

# %% [markdown]
# (model-method-paging)=
# ## Why the fit falls short of the paper's page reads
#
# At 64/20 the model reads {glue:text}`vm-reads` MiB/s from the paging devices, the paper's
# system about {glue:text}`vm-p-sys-pr` MiB/s, and the targets derived from the paper's
# figures for each guest add up to {glue:text}`vm-reads-targets` MiB/s. A model with one
# characteristic time for the whole DPA read about a third of the paper's rate: the paper's
# Java numbers imply a reclaim time of about {glue:text}`vm-T-java` s for the high Java
# guest, the database's numbers one many times longer, and one global clock cannot give
# both. So every guest's pages age for a time that grows with the guest's size
# ({doc}`replacement`): the fit chose the exponent β = {glue:text}`vm-beta`, so every guest
# gives up about the same number of frames each time z/VM visits it, and at 64/20 the
# global time is {glue:text}`vm-T` s while the database's own is {glue:text}`vm-T-db` s.
#
# That still left the database at about half of its page reads, because random references
# that keep half of its memory resident cannot be read back at the paper's rate. A BI
# query scans its tables, so the database's buffer cache is touched in sweeps; modelled that
# way, with the calibration choosing how regular the sweeps are (*k* =
# {glue:text}`model-db-k`), the database reads {glue:text}`vm-db-reads` of its
# {glue:text}`vm-p-db-pr` MiB/s ({doc}`results_db`, {doc}`replacement`).
#
# What is still missing is burstiness. The high Java guest keeps only {glue:text}`vm-jh-res`
# % of its memory resident (the paper: {glue:text}`vm-p-jh-res`), because a page that is
# referenced steadily often enough to be faulted back at the paper's rate would also stay
# resident. A collector that sweeps the whole heap at intervals can be resident most of the
# time and still fault often. We built that (pages touched like clockwork,
# {doc}`replacement`), gave the Java and WebSphere heaps a regularity of 10 and refitted,
# and it made things worse: the fit's residual rose, the page reads at 64/20 fell and the
# high Java guest kept even less of its memory resident (the maintainers' notes,
# docs/model-validation.md, give the numbers of that run). The chapter on page replacement
# shows why: the two Java guests have the same size, and the paper's figures ask for reclaim
# times more than twice apart whatever the regularity. The model keeps random references.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_validation.key_numbers()` has the rates and times of this section;
# `replacement.reclaim_weights` gives each guest's reclaim time as a multiple of T.
# ````

# %% tags=["remove-cell"]
cover = figures_validation.coverage()
n_records = len(data.observations(["observations_000.csv"]))
assert int(cover["records"].sum()) == n_records
set_aside = cover[cover.index.str.startswith("set aside")]
assert len(set_aside) == len(validation.NOT_CLAIMS)
assert int(set_aside["records"].sum()) == sum(len(ids) for ids in validation.NOT_CLAIMS.values())
glue("vm-cov-records", str(n_records), display=False)
glue("vm-cov-valid", str(int(cover["records"].iloc[0])), display=False)
glue("vm-cov-fit", str(int(cover["records"].iloc[1])), display=False)
glue("vm-cov-aside", str(int(set_aside["records"].sum())), display=False)
glue("vm-cov-reasons", str(len(set_aside)), display=False)
later = valid[valid["id"].isin(figures_validation.LATER_CLAIMS)]
earlier = valid[~valid["id"].isin(figures_validation.LATER_CLAIMS)]
glue("vm-n-earlier", str(len(earlier)), display=False)
glue("vm-n-earlier-pass", str(int(earlier["passed"].sum())), display=False)
glue("vm-n-later", str(len(later)), display=False)
glue("vm-n-later-pass", str(int(later["passed"].sum())), display=False)
assert validation.ALMOST < validation.SLIGHT
glue("vm-almost", f"{100 * validation.ALMOST:g} %", display=False)
glue("vm-slight", f"{100 * validation.SLIGHT:g} %", display=False)

# %% [markdown]
# (model-method-records)=
# ## Every finding accounted for
#
# The findings of the paper are stored as {glue:text}`vm-cov-records` records, each with the
# section it comes from. Every record is one of three things. A validation claim compares
# with it ({glue:text}`vm-cov-valid` records). The fit used it, as a target or as the record
# of a calibration claim ({glue:text}`vm-cov-fit`). Or it is set aside, under one of
# {glue:text}`vm-cov-reasons` reasons ({glue:text}`vm-cov-aside`). A test of the package
# fails when a record is none of them, so a finding cannot drop out of the grading without
# a stated reason.

# %% tags=["remove-input"]
figures_validation.text_table(cover, "coverage", cards=True)

# %% [markdown]
# The last {glue:text}`vm-n-later` validation claims were written to close that gap. The
# paper often gives a direction in words, not a number, so their thresholds had to be read
# from its words. They were fixed once, before the model was evaluated on the new claims:
# "almost unchanged", "a few percent" and "very close" mean within {glue:text}`vm-almost` of
# the value compared with, and "noticeably" at least {glue:text}`vm-almost` apart; "slight"
# means a change of less than {glue:text}`vm-slight` and "significant" one of
# {glue:text}`vm-slight` or more. The model passes {glue:text}`vm-n-later-pass` of the
# {glue:text}`vm-n-later`; the {glue:text}`vm-n-earlier` claims written first give
# {glue:text}`vm-n-earlier-pass`. Writing them changed nothing in the model.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# The records are `data/observations_000.csv`; the reasons for setting one aside are
# `validation.NOT_CLAIMS`, the thresholds `validation.ALMOST` and `validation.SLIGHT`; the
# test is `test_every_record_of_the_paper_is_a_claim_a_target_or_set_aside_with_a_reason`
# in `tests/test_calibration_validation.py`.
# ````
#
# ## Exercises

# %% tags=["remove-cell"]
glue("vm-ex-pin-stated", f"{pins.loc['fs-pagecache-medium', 'paged in per second, stated (%)']:.2f}", display=False)
glue("vm-ex-pin-implied", f"{pins.loc['fs-pagecache-medium', 'paged in per second, implied (%)']:.3f}", display=False)
glue("vm-ex-pin-res", f"{pins.loc['fs-pagecache-medium', 'resident (MiB, from the DPA share)']:,.0f}", display=False)
glue("vm-ex-pin-read", f"{pins.loc['fs-pagecache-medium', 'page reads (MiB/s, from the read share)']:.2f}",
     display=False)
band = checks.get("model_method-ex-band").values
glue("vm-ex-band-10", band["band10"], display=False)
glue("vm-ex-band-50", band["band50"], display=False)
glue("vm-ex-worst", Markdown(band["worst"]), display=False)

# %% [markdown]
# :::{exercise}
# :label: model_method-ex-pin
# :class: oc-where-browser
# The paper states that the medium page-cached fio guest had a DPA share of
# {glue:text}`vm-p-fspm-dpa` and {glue:text}`vm-p-fspm-pr-share` of all page reads at 64/20,
# and that it paged in {glue:text}`vm-ex-pin-stated` % of its resident memory per second.
# With a DPA of about {glue:text}`vm-p-dpa-gib` GiB and {glue:text}`vm-p-sys-pr` MiB/s of
# page reads in total, check whether the three numbers agree.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_validation.paper_pin_check()` does the arithmetic.
# ````
# :::
#
# :::{solution} model_method-ex-pin
# :class: dropdown
# Its resident memory is about {glue:text}`vm-ex-pin-res` MiB ({glue:text}`vm-p-fspm-dpa` of
# the DPA) and it reads about {glue:text}`vm-ex-pin-read` MiB/s
# ({glue:text}`vm-p-fspm-pr-share` of {glue:text}`vm-p-sys-pr` MiB/s), so it pages in
# {glue:text}`vm-ex-pin-implied` % of its resident memory per second, not the stated
# {glue:text}`vm-ex-pin-stated` %: a factor of about {glue:text}`vm-pin-fspm`. One of the
# three numbers must be wrong, so no model can match all of them. The calibration fitted the
# two shares; the paged-in rate is then a guaranteed miss, and it says nothing about the
# model.
# :::
#
# :::{exercise}
# :label: model_method-ex-band
# :class: oc-where-browser
# In the 64/20 chart, move the tolerance slider to ±10 % and to ±50 % (0.1 and 0.5). How many
# records agree in each case (answer as two numbers)? Which record is furthest from the paper
# (by the ratio model/paper or its inverse), and is it a calibration target?
#
# <div class="oc-selfcheck" data-check="model_method-ex-band"></div>
# :::
#
# :::{solution} model_method-ex-band
# :class: dropdown
# {glue:text}`vm-ex-band-10` records agree within ±10 % and {glue:text}`vm-ex-band-50`
# within ±50 %, of {glue:text}`vm-obs-n`. The furthest is {glue:md}`vm-ex-worst`: one of
# the paged-in fractions of the page-cached fio guests that the paper's own numbers
# contradict (previous exercise). It is not a target, but it restates two targets, so the
# miss is the paper's inconsistency, not a prediction that failed.
# :::
