"""`thunee-dsl rules` and `thunee-dsl replay`: what a card player reads, checked against the sources.

The numbers asserted here are read from the rule sources (pagat's South African Thunee, Scoring and
Calling Thunee), not from the program: a rulebook that printed the wrong ball table, or a replay that
scored a hand-counted deal differently, fails.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest

from thunee_dsl.cli.main import main

REPO = Path(__file__).resolve().parents[2]
TRANSCRIPTS = REPO / "tests" / "transcripts"


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# --- rules --------------------------------------------------------------------------------------


def test_rules_prints_the_sources_numbers(capsys):
    code, out, err = run_cli(capsys, "rules", "standard")
    assert code == 0 and err == ""
    # Players, Cards and Summary: the ranking, the points and the pack's total
    assert "J 9 A 10 K Q" in out
    assert "J 30, 9 20, A 11, 10 10, K 3, Q 2" in out
    assert "304 card points" in out
    # Dealing, Calling and Making Trumps: calls 10 .. 100, then 104 ends calling
    assert "10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 104" in out
    # Scoring: "Thunee 4 balls / 4 balls / 8 balls"
    assert "| 4 | 4 | 8 |" in out


def test_rules_of_an_overlay_shows_its_change_and_where_it_came_from(capsys):
    code, out, _ = run_cli(capsys, "rules", str(REPO / "examples" / "house" / "partner-catch-four.yaml"))
    assert code == 0
    thunee = out[out.index("### Thunee"):]
    thunee = thunee[:thunee.index("###", 3)]
    assert "| 4 | 4 |" in thunee  # the partner catch costs 4 balls, not 8: as any other catch (no column of its own)
    assert "| 4 | 4 | 8 |" not in thunee and "partner catch" not in thunee
    assert "changed by partner-catch-four" in thunee


def test_rules_speaks_words_and_shows_formulas_on_request(capsys):
    """A player reads words; the ruleset's author asks for the formulas under them (issue 24 item 7)."""
    code, out, _ = run_cli(capsys, "rules", "standard")
    assert code == 0
    assert "`callers.tricks == tricks and caller.won_last_trick`" not in out
    assert "`dealers.balls >= others.balls`" not in out and "`true`" not in out
    assert ("- Succeeds when the number of tricks won by the claimer's team is 6 (every trick of the deal), and the "
            "claimer won the last trick.\n") in out
    assert "when the score of the dealer's team is at least the score of the team that did not deal;" in out
    code, shown, _ = run_cli(capsys, "rules", "standard", "--formulas")
    assert code == 0
    assert "  `callers.tricks == tricks and caller.won_last_trick`" in shown
    assert "  `dealers.balls >= others.balls`" in shown
    assert "(`if callers == counting and call > 0 then 4 else 2`)" in shown


def test_rules_writes_to_a_file(capsys, tmp_path):
    target = tmp_path / "book.md"
    code, out, _ = run_cli(capsys, "rules", "standard", "-o", str(target))
    assert code == 0
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# ") and "## Calling" in text
    assert "## Calling" not in out


def test_rules_of_an_unknown_name_is_a_message_not_a_traceback(capsys):
    code, out, err = run_cli(capsys, "rules", "no-such-ruleset")
    assert code != 0
    assert "no-such-ruleset" in err and "Traceback" not in err


# --- replay -------------------------------------------------------------------------------------

SIMULTANEOUS = TRANSCRIPTS / "standard" / "calling_simultaneous_10_30.yaml"


def test_replay_scores_a_hand_counted_deal(capsys):
    # the transcript's comments count it by hand: the counting team's 85 in cards + the 30 called
    # - 10 for not winning the last trick = 105, which they need: counting team 2 balls
    code, out, err = run_cli(capsys, "replay", str(SIMULTANEOUS))
    assert code == 0, err
    data = json.loads(out)
    (deal,) = data["deals"]
    assert deal["card_points"] == [85, 219]
    assert sum(deal["card_points"]) == 304
    assert deal["call"] == 30 and deal["trump"] == "C" and deal["trump_maker"] == 3
    assert deal["balls"] == [2, 0]
    assert any(line.endswith("= 105") for line in deal["explanation"])


