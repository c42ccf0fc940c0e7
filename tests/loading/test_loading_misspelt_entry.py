"""A house variant that misspells the entry it changes (``thune:`` for ``thunee:``) is told so, at that name.

It was told "undertakings.thune: missing required key 'verb'", pointing at the line under it: a card player
had written no 'verb' anywhere, and did not mean a new undertaking.
"""

from __future__ import annotations


def test_a_misspelt_undertaking_is_said_as_a_typo_at_its_name(problems, tmp_path):
    said = problems(tmp_path, "extends: standard\nname: house\nundertakings:\n  thune:\n    balls: {partner_catch: 6}\n")
    assert said == ["house.yaml:4:3: undertakings.thune: there is no 'thune' in undertakings: did you mean "
                    "'thunee'? (a new one would need 'verb')"]


def test_a_misspelt_claim_too(problems, tmp_path):
    said = problems(tmp_path, "extends: standard\nname: house\nclaims:\n  khanak:\n    succeeds_if: true\n")
    assert len(said) == 1 and "did you mean 'khanaak'?" in said[0] and said[0].startswith("house.yaml:4:3:")


def test_a_new_entry_named_like_none_still_says_what_it_lacks(problems, tmp_path):
    said = problems(tmp_path, "extends: standard\nname: house\nundertakings:\n  blind:\n    balls: {success: 8}\n")
    assert any("missing required key 'verb'" in line for line in said), said
    assert not any("did you mean" in line for line in said), said
