"""The stored outputs do not depend on the CPU that computed them.

NumPy picks its SIMD kernels (AVX-512, AVX2, SSE) and OpenBLAS its kernels per CPU at run
time, and they round differently in the last bits. The model polishes every run far below
the digits a notebook stores (``overcommit.model.POLISH_TOLERANCE``,
``overcommit.book.STORED_DIGITS``), so strict nbval must pass whatever kernels run. This
test makes the machine imitate an older x86-64 CPU: NumPy's baseline kernels only (its
dispatched AVX2 and AVX-512 targets disabled) and OpenBLAS's Prescott (SSE3) kernels, then
executes every chapter notebook under strict nbval. ``make test``'s own nbval run is the
same check with the machine's native kernels.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SANITIZE = ROOT / "tests" / "nbval_sanitize.cfg"
#: NumPy's dispatch targets above its x86-64 baseline, and OpenBLAS's oldest x86-64 kernels
OLDER_X86 = {"NPY_DISABLE_CPU_FEATURES": "X86_V3 X86_V4 AVX512_ICL AVX512_SPR", "OPENBLAS_CORETYPE": "Prescott"}

pytestmark = pytest.mark.slow


def test_every_notebook_passes_strict_nbval_on_an_older_cpus_kernels():
    if platform.machine().lower() not in ("x86_64", "amd64"):
        pytest.skip(f"imitates an older x86-64 CPU; this machine is {platform.machine()}")
    notebooks = sorted(str(p) for p in (ROOT / "book").glob("*.ipynb"))
    env = {**os.environ, **OLDER_X86}
    workers = str(min(2, os.cpu_count() or 1))
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval", "--nbval-current-env",
         "--nbval-sanitize-with", str(SANITIZE), "-n", workers, "--dist", "loadscope", *notebooks],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200,
    )
    assert done.returncode == 0, f"strict nbval with {OLDER_X86}:\n{done.stdout[-6000:]}"
    assert " passed" in done.stdout and " failed" not in done.stdout


def test_the_imitation_really_changes_the_kernels():
    """The variables reach NumPy: with them its AVX2 level (X86_V3) is off, so on a machine
    that has it the test above runs other kernels than a plain run."""
    if platform.machine().lower() not in ("x86_64", "amd64"):
        pytest.skip(f"imitates an older x86-64 CPU; this machine is {platform.machine()}")
    probe = "import numpy._core._multiarray_umath as m; print(m.__cpu_features__['X86_V3'])"
    imitated = subprocess.run([sys.executable, "-c", probe], env={**os.environ, **OLDER_X86},
                              capture_output=True, text=True, check=True).stdout.strip()
    assert imitated == "False"
