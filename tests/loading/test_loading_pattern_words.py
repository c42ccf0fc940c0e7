"""A name that breaks the schema's pattern says, in words, what a name may hold (the pattern alone,
``^[a-z0-9][a-z0-9-]*$``, is for a programmer, not a card player)."""

from __future__ import annotations

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError


@pytest.mark.parametrize("name", ["Our House", "jodi-ñ", "house_rules", "-house"])
def test_a_name_out_of_pattern_says_what_a_name_may_hold(tmp_path, name):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: standard\nname: '{name}'\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    [problem] = info.value.problems
    assert problem.message.endswith("use only small letters a-z, digits and '-', starting with a letter or digit "
                                    "(for example our-house-rules)"), problem.message
    assert "does not match the pattern" in problem.message  # (kept: what the schema says stays said)


def test_a_verb_out_of_pattern_says_it_in_words_too(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: standard\nname: house\nundertakings:\n  thunee:\n    verb: Thunee 2\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert any("use only small letters a-z and '-', starting with a letter" in p.message
               for p in info.value.problems), info.value
