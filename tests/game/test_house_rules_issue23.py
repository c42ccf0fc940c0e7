"""Issue 23's three house rules, as data: who may call (calling.allowed_if), an undertaking whose caller names
trumps (trump: named by caller), and a calling step that comes again after the last cards (sequence)."""

import random
from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError, TranscriptError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.transcript import replay_file, replay_text
from thunee_dsl.model.rulebook import render_rulebook

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "examples" / "house"
GOLDEN = ROOT / "tests" / "transcripts" / "house"
STANDARD = ROOT / "tests" / "transcripts" / "standard"


def overlay(tmp_path, text: str, name: str = "rule") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: standard\nname: {name}\n" + text)
    return path


def problems(tmp_path, text: str) -> str:
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(overlay(tmp_path, text)))
    return str(err.value)


def as_standard(name: str, overlay_name: str) -> str:
    return (GOLDEN / name).read_text().replace(f"ruleset: ../../../examples/house/{overlay_name}.yaml",
                                               "ruleset: standard")


def random_states(ruleset, games: int = 12, seed: int = 0):
    """Every state of some random games (the state before each action, and the action taken)."""
    for g in range(games):
        rng = random.Random(seed + g)
        game = GameState(ruleset, seed=seed + g, dealer=g % ruleset.seats)
        steps = 0
        while not game.is_over and steps < 2000:
            action = rng.choice(game.legal_actions())
            yield game, action
            game.apply(action)
            steps += 1


# -- who may call: calling.allowed_if ---------------------------------------------------------------


def test_only_the_dealers_team_may_call_golden():
    # pagat's worked example with only the dealer's team calling: the call stays 10; counting team 1 has
    # 125 + 10 - 40 - 10 = 85, so the makers (team 0) open 1 ball (standard: call 30, 105, 2 balls to team 1)
    deal = replay_file(GOLDEN / "only_dealers_team_calls.yaml").to_json()["deals"][0]
    assert (deal["call"], deal["trump"], deal["trump_maker"], deal["balls"]) == (10, "S", 2, [1, 0])
    assert deal["card_points"] == [179, 125] and deal["declared"] == [40, 0]


def test_only_the_dealers_team_may_call_refuses_the_overcall():
    # pagat's example as played in standard: seat 1 (not the dealer's team) calls 20 over seat 0's 10
    text = (STANDARD / "pagat_call30_jodie40_counting125.yaml").read_text().replace(
        "ruleset: standard", f"ruleset: {HOUSE / 'only-dealers-team-calls.yaml'}")
    with pytest.raises(TranscriptError, match=r'action 3 "1 call 20"'):
        replay_text(text, "x.yaml")


def test_only_the_dealers_team_calls_in_every_random_deal():
    r = load_ruleset(str(HOUSE / "only-dealers-team-calls.yaml"))
    calls = 0
    for game, action in random_states(r):
        deal = game.deal
        dealers = deal.dealer % 2
        for a in game.legal_actions():
            if a.verb == "call":
                assert a.seat % 2 == dealers
        if action.verb == "call":
            calls += 1
    assert calls > 0


def test_the_dealers_team_may_not_call_refused_with_the_formula(tmp_path):
    r = load_ruleset(str(overlay(tmp_path, "calling:\n  first_caller: anyone\n  allowed_if: callers != dealers\n")))
    game = GameState(r, seed=3, dealer=0)
    while not any(a.verb == "call" for a in game.legal_actions()):
        game.apply(game.legal_actions()[0])
    deal = game.deal
    assert deal.window is not None and all(a.seat % 2 == 1 for a in game.legal_actions() if a.verb == "call")
    reason = game.explain_illegal(Action(0, "call", 10))  # seat 0 deals: its team may not call
    assert reason == "seat 0 may not call (callers != dealers is false for seat 0)"
    assert game.to_act % 2 == 1 and Action(game.to_act, "call", 10) in game.legal_actions()


def test_who_may_call_names_the_trump_makers_only_once_trumps_are_made(tmp_path):
    # standard makes trumps before calling: the trump maker's team may be named
    load_ruleset(str(overlay(tmp_path, "calling:\n  allowed_if: callers != makers\n", "ok")))
    # cats-at-cards calls before trumps are made: nobody is the trump maker at the first call
    path = tmp_path / "cats.yaml"
    path.write_text("extends: cats-at-cards\nname: cats\ncalling:\n  allowed_if: trump_maker.team != callers\n")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert f"{path}:4:15: calling.allowed_if names trump_maker.team, but trumps are not made before the calling" \
        in str(err.value)


