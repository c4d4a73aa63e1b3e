"""Ships ``data/`` (the source documents' numbers, at the repository root) inside the wheel as
``overcommit/_data/``, so that an installed wheel needs no clone: :func:`overcommit.data.data_dir`
falls back to it. When ``make labext`` has built it, the wheel also carries the JupyterLab
renderer for the book's Vega-Lite 6 charts (``labext/``) as a prebuilt extension, installed
into ``<environment>/share/jupyter/labextensions/overcommit-vegalite6``. Everything else about
the package is declared in ``pyproject.toml``."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
LABEXT = HERE / "labext" / "labextension"
LABEXT_NAME = "overcommit-vegalite6"


def labextension_files() -> list[tuple[str, list[str]]]:
    """``data_files`` for the built JupyterLab extension (none before ``make labext``)."""
    if not (LABEXT / "package.json").is_file():
        return []
    groups: dict[str, list[str]] = {}
    for path in sorted(p for p in LABEXT.rglob("*") if p.is_file()):
        target = Path("share/jupyter/labextensions") / LABEXT_NAME / path.parent.relative_to(LABEXT)
        groups.setdefault(target.as_posix(), []).append(path.relative_to(HERE).as_posix())
    return sorted(groups.items())


class BuildWithData(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the clone's data/ directly
        if not DATA.is_dir():
            raise SystemExit(f"{DATA} not found: the wheel would have no data files")
        target = Path(self.build_lib) / "overcommit" / "_data"
        target.mkdir(parents=True, exist_ok=True)
        for path in sorted(DATA.iterdir()):
            if path.is_file() and path.suffix in (".csv", ".md"):
                self.copy_file(str(path), str(target / path.name))


setup(cmdclass={"build_py": BuildWithData}, data_files=labextension_files())
