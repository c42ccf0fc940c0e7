"""The app's server leaves the cores to the Compare page's workers while they play.

Streamlit collects all garbage after every script run by default (``runner.postScriptGC``). With the
compiled rulesets in memory that took ~95 ms of CPU a run, and the Compare page's progress is drawn again
every second: a tenth of a core taken from the two workers (benchmarks/bench_simulation.py --page). The
app's own config turns it off; checked here as Streamlit itself reads that file (a misspelt key would be
ignored, with only a warning in the server's log).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

EDITOR = Path(__file__).resolve().parents[2] / "editor"

READ = """
from streamlit import config
config.get_config_options(force_reparse=True)
print(config.get_option("runner.postScriptGC"), config.get_where_defined("runner.postScriptGC"))
"""


def test_the_server_does_not_collect_all_garbage_after_every_progress_tick(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path))  # (no ~/.streamlit of the user's)
    run = subprocess.run([sys.executable, "-c", READ], cwd=EDITOR, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    value, where = run.stdout.split()
    assert value == "False"
    assert Path(where).resolve() == (EDITOR / ".streamlit" / "config.toml").resolve()
