"""The classroom kit: one zip a reader downloads from the built book to run the chapters in
JupyterLab without a clone of the repository.

``build(path, grid)`` writes it (the book's Sphinx extension calls it at the end of every
HTML build, both editions, into ``_static/overcommitted-kit.zip``). Inside one folder,
``overcommitted-kit/``:

- ``overcommit-<version>-py3-none-any.whl``: the package, built from this tree with
  ``pip wheel --no-deps`` (``setup.py`` puts ``data/`` into it as ``overcommit/_data/``, where
  :func:`overcommit.data.data_dir` finds it, and the JupyterLab renderer for Vega-Lite 6 of
  ``labext/``, which installs into the environment's ``share/jupyter/labextensions``);
- ``notebooks/<chapter>.ipynb``: every chapter notebook of ``book/`` with its stored outputs
  (not the instructor's guide, which reads the repository), cleaned by :func:`clean_notebook`
  so that JupyterLab opens it without changing it;
- ``notebooks/_static/data/any_cid.csv``: the any-host grid, where the charts that load it
  look for it (beside the notebook, as in the built site);
- ``requirements.txt``: what the notebooks need, pinned exactly as in the repository's
  ``requirements.txt`` (:func:`requirements`);
- ``README.md``: the two commands from an unzipped kit to a running JupyterLab.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
KIT_FILE = "_static/overcommitted-kit.zip"  #: where the kit sits in the built site
TIME_GLOB = "time_*.csv"  #: the breakdown files written beside the any-host grid (figures_time.write_time_files)
FOLDER = "overcommitted-kit"  #: the one folder the zip unpacks to
#: what the chapters import (the package's own dependencies come from its metadata)
ROOTS = ("jupyterlab", "ipywidgets", "altair", "pandas", "numpy", "scipy", "myst-nb")
#: notebooks of book/ that are not chapters a reader runs (the guide reads the repository)
NOT_IN_KIT = ("instructor",)
#: the built JupyterLab renderer for Vega-Lite 6 (``make labext``), which the wheel carries
LABEXT = "labext/labextension"
#: where an environment that installed the wheel has it
LABEXT_INSTALLED = "share/jupyter/labextensions/overcommit-vegalite6"
#: notebook metadata the kit drops: jupytext's pairing would make a JupyterLab with jupytext
#: write a twin (_scripts/<name>.py) next to the notebook on every save
DROPPED_METADATA = ("jupytext",)

_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)$")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(path: Path | None = None) -> dict[str, str]:
    """The exact pins of ``requirements.txt``: canonical name -> its line."""
    path = path or ROOT / "requirements.txt"
    out = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = _PIN.match(line)
        if not match:
            raise ValueError(f"{path.name}: {line!r} is not accepted; expected name==version")
        out[_canonical(match.group(1))] = line
    return out


def requirements(roots: tuple[str, ...] = ROOTS, pinned: dict[str, str] | None = None) -> list[str]:
    """The lines of ``requirements.txt`` for ``roots``, the package's own dependencies and
    everything they require in this environment (markers evaluated here: Python 3.11 on
    Linux, what the repository pins for), in the order of ``requirements.txt``."""
    from packaging.requirements import Requirement

    pinned = pins() if pinned is None else pinned
    own = [Requirement(r) for r in (metadata.requires("overcommit") or [])]
    todo = [(name, frozenset()) for name in roots] + [(r.name, frozenset(r.extras)) for r in own]
    seen: set[tuple[str, frozenset]] = set()
    names: set[str] = set()
    while todo:
        name, extras = todo.pop()
        name = _canonical(name)
        if (name, extras) in seen:
            continue
        if name not in pinned:
            raise ValueError(f"requirements: {name!r} is needed by the notebooks but not pinned in requirements.txt")
        seen.add((name, extras))
        names.add(name)
        for text in metadata.requires(name) or []:
            req = Requirement(text)
            # a dependency of the package itself, or of one of the extras asked for
            if req.marker is None or any(req.marker.evaluate({"extra": e}) for e in ("", *extras)):
                todo.append((req.name, frozenset(req.extras)))
    order = list(pinned)
    return [pinned[name] for name in sorted(names, key=order.index)]


_FENCE_OPEN = re.compile(r"^(:{3,}|`{3,})\{solution\}")


def strip_solutions(markdown: str) -> str:
    """``markdown`` without its ``{solution}`` blocks (colon or backtick fences), for the
    student edition: the site leaves them out (sphinx-exercise's ``hide_solutions``), and
    the notebooks a student downloads must not carry them either."""
    out, closing = [], None
    for line in markdown.split("\n"):
        if closing is None:
            opened = _FENCE_OPEN.match(line.strip())
            if opened:
                closing = opened.group(1)
                continue
            out.append(line)
        elif line.strip() == closing:
            closing = None
    if closing is not None:
        raise ValueError(f"markdown: a {{solution}} block opened with {closing!r} is never closed")
    return "\n".join(out)


def _strip_cells(notebook) -> None:
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and "{solution}" in cell.source:
            cell.source = strip_solutions(cell.source)


def student_notebook(text: str) -> str:
    """A notebook's JSON (as nbformat writes it) with every markdown cell's solutions
    removed (:func:`strip_solutions`); the rest unchanged."""
    import nbformat

    notebook = nbformat.reads(text, as_version=4)
    _strip_cells(notebook)
    return nbformat.writes(notebook) + "\n"


def clean_notebook(path: Path, solutions: bool = True) -> str:
    """The notebook's JSON as the kit ships it: its metadata without
    :data:`DROPPED_METADATA`, without its ``{solution}`` blocks unless ``solutions``, written
    the way nbformat (and so JupyterLab) writes it.

    Its outputs stay as the book stored them. What made JupyterLab mark a chapter modified
    as soon as it was open is its own Vega renderer (``@jupyterlab/vega5-extension``): after
    drawing a chart it stores a PNG of it in the output (``model.setData``) when the output
    has none. The kit's wheel brings the renderer in ``labext/`` instead, which draws with
    Vega-Lite 6 and stores nothing (tests/test_kit_lab.py checks both in a real JupyterLab).
    Trusting the notebook does not help (tried: a signed copy is marked modified all the
    same)."""
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    for key in DROPPED_METADATA:
        notebook.metadata.pop(key, None)
    if not solutions:
        _strip_cells(notebook)
    return nbformat.writes(notebook) + "\n"


def chapters(book: Path | None = None) -> list[Path]:
    """The chapter notebooks the kit carries."""
    book = book or ROOT / "book"
    return sorted(p for p in book.glob("*.ipynb") if p.stem not in NOT_IN_KIT)


def build_wheel(folder: Path) -> Path:
    """``pip wheel --no-deps`` of this tree into ``folder`` (from a copy, so that the
    repository gets no ``build/``)."""
    with tempfile.TemporaryDirectory(prefix="overcommit-wheel-") as tmp:
        source = Path(tmp) / "src-tree"
        source.mkdir()
        for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
            shutil.copy2(ROOT / name, source / name)
        if not (ROOT / LABEXT / "package.json").is_file():
            raise RuntimeError(f"{ROOT / LABEXT} not built: run `make labext` (make book does)")
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
        shutil.copytree(ROOT / "src", source / "src", ignore=ignore)
        shutil.copytree(ROOT / "data", source / "data", ignore=ignore)
        shutil.copytree(ROOT / LABEXT, source / LABEXT)
        run = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(folder), str(source)],
            capture_output=True, text=True,
        )
        if run.returncode != 0:
            raise RuntimeError(f"pip wheel failed ({run.returncode}):\n{run.stdout}\n{run.stderr}")
    wheels = sorted(folder.glob("overcommit-*.whl"))
    if len(wheels) != 1:
        raise RuntimeError(f"pip wheel: expected one overcommit wheel in {folder}, found {wheels}")
    return wheels[0]


def readme(wheel: str) -> str:
    """The kit's README: what it holds and the two commands."""
    return f"""# Overcommitted: the classroom kit

The chapters of *Overcommitted* as Jupyter notebooks, with the `overcommit` package they
run. In JupyterLab every *Live explorer* turns into sliders and menus that recompute
through the package for any setting.

You need Python 3.11 (the versions in `requirements.txt` are the ones the book is built
and tested with) and a connection to the Python Package Index for the first command. In
this folder:

```bash
python3 -m venv .venv && .venv/bin/pip install -r requirements.txt {wheel}
.venv/bin/jupyter lab notebooks/
```

(On Windows: `py -3.11 -m venv .venv` and `.venv\\Scripts\\pip` / `.venv\\Scripts\\jupyter`.)

Then open a chapter, choose *Run > Run All Cells*, and move an explorer's controls.

What is here:

- `{wheel}`: the package, with the source documents' numbers it reads;
- `notebooks/`: the chapters, with the outputs of the book's own run (opening one changes
  nothing; running it replaces them with your run's);
- `notebooks/_static/data/any_cid.csv`: the model runs the "any host" charts load;
- `requirements.txt`: exact versions of what the notebooks need.
"""


#: the two commands the README gives, as a test runs them (``{wheel}`` is the wheel's name)
COMMANDS = (
    "python3 -m venv .venv && .venv/bin/pip install -r requirements.txt {wheel}",
    ".venv/bin/jupyter lab notebooks/",
)


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    # fixed dates: the same inputs give the same zip entries
    info = zipfile.ZipInfo(f"{FOLDER}/{name}", date_time=(2026, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data, compresslevel=9)


def build(path: Path, grid: Path | None = None, book: Path | None = None, solutions: bool = False) -> Path:
    """Write the kit to ``path``. ``grid`` is the any-host grid file (the one the site
    build wrote); without it the grid is computed (about 13 s). Without ``solutions`` (the
    student edition) the notebooks carry no ``{solution}`` block."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="overcommit-kit-") as tmp:
        wheel = build_wheel(Path(tmp))
        if grid is None or not Path(grid).is_file():
            from .figures_results import write_any_cid

            grid = write_any_cid(Path(tmp) / "grid")
        partial = path.with_suffix(".zip.part")
        with zipfile.ZipFile(partial, "w") as archive:
            _add(archive, "README.md", readme(wheel.name).encode())
            _add(archive, "requirements.txt", ("\n".join(requirements()) + "\n").encode())
            _add(archive, wheel.name, wheel.read_bytes())
            for notebook in chapters(book):
                _add(archive, f"notebooks/{notebook.name}", clean_notebook(notebook, solutions).encode())
            _add(archive, "notebooks/_static/data/any_cid.csv", Path(grid).read_bytes())
            # the breakdowns the any-host and "where the time goes" charts load, beside the grid
            for part in sorted(Path(grid).parent.glob(TIME_GLOB)):
                _add(archive, f"notebooks/_static/data/{part.name}", part.read_bytes())
        partial.replace(path)
    return path


def contents(path: Path) -> dict[str, bytes]:
    """The kit's files by their path inside ``FOLDER`` (for tests and readers)."""
    with zipfile.ZipFile(path) as archive:
        return {info.filename.removeprefix(f"{FOLDER}/"): archive.read(info) for info in archive.infolist()}


if __name__ == "__main__":  # python -m overcommit.book.kit OUT.zip
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "overcommitted-kit.zip")
    print(build(target), json.dumps({"bytes": target.stat().st_size}))
