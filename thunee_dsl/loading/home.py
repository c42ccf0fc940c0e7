"""The user's own folder: where the app saves the rulesets a person writes.

``$THUNEE_DSL_HOME`` (default ``~/.thunee-dsl``); the rulesets are the ``*.yaml`` files of its
``rulesets/`` folder. The app writes there (``thunee_dsl.editor.storage``) and every name lookup
reads there after the shipped rulesets (:mod:`.registry`), so a variant saved in the app is known to
the command line by the same name.
"""

from __future__ import annotations

import os
from pathlib import Path

HOME_ENV = "THUNEE_DSL_HOME"


def user_home() -> Path:
    """``$THUNEE_DSL_HOME``, else ``~/.thunee-dsl``."""
    configured = os.environ.get(HOME_ENV, "").strip()
    return Path(configured).expanduser() if configured else Path.home() / ".thunee-dsl"


def user_rulesets_dir() -> Path:
    """The folder of the user's own rulesets (it may not exist yet)."""
    return user_home() / "rulesets"


__all__ = ["HOME_ENV", "user_home", "user_rulesets_dir"]
