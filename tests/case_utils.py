"""Helpers shared by the case-study tests: a scratch copy of a data file to break."""

from __future__ import annotations

import shutil
from pathlib import Path

from overcommit import data


def copy_data_file(directory: Path, name: str) -> Path:
    """Copy ``data/<name>`` into ``directory`` and return ``directory`` (pass it as the
    case module's ``directory`` argument)."""
    shutil.copy(data.data_dir() / name, directory / name)
    return directory


def rewrite(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in the file by ``new``; ``old`` must be there, so a test
    cannot silently stop breaking anything when the data file changes."""
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
