"""Regenerate the stored outputs of the chapter notebooks (``make notebooks``).

For each chapter: if its jupytext twin in ``book/_scripts/`` is newer, rebuild the cells
from it; then execute the notebook top to bottom in a fresh kernel and save it with its
outputs. Strict nbval (``make test``) later re-executes every notebook and compares with
what this stored, so run this after changing a chapter or the package.

Widget state is not stored: the static book shows a card for each explorer instead (see
``overcommit.book.mime``), and the state would only carry random model ids.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
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
    parser.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1,
                        help="notebooks executed at once (default: the number of CPUs)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"--jobs: {args.jobs} is not accepted; expected a whole number >= 1")
    scripts = sorted((BOOK / "_scripts").glob("*.py"))
    targets = args.notebooks or sorted(
        set(chapter_notebooks()) | {BOOK / (s.stem + ".ipynb") for s in scripts}
    )
    paths = [p.resolve() for p in targets]
    for path in paths:
        if sync_from_script(path):
            print(f"{path.relative_to(ROOT)}: cells rebuilt from _scripts/", flush=True)
    start = time.perf_counter()
    # the slowest first, so that the last to finish is a short one
    paths.sort(key=lambda p: -p.stat().st_size)
    with ProcessPoolExecutor(max_workers=min(args.jobs, len(paths))) as pool:
        for index, (path, elapsed) in enumerate(zip(paths, pool.map(execute, paths)), start=1):
            print(f"[{index}/{len(paths)}] {path.relative_to(ROOT)} executed in {elapsed:.1f} s", flush=True)
    print(f"{len(paths)} notebooks in {time.perf_counter() - start:.0f} s with {args.jobs} at once")
    return 0


if __name__ == "__main__":
    sys.exit(main())
