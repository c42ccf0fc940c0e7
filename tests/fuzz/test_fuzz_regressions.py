"""Inputs the fuzz campaign found reaching an internal error or a wrong replay, kept as regressions."""

from __future__ import annotations

import random
import re

import pytest

from checks import REPO, check_ruleset_file, cli, play_and_replay
from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.game.state import GameState


def test_a_redeal_step_without_a_redeal_section_is_refused_where_the_step_is_written(tmp_path):
    # cats-at-cards without its 'redeal:' section but still with the 'redeal' step: it validated, then the
    # first deal failed inside the engine (the step reads the section's allowed_if)
    text = (REPO / "rulesets" / "cats-at-cards.yaml").read_text(encoding="utf-8")
    text = re.sub(r"\nredeal:\n(  .*\n)+", "\n", text)
    assert "\nredeal:" not in text and "redeal, undertakings" in text
    path = tmp_path / "no-redeal-section.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(path))
    [problem] = error.value.problems
    assert problem.message == "step 'redeal' needs a 'redeal:' section"
    line = text.splitlines()[problem.location.line - 1]
    assert line.startswith("sequence:") and line[problem.location.column - 1:].startswith("redeal")
    code, err = cli("validate", str(path))
    assert code == 1 and err.startswith(f"{path}:{problem.location.line}:{problem.location.column}: step 'redeal'")
    check_ruleset_file(path, games=1, seed=1)  # refused with located problems everywhere


def test_no_way_for_a_caller_to_make_trumps_is_refused_where_it_is_written(tmp_path):
    # campaign `rulesets` seed 70271 (loser-deals-again with trumps.caller_ways emptied): it validated, and the
    # first deal won by a call stopped with nobody able to act (the caller had no way to make trumps)
    path = tmp_path / "no-caller-ways.yaml"
    path.write_text("extends: standard\nname: no-caller-ways\ntrumps:\n  caller_ways: []\n", encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(path))
    [problem] = error.value.problems
    assert (problem.location.line, problem.location.column) == (4, 16)
    assert problem.message == "trumps.caller_ways: expected at least 1 item, got 0"
    code, err = cli("validate", str(path))
    assert code == 1 and err.startswith(f"{path}:4:16: trumps.caller_ways: expected at least 1 item")
    check_ruleset_file(path, games=2, seed=0)  # refused with located problems everywhere


def test_a_jodie_any_time_said_before_its_last_card_is_dealt_replays_as_the_table_played_it():
    # seed 10: seat 2 declares a Jodie of clubs before its first card, holding both cards only once the
    # second batch is dealt; its transcript lists "2 jodie C" among the windows it passed, and the replay
    # took it at once, while seat 2 held four cards: a false declaration (4 balls to the other team) instead
    # of 20 counted (play_and_replay asserts that the replay gives the game's balls)
    path = REPO / "examples" / "house" / "jodie-any-time.yaml"
    game = play_and_replay(load_ruleset(str(path)), path, 10, 3)
    first = game.deals[0]
    assert "2 jodie C" in [str(a) for a in first.actions] and first.result.balls == (1, 0)
    assert "team.declared [20]" in first.result.explanation[0]


@pytest.mark.parametrize("bad", [None, 5, 1.5, ["2", "play"], b"2 play JH", "2", "two play JH", ""])
def test_anything_that_is_not_an_action_is_refused_in_words(bad):
    """A library caller passing something other than an Action (or its text) gets IllegalActionError from
    every entry point, never an AttributeError or TypeError from inside the engine."""
    from thunee_dsl.errors import IllegalActionError
    from thunee_dsl.game import GameState
    from thunee_dsl import load_ruleset
    game = GameState(load_ruleset("standard"), seed=3)
    for call in (game.apply, game.explain_illegal, game.offence_of, game.can_apply, game.verify):
        with pytest.raises(IllegalActionError):
            call(bad)


@pytest.mark.parametrize("args", [("1", "play", "JH"), (1.5, "pass"), (True, "pass"), (1, None), (1, "play", ["JH"]),
                                  (1, "call", 2.5), (1, "call", False)])
