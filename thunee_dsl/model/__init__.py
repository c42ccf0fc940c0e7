"""Layer 3: the immutable rule model compiled from ruleset data."""

from thunee_dsl.model.cards import Deck
from thunee_dsl.model.compile import compile_ruleset
from thunee_dsl.model.ruleset import Ruleset

__all__ = ["Deck", "Ruleset", "compile_ruleset"]
