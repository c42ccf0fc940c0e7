"""Compare's "expected compiled rulesets, got Ruleset": a second copy of the library in the server.

When a watched source file changes, Streamlit's LocalSourcesWatcher pops every watched module from
``sys.modules`` before the next run (``flush_pending_evictions``). Every module under a folder on
PYTHONPATH is watched (``file_util.file_in_pythonpath``), so with PYTHONPATH set (as in development)
editing a page, or any library file changing (a merge into the checkout being served), made the next run
import ``thunee_dsl`` afresh: a new ``Ruleset`` class, while ``st.cache_resource`` still held rulesets
compiled by the old one, which ``simulate`` then refused.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import thunee_dsl
from streamlit.watcher.folder_black_list import FolderBlackList

ROOT = Path(__file__).resolve().parents[2]
EDITOR = ROOT / "editor"

# What the watcher does to sys.modules on a source change, then what the next run of the page does.
RELOAD = r"""
import sys
sys.path.insert(0, {editor!r})
import app_common
from thunee_dsl.loading import shipped_rulesets
name = sorted(shipped_rulesets())[0]
before = app_common.ruleset_of("shipped:" + name)
for module in [m for m in sys.modules if m == "app_common" or m.split(".")[0] == "thunee_dsl"]:
    sys.modules.pop(module)   # as streamlit.watcher.local_sources_watcher.flush_pending_evictions
import app_common
from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.simulation import simulate
after = app_common.ruleset_of("shipped:" + name)
assert type(before) is not Ruleset, "the library was not imported twice: the test proves nothing"
assert isinstance(after, Ruleset), f"cached ruleset of an older library: {{type(after)}} is not {{Ruleset}}"
simulate([after, after], games=1, seed=1)
print("simulated")
"""


def test_library_reimported_by_the_watcher_gets_rulesets_compiled_by_itself(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(tmp_path))
    run = subprocess.run([sys.executable, "-c", RELOAD.format(editor=str(EDITOR))], env=env, cwd=tmp_path,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "simulated" in run.stdout


def test_app_config_keeps_the_library_out_of_the_source_watcher():
    """The library is never reloaded by the server (a page edit still reloads the pages and app_common)."""
    config = tomllib.loads((EDITOR / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    blacklist = FolderBlackList(config["server"].get("folderWatchBlacklist", []))
    library = Path(thunee_dsl.__file__).resolve().parent
    for module in (library / "model" / "ruleset.py", library / "simulation" / "api.py", library / "__init__.py"):
        assert blacklist.is_blacklisted(str(module)), module
    for page in (EDITOR / "app_common.py", EDITOR / "app_pages" / "compare.py"):
        assert not blacklist.is_blacklisted(str(page)), page