def test_who_may_call_formula_slips_are_said_at_their_line(tmp_path):
    said = problems(tmp_path, "calling:\n  allowed_if: callers == dealer\n")
    assert "rule.yaml:4:23: calling.allowed_if: '==' needs two values of the same type, not a team and a seat" in said
    assert said.endswith("callers == dealer\n            ^")
    said = problems(tmp_path, "calling:\n  allowed_if: caller.team == dealers\n")  # 'caller' is a claim's word
    assert "rule.yaml:4:15: calling.allowed_if: unknown name 'caller.team'" in said


# -- an undertaking whose caller names trumps ----------------------------------------------------------


def test_thunee_caller_names_trumps_golden():
    # seat 2 names hearts and leads a spade; it wins all six tricks (304 card points): 4 balls to team 0
    deal = replay_file(GOLDEN / "thunee_names_trumps.yaml").to_json()["deals"][0]
    assert (deal["undertaking"], deal["trump"], deal["trump_maker"], deal["balls"]) == ("thunee", "H", 2, [4, 0])
    assert deal["card_points"] == [304, 0]


def test_thunee_caller_names_trumps_is_not_standard():
    # in standard the first card led makes trumps: nobody names them
    with pytest.raises(TranscriptError, match=r'action 3 "2 trump H"'):
        replay_text(as_standard("thunee_names_trumps.yaml", "thunee-names-trumps"), "x.yaml")


def test_thunee_caller_must_name_trumps_before_leading():
    r = load_ruleset(str(HOUSE / "thunee-names-trumps.yaml"))
    game = GameState(r, dealer=0, auto_deal=False)
    hands = {0: "TH KH QS 9D AD TD", 1: "QH 9S AS KD QD 9C", 2: "JH 9H AH JS JD JC", 3: "TS KS AC TC KC QC"}
    game.start_deal(hands=[[r.deck.card(c) for c in hands[s].split()] for s in range(4)])
    game.apply(Action(1, "trump", "KD"))
    while Action(2, "thunee") not in game.legal_actions():
        game.apply(Action(game.to_act, "pass"))
    game.apply(Action(2, "thunee"))
    # the caller names a suit, and nothing else: not a card to lead, not a trump card
    assert [str(a) for a in game.legal_actions()] == ["2 trump S", "2 trump H", "2 trump D", "2 trump C"]
    assert game.explain_illegal(Action(2, "play", "JS"))
    assert "naming the suit" in game.explain_illegal(Action(2, "trump", "JH"))
    game.apply(Action(2, "trump", "H"))
    # named aloud: every seat knows hearts are trumps before the first lead; the caller leads any card
    assert all(game.view(seat).trump == "H" for seat in range(4))
    assert game.to_act == 2 and {a.arg for a in game.legal_actions()} == {"JH", "9H", "AH", "JS", "JD", "JC"}


def test_named_trumps_with_a_late_call_is_refused_at_the_trump_line(tmp_path):
    said = problems(tmp_path, "undertakings:\n  thunee:\n    trump: named by caller\n")
    assert "rule.yaml:5:12: undertakings.thunee: a caller who names trumps ('trump: named by caller') cannot " \
           "call it late" in said


def test_named_trumps_plays_in_every_random_deal():
    r = load_ruleset(str(HOUSE / "thunee-names-trumps.yaml"))
    named = 0
    for game, action in random_states(r, games=20):
        deal = game.deal
        if deal.undertaking is not None and deal.trump is None and not deal.over:
            # after the call, only the caller acts, and only by naming a suit
            assert {a.verb for a in game.legal_actions()} == {"trump"} and game.to_act == deal.undertaker
            named += 1
    assert named > 0


# -- a calling step that comes again --------------------------------------------------------------------


