"""``build_accel.py --plain-first`` (what `make app` runs in the background while the app serves): a build
without the profile first, in the manifest at once (the app's warm workers take it up: thunee_dsl/editor/pool.py),
then the profile-guided one in its place. On a busy two-core machine the profile-guided build took 13 minutes,
and a new user's comparisons ran on pure Python until it was done."""

from __future__ import annotations

from test_accel import SMALL_TRAINING, build_accel, manifest_key, small_project, training_by  # noqa: F401

import pytest

pytestmark = pytest.mark.slow


def test_a_plain_build_is_in_the_manifest_before_the_profile_guided_one_is_made(small_project, monkeypatch):
    seen = small_project / "manifest-during-training.txt"
    # the training (the profile-guided build's middle step) notes the manifest it finds: the plain build's
    training_by(monkeypatch, SMALL_TRAINING + f"""
from pathlib import Path
manifest = Path({str(small_project / "build" / "accel" / "manifest.txt")!r}).read_text().splitlines()
Path({str(seen)!r}).write_text(manifest[2] + "\\n" + manifest[3])
""")
    line = build_accel.build(1, force=False, plain_first=True)
    assert line.startswith("compiled build: 1 module compiled in ") and "(-j 1, profile-guided)" in line, line
    key, entry = seen.read_text().splitlines()
    assert key == f"key {build_accel.build_key('off')}" and entry.startswith("thunee_dsl.zz_small\t")
    assert manifest_key(small_project) == f"key {build_accel.build_key('on')}"
    assert build_accel.build(1, force=False, plain_first=True) == "compiled build: 1 modules up to date (build/accel)"