def test_an_action_made_with_the_wrong_kinds_of_value_is_refused_when_made(args):
    from thunee_dsl.game import Action
    with pytest.raises(TypeError, match="an action's"):
        Action(*args)


@pytest.mark.parametrize("written, said", [
    # a NUL (written as "\0" in double quotes) reached the terminal as a raw NUL, a right-to-left override
    # reversed the rest of the printed line, a lone surrogate could not be printed at all
    ('"dealers.balls >= \\0 1"', "unexpected character U+0000"),
    ("dealers.balls \u202e>= others.balls", "unexpected character U+202E"),
    ('"dealers.balls >= \\ud800"', "unexpected character U+D800"),
])
def test_an_invisible_character_in_a_formula_is_named_by_its_code(tmp_path, written, said):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: standard\nname: house\ndealer:\n  passes_if: {written}\n", encoding="utf-8")
    code, err = cli("validate", str(path))
    first, formula, caret = err.splitlines()
    assert code == 1 and first.startswith(f"{path}:4:") and f"dealer.passes_if: {said}; expected" in first
    assert formula.isprintable() and "?" in formula and caret.index("^") == formula.index("?")


@pytest.mark.parametrize("text, said", [
    ('extends: standard\nname: "\\u202eevil"\n', "name '<U+202E>evil' holds an invisible character, U+202E RIGHT-TO-LEFT OVERRIDE"),
    ('extends: standard\nname: house\n"ga\\u202eme": 1\n', "key 'ga<U+202E>me' holds an invisible character, U+202E"),
    ('extends: "../\\u202ebase"\n', "'../<U+202E>base' is neither"),
])
def test_an_invisible_character_in_a_name_or_key_is_shown_by_its_code(tmp_path, text, said):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    code, err = cli("validate", str(path))
    assert code == 1 and said in err and err.replace("\n", "").isprintable(), err


def test_a_file_of_tens_of_thousands_of_values_is_refused_at_once(tmp_path):
    # 300 KB of a 40,000-item call ladder (under the size cap) took the YAML parser and the schema seconds per
    # load, and the editor loads on every keystroke; a 5,000-key overlay spent more in merging it (quadratic)
    path = tmp_path / "house.yaml"
    path.write_text("extends: standard\nname: house\ncalling:\n  amounts: [" +
                    ", ".join(str(10 * i) for i in range(1, 40_000)) + "]\n", encoding="utf-8")
    code, err = cli("validate", str(path))
    assert code == 1 and re.fullmatch(rf"{re.escape(str(path))}:4:\d+: the file holds more than 20,000 values "
                                      r"\(a ruleset holds a few hundred\): remove what was pasted or added by "
                                      r"mistake\n", err), err


