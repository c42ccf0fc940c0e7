"""thunee-dsl: Thunee and its relatives as data.

>>> from thunee_dsl import load_ruleset
>>> rules = load_ruleset("standard")
>>> rules.deck.total_points, rules.game.target
(304, 12)
"""

from __future__ import annotations

from functools import lru_cache

from thunee_dsl import _accel

# the compiled build of the engine's hot modules, when one was built from the sources on disk (see _accel)
_accel.install()

__version__ = "0.1.0"


def load_ruleset(name_or_path: str):
    """Load, validate and compile a shipped ruleset (by name or alias) or a ruleset file."""
    from thunee_dsl.loading import load_ruleset_source
    from thunee_dsl.model import compile_ruleset

    # keep_going: a file's schema problems come out together with its formula and semantic ones
    return compile_ruleset(load_ruleset_source(name_or_path, keep_going=True))


@lru_cache(maxsize=32)
def shipped_ruleset(name: str):
    """A shipped ruleset, compiled once per process."""
    return load_ruleset(name)


__all__ = ["load_ruleset", "shipped_ruleset", "__version__"]