def test_calling_again_after_the_last_cards_golden():
    # seat 0 calls 10 on four cards; seat 3 calls 20 on six and makes clubs trumps; counting team 0 has
    # 0 + 20 - 10 = 10: the makers (team 1) open 1 ball
    deal = replay_file(GOLDEN / "calling_after_last_cards.yaml").to_json()["deals"][0]
    assert (deal["call"], deal["trump"], deal["trump_maker"], deal["balls"]) == (20, "C", 3, [0, 1])


def test_calling_again_is_not_standard():
    # standard has no second calling: seat 0's hearts stand, and counting team 1 holds no heart: thrown in
    deal = replay_text(as_standard("calling_after_last_cards.yaml", "calling-after-last-cards"), "x.yaml").to_json()
    assert (deal["deals"][0]["cancelled"], deal["deals"][0]["trump"], deal["deals"][0]["call"]) == (True, "H", 10)


def second_calling(actions: list[str]):
    """The golden deal of calling_after_last_cards.yaml with other actions (replayed)."""
    text = (GOLDEN / "calling_after_last_cards.yaml").read_text()
    head = text[:text.index("    actions:")].replace("../../../examples/house/", str(HOUSE) + "/")
    return replay_text(head + "    actions:\n" + "".join(f"      - {a}\n" for a in actions), "x.yaml")


GOLDEN_HANDS = ("JH 9H AH TH KH QH", "JD 9D AD TD KD QD", "KS QS 9S AS TS QC", "JC 9C AC TC KC JS")


def dealt(*actions: str, ruleset: str = str(HOUSE / "calling-after-last-cards.yaml"), hands=GOLDEN_HANDS) -> GameState:
    """A deal of ``hands`` (dealer 0; by default the golden deal of calling_after_last_cards.yaml), stopped right
    after ``actions`` (each taken once the windows before it are passed)."""
    r = load_ruleset(ruleset)
    game = GameState(r, dealer=0, auto_deal=False)
    game.start_deal(hands=[[r.deck.card(c) for c in cards.split()] for cards in hands])
    for text in actions:
        seat, verb, *arg = text.split()
        arg = (int(arg[0]) if arg[0].isdigit() else arg[0]) if arg else None
        action = Action(int(seat), verb, arg)
        while action not in game.legal_actions():
            game.apply(Action(game.to_act, "pass"))
        game.apply(action)
    return game


def test_calling_again_with_no_call_before_opens_as_the_first_calling():
    # nobody calls on four cards (the chooser's JD stands); on six cards the first call may come from the
    # dealer's team again (first_caller: the chooser's opponents), from 10
    game = dealt("1 trump JD")
    while game.deal.batches_dealt < 2:
        game.apply(Action(game.to_act, "pass"))
    deal = game.deal
    assert deal.call == 0 and deal.window is not None and game.to_act in (0, 2)
    assert {(a.seat, a.arg) for a in game.legal_actions() if a.verb == "call"} == {(game.to_act, 10), (game.to_act, 20)}
    # seat 2 calls 10 there: JD goes back and seat 2 makes trumps from its six cards
    game.apply(Action(2, "call", 10) if game.to_act == 2 else Action(game.to_act, "pass"))
    while game.deal.window is not None:
        game.apply(Action(game.to_act, "pass"))
    assert game.deal.call == 10 and game.deal.trump is None and game.deal.pending.seat == 2
    assert {a.arg for a in game.legal_actions()} == {"KS", "QS", "9S", "AS", "TS", "QC"}


def test_calling_again_goes_on_from_the_last_call():
    game = dealt("1 trump JD", "0 call 10", "0 trump JH")
    deal = game.deal
    assert deal.batches_dealt == 2 and deal.window is not None
    # only an opponent of the last caller (seat 0), and only higher than 10
    assert game.to_act in (1, 3)
    assert sorted(a.arg for a in game.legal_actions() if a.verb == "call") == [20, 30]
    assert "the next call must come from seat" in game.explain_illegal(Action(2, "call", 20))
    assert "the next call must be 20 or 30 (the last call was 10)" in game.explain_illegal(Action(game.to_act, "call", 10))


