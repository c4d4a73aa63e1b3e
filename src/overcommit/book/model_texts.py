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


__all__ = ["glue_all", "glue_swept_database", "swept_database_texts", "texts"]
