"""The examples in the formula layer's docstrings run (as `pytest --doctest-modules thunee_dsl/formula` would)."""

import doctest

import pytest

import thunee_dsl.formula
import thunee_dsl.formula.compiler


@pytest.mark.parametrize("module", [thunee_dsl.formula, thunee_dsl.formula.compiler], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
