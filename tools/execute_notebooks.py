"""Regenerate the stored outputs of the chapter notebooks (``make notebooks``).

For each chapter: if its jupytext twin in ``book/_scripts/`` is newer, rebuild the cells
from it; then execute the notebook top to bottom in a fresh kernel and save it with its
outputs. Strict nbval (``make test``) later re-executes every notebook and compares with
what this stored, so run this after changing a chapter or the package.

Widget state is not stored: the static book shows an explorer's default output instead
(see ``overcommit.book.mime``), and the state would only carry random model ids.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"


def chapter_notebooks() -> list[Path]:
    return sorted(p for p in BOOK.glob("*.ipynb"))


def sync_from_script(nb_path: Path) -> bool:
    script = BOOK / "_scripts" / (nb_path.stem + ".py")
    if not script.exists():
        return False
    if nb_path.exists() and nb_path.stat().st_mtime >= script.stat().st_mtime:
        return False
    notebook = jupytext.read(script)
    jupytext.write(notebook, nb_path, fmt="ipynb")
    return True


def execute(nb_path: Path) -> float:
    notebook = nbformat.read(nb_path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(nb_path.parent)}},
        store_widget_state=True,  # nbclient needs it for Output widgets; dropped below
    )
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(notebook, nb_path)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every book/*.ipynb")
    args = parser.parse_args(argv)
    scripts = sorted((BOOK / "_scripts").glob("*.py"))
    targets = args.notebooks or sorted(
        set(chapter_notebooks()) | {BOOK / (s.stem + ".ipynb") for s in scripts}
    )
    for index, path in enumerate((p.resolve() for p in targets), start=1):
        synced = sync_from_script(path)
        print(f"[{index}/{len(targets)}] {path.relative_to(ROOT)}"
              + (" (cells rebuilt from _scripts/)" if synced else ""), flush=True)
        elapsed = execute(path)
        print(f"    executed in {elapsed:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
