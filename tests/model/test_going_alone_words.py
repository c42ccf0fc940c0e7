"""Issue 25 item 6 in words: the rulebook says going alone (offered as trumps are made, the partner laying the
hand down, played out and judged by succeeds_if, the partial success in the ball table), diff names the change,
simulate's coverage counts a lone hand taking every trick, succeeding and failing."""

from __future__ import annotations

from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.loading import load_ruleset_text
from thunee_dsl.model import compile_ruleset
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook
from thunee_dsl.simulation.analysis import rules

PATH = Path(__file__).resolve().parents[1] / "game" / "rulesets" / "going-alone.yaml"


def alone():
    return load_ruleset(str(PATH))


def edited(old: str, new: str):
    text = PATH.read_text()
    assert old in text
    return compile_ruleset(load_ruleset_text(text.replace(old, new), str(PATH)))


def test_rulebook_says_going_alone():
    book = render_rulebook(alone())
    assert "### Going alone (`alone`)" in book
    assert "- May be announced by the player who makes trumps, as trumps are made, when" in book
    # the player who goes alone is the maker (trumps are made by that player), not a caller
    assert ("- The maker plays alone: the maker's partner lays the hand face down and does not play, so each "
            "trick has 3 cards and the turn passes over the partner.") in book
    assert "- The usual player leads (the next player if that is the partner who sits out)." in book
    assert ("- The deal is played out to the last trick; it succeeds when the number of tricks won by the makers "
            "is at least 3.") in book
    assert ("| 4 if the number of tricks won by the makers is 5 (every trick of the deal), otherwise 1 "
            "(`if callers.tricks == tricks then 4 else 1`) | 2 |") in book
    assert "Points (to the makers on success, otherwise to the defenders):" in book  # the game's unit, not balls
    assert "the caller" not in book[book.index("### Going alone"):book.index("## ", book.index("### Going alone") + 4)]
    assert "must win every trick" not in book and "once 2 batches" not in book


def test_a_partner_who_plays_says_nothing_of_sitting_out():
    book = render_rulebook(edited("partner: sits out", "partner: plays"))
    assert "lays the hand face down" not in book and "partner who sits out" not in book


def test_diff_names_going_alone_and_its_keys():
    texts = [c.text for c in diff_rulesets(edited("partner: sits out", "partner: plays"), alone())]
    assert texts == ["Going alone the caller's partner (plays, or sits out: going alone): plays -> sits out"], texts
    texts = [c.text for c in diff_rulesets(edited("    caught: never\n    succeeds_if: callers.tricks >= 3\n",
                                                  "    caught: never\n"), alone())]
    assert any("succeeds when" in t.lower() and "callers.tricks >= 3" in t for t in texts), texts
    added = [c.text for c in diff_rulesets(load_ruleset(str(PATH.parent / "left-bower.yaml")), alone())]
    assert any(t.startswith("Adds Undertakings: alone verb alone, after make trumps") and "partner sits out" in t
               and "caught never" in t for t in added), added


def test_coverage_labels_of_a_lone_hand():
    labels = {rule.key: rule.label for rule in rules(alone())}
    assert labels["undertakings.alone.every_trick"] == "Going alone takes every trick"
    assert labels["undertakings.alone.success"] == "Going alone succeeds"
    assert labels["undertakings.alone.failure"] == "Going alone fails (too few tricks)"
    assert "undertakings.alone.partner_catch" not in labels  # (a partner who sits out catches nothing)
    standard = {rule.key: rule.label for rule in rules(load_ruleset("standard"))}
    assert standard["undertakings.thunee.failure"] == "Thunee caught"  # an undertaking caught keeps its words
