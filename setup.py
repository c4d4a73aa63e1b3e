"""Ships ``data/`` (the source documents' numbers, at the repository root) inside the wheel as
``overcommit/_data/``, so that an installed wheel needs no clone: :func:`overcommit.data.data_dir`
falls back to it. Everything else about the package is declared in ``pyproject.toml``."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA = Path(__file__).resolve().parent / "data"


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


setup(cmdclass={"build_py": BuildWithData})
