"""overcommit.workloads: what-if copies of the study's guests."""

import pytest


def test_scaled_shares_multiplies_the_shares_of_the_named_variants_only():
    from overcommit.workloads import scaled_shares, study_guests

    base = {g.name: g.share for g in study_guests()}
    out = {g.name: g for g in scaled_shares({"net-medium": 2.0, "net-high": 0.65})}
    for name, g in out.items():
        factor = {"net-medium": 2.0, "net-high": 0.65}.get(g.variant, 1.0)
        assert g.share == pytest.approx(base[name] * factor)
    with pytest.raises(ValueError, match="factors: variant 'nope'"):
        scaled_shares({"nope": 2.0})
    with pytest.raises(ValueError, match=r"factors\['db-bi'\]: 0"):
        scaled_shares({"db-bi": 0})
