"""overcommit.dat (the two-tier translation simulator), its chapter's figures and exercise."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overcommit import dat, exercises
from overcommit.book import figures_dat as fd
from spec_utils import walk as _walk  # noqa: E402

seeds = st.integers(min_value=0, max_value=2**32 - 1)


# --- generate ----------------------------------------------------------------------------


def test_same_seed_same_setup_and_answers():
    a, b = dat.generate(42), dat.generate(42)
    assert a == b
    assert [dat.translate(a, x) for x in a.addresses] == [dat.translate(b, x) for x in b.addresses]
    assert dat.generate(43) != a


def test_defaults_match_the_chapter():
    s = dat.generate(0)
    assert (s.page_size, s.process_pages, s.guest_pages, s.host_frames) == (4096, 16, 32, 16)
    assert len(s.addresses) == 5
    outcomes = [dat.translate(s, a).outcome for a in s.addresses]
    assert outcomes == [
        "z/VM page fault (page-in)", "Linux page fault (swap-in)", "translated",
        "Linux page fault (first touch)", "segmentation fault",
    ]


@settings(max_examples=150, deadline=None)
@given(
    seed=seeds,
    page_exp=st.integers(min_value=4, max_value=13),
    n_proc=st.integers(min_value=1, max_value=40),
    n_guest=st.integers(min_value=1, max_value=64),
    n_host=st.integers(min_value=1, max_value=40),
    used=st.floats(0, 1), present=st.floats(0, 1), resident=st.floats(0, 1),
)
def test_generated_tables_are_consistent(seed, page_exp, n_proc, n_guest, n_host, used, present, resident):
    P = 2**page_exp
    try:
        s = dat.generate(seed, page_size=P, process_bytes=n_proc * P, guest_bytes=n_guest * P,
                         host_bytes=n_host * P, used=used, linux_present=present,
                         zvm_resident=resident, addresses=6)
    except ValueError as exc:  # only when the present process pages cannot fit in the guest
        assert "guest_bytes" in str(exc)
        return
    assert len(s.process) == n_proc and len(s.host) == n_guest
    guest_targets = [e.frame for e in s.process if e.valid]
    assert len(set(guest_targets)) == len(guest_targets)  # distinct guest pages
    assert all(0 <= g < n_guest for g in guest_targets)
    host_frames = [e.frame for e in s.host if e.valid]
    assert len(set(host_frames)) == len(host_frames) <= n_host
    assert all(0 <= f < n_host for f in host_frames)
    for g in guest_targets:  # a page holding process data is instantiated
        assert s.host[g].state in (dat.RESIDENT, dat.PAGED_OUT)
    for e in s.process + s.host:
        assert e.valid == (e.frame is not None)
        assert (e.slot is not None) == (e.state in (dat.SWAPPED, dat.PAGED_OUT))
    assert all(0 <= a < n_proc * P for a in s.addresses)


# --- translate ---------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(seed=seeds, fraction=st.floats(0, 1, exclude_max=True))
def test_translate_follows_both_tables(seed, fraction):
    s = dat.generate(seed)
    address = int(fraction * s.process_bytes)
    t = dat.translate(s, address)
    P = s.page_size
    assert t.vpn * P + t.offset == address and 0 <= t.offset < P
    pte = s.process[t.vpn]
    assert t.process_entry == pte
    if not pte.valid:
        assert t.fault == dat.LINUX and t.answer == "Linux" and t.guest_address is None
        assert "Linux kernel" in t.handler
        return
    assert t.guest_address == pte.frame * P + t.offset
    hpte = s.host[pte.frame]
    if not hpte.valid:
        assert t.fault == dat.ZVM and t.answer == "z/VM" and t.host_address is None
        assert hpte.state == dat.PAGED_OUT and "CP" in t.handler
        assert "handshaking" in t.action
        return
    assert t.fault is None and t.answer == t.host_address == hpte.frame * P + t.offset
    assert t.host_address % P == address % P  # the offset survives both tiers
    assert len(t.steps) == 5


def test_translate_steps_name_the_numbers():
    s = dat.generate(0)
    t = dat.translate(s, 0x81E9)
    assert t.outcome == "translated"
    text = " ".join(t.steps)
    assert "VPN is 33257 // 4096 = 8" in text and "0x1e9" in text
    assert f"{s.hex(t.host_address, 'host')}" in t.steps[-1]
    assert t._repr_markdown_().startswith("1. Split the address")


@pytest.mark.parametrize(
    "address, match",
    [(-1, "address: -1 is not accepted"), (65536, "address: 65536 .* is not accepted"),
     (1.5, "address: 1.5 is not accepted"), ("0x10", "address: '0x10'"), (True, "address: True")],
)
def test_translate_rejects_bad_addresses(address, match):
    with pytest.raises(ValueError, match=match):
        dat.translate(dat.generate(0), address)


def test_translate_accepts_numpy_integers_and_rejects_other_setups():
    s = dat.generate(0)
    assert dat.translate(s, np.int64(0x81E9)) == dat.translate(s, 0x81E9)
    with pytest.raises(ValueError, match="setup: dict is not accepted"):
        dat.translate({}, 0)
    with pytest.raises(ValueError, match="setup"):
        dat.shadow("nope")


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"page_size": 1000}, "page_size: 1000 is not accepted; expected a power of two"),
        ({"page_size": 8}, "page_size: 8"),
        ({"process_bytes": 5000}, "process_bytes: 5000 is not accepted; expected a multiple"),
        ({"guest_bytes": 0}, "guest_bytes: 0"),
        ({"used": 1.5}, "used: 1.5 is not accepted"),
        ({"linux_present": float("nan")}, "linux_present"),
        ({"zvm_resident": "a lot"}, "zvm_resident"),
        ({"addresses": -1}, "addresses: -1"),
        ({"process_bytes": 5000 * 4096}, "more than 4096 pages"),
        ({"used": 1.0, "linux_present": 1.0, "guest_bytes": 4 * 4096}, "guest_bytes: 4 guest pages"),
    ],
)
def test_generate_rejects_bad_parameters(kwargs, match):
    with pytest.raises(ValueError, match=match):
        dat.generate(0, **kwargs)
    with pytest.raises(ValueError, match="seed"):
        dat.generate(-3)


# --- shadow ------------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(seed=seeds)
def test_shadow_composes_the_two_tables(seed):
    s = dat.generate(seed)
    table = dat.shadow(s)
    assert list(table.index) == list(range(s.process_pages))
    for vpn, row in table.iterrows():
        pte = s.process[vpn]
        if not pte.valid:
            assert row["valid"] == 0 and row["fault goes to"] == "Linux"
            assert pte.state in row["invalid because"]
            continue
        hpte = s.host[pte.frame]
        assert row["guest page"] == pte.frame
        if hpte.valid:
            assert row["valid"] == 1 and row["host frame"] == hpte.frame and row["fault goes to"] == "nobody"
        else:
            assert row["valid"] == 0 and row["fault goes to"] == "z/VM"
    # a valid shadow entry gives the same host address as the two-step walk
    for a in s.addresses:
        t = dat.translate(s, a)
        entry = table.loc[t.vpn]
        if entry["valid"]:
            assert int(entry["host frame"]) * s.page_size + t.offset == t.host_address
        else:
            assert t.fault == entry["fault goes to"]


def test_tables_and_markdown():
    s = dat.generate(0)
    assert list(s.process_table().columns) == ["valid", "guest page", "state", "slot"]
    assert len(s.host_table()) == 32
    md = dat.tables_markdown(s)
    assert md.count("\n| ") >= 16 + 16
    assert "swapped (slot 2)" in md and "paged out (slot 20)" in md
    assert dat.addresses_markdown(s).splitlines()[0] == "0. `0x75d9` (decimal 30169)"
    with pytest.raises(ValueError, match="space"):
        s.hex(1, "elsewhere")


# --- figures -----------------------------------------------------------------------------


def test_path_chart_binds_the_addresses_and_filters_on_them():
    s = dat.generate(0)
    full = fd.path_chart(s).to_dict()
    phone = full.pop("usermeta")["narrow"]  # the phone layout (overcommit.js draws it below 640 px)
    for spec in (full, phone):
        (param,) = spec["params"]
        assert param["bind"]["options"] == list(range(5))
        assert param["bind"]["labels"][0] == "0: 0x75d9"
        filters = [json.dumps(t["filter"]) for node in _walk(spec) for t in node.get("transform", []) if "filter" in t]
        assert len(filters) == 3 and all("addr" in f for f in filters)
        assert len(spec["description"]) > 100
    assert full["width"] <= 470 and phone["width"] <= 300
    assert len(json.dumps(full)) + len(json.dumps(phone)) < 100_000
    # the phone's cell labels are short enough for a 73 px column at 10 px
    assert fd.cells_frame(s)["short"].str.len().max() <= 14


def test_path_frames_differ_between_addresses():
    s = dat.generate(0)
    outline, links, texts = fd.path_frames(s, s.addresses)
    assert texts["text"].nunique() == 5
    assert outline.groupby("addr").size().tolist() == [2, 1, 3, 1, 1]
    assert links.groupby("addr").size().reindex(range(5), fill_value=0).tolist() == [1, 0, 2, 0, 0]
    assert "z/VM page fault" in texts["text"][0] and "host real address" in texts["text"][2]


def test_cells_cover_every_entry_once():
    s = dat.generate(5)
    cells = fd.cells_frame(s)
    assert cells.groupby("column").size().to_dict() == {"guest": 32, "host": 16, "process": 16}
    assert set(cells["category"]) <= set(fd.CATEGORIES)
    spans = cells.groupby("column")["y1"].max()
    assert spans.nunique() == 1  # all three columns are equally tall


def test_explore_chart_recomputes_and_rejects_bad_values():
    a = fd.explore_chart(0, 0x75D9).to_dict()
    b = fd.explore_chart(1, 0x75D9).to_dict()
    assert a != b and "params" not in a
    with pytest.raises(ValueError, match="address"):
        fd.explore_chart(0, 70000)
    with pytest.raises(ValueError, match="seed"):
        fd.explore_chart(-1, 0)
    with pytest.raises(ValueError, match="default"):
        fd.path_chart(dat.generate(0), default=9)


# --- the seeded exercise -----------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_exercise_answers_are_the_translations(seed):
    ex = exercises.generate("dat", seed)
    p = ex.parameters
    s = dat.generate(p["variant_seed"], page_size=p["page_size"], process_bytes=16 * p["page_size"],
                     guest_bytes=32 * p["page_size"], host_bytes=16 * p["page_size"], addresses=4)
    assert ex.answer == [dat.translate(s, a).answer for a in s.addresses]
    assert exercises.check("dat", seed, ex.answer)
    assert exercises.check("dat", seed, [a.lower() if isinstance(a, str) else a for a in ex.answer])
    wrong = [a + p["page_size"] if isinstance(a, int) else ("z/VM" if a == "Linux" else "Linux")
             for a in ex.answer]
    assert not exercises.check("dat", seed, wrong)
    for a in s.addresses:
        assert s.hex(a) in ex.question and s.hex(a) in ex.solution


def test_exercise_is_deterministic_and_varies_its_page_size():
    assert exercises.generate("dat", 3) == exercises.generate("dat", 3)
    assert {exercises.generate("dat", s).parameters["page_size"] for s in range(30)} == {256, 1024, 4096}


def test_seed0_prose_follows_the_simulator():
    """The chapter says in words what seed 0 does; the simulator must still do it."""
    setup = dat.generate(0)
    faults = list(dat.translate_all(setup)["fault in"])
    # 'Address 0 ... a z/VM page fault. Address 1, 3 and 4: Linux faults. Only address 2 ...'
    assert faults[0] == "z/VM" and faults[2] == "—"
    assert all(faults[i] == "Linux" for i in (1, 3, 4))
    outcomes = list(dat.translate_all(setup)["outcome"])
    assert "swap-in" in outcomes[1] and "first touch" in outcomes[3] and "segmentation" in outcomes[4]
    # the exercises' chosen pages are what the solutions say they are: guest page 24 is
    # reached from one process page, process page 13 is resident, process page 2 is present
    # in Linux's table on a guest page CP has paged out (double paging)
    sh = dat.shadow(setup)
    assert (sh["guest page"] == 24).sum() == 1 and sh.loc[13, "valid"]
    swapped = setup.process[2]
    assert swapped.valid and setup.host[swapped.frame].state == "paged out"


def test_dat_twin_types_no_seed0_entry():
    from twin_text import twin_prose
    prose = twin_prose("dat")
    for typed in ("0xbe92", "0xafe1", "0xca27", "frame 10", "guest page 7", "slot 20", "65,535", "16 frames"):
        assert typed not in prose, typed
