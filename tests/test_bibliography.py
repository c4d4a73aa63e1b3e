"""The bibliography (book/references.bib, rendered by book/bibliography.md) reads as a
reader's list: a link, where an entry has one, is well formed, and no note carries the
project's production words (where a document came from in the planning material, or that a
year was guessed). Also: every key the chapters cite is in the file, and the file parses.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pybtex.database import parse_file

ROOT = Path(__file__).resolve().parents[1]
BIB = ROOT / "book" / "references.bib"
ENTRIES = parse_file(str(BIB)).entries

URL = re.compile(r"^https?://[A-Za-z0-9.-]+\.[A-Za-z]{2,}(/[^\s{}]*)?$")
DOI = re.compile(r"^10\.\d{4,9}/[^\s{}]+$")
PRODUCTION = re.compile(r"\b(seed|seeds|approximate|approximately|approx\.?|todo|fixme)\b", re.I)


def test_the_bibliography_has_entries_and_links():
    assert len(ENTRIES) >= 20
    linked = [k for k, e in ENTRIES.items() if "url" in e.fields or "doi" in e.fields]
    assert len(linked) >= 10, linked


@pytest.mark.parametrize("key", sorted(ENTRIES))
def test_a_link_is_well_formed(key):
    fields = ENTRIES[key].fields
    if "url" in fields:
        assert URL.match(fields["url"]), (key, fields["url"])
    if "doi" in fields:
        doi = fields["doi"]
        # the bare DOI: the style adds https://doi.org/ itself
        assert DOI.match(doi), (key, doi)
        assert not doi.lower().startswith(("http", "doi:")), (key, doi)


@pytest.mark.parametrize("key", sorted(ENTRIES))
def test_no_note_carries_production_words(key):
    fields = ENTRIES[key].fields
    # titles are the works' own (Dan and Towsley's is "An approximate analysis ...")
    for name in ("note", "howpublished", "annote"):
        if name in fields:
            assert not PRODUCTION.search(fields[name]), (key, name, fields[name])


def test_the_two_2014_documents_have_distinct_labels():
    """The paper and its web edition's results section are both 2014: an author-year label
    must tell them apart (different authors), and their titles differ."""
    paper, web = ENTRIES["johanssen2014overcommit"], ENTRIES["johanssen2014comparison"]
    names = lambda e: [str(p) for p in e.persons.get("author", [])]  # noqa: E731
    assert names(paper) != names(web)
    assert paper.fields["title"] != web.fields["title"]


def test_every_cited_key_is_in_the_bibliography():
    cited = set()
    for path in sorted((ROOT / "book" / "_scripts").glob("*.py")) + sorted(
        (ROOT / "book").glob("*.md")
    ):
        for m in re.finditer(r"\{cite(?::[a-z]+)?\}`([^`]+)`", path.read_text()):
            cited.update(k.strip() for k in m.group(1).split(","))
    assert cited, "no citations found"
    assert cited <= set(ENTRIES), sorted(cited - set(ENTRIES))


def test_the_checks_catch_a_bad_link_and_a_production_note():
    assert not URL.match("www.vm.ibm.com/perf/")
    assert not DOI.match("https://doi.org/10.1145/363095.363141")
    assert PRODUCTION.search("Seed document 000, year approximate")
