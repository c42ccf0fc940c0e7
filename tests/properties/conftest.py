"""Fixtures of the property tests: every shipped ruleset, by object and by name."""

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.loading import shipped_rulesets

RULESETS = sorted(shipped_rulesets())


@pytest.fixture(scope="module", params=RULESETS)
def ruleset(request):
    return shipped_ruleset(request.param)


@pytest.fixture(scope="module", params=RULESETS)
def name(request):
    """The ruleset's name (hypothesis tests take the name so that failures print readably)."""
    return request.param
