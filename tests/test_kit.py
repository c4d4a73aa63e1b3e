"""The classroom kit (overcommit.book.kit): what the zip holds, that its requirements are the
repository's exact pins, and that the wheel in it finds its data with no clone and no
OVERCOMMIT_DATA. The kit in a real JupyterLab: tests/test_kit_lab.py."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

import overcommit as oc
from overcommit import data
from overcommit.book import kit

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A kit built from this tree (a small stand-in for the any-host grid, which the site
    build passes in)."""
    folder = tmp_path_factory.mktemp("kit")
    grid = folder / "any_cid.csv"
    grid.write_text("memory_gib,cpus,env\n64,20,zvm63-edev\n")
    (folder / "time_db.csv").write_text("env,m,c,failed\nzvm63-edev,64,20,\n")
    path = kit.build(folder / "overcommitted-kit.zip", grid=grid)
    return path, kit.contents(path), grid


def test_the_zip_holds_one_folder_with_wheel_notebooks_grid_requirements_and_readme(built):
    path, files, grid = built
    with zipfile.ZipFile(path) as archive:
        assert {name.split("/")[0] for name in archive.namelist()} == {kit.FOLDER}
    wheels = [name for name in files if re.fullmatch(r"overcommit-[\d.]+-py3-none-any\.whl", name)]
    assert len(wheels) == 1
    notebooks = sorted(name for name in files if name.endswith(".ipynb"))
    expected = sorted(f"notebooks/{p.name}" for p in (ROOT / "book").glob("*.ipynb") if p.stem != "instructor")
    assert notebooks == expected and len(notebooks) == 19
    assert files["notebooks/_static/data/any_cid.csv"] == grid.read_bytes()
    # the breakdowns the "where the time goes" charts load travel beside the grid
    assert files["notebooks/_static/data/time_db.csv"] == (grid.parent / "time_db.csv").read_bytes()
    assert set(files) == {"README.md", "requirements.txt", wheels[0], *notebooks, "notebooks/_static/data/any_cid.csv",
                          "notebooks/_static/data/time_db.csv"}
    assert path.stat().st_size < 3_000_000


def test_readme_gives_exactly_two_commands(built):
    _, files, _ = built
    text = files["README.md"].decode()
    wheel = next(name for name in files if name.endswith(".whl"))
    blocks = re.findall(r"```bash\n(.*?)```", text, re.S)
    assert len(blocks) == 1
    commands = [line for line in blocks[0].splitlines() if line.strip()]
    assert commands == [c.format(wheel=wheel) for c in kit.COMMANDS]
    assert "jupyter lab notebooks/" in commands[1] and wheel in commands[0]


def test_requirements_are_the_repositorys_exact_pins(built):
    _, files, _ = built
    lines = files["requirements.txt"].decode().splitlines()
    repo = set(kit.pins().values())
    assert lines and set(lines) <= repo, set(lines) - repo
    names = {kit._canonical(line.split("==")[0]) for line in lines}
    assert {"jupyterlab", "ipywidgets", "altair", "pandas", "numpy", "scipy", "myst-nb"} <= names
    # what the kit leaves out is the tooling of the repository, not what a notebook needs
    assert not names & {"jupyter-book", "pytest", "playwright", "otter-grader", "jupytext", "nbval"}


def test_requirements_are_closed_every_dependency_pinned_in_a_version_it_accepts():
    pinned = {kit._canonical(line.split("==")[0]): Version(line.split("==")[1]) for line in kit.requirements()}
    for name in pinned:
        for text in metadata.requires(name) or []:
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate({"extra": ""}):
                continue
            dep = kit._canonical(req.name)
            assert dep in pinned, f"{name} needs {dep}, which the kit does not pin"
            assert req.specifier.contains(pinned[dep], prereleases=True), f"{name} needs {req}, the kit pins {pinned[dep]}"


def test_unpinned_need_is_an_error(tmp_path):
    with pytest.raises(ValueError, match="'[a-z-]+' is needed by the notebooks but not pinned in requirements.txt"):
        kit.requirements(roots=("altair",), pinned={"numpy": "numpy==2.4.6"})


def test_notebooks_are_the_books_without_jupytext_pairing_or_solutions(built):
    """The student kit (the default): the book's notebooks, stored outputs and all, without
    jupytext's pairing and without a {solution} block; every other cell as the book has it."""
    _, files, _ = built
    stripped = 0
    for name, body in files.items():
        if not name.endswith(".ipynb"):
            continue
        shipped, source = json.loads(body), json.loads((ROOT / "book" / Path(name).name).read_text())
        assert "jupytext" not in shipped["metadata"] and "jupytext" in source["metadata"]
        del source["metadata"]["jupytext"]
        assert "{solution}" not in body.decode()
        assert len(shipped["cells"]) == len(source["cells"]), name
        for mine, theirs in zip(shipped["cells"], source["cells"]):
            text = "".join(theirs["source"]) if isinstance(theirs["source"], list) else theirs["source"]
            if theirs["cell_type"] == "markdown" and "{solution}" in text:
                stripped += 1
                theirs["source"] = kit.strip_solutions(text)
                mine["source"] = "".join(mine["source"]) if isinstance(mine["source"], list) else mine["source"]
        assert shipped == source, name  # cells, sources and stored outputs as the book has them
    assert stripped >= 20