def test_the_trump_maker_who_calls_again_keeps_trumps():
    # seat 0 calls 10 and makes hearts; on six cards seat 3 calls 20, seat 0 calls 30: seat 0 already makes
    # trumps, so it keeps JH (no new trump card; the call counted is 30). Counting team 1 holds no heart:
    # the deal is thrown in as soon as the calling closes
    game = dealt("1 trump JD", "0 call 10", "0 trump JH", "3 call 20", "0 call 30")
    deal = game.deal
    while deal.window is not None and not deal.over:
        game.apply(Action(game.to_act, "pass"))
    assert [str(a) for a in game.history if a.verb == "trump"] == ["1 trump JD", "0 trump JH"]
    assert (deal.call, deal.trump_maker, game.ruleset.deck.names[deal.trump_card], deal.cancelled) == (30, 0, "JH", True)


def test_no_call_in_the_second_calling_leaves_trumps_as_made():
    deal = second_calling(["1 trump JD", "0 call 10", "0 trump JH", "1 play JD"]).to_json()["deals"][0]
    assert (deal["call"], deal["trump_maker"], deal["trump"], deal["cancelled"]) == (10, 0, "H", True)


@pytest.mark.parametrize("sequence, line_col, says", [
    ("[deal 1, make trumps, calling, calling, deal 2, undertakings, play]", "3:42",
     "step 'calling' comes again with no cards dealt since the last 'calling'"),
    ("[deal 1, make trumps, calling, deal 2, make trumps, undertakings, play]", "3:50",
     "step 'make trumps' appears twice: trumps are made once a deal"),
])
def test_repeated_steps_that_cannot_play_are_refused_at_their_line(tmp_path, sequence, line_col, says):
    said = problems(tmp_path, f"sequence: {sequence}\n")
    assert f"rule.yaml:{line_col}: {says}" in said


def test_bidding_twice_is_refused_with_the_reason(tmp_path):
    path = tmp_path / "bid.yaml"
    path.write_text("extends: nigerian-thuni\nname: bid\n"
                    "sequence: [deal 1, concede, bidding, make trumps, deal 2, bidding, play]\n")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    # (a second bidding is a rule since issue 25: it is written in 'bidding.again', which this ruleset lacks)
    assert "bid.yaml:3:59: step 'bidding' appears twice: give the later bidding's rules in 'bidding.again'" \
        in str(err.value)


def test_calling_again_with_last_card_and_no_batch_left_is_refused(tmp_path):
    said = problems(tmp_path, "sequence: [deal 1, make trumps, calling, deal 2, calling, undertakings, play]\n"
                              "trumps:\n  caller_ways: [card, last card]\n")
    assert "rule.yaml:3:50: a caller who takes over making trumps in this 'calling' may choose 'last card'" in said


@pytest.mark.parametrize("name", ["only-dealers-team-calls", "thunee-names-trumps", "calling-after-last-cards"])
def test_the_new_overlays_play_random_games_and_clones(name):
    r = load_ruleset(str(HOUSE / f"{name}.yaml"))
    for game, action in random_states(r, games=6, seed=50):
        copy = game.clone()
        copy.apply(action)
    assert True  # (no error in any state: the assertions are the engine's own)


def test_a_call_meant_for_the_second_calling_after_the_first_callings_passes():
    # the first calling's passes written out (seats 2 and 0): seat 0's call 10 comes in the second calling,
    # on six cards, and seat 0 makes trumps with AH from them
    history = [str(a) for a in second_calling(["1 trump JD", "2 pass", "0 pass", "0 call 10", "0 trump AH"]).game.history]
    assert history[:8] == ["1 trump JD", "2 pass", "0 pass", "2 pass", "0 call 10", "1 pass", "3 pass", "0 trump AH"]


# -- Marials: the leader's own Thunee (the reading stated in the rulebook) --------------------------------


def test_the_leaders_own_thunee_comes_after_the_trump_makers_were_asked():
    # pagat: a safe opponent may take over the leader's own Thunee unless the leader asked first. The
    # undertakings step asks the trump makers' team (seats 1 and 3) before the leader (seat 2): the leader's
    # Thunee is always one called after asking, and nobody may take it over after the lead
    hands = ("9H AH TH KH QH QS", "9D AD TD KD QD TS", "JS 9S AS JH JD JC", "9C AC TC KC QC KS")  # thunee_success
    game = dealt("1 trump 9D", "2 thunee", "2 play JS", ruleset="standard", hands=hands)
    history = [str(a) for a in game.history]
    # (the calling: seats 2 and 0 pass; then the undertakings, the trump maker's team first)
    assert history[:6] == ["1 trump 9D", "2 pass", "0 pass", "1 pass", "3 pass", "2 thunee"]
    for seat in (3, 0, 1):
        assert game.explain_illegal(Action(seat, "thunee"))
    assert "leader's own Thunee is called before the lead, after the trump makers' team has been asked" in \
        render_rulebook(load_ruleset("standard"))