def test_an_overlay_of_many_unknown_keys_says_each_where_it_is(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: standard\nname: house\n" + "".join(f"k{i}: {i}\n" for i in range(3000)),
                    encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    assert len(caught.value.problems) == 3000
    assert [p.location.line for p in caught.value.problems] == list(range(3, 3003))


def test_a_file_over_the_size_cap_is_located_where_the_cap_is_reached(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_bytes(b"extends: standard\nname: house\nsummary: " + b"x" * 1_100_000 + b"\n")
    code, err = cli("validate", str(path))
    # line 3 starts at byte 30; "summary: " and the x's reach byte 1,048,576 at column 1,048,576 - 30 + 1
    assert code == 1 and err.startswith(f"{path}:3:{1_048_576 - 30 + 1}: file is too large: 1,100,040 bytes; the "
                                        "limit is 1 MB (1,048,576 bytes), reached here"), err


@pytest.mark.parametrize("call", [
    lambda: load_ruleset(None), lambda: load_ruleset(123), lambda: load_ruleset(b"standard"),
    lambda: __import__("thunee_dsl.formula", fromlist=["x"]).compile_formula(None, {}),
    lambda: __import__("thunee_dsl.formula", fromlist=["x"]).compile_formula(b"1 + 1", {}),
    lambda: __import__("thunee_dsl.loading", fromlist=["x"]).load_ruleset_text(None),
    lambda: __import__("thunee_dsl.loading", fromlist=["x"]).load_ruleset_text("extends: standard\n", None),
])
def test_a_library_call_with_the_wrong_kind_of_argument_is_a_type_error_in_words(call):
    # these were AttributeErrors from inside (compile_formula(None)) or "unknown ruleset 'None'"
    with pytest.raises(TypeError, match=r"\(str(, | or )|text \(str\)|text and file name are str"):
        call()


def test_a_ruleset_given_as_bytes_is_read_as_a_file_would_be():
    from thunee_dsl.loading import load_ruleset_text
    assert load_ruleset_text(b"extends: standard\nname: house\n").name == "house"
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(b"extends: standard\nname: caf\xe9\n", "upload.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "upload.yaml:2:10: the file is not valid UTF-8 (byte 0xe9); save it as UTF-8"]


def test_a_second_play_step_with_no_cards_dealt_before_it_is_refused_where_it_is_written(tmp_path):
    # campaign `rulesets` seed 704404 (two-player with its first 'play' step written twice): it validated, and
    # the first deal stopped with nobody able to act (the second 'play' began with every hand empty)
    text = (REPO / "rulesets" / "two-player.yaml").read_text(encoding="utf-8")
    assert "undertakings, play, deal 3" in text
    text = text.replace("undertakings, play, deal 3", "undertakings, play, play, deal 3")
    path = tmp_path / "two-plays.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(path))
    [problem] = error.value.problems
    assert problem.message.startswith("step 'play' comes after another 'play' with no cards dealt between them")
    line = text.splitlines()[problem.location.line - 1]
    assert line[problem.location.column - 1:].startswith("play, deal 3")
    code, err = cli("validate", str(path))
    assert code == 1 and err.startswith(f"{path}:{problem.location.line}:{problem.location.column}: step 'play'")
    check_ruleset_file(path, games=1, seed=1)  # refused with located problems everywhere
    # a deal between two plays is how a deal in halves is written (two-player itself): still accepted
    load_ruleset(str(REPO / "rulesets" / "two-player.yaml"))


def test_a_blank_suit_letter_is_refused_where_it_is_written(tmp_path):
    # campaign `rulesets` seed 808522 (blind-thunee-eight with deck.suits[0] made ' '): it validated and played,
    # and its own transcripts did not replay (a card 'K ' is written 'K' once read back)
    text = "extends: standard\nname: blank-suit\ndeck:\n  suits: [' ', H, D, C]\n"
    path = tmp_path / "blank-suit.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(path))
    [problem] = error.value.problems
    assert problem.message == ("deck.suits[0] is a space: suits are written as letters or signs you can see "
                               "(e.g. S, H, D, C)")
    assert (problem.location.line, problem.location.column) == (4, 11)
    code, err = cli("validate", str(path))
    assert code == 1 and err.startswith(f"{path}:4:11: deck.suits[0] is a space")
    check_ruleset_file(path, games=1, seed=1)


@pytest.mark.parametrize("overlay, at, says", [
    # campaign `rulesets` seed 1103216 (blind-thunee dealt [3, 1]): the caller, having seen 3 cards, had to win 4
    # tricks before looking at its fourth, and came to the fourth trick with nothing it could play
    ("deal:\n  batches: [3, 1]\n", "blind_until_tricks: 4",
     "undertakings.blind-thunee.blind_until_tricks is 4, but called after batch 1 the caller has seen only 3 cards"),
    # the same stall by a lost trick: caught only on the last trick, the caller could lose one of its first four
    ("undertakings:\n  blind-thunee:\n    caught: on the last trick\n", "on the last trick",
     "undertakings.blind-thunee: a caller who plays cards unseen must be caught when beaten"),
])
def test_a_blind_caller_who_could_be_left_with_only_unseen_cards_is_refused(tmp_path, overlay, at, says):
    text = f"extends: blind-thunee\nname: blind-house\n{overlay}"
    path = tmp_path / "blind-house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(path))
    [problem] = error.value.problems
    assert problem.message.startswith(says), problem.message
    where = problem.location
    lines = (REPO / "rulesets" / "blind-thunee.yaml").read_text(encoding="utf-8").splitlines() \
        if where.file.endswith("blind-thunee.yaml") else text.splitlines()
    assert at in lines[where.line - 1]  # said where the rule is written (the base file's line, or the overlay's)
    code, err = cli("validate", str(path))
    assert code == 1 and says in err
    check_ruleset_file(path, games=1, seed=1)
    # Trips (six-player) keeps its fourth card face down and is caught only on the last trick: its leads win the
    # first three tricks whatever is played, so it always sees its last card in time: still accepted
    load_ruleset("six-player")


def _refused_where_written(tmp_path, name: str, text: str, says: str, at: str):
    """``text`` is refused with one problem starting ``says``, located on a line of the file holding ``at``
    (its column at ``at``), by the library, the CLI and the editor alike; returns the problem."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(path))
    [problem] = error.value.problems
    assert problem.message.startswith(says), problem.message
    line = text.splitlines()[problem.location.line - 1]
    assert line[problem.location.column - 1:].startswith(at), (line, problem.location)
    code, err = cli("validate", str(path))
    assert code == 1 and err.startswith(f"{path}:{problem.location.line}:{problem.location.column}: {says}"), err
    check_ruleset_file(path, games=1, seed=1)  # refused with located problems everywhere
    return problem


def test_a_calling_step_after_a_face_down_first_batch_is_refused_where_it_is_written(tmp_path):
    # issue 23's hostile-input run (deal.face_down: [1], a calling step after it): the final caller had to make
    # trumps with a card from hand holding no card it could look at, and the game stopped ("seat 1 has nothing
    # to do now")
    text = ("extends: two-player-open-face\nname: face-down-calling\n"
            "sequence: [deal 1, make trumps, calling, deal 2, deal 3, undertakings, play]\n")
    problem = _refused_where_written(tmp_path, "face-down-calling", text, "step 'calling': the final caller must "
                                     "make trumps with a card from hand (trumps.caller_ways: card) but would hold no "
                                     "card it may look at (deal.face_down: [1])", "calling")
    assert problem.location.line == 3
    # the chooser too, when it may make trumps only with a card (no last card, no suit)
    text = ("extends: two-player-open-face\nname: face-down-chooser\n"
            "sequence: [deal 1, make trumps, calling, deal 2, deal 3, undertakings, play]\n"
            "trumps:\n  ways: [card]\n  caller_ways: [suit]\n")
    _refused_where_written(tmp_path, "face-down-chooser", text, "step 'make trumps': the player who makes trumps "
                           "must make trumps with a card from hand (trumps.ways: card)", "make trumps")
    # made by naming the suit, nobody needs to look at a card: accepted, and it plays
    path = tmp_path / "face-down-by-suit.yaml"
    path.write_text("extends: two-player-open-face\nname: face-down-by-suit\n"
                    "sequence: [deal 1, make trumps, calling, deal 2, deal 3, undertakings, play]\n"
                    "trumps:\n  ways: [suit]\n  caller_ways: [suit]\n", encoding="utf-8")
    assert check_ruleset_file(path, games=2, seed=3) is not None
    # the shipped open face game makes trumps after its hand of four is dealt face up: accepted
    load_ruleset("two-player-open-face")


PARTNER_CATCH = "undertakings:\n  thunee:\n    balls:\n      partner_catch: {}\n"
CANCEL_IF = "cancellation:\n  cancel_if: {}\n"


@pytest.mark.parametrize("written, value, says", [
    # issue 23's hostile-input run: partner_catch: callers.count (the team value: card points less 10 for the
    # last trick and the call) scored "opens -114 balls", and a game ended at -287 to 15
    (PARTNER_CATCH, "callers.count", "undertakings.thunee.balls.partner_catch: balls cannot be negative, and this "
     "formula can go below 0 (with no least value, by what it reads: callers.count unbounded); write "
     "max(0, callers.count) if nothing is meant below 0"),
    # tricks are 0 to 6: 0 - 3 is as low as it goes
    (PARTNER_CATCH, "callers.tricks - 3", "undertakings.thunee.balls.partner_catch: balls cannot be negative, and "
     "this formula can go below 0 (as low as -3, by what it reads: callers.tricks 0 to 6)"),
    # the card points are 0 to 304: 0 / 100 is 0, and 0 - 4 is -4
    (PARTNER_CATCH, "opponents.cards / 100 - 4", "undertakings.thunee.balls.partner_catch: balls cannot be "
     "negative, and this formula can go below 0 (as low as -4, by what it reads: opponents.cards 0 to 304)"),
    # issue 23's hostile-input run: a cancel_if that is always true threw every deal in, and no game could end
    (CANCEL_IF, "true", "cancellation.cancel_if is true in every deal ('true'): every deal would be thrown in and "
     "no game could end"),
    (CANCEL_IF, "counting.tricks >= 0 or counting.trumps_dealt == 0", "cancellation.cancel_if is true in every "
     "deal ('counting.tricks >= 0 or counting.trumps_dealt == 0', with counting.tricks 0 to 6, "
     "counting.trumps_dealt 0 to 12)"),
    (CANCEL_IF, "not (counting.cards > 304)", "cancellation.cancel_if is true in every deal ('not (counting.cards "
     "> 304)', with counting.cards 0 to 304)"),
])
def test_balls_below_zero_or_a_deal_always_void_is_refused_where_it_is_written(tmp_path, written, value, says):
    text = f"extends: standard\nname: house\n{written.format(value)}"
    _refused_where_written(tmp_path, "house", text, says, value)


@pytest.mark.parametrize("balls", ["max(0, callers.count)", "callers.tricks / 2 + 1", "round(opponents.cards, 100) / 100",
                                   "if callers.tricks > 3 then 8 else callers.tricks mod 4"])
def test_a_ball_formula_that_never_goes_below_zero_is_accepted_and_plays(tmp_path, balls):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: standard\nname: house\n{PARTNER_CATCH.format(balls)}", encoding="utf-8")
    assert check_ruleset_file(path, games=2, seed=5) is not None


def test_no_rule_that_ever_gives_a_ball_is_refused(tmp_path):
    # the outcomes give 0 or less by their bounds, and the undertakings and claims too: no game can end
    text = ("extends: two-player\nname: no-balls\nundertakings: null\nclaims: null\ndeclarations: null\n"
            "scoring:\n  outcomes:\n    - when: true\n      winner: makers\n      balls: min(0, call)\n")
    path = tmp_path / "no-balls.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(path))
    assert "no outcome ever gives a ball, so no team can reach the target of 12" in \
        [p.message for p in error.value.problems]


def test_a_negative_score_that_validation_missed_is_a_located_error_not_a_score(monkeypatch):
    """The last guard (game/scoring.py): were a ball formula's bounds ever wrong, the deal stops at the rule's
    place in the file instead of opening negative balls."""
    import dataclasses
    from thunee_dsl.formula import compile_formula
    from thunee_dsl.game import GameState
    from thunee_dsl.model.quantities import symbol_table
    standard = load_ruleset("standard")
    symbols = symbol_table("outcome", tricks=6)
    below = compile_formula("counting.tricks - 7", symbols, "number")  # always below 0
    outcomes = tuple(dataclasses.replace(o, balls=below) for o in standard.outcomes)
    ruleset = dataclasses.replace(standard, outcomes=outcomes, undertakings=(), claims=(), engine_cache={})
    game = GameState(ruleset, seed=2)
    rng = __import__("random").Random(2)
    with pytest.raises(RulesetError) as error:
        while not game.deals or game.deals[-1].result is None or game.deals[-1].result.cancelled:
            game.apply(rng.choice(game.legal_actions()))
    [problem] = error.value.problems
    assert problem.location.file.endswith("standard.yaml") and problem.location.line > 0
    assert problem.message.startswith("scoring.outcomes.") and "balls cannot be negative, and this deal gives " \
        "counting.tricks [" in problem.message


def test_each_team_that_never_gives_a_ball_is_refused(tmp_path):
    # Nigerian Thuni's each_team made to give 0 whatever the tricks (0 to 8): no team can reach 16
    path = tmp_path / "no-points.yaml"
    path.write_text("extends: nigerian-thuni\nname: no-points\nscoring:\n  each_team: min(0, team.tricks)\n",
                    encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(path))
    assert [(p.location.line, p.message) for p in error.value.problems] == [
        (4, "scoring.each_team never gives a ball, so no team can reach the target of 16")]


def test_a_game_without_trumps_has_no_cancellation_and_no_leader_counted_from_the_trump_maker(tmp_path):
    # found by issue 25's game-end work: a cancellation is looked at once trumps are made (game/redeal.py), so in a
    # ruleset that makes none it validated and never threw a deal in; and a first leader counted from the trump
    # maker (standard's trump_maker+1) validated and then stopped the first deal with an internal error
    no_trumps = ("extends: standard\nname: no-trumps\nsequence: [deal 1, deal 2, play]\ntrumps: null\ncalling: null\n"
                 # (scored without the trump makers: the next test)
                 "scoring:\n  outcomes: null\n  team_values: null\n  each_team: team.tricks\nclaims: null\n")
    written = (REPO / "rulesets" / "standard.yaml").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "no-trumps.yaml"
    for extra, says, line_starts in (
            ("play:\n  first_leader: dealer+1\n", "a cancellation is looked at once trumps are made, and this "
             "ruleset makes no trumps", "cancel_if"),
            ("cancellation: null\n", "play.first_leader is counted from the trump maker, and this ruleset makes no "
             "trumps: count it from the dealer", "first_leader")):
        path.write_text(no_trumps + extra, encoding="utf-8")
        with pytest.raises(RulesetError) as error:
            load_ruleset(str(path))
        [problem] = error.value.problems
        assert problem.message.startswith(says), problem.message
        # said where the rule is written: the base file's line
        assert problem.location.file.endswith("standard.yaml") and \
            written[problem.location.line - 1].strip().startswith(line_starts), problem.location
        code, err = cli("validate", str(path))
        assert code == 1 and says in err, err


def test_a_game_without_trumps_scores_no_team_by_the_trump_makers(tmp_path):
    # standard without trumps scored by the trump makers' team, which such a game has only when an undertaking is
    # called: it validated and then stopped the first deal's scoring with an internal error (a team value read
    # counting.count with no counting team). Each formula naming them, and the outcomes table (its balls go to the
    # counting team or the makers), are refused where they are written.
    base = ("extends: standard\nname: no-trumps\nsequence: [deal 1, deal 2, play]\ntrumps: null\ncalling: null\n"
            "cancellation: null\nplay:\n  first_leader: dealer+1\n")
    written = (REPO / "rulesets" / "standard.yaml").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "no-trumps.yaml"
    path.write_text(base, encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(path))
    said = {(p.message.split(" ")[0], written[p.location.line - 1].strip().split(":")[0]) for p in error.value.problems}
    assert said == {("claims.double.balls.success", "success"), ("claims.khanaak.balls.success", "success"),
                    ("scoring.team_values.count.formula", "formula"), ("scoring.outcomes", "outcomes")}, said
    assert all("makes no trumps" in p.message for p in error.value.problems)
    # scored by each team's own tricks instead, it validates and plays whole games
    path.write_text(base + "scoring:\n  outcomes: null\n  team_values: null\n  each_team: if team.tricks >= 4 then 1 "
                    "else 0\nclaims: null\n", encoding="utf-8")
    ruleset = load_ruleset(str(path))
    for seed in range(3):
        game = GameState(ruleset, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        assert game.winner is not None