def test_replay_text_format_reads_as_sentences(capsys):
    code, out, _ = run_cli(capsys, "replay", "--format", "text", str(SIMULTANEOUS))
    assert code == 0
    assert not out.lstrip().startswith("{")
    assert "105" in out


def test_replay_text_is_words_and_seats_as_playtest_names_them(capsys):
    """The transcript's seat 0 is "Seat 1" as in Playtest and the rulebook (the transcript keeps 0-based
    numbers); the hand-counted deal (85 in cards + 30 called - 10 for the last trick = 105) in words, its
    formulas with --formulas (issue 24 items 7 and 9)."""
    code, out, _ = run_cli(capsys, "replay", "--format", "text", str(SIMULTANEOUS))
    assert code == 0
    assert out.splitlines()[1:] == [
        "Teams: Seats 1 and 3 against Seats 2 and 4.",
        "",
        "Deal 1: Seat 1 deals; trumps clubs ♣ made by Seat 4, called 30.",
        "  Seats 1 and 3 (counting): 85 card points in tricks; count 105",
        "  Seats 2 and 4 (trump makers): 219 card points in tricks; count 199",
        "  The counting team reaches 105: Seats 1 and 3 open 2 balls.",
        "  Balls this deal: Seats 1 and 3 +2, Seats 2 and 4 +0; score 2-0",
        "",
        "Score 2-0; the game is not over.",
    ]
    assert "seat 0" not in out and "team.cards" not in out
    code, shown, _ = run_cli(capsys, "replay", "--format", "text", "--formulas", str(SIMULTANEOUS))
    assert code == 0
    assert "  Formulas:" in shown and "team.cards [85]" in shown and "call [30]" in shown and "= 105" in shown
    assert "seat 0" not in shown and "team 0 (seats" not in shown
    # the transcript's JSON keeps its numbers as the format says
    code, data, _ = run_cli(capsys, "replay", str(SIMULTANEOUS))
    assert json.loads(data)["deals"][0]["trump_maker"] == 3


def test_replay_text_tells_undertakings_claims_and_redeals(capsys):
    said = {}
    for name in ("six-player", "cats-at-cards", "house"):
        for path in sorted((TRANSCRIPTS / name).glob("*.yaml")):
            if not path.stem.startswith("error_"):
                code, out, err = run_cli(capsys, "replay", "--format", "text", str(path))
                assert code == 0, err
                said[path.stem] = out
    assert "Seat 2 threw the cards in for a redeal: nobody scores, the same dealer deals again." in \
        said["low_hand_redeal"]
    text = "\n".join(said.values())
    assert "claimed Double and made it: Seats 2 and 4 open 2 balls." in text
    assert "called Moenie and was caught by their own partner (Seat 5): Seats 2, 4 and 6 open 8 balls." in text


@pytest.mark.parametrize("path", sorted((TRANSCRIPTS / "standard").glob("*.yaml")), ids=lambda p: p.stem)
def test_every_standard_transcript_replays_or_fails_with_a_located_message(capsys, path):
    code, out, err = run_cli(capsys, "replay", str(path))
    if path.stem.startswith("error_"):
        # the spec (shared/spec/transcript.md, Errors): status 2, one line naming the file, the deal and
        # action number, what is wrong and the legal actions at that point
        assert code == 2, out
        lines = err.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in err, err
        assert lines[0].startswith(f"{path}:"), lines[0]
        rest = lines[0][len(str(path)) + 1:]
        # a replay error names the deal and action; a structural one is `file:line:column: message`
        assert re.match(r' deal \d+(, action \d+ "[^"]+")?: \S', rest) or re.match(r"\d+:\d+: \S", rest), lines[0]
        if ", action " in rest and "may not" in rest:
            assert "legal now:" in rest, rest  # an illegal action lists what was legal
    else:
        assert code == 0, err
        json.loads(out)


def test_replay_of_a_missing_file_is_a_message(capsys, tmp_path):
    code, _, err = run_cli(capsys, "replay", str(tmp_path / "nowhere.yaml"))
    assert code != 0
    assert "nowhere.yaml" in err and "Traceback" not in err


