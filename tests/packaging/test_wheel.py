"""The built wheel carries the rulesets, the schema and the grammar, and works outside the source tree."""

from __future__ import annotations

import os
import site
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    pytest.importorskip("build", reason="the 'build' package is part of the test extra")
    pytest.importorskip("hatchling", reason="the 'hatchling' package is part of the test extra")
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(ROOT)],
                   check=True, capture_output=True, text=True)
    wheels = list(out.glob("thunee_dsl-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_contains_rulesets_schema_and_grammar(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {f"thunee_dsl/rulesets/{p.name}" for p in (ROOT / "rulesets").glob("*.yaml")}
    assert "thunee_dsl/rulesets/standard.yaml" in shipped
    assert shipped <= names
    assert "thunee_dsl/data/ruleset.schema.json" in names
    assert "thunee_dsl/formula/formula.lark" in names
    assert any(n.endswith("entry_points.txt") for n in names)


def test_wheel_ships_the_editor_app(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    app = {f"thunee_dsl/editor/app/{p.relative_to(ROOT / 'editor').as_posix()}"
           for p in (ROOT / "editor").rglob("*.py") if "__pycache__" not in p.parts}
    assert "thunee_dsl/editor/app/app.py" in app and "thunee_dsl/editor/app/app_pages/playtest.py" in app
    assert app <= names
    assert not any("__pycache__" in n for n in names)


def test_wheel_ships_the_examples_the_editor_offers_as_house_rules(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    examples = {f"thunee_dsl/examples/{p.relative_to(ROOT / 'examples').as_posix()}"
                for p in (ROOT / "examples").rglob("*.yaml")}
    assert "thunee_dsl/examples/partner-catch-six.yaml" in examples
    assert examples <= names


def test_wheel_ships_the_apps_streamlit_config(wheel):
    """The settings that keep a first run quiet (no e-mail prompt, no Deploy button, no telemetry, no
    promotional toast) sit beside the app's script, where Streamlit looks for them."""
    with zipfile.ZipFile(wheel) as zf:
        shipped = zf.read("thunee_dsl/editor/app/.streamlit/config.toml").decode("utf-8")
    assert shipped == (ROOT / "editor" / ".streamlit" / "config.toml").read_text(encoding="utf-8")
    config = tomllib.loads(shipped)
    assert config["server"]["showEmailPrompt"] is False
    assert config["browser"]["gatherUsageStats"] is False
    assert config["client"]["toolbarMode"] == "viewer"  # no Deploy; "minimal" hid the "Running..." badge too
    assert config["logger"]["hideWelcomeMessage"] is True


def test_installed_wheel_loads_a_ruleset_away_from_the_source_tree(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / "python"
    # Install the wheel with no dependencies (no network); the dependencies are borrowed from the
    # test environment's site-packages through PYTHONPATH, which does not run .pth files, so an
    # editable install of the source tree cannot leak in.
    target = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                            check=True, capture_output=True, text=True).stdout.strip()
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(target)
    deps = [p for p in {sysconfig.get_paths()["purelib"], *site.getsitepackages()} if Path(p).is_dir()]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(deps)}
    script = (
        "import thunee_dsl, sys\n"
        "from thunee_dsl import load_ruleset\n"
        "from thunee_dsl.loading import rulesets_dir\n"
        "r = load_ruleset('standard')\n"
        "print(thunee_dsl.__file__)\n"
        "print(rulesets_dir())\n"
        "print(r.name, r.deck.total_points, r.game.target)\n"
        "from thunee_dsl.editor import app_path\n"
        "print(app_path(), app_path().is_file())\n"
        "from thunee_dsl.cli.editor import streamlit_command\n"
        "print(streamlit_command()[4])\n"
        "print((app_path().parent / '.streamlit' / 'config.toml').is_file())\n"
        "from thunee_dsl.editor.house_rules import examples_folder, house_rules\n"
        "print(examples_folder(), len(house_rules()) > 0)\n"
    )
    out = subprocess.run([str(python), "-c", script], cwd=tmp_path, env=env, check=True,
                         capture_output=True, text=True).stdout.splitlines()
    assert out[0].startswith(target), out
    assert out[1].startswith(target), out  # the rulesets come from inside the installed package
    assert out[2] == "standard 304 12"
    app, exists = out[3].rsplit(" ", 1)
    assert app.startswith(target) and exists == "True", out  # `thunee-dsl editor` finds the app in the package
    assert out[4] == app
    assert out[5] == "True"  # the app's Streamlit config is beside it, where Streamlit reads it
    folder, offered = out[6].rsplit(" ", 1)
    assert folder.startswith(target) and offered == "True", out  # the editor's house rules come from the package