def test_strip_solutions_removes_only_solution_blocks():
    text = "\n".join(["intro", ":::{exercise} ex-a", "question", ":::", "", ":::{solution} ex-a",
                      ":class: dropdown", "answer with ::::{note}", "x", "::::", ":::", "after",
                      "```{solution} ex-b", "more", "```", "end"])
    assert kit.strip_solutions(text) == "\n".join(["intro", ":::{exercise} ex-a", "question", ":::", "", "after",
                                                     "end"])
    with pytest.raises(ValueError, match="^markdown: a {solution} block opened with ':::' is never closed"):
        kit.strip_solutions(":::{solution} x\nanswer")


def test_the_instructor_kit_keeps_the_solutions(tmp_path, built):
    _, _, grid = built
    path = kit.build(tmp_path / "kit.zip", grid=grid, solutions=True)
    assert any("{solution}" in body.decode() for name, body in kit.contents(path).items() if name.endswith(".ipynb"))


def test_wheel_carries_every_data_file(built):
    _, files, _ = built
    wheel = next(body for name, body in files.items() if name.endswith(".whl"))
    import io

    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        shipped = {n.removeprefix("overcommit/_data/"): archive.read(n) for n in archive.namelist()
                   if n.startswith("overcommit/_data/")}
    expected = {p.name: p.read_bytes() for p in (ROOT / "data").iterdir() if p.suffix in (".csv", ".md")}
    assert shipped == expected


def test_wheel_carries_the_jupyterlab_renderer_for_vega_lite_6(built):
    _, files, _ = built
    name, wheel = next((n, b) for n, b in files.items() if n.endswith(".whl"))
    import io

    prefix = f"{name.split('-')[0]}-{name.split('-')[1]}.data/data/{kit.LABEXT_INSTALLED}/"
    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        shipped = {n.removeprefix(prefix) for n in archive.namelist() if n.startswith(prefix)}
        package = json.loads(archive.read(prefix + "package.json"))
    built_files = {p.relative_to(ROOT / kit.LABEXT).as_posix() for p in (ROOT / kit.LABEXT).rglob("*") if p.is_file()}
    assert shipped == built_files
    assert any(n.startswith("static/remoteEntry.") for n in shipped)
    assert package["name"] == "overcommit-vegalite6" and package["jupyterlab"]["mimeExtension"]
    source = json.loads((ROOT / "labext" / "package.json").read_text())
    # the Vega-Lite it draws with is the one the package's Altair writes
    import altair

    assert source["dependencies"]["vega-lite"] == altair.VEGALITE_VERSION


def test_installed_wheel_reads_its_own_data_without_a_clone(built, tmp_path):
    """Install the kit's wheel (no dependencies: they are this environment's) into a
    folder of its own and run it from another folder, with no OVERCOMMIT_DATA: it imports
    from there, reads the wheel's data and computes what the clone computes."""
    _, files, _ = built
    name, body = next((n, b) for n, b in files.items() if n.endswith(".whl"))
    (tmp_path / name).write_bytes(body)
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--target", str(site),
                    str(tmp_path / name)], check=True, capture_output=True)
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "OVERCOMMIT_DATA"}
    env["PYTHONPATH"] = str(site)
    script = ("import json, overcommit as oc, overcommit.data as d; "
              "print(json.dumps([oc.__file__, str(d.data_dir()), float(oc.simulate('64/20').system['overall_relative_throughput'])]))")
    run = subprocess.run([sys.executable, "-c", script], cwd=work, env=env, capture_output=True, text=True, check=True)
    module, folder, throughput = json.loads(run.stdout)
    assert Path(module).is_relative_to(site)
    assert Path(folder) == site / "overcommit" / "_data"
    assert throughput == pytest.approx(float(oc.simulate("64/20").system["overall_relative_throughput"]), rel=1e-12)


def test_data_dir_names_what_it_tried(monkeypatch, tmp_path):
    monkeypatch.delenv("OVERCOMMIT_DATA", raising=False)
    monkeypatch.setattr(data, "_PACKAGED_DATA", tmp_path / "wheel")
    monkeypatch.setattr(data, "_CLONE_DATA", tmp_path / "clone")
    with pytest.raises(data.DataError, match=r"not found: tried .*wheel.* \(the installed wheel's data\) and .*clone.* \(a clone's data/\)"):
        data.data_dir()
    monkeypatch.setattr(data, "_CLONE_DATA", ROOT / "data")
    assert data.data_dir() == ROOT / "data"
    monkeypatch.setenv("OVERCOMMIT_DATA", str(tmp_path / "nowhere"))
    with pytest.raises(data.DataError, match=r"tried .*nowhere' \(OVERCOMMIT_DATA\);"):
        data.data_dir()  # a wrong override is an error, never a silent fall-back
