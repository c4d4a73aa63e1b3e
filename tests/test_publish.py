"""Getting the site online: the GitHub Pages workflow builds the book with the README's own
command and uploads the folder that command writes, so the two cannot drift apart; and
``make publish`` puts the built site on a gh-pages branch that Pages can serve as it is
(``.nojekyll`` included, without which Jekyll would drop ``_static``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
README = ROOT / "README.md"
MAKEFILE = ROOT / "Makefile"
SITE = Path(os.environ.get("OVERCOMMIT_SITE", ROOT / "_build" / "html"))
#: how the test runs make (a module constant, so that a check of this test can point it at a
#: broken Makefile)
MAKE = ["make", "--no-print-directory"]


def _quick_start_build() -> tuple[str, str]:
    """The README's build command and the folder it says the book goes to, from the first
    line of the Quick start's code block that names a ``_build`` folder."""
    section = README.read_text().split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```bash\n(.*?)```", section, re.S).group(1)
    for line in block.splitlines():
        command, _, comment = line.partition("#")
        folder = re.search(r"_build/[\w/]+", comment)
        if folder:
            return command.strip(), folder.group(0).rstrip("/")
    raise AssertionError("the README's Quick start names no build command with its _build folder")


def _workflow() -> dict:
    # PyYAML reads the key ``on`` as True (YAML 1.1); GitHub reads it as "on"
    flow = yaml.safe_load(WORKFLOW.read_text())
    flow["on"] = flow.pop(True, flow.get("on"))
    return flow


def _uses(step: dict, action: str) -> bool:
    return step.get("uses", "").split("@")[0] == action


def test_the_pages_workflow_builds_with_the_readmes_command_and_uploads_its_folder():
    command, folder = _quick_start_build()
    assert (command, folder) == ("make book", "_build/html"), "the Quick start changed: check the workflow and make publish"
    flow = _workflow()
    steps = flow["jobs"]["build"]["steps"]
    runs = [i for i, s in enumerate(steps) if s.get("run", "").strip() == command]
    uploads = [i for i, s in enumerate(steps) if _uses(s, "actions/upload-pages-artifact")]
    assert len(runs) == 1 and len(uploads) == 1, f"the build job must run {command!r} once and upload once: {steps}"
    assert runs[0] < uploads[0] and steps[uploads[0]]["with"]["path"].rstrip("/") == folder, steps[uploads[0]]
    # what the command needs, set up before it runs: the README's Python, and Node for npm
    python = next(s for s in steps if _uses(s, "actions/setup-python"))
    version = re.search(r"Python (3\.\d+)", README.read_text().split("## Quick start", 1)[1]).group(1)
    assert str(python["with"]["python-version"]) == version, python
    assert any(_uses(s, "actions/setup-node") for s in steps[:runs[0]]), "no Node.js before the build (npm ci)"
    assert _uses(steps[0], "actions/checkout"), steps[0]
    # the Makefile's target writes where the README says
    recipe = re.search(rf"^{command.split()[-1]}:.*?\n((?:\t.*\n)+)", MAKEFILE.read_text(), re.M).group(1)
    assert f"{folder}/index.html" in recipe, recipe


def test_the_pages_workflow_deploys_from_main_with_the_pages_permissions():
    flow = _workflow()
    assert flow["on"]["push"]["branches"] == ["main"] and "workflow_dispatch" in flow["on"], flow["on"]
    assert flow["permissions"]["pages"] == "write" and flow["permissions"]["id-token"] == "write", flow["permissions"]
    assert flow["concurrency"]["group"], flow["concurrency"]
    deploy = flow["jobs"]["deploy"]
    assert deploy["needs"] in ("build", ["build"]) and deploy["environment"]["name"] == "github-pages", deploy
    assert [s for s in deploy["steps"] if _uses(s, "actions/deploy-pages")], deploy["steps"]


def test_make_publish_defaults_to_the_folder_the_book_is_built_in():
    _, folder = _quick_start_build()
    makefile = MAKEFILE.read_text()
    assert re.search(rf"^PUBLISH_SITE \?= {re.escape(folder)}$", makefile, re.M), "make publish pushes another folder"
    recipe = re.search(r"^publish:.*?\n((?:\t.*\n)+)", makefile, re.M).group(1)
    assert re.search(r"ghp-import -n\b.*-p\b", recipe), recipe


def _git(*args: str, **kwargs) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True, **kwargs).stdout


def _own_gh_pages() -> str:
    """The repository's own gh-pages branch (empty when it has none)."""
    answer = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", "refs/heads/gh-pages"],
                            capture_output=True, text=True)
    return answer.stdout.strip()


@pytest.mark.site
def test_make_publish_pushes_the_whole_site_with_nojekyll_to_gh_pages(tmp_path):
    """``make publish`` into a scratch bare repository: its gh-pages branch holds every file
    of the built site, byte for byte where it matters (the entry page), and ``.nojekyll``.
    ghp-import commits in the repository it runs in; GIT_DIR points it at a scratch one, so
    this repository gains no gh-pages branch."""
    if not (SITE / "index.html").exists():
        pytest.skip(f"no built site at {SITE}: run `make book` first")
    if not shutil.which("git") or not shutil.which("make"):
        pytest.skip("git and make are needed")
    remote, scratch = tmp_path / "pages.git", tmp_path / "scratch.git"
    for repo in (remote, scratch):
        _git("init", "--quiet", "--bare", str(repo))
    own_before = _own_gh_pages()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") and k not in ("MAKEFLAGS", "MFLAGS")}
    env.update(GIT_DIR=str(scratch), GIT_COMMITTER_NAME="test", GIT_COMMITTER_EMAIL="test@example.invalid")
    done = subprocess.run([*MAKE, "publish", f"PUBLISH_REMOTE={remote}", f"PUBLISH_SITE={SITE}"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert _own_gh_pages() == own_before, "make publish changed this repository's own gh-pages branch"

    published = set(_git("--git-dir", str(remote), "ls-tree", "-r", "--name-only", "gh-pages").splitlines())
    assert {".nojekyll", "index.html", "_static/overcommit.js"} <= published, sorted(published)[:20]
    site = {p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file()}
    assert published - {".nojekyll"} == site, (sorted(site - published)[:10], sorted(published - site)[:10])
    index = subprocess.run(["git", "--git-dir", str(remote), "show", "gh-pages:index.html"],
                           check=True, capture_output=True).stdout
    assert index == (SITE / "index.html").read_bytes()
