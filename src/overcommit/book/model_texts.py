"""The model's fixed assumptions as the chapters' prose states them, from one place.

Several chapters quote the same constants of :mod:`overcommit.model` and
:mod:`overcommit.paging` (the z/VM 6.2 page reorder's pause, the CP time per page moved on an
EDEV, z/VM 6.2's higher CPU cost per unit of work and per stolen frame). Each of them glues
the number from :func:`texts` (through :func:`glue_all`), so a change of the constant reaches
every page. This module only formats them.

Glue names (the same on every page that uses them):

``model-reorder-s-8gib``
    seconds a z/VM 6.2 page reorder stops a guest per 8 GiB resident ("1");
``model-cp-us-per-page``
    CP CPU time per page moved to or from an EDEV-SCSI paging device, in µs ("10");
``model-62-cpu-cost``
    how much more CPU z/VM 6.2 needs per unit of work than 6.3 ("8 %");
``model-62-steal-ratio``
    how many times as much CP time z/VM 6.2 spends stealing one frame as 6.3 ("6").
"""

from __future__ import annotations

from .. import model, paging


def texts() -> dict[str, str]:
    """Every ``model-*`` glue name with its text (see the module docstring)."""
    cost = model.CPU_COST_FACTOR
    steal = model.STEAL_CPU_S_PER_PAGE
    return {
        "model-reorder-s-8gib": f"{model.REORDER_S_PER_MIB * 8 * 1024:.2g}",
        "model-cp-us-per-page": f"{paging.DEFAULT_CP_CPU_S_PER_PAGE['edev-scsi'] * 1e6:g}",
        "model-62-cpu-cost": f"{100 * (cost['6.2'] / cost['6.3'] - 1):.0f} %",
        "model-62-steal-ratio": f"{steal['6.2'] / steal['6.3']:.0f}",
    }


def glue_all() -> dict[str, str]:
    """Glue every ``model-*`` name (not displayed) and return the texts."""
    from . import glue_texts

    return glue_texts(texts())


def swept_database_texts() -> dict[str, str]:
    """The swept database's numbers the prose quotes, one computation for every page:
    ``model-db-k`` (the fitted Erlang shape of its references) and
    ``model-db-random-limit`` (MiB/s random references could read at its residency,
    :func:`overcommit.calibrate.random_read_limit`)."""
    from .. import calibrate, workloads

    db = next(g for g in workloads.study_guests() if g.name == "db-bi")
    return {"model-db-k": f"{db.regularity:.1f}",
            "model-db-random-limit": f"{calibrate.random_read_limit('db-bi')[0]:.0f}"}


def glue_swept_database() -> dict[str, str]:
    """Glue every :func:`swept_database_texts` name (not displayed) and return the texts."""
    from . import glue_texts

    return glue_texts(swept_database_texts())


def key_number_texts() -> dict[str, str]:
    """The page-read and reclaim-time numbers at 64/20 that both the validation chapter and
    its appendix quote (:func:`overcommit.book.figures_validation.key_numbers`):
    ``vm-reads`` and ``vm-reads-targets`` (MiB/s the model reads, and its targets add up
    to), ``vm-T``, ``vm-T-db`` and ``vm-T-java`` (the global, the database's and the
    paper's high-Java reclaim times, s), ``vm-beta`` (the reclaim exponent), ``vm-jh-res``
    (% of the high Java guest resident) and ``vm-db-reads`` (the database's page reads,
    MiB/s)."""
    from .. import simulate
    from . import figures_validation

    k = figures_validation.key_numbers()
    db_reads = float(simulate("64/20").guests.loc["db-bi", "page_read_mib_s"])
    return {"vm-reads": f"{k['page_reads_6420']:.0f}",
            "vm-reads-targets": f"{k['page_reads_targets']:.0f}",
            "vm-T": f"{k['T_6420']:.0f}",
            "vm-T-java": f"{k['T_java_high_paper']:.0f}",
            "vm-beta": f"{k['reclaim_exponent']:g}",
            "vm-T-db": f"{k['T_db_6420']:,.0f}",
            "vm-jh-res": f"{k['java_high_resident_pct']:.0f}",
            "vm-db-reads": f"{db_reads:.1f}"}


def claim_texts() -> dict[str, str]:
    """The claims as both the validation chapter and its appendix cite them: ``c-<id>``,
    each claim's display name ("Claim 12", the tables' numbering), and the counts
    ``vm-n-claims``, ``vm-n-valid`` and ``vm-n-valid-pass`` (claims, validation claims,
    validation claims that pass)."""
    from .. import names
    from . import figures_validation

    claims = figures_validation.claims_frame()
    valid = claims[claims["kind"] == "validation"]
    texts = {f"c-{claim_id}": names.claim(claim_id) for claim_id in claims["id"]}
    texts.update({"vm-n-claims": str(len(claims)), "vm-n-valid": str(len(valid)),
                  "vm-n-valid-pass": str(int(valid["passed"].sum()))})
    return texts


def glue_claims() -> dict[str, str]:
    """Glue every :func:`claim_texts` name (not displayed) and return the texts."""
    from . import glue_texts

    return glue_texts(claim_texts())


def glue_key_numbers() -> dict[str, str]:
    """Glue every :func:`key_number_texts` name (not displayed) and return the texts."""
    from . import glue_texts

    return glue_texts(key_number_texts())


__all__ = ["claim_texts", "glue_all", "glue_claims", "glue_key_numbers", "glue_swept_database", "key_number_texts", "swept_database_texts", "texts"]
