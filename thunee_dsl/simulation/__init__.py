"""Layer 6: simulation. Many seeded games with bots under one or more rulesets, compared.

>>> from thunee_dsl import load_ruleset
>>> cmp = simulate([load_ruleset("standard")], games=4, bots="random", seed=1)
>>> cmp.rulesets[0].statistic("game.deals").estimate.n
4

See docs/simulation.md for the statistics, the pairing of games and the JSON/CSV formats.
"""

from thunee_dsl.simulation.analysis import Coverage, Difference, RulesetResult, Statistic
from thunee_dsl.simulation.api import simulate
from thunee_dsl.simulation.compare import Comparison
from thunee_dsl.simulation.play import bot_names, default_bot
from thunee_dsl.simulation.stats import Estimate, mean_interval, paired_difference, t_quantile, wilson

__all__ = [
    "Comparison", "Coverage", "Difference", "Estimate", "RulesetResult", "Statistic", "bot_names", "default_bot",
    "mean_interval", "paired_difference", "simulate", "t_quantile", "wilson",
]