def test_replay_of_an_overlay_transcript_uses_the_overlays_rules(capsys, tmp_path):
    # a transcript naming an overlay file is replayed under the overlay's rules, not standard's
    text = SIMULTANEOUS.read_text(encoding="utf-8")
    assert "ruleset: standard" in text
    overlay = tmp_path / "house.yaml"
    overlay.write_text(textwrap.dedent("""\
        extends: standard
        name: house
        title: House
        calling:
          simultaneous_extra: 20
        """), encoding="utf-8")
    moved = tmp_path / "t.yaml"
    moved.write_text(text.replace("ruleset: standard", f"ruleset: {overlay}"), encoding="utf-8")
    code2, _, err2 = run_cli(capsys, "replay", str(moved))
    # with 30 more for a simultaneous call, "3 call 30" after 10 is no longer the amount it counts (40 is)
    assert code2 == 2
    assert str(moved) in err2 and "Traceback" not in err2


def test_a_pipe_given_to_replay_is_refused_at_once(tmp_path, monkeypatch, capsys):
    """``replay`` first looked whether the file starts as a zip does: on a named pipe that waited for ever."""
    import os
    from thunee_dsl.cli.main import main
    monkeypatch.chdir(tmp_path)
    os.mkfifo("game.yaml")
    assert main(["replay", "game.yaml"]) == 2
    assert capsys.readouterr().err == "game.yaml: is not a file (a device or a pipe?)\n"


def test_a_write_error_names_the_output_file(tmp_path, capsys):
    """A full disk said "error: : No space left on device" (a write error names no file)."""
    from pathlib import Path
    from thunee_dsl.cli.main import main
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    assert main(["rules", "standard", "--output", "/dev/full"]) == 2
    assert capsys.readouterr().err == "error: /dev/full: No space left on device\n"


def test_replay_text_speaks_the_rulesets_unit(capsys, tmp_path):
    """A game whose file says `game.unit: points` is told in points, in the words and in the formulas' working
    (issue 23: the score was always "balls")."""
    overlay = tmp_path / "points.yaml"
    overlay.write_text("extends: standard\nname: points\ngame:\n  target: 12\n  unit: points\n", encoding="utf-8")
    moved = tmp_path / "t.yaml"
    moved.write_text(SIMULTANEOUS.read_text(encoding="utf-8").replace("ruleset: standard", f"ruleset: {overlay}"),
                     encoding="utf-8")
    code, out, err = run_cli(capsys, "replay", "--format", "text", "--formulas", str(moved))
    assert code == 0, err
    assert "The counting team reaches 105: Seats 1 and 3 score 2 points." in out
    assert "Points this deal: Seats 1 and 3 +2, Seats 2 and 4 +0; score 2-0" in out
    assert "counting Seats 1 and 3 scores 2 points (if call [30] > 0 then 2 else 1 = 2)" in out
    assert "ball" not in out


from types import SimpleNamespace  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(["standard", "six-player", "two-player", "nigerian-thuni", "cats-at-cards",
                             "two-player-open-face", "blind-thunee", "royals"]),
       seed=st.integers(0, 10_000))
def test_any_game_is_told_in_words_with_seats_counted_from_one(name, seed):
    """Random games of the shipped rulesets, told as `replay --format text` tells them: every deal has its line
    and its score line, no seat or team is counted from 0, and no formula shows without --formulas."""
    import random

    from thunee_dsl import load_ruleset
    from thunee_dsl.cli.replay_text import replay_text
    from thunee_dsl.game import GameState

    r = load_ruleset(name)
    game = GameState(r, seed=seed)
    rng = random.Random(seed)
    for _ in range(400):  # a few deals are enough
        if game.is_over or len(game.results) >= 3:
            break
        game.apply(rng.choice(game.legal_actions()))
    report = SimpleNamespace(deals=tuple(game.results), game=game, score=tuple(game.score), winner=game.winner)
    text = replay_text(report)
    assert text.count("\nDeal ") == len(game.results)
    assert text.count(f"{r.unit.plural.capitalize()} this deal:") == len(game.results)
    assert not re.search(r"\b(seat|team) \d", text), text
    assert "Seat 0" not in text and "[" not in text and "==" not in text
    shown = replay_text(report, formulas=True)
    assert shown.count("  Formulas:") == len(game.results)