@pytest.mark.parametrize("name", ["only-dealers-team-calls", "thunee-names-trumps", "calling-after-last-cards"])
def test_a_played_game_of_the_new_rules_replays_from_its_transcript(name):
    # what a game records (the CLI's play, the Playtest's export) replays to the same deals; with a second
    # calling every pass is written, so a call made in the second calling is not read back in the first
    import yaml
    r = load_ruleset(str(HOUSE / f"{name}.yaml"))
    for seed in range(8):
        rng = random.Random(seed)
        game = GameState(r, seed=seed, dealer=seed % 4)
        while not game.is_over and len(game.deals) < 6:
            game.apply(rng.choice(game.legal_actions()))
        data = game.to_transcript()
        data["ruleset"] = str(HOUSE / f"{name}.yaml")
        finished = [rec for rec in game.deals if rec.result is not None]
        data["deals"] = data["deals"][:len(finished)]
        report = replay_text(yaml.safe_dump(data), "x.yaml").to_json()
        assert [d["balls"] for d in report["deals"]] == [list(rec.result.balls) for rec in finished]
        assert [d["call"] for d in report["deals"]] == [rec.result.call for rec in finished]


def test_a_call_made_in_the_second_calling_replays_there():
    # nobody calls on four cards; on six, the first seat asked calls 10 and makes trumps with a card of its
    # last two: read back in the first calling, that card would not yet be held
    import yaml
    r = load_ruleset(str(HOUSE / "calling-after-last-cards.yaml"))
    rng = random.Random(7)
    game = GameState(r, seed=7, dealer=0)
    while game.deal.batches_dealt < 2:
        game.apply(next(a for a in game.legal_actions() if a.verb in ("pass", "trump")))
    caller = game.to_act
    game.apply(Action(caller, "call", 10))
    while game.deal.window is not None:
        game.apply(Action(game.to_act, "pass"))
    last_two = [r.deck.names[c] for c in game.deal.order[caller][4:]]
    game.apply(Action(caller, "trump", last_two[0]))
    while game.deals[-1].result is None:
        game.apply(rng.choice(game.legal_actions()))
    data = game.to_transcript()
    data["ruleset"] = str(HOUSE / "calling-after-last-cards.yaml")
    deal = replay_text(yaml.safe_dump(data), "x.yaml").to_json()["deals"][0]
    result = game.deals[0].result
    assert (deal["call"], deal["trump_maker"], deal["balls"]) == (10, result.trump_maker, list(result.balls))


@pytest.mark.parametrize("base", ["standard", "cats-at-cards", "blind-thunee"])
def test_every_name_who_may_call_may_read_is_read_without_error(tmp_path, base):
    # one condition naming every symbol of the calling context (each compared with itself: always true, so
    # every one is evaluated) for every seat asked in random games; where trumps are made after the calling
    # (cats-at-cards) the trump makers' names are refused at validation, so they are left out there
    from thunee_dsl.model.quantities import symbol_table
    skip = ("makers", "counting", "trump_maker") if base == "cats-at-cards" else ()
    names = sorted(n for n in symbol_table("calling", tricks=6) if n.split(".")[0] not in skip)
    chunks, chunk = [], []
    for name in names:  # (a formula holds at most 1,000 characters)
        if len(" and ".join(f"{n} == {n}" for n in chunk + [name])) > 990:
            chunks.append(chunk)
            chunk = []
        chunk.append(name)
    for i, chunk in enumerate(chunks + [chunk]):
        path = tmp_path / f"all{i}.yaml"
        path.write_text(f"extends: {base}\nname: all{i}\ncalling:\n  allowed_if: "
                        + " and ".join(f"{n} == {n}" for n in chunk) + "\n")
        r = load_ruleset(str(path))
        calls = sum(action.verb == "call" for _, action in random_states(r, games=2, seed=90))
        assert calls > 0
