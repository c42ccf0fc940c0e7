"""``calling.simultaneous_extra`` is a number: a simultaneous call counts that much more than the next call.

pagat (Dealing, Calling and Making Trumps): "if the dealer's partner calls 10 and then both members of the
non-dealing team try to call 20, the call will count as 30" -- the next call (20) plus the extra (10). The
transcript writes the amount the call counts. The deal used throughout is
tests/transcripts/standard/calling_simultaneous_10_30.yaml: team 0 (the counting team, seat 3 makes trumps)
wins 33 + 52 = 85 card points in tricks and loses the last trick (-10).
"""

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import TranscriptError
from thunee_dsl.game.transcript import replay_text

ROOT = Path(__file__).resolve().parents[2]
DEAL = (ROOT / "tests" / "transcripts" / "standard" / "calling_simultaneous_10_30.yaml").read_text()


def overlay(tmp_path: Path, name: str, calling: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: standard\nname: {name}\ncalling:\n{calling}")
    return path


def replay(ruleset: Path, first: str, second: str) -> dict:
    text = DEAL.replace("ruleset: standard", f"ruleset: {ruleset}")
    text = text.replace("- 0 call 10", f"- 0 call {first}").replace("- 3 call 30", f"- 3 call {second}")
    return replay_text(text, "x.yaml").to_json()["deals"][0]


def test_standard_ladder_with_an_extra_of_20(tmp_path):
    rules = overlay(tmp_path, "extra-twenty", "  simultaneous_extra: 20\n")
    assert load_ruleset(str(rules)).calling.next_amounts(10) == (20, 40)
    # after 10, both opponents call 20 at once: 20 + 20 extra = 40
    # counting team 0: 85 in cards + 40 called - 10 last trick = 115 >= 105: 2 balls (a call was made)
    deal = replay(rules, 10, 40)
    assert deal["call"] == 40 and deal["balls"] == [2, 0]
    # 30 (the next call and one more rung) is no call at all with this rule
    with pytest.raises(TranscriptError, match=r'"3 call 30": the next call must be 20 or 40 \(the last call was 10\)'):
        replay(rules, 10, 30)


def test_ladder_in_fives_counts_ten_more(tmp_path):
    amounts = ", ".join(str(a) for a in range(5, 105, 5))
    rules = overlay(tmp_path, "fives", f"  amounts: [{amounts}, 104]\n  simultaneous_extra: 10\n")
    assert load_ruleset(str(rules)).calling.next_amounts(5) == (10, 20)
    # after 5, both opponents call 10 at once: 10 + 10 extra = 20 (not 15, the rung after the next)
    # counting team 0: 85 + 20 - 10 = 95 < 105: the trump makers (team 1) win 1 ball
    deal = replay(rules, 5, 20)
    assert deal["call"] == 20 and deal["balls"] == [0, 1]
    with pytest.raises(TranscriptError, match=r'"3 call 15": the next call must be 10 or 20 \(the last call was 5\)'):
        replay(rules, 5, 15)
    # the same ladder, plain next call: 85 + 10 - 10 = 85: makers 1 ball
    assert replay(rules, 5, 10)["balls"] == [0, 1]


def test_a_simultaneous_call_stops_at_the_top_of_the_ladder(tmp_path):
    rules = load_ruleset(str(overlay(tmp_path, "extra-twenty", "  simultaneous_extra: 20\n")))
    # after 90: the next call is 100, at once 100 + 20 = 120, above the last call 104: it counts 104
    assert rules.calling.next_amounts(90) == (100, 104)
    assert rules.calling.next_amounts(100) == (104,)
    assert rules.calling.next_amounts(104) == ()


def test_standard_is_unchanged():
    # an extra of 10 on a ladder in 10s: the rung after the next, as before
    calling = load_ruleset("standard").calling
    assert [calling.next_amounts(a) for a in (0, 10, 90, 100)] == [(10, 20), (20, 30), (100, 104), (104,)]


def test_the_rulebook_says_how_much_a_simultaneous_call_counts(tmp_path):
    from thunee_dsl.model.rulebook import render_rulebook
    text = render_rulebook(load_ruleset(str(overlay(tmp_path, "extra-twenty", "  simultaneous_extra: 20\n"))))
    assert "the call counts 20 more than the next call" in text


def test_next_amounts_examples():
    import doctest
    import thunee_dsl.model.ruleset as module
    assert doctest.testmod(module).failed == 0
