"""The book's Sphinx glue on small doctrees (the built site is checked in test_browser)."""

from __future__ import annotations

from docutils import nodes
from docutils.frontend import get_default_settings
from docutils.parsers.rst import Parser
from docutils.utils import new_document

from overcommit.book.mime import STATIC_MIME
from overcommit.book.sphinxext import _number_figures


def _document():
    return new_document("test", get_default_settings(Parser))


def _cell(mime: str, ids=()) -> nodes.container:
    output = nodes.container("", nodes.container("", nodes.raw("", "<div class='oc-chart'></div>", format="html"),
                                                 mime_type=mime), classes=["cell_output"])
    return nodes.container("", output, classes=["cell"], ids=list(ids))


def _caption(*paragraphs) -> nodes.container:
    return nodes.container("", *paragraphs, classes=["oc-caption"])


def test_a_chart_and_its_caption_become_one_figure():
    doc = _document()
    section = nodes.section("", ids=["s"])
    doc += section
    section += _cell("application/vnd.vegalite.v5+json", ids=["fig-x"])
    section += _caption(nodes.paragraph("", "", nodes.Text(""), nodes.strong("", "Figure: who holds the DPA."),
                                        nodes.Text(" Resident memory.")),
                        nodes.paragraph("", "The red tick is the paper's."))
    section += _cell(STATIC_MIME)
    section += _caption(nodes.paragraph("", "", nodes.strong("", "Live explorer: any setting."), nodes.Text(" More.")))
    section += nodes.paragraph("", "text")
    section += _caption(nodes.paragraph("", "a caption with no chart before it"))
    section += _cell("application/vnd.vegalite.v5+json")
    section += _caption(nodes.paragraph("", "", nodes.strong("", "Figure: second chart.")))
    _number_figures(None, doc)
    figures = list(doc.findall(nodes.figure))
    assert len(figures) == 2
    first, second = figures
    assert first["ids"] == ["fig-x"] and doc.ids["fig-x"] is first
    assert first.children[0]["ids"] == []  # the id moved from the cell to the figure
    caption = first.next_node(nodes.caption)
    assert caption.astext() == "Who holds the DPA. Resident memory."
    assert first.next_node(nodes.legend).astext() == "The red tick is the paper's."
    assert second["ids"] and second.next_node(nodes.caption).astext() == "Second chart."
    # a live explorer's card is no chart: it and its caption become one unnumbered box
    (box,) = [c for c in doc.findall(nodes.container) if "oc-explorer" in c["classes"]]
    assert not list(box.findall(nodes.figure)) and box.parent is section
    cell, caption = box.children
    assert "cell" in cell["classes"] and caption["classes"] == ["oc-explorer-caption"]
    assert caption.astext() == "Any setting. More."
    # a caption that follows no chart stays where it was
    assert [c for c in doc.findall(nodes.container) if "oc-caption" in c["classes"]][0].astext() \
        == "a caption with no chart before it"
