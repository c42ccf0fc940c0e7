"""The slips of someone new to YAML's indentation, each said where it is and what to do.

``game:`` with its ``target: 13`` not indented under it was told "missing required key 'game'" at line 1
(the empty ``game:`` takes game out: null removes a key) and a list of 24 top-level keys; an ``extends:``
with nothing after it, four "missing required key" at line 1.
"""

from __future__ import annotations


def test_a_sections_key_at_the_top_level_says_where_it_belongs(problems, tmp_path):
    [said] = problems(tmp_path, "extends: standard\nname: house\ntarget: 13\n")
    assert said.startswith("house.yaml:3:1: unknown key 'target' at the top level: it belongs under 'game:' "
                           "(write 'game:' on a line of its own, then this line below it indented by two spaces); "
                           "expected one of: "), said


def test_a_key_no_section_has_gets_no_such_advice(problems, tmp_path):
    [said] = problems(tmp_path, "extends: standard\nname: house\ngaem:\n  target: 13\n")
    assert "belongs under" not in said


def test_an_empty_section_of_a_variant_is_said_at_its_line(problems, tmp_path):
    said = problems(tmp_path, "extends: standard\nname: house\ngame:\ntarget: 13\n")
    assert said[0] == ("house.yaml:3:1: 'game:' has nothing under it, which takes 'game' out of the rules (it is "
                       "needed): indent the lines that belong under it by two spaces, or delete the 'game:' line")
    assert "it belongs under 'game:'" in said[1]
    assert not [line for line in said if "missing required key" in line]


def test_an_empty_extends_is_said_once(problems, tmp_path):
    said = problems(tmp_path, "extends:\nname: house\n")
    assert said == ["house.yaml:1:1: 'extends:' names no ruleset: write the rules your variant builds on after it "
                    "(for example 'extends: standard')"]
