"""Issue 25 item 5, in words: the rulebook says each of play.obligations (its words, when it holds, the cards it
asks for), and diff says a duty dropped or added ("the duty to trump over a partner is dropped"), duty by duty."""

from __future__ import annotations

from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook

RULESETS = Path(__file__).resolve().parents[1] / "game" / "rulesets"


def play_section(text: str) -> str:
    return text[text.index("## Play\n"):].split("\n## ")[0]


def test_the_rulebook_says_each_duty_in_order():
    said = play_section(render_rulebook(load_ruleset(str(RULESETS / "obligations-amsterdam.yaml")), formulas=False))
    duties = [line for line in said.splitlines() if line.startswith("  - ")]
    assert duties == [
        "  - Overtrump on a trump lead: when the card led is a trump: must play a card for which it would win the "
        "trick as it stands, if the hand holds one.",
        "  - Head the trick when void and an opponent is winning it: when the player holds no card of the suit led, "
        "and no partner of the player is winning the trick: must play a card for which it would win the trick as "
        "it stands, if the hand holds one.",
        "  - No undertrumping unless the hand holds nothing else: when the player holds no card of the suit led: "
        "must play a card for which it is not a trump, or it would win the trick as it stands, if the hand holds one.",
    ]
    assert "A card against one is a revoke." in said
    with_formulas = play_section(render_rulebook(load_ruleset(str(RULESETS / "obligations.yaml"))))
    assert "(`not seat.holds_led` / `card.is_trump`)" in with_formulas


def test_the_undercut_rule_is_said_once():
    said = play_section(render_rulebook(load_ruleset("standard")))
    assert said.count("- Undercutting") == 1 and "duties" not in said


def test_diff_says_the_duties_dropped_and_added():
    rotterdam = load_ruleset(str(RULESETS / "obligations.yaml"))
    amsterdam = load_ruleset(str(RULESETS / "obligations-amsterdam.yaml"))
    changes = diff_rulesets(rotterdam, amsterdam)
    texts = [c.text for c in changes]
    assert texts[:2] == ['The duty "trump when void, even over the partner" is dropped',
                         'The duty "a trump played must overtrump when it can" is dropped']
    assert texts[2].startswith('Adds the duty "head the trick when void and an opponent is winning it" (when not '
                               'seat.holds_led and not trick.partner_winning, must play card.beats_trick)')
    assert len(texts) == 4  # the duty to overtrump on a trump lead is the same in both
    assert changes[0].where_before.endswith("obligations.yaml:37:7")
    assert diff_rulesets(amsterdam, amsterdam) == []


def test_diff_says_a_duty_changed_and_the_order():
    rotterdam = load_ruleset(str(RULESETS / "obligations.yaml"))
    text = (RULESETS / "obligations.yaml").read_text(encoding="utf-8")
    from thunee_dsl.loading import load_ruleset_text
    from thunee_dsl.model import compile_ruleset
    changed = compile_ruleset(load_ruleset_text(text.replace("      when: led.is_trump\n",
                                                             "      when: led.is_trump and seat.holds_led\n"),
                                                str(RULESETS / "house.yaml")))
    texts = [c.text for c in diff_rulesets(rotterdam, changed)]
    assert texts == ['The duty "overtrump on a trump lead": when led.is_trump, must play card.beats_trick -> when '
                     'led.is_trump and seat.holds_led, must play card.beats_trick']
