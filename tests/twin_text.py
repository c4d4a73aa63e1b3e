"""The prose of a chapter twin as a test reads it: its Markdown comment lines with every
{glue:text} role taken out, so a number that remains was typed."""

from __future__ import annotations

import re
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1] / "book" / "_scripts"


def twin_prose(chapter: str, headings: bool = True, inline_code: bool = True) -> str:
    """Markdown lines of ``book/_scripts/<chapter>.py`` without glued numbers; without the
    headings (``# #...``) or inline code spans when asked."""
    lines = (SCRIPTS / f"{chapter}.py").read_text().splitlines()
    prose = "\n".join(line for line in lines if line.startswith("#") and (headings or not line.startswith("# #")))
    prose = re.sub(r"\{glue:text\}`[^`]*`", "", prose)
    if not inline_code:
        prose = re.sub(r"`[^`]*`", "", prose)
    return prose
