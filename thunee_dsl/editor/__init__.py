"""The library side of the variant editor (the Streamlit app in the top-level ``editor/`` folder).

Everything here is plain Python with no Streamlit import, so it is unit-tested on its own and the
app's pages stay presentation only:

* :mod:`.checking`: ruleset text -> compiled ruleset or problems tied to lines of the text;
* :mod:`.formulas`: try a formula on a sample deal (its value, or the caret error);
* :mod:`.storage`: the user's own rulesets in a folder (``THUNEE_DSL_HOME``, default ``~/.thunee-dsl``);
* :mod:`.session`: the Editor's text and its file as plain session data (fresh edits only, save questions, drafts);
* :mod:`.sharing`: a variant as a link (compressed into the URL) and back, safely;
* :mod:`.cards`: card and action labels for people (rank and suit in words and symbols, suit colours);
* :mod:`.playtest`: a game against bots for one human seat, with undo, seeds and transcripts;
* :mod:`.comparing`: a simulation's result as rows for the Compare page's tables and charts.

It sits in the front-end layer (layer 7 of ``docs/architecture.md``): it may import every library
layer, and nothing in the library imports it.
"""

from __future__ import annotations

from pathlib import Path

APP_SCRIPT = "app.py"


def app_dir() -> Path:
    """The folder of the Streamlit app: packaged inside an installed wheel, else the source tree's ``editor/``."""
    here = Path(__file__).resolve().parent
    packaged = here / "app"
    if (packaged / APP_SCRIPT).is_file():
        return packaged
    return here.parents[1] / "editor"


def app_path() -> Path:
    """The app's main script (``streamlit run`` it)."""
    return app_dir() / APP_SCRIPT


__all__ = ["APP_SCRIPT", "app_dir", "app_path"]
