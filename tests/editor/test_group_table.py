"""The group table's service and store (issue 26): seats held by secrets, moves checked by the engine, bots
that fill and stand in, the game kept as text, seed and actions (replayed on load), limits said in words."""

from __future__ import annotations

import random
import re
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl.cli.exported import replay_zip
from thunee_dsl.editor.group_table import (ALPHABET, CODE_LENGTH, MAX_NAME, PUBLIC_URL_ENV, GroupTables, Look,
                                           TableError, clean_name, frozen_text, normal_code, public_link)
from thunee_dsl.game.actions import Action
from thunee_dsl import load_ruleset
from thunee_dsl.loading import shipped_rulesets

STANDARD = shipped_rulesets()["standard"].read_text(encoding="utf-8")


class Clock:
    """A clock the test moves (away times without waiting)."""

    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def tables(tmp_path, clock):
    return GroupTables(tmp_path / "tables.sqlite3", clock=clock)


def seated(tables, seats=range(4), seed=3, text=STANDARD, **options):
    opened = tables.open(text, label="standard", seed=seed, **options)
    secrets = {s: tables.join(opened.code, s, f"Player {s + 1}") for s in seats}
    tables.deal(opened.code, host=opened.host_secret)
    return opened, secrets


def to_decide(tables, code, secrets):
    """The seated person asked to decide now, with their page (None when nobody present is asked)."""
    for seat, secret in secrets.items():
        page = tables.page(code, seat, secret)
        if page.view is not None and page.view.legal:
            return seat, page
    return None, None


def play_deal(tables, code, secrets, rng):
    moves = 0
    while True:
        seat, page = to_decide(tables, code, secrets)
        if seat is None:
            break
        tables.act(code, seat, secrets[seat], rng.choice(page.view.legal), seen=page.version)
        moves += 1
    return moves


def cards_in(text: str) -> set[str]:
    return set(re.findall(r"\b(?:10|[2-9AKQJT])[SHDC]\b", text))


def assert_only_own_cards(tables, code, secrets):
    """No page a seat is given names a card another seat still holds hidden (read from the engine's own views)."""
    game = tables.replayed(code)
    if game is None:
        return
    hands = {s: set(game.game.view(s).hand) for s in range(game.ruleset.seats)}
    for seat, secret in secrets.items():
        page = tables.page(code, seat, secret)
        said = repr(page.view) + repr(page.refused) + (page.story or "") + " ".join(page.explanation)
        # the trump card turned up is everyone's to see (the rules show it), though its maker holds it; so is a
        # card played face up and then taken back into the hand (a Thunee called after the first lead)
        public = {page.view.trump_card} if page.view.trump_revealed else set()
        public |= {entry.split()[-1] for entry in page.view.history if entry.split()[1:2] == ["play"]}
        for other, hand in hands.items():
            if other != seat:
                leaked = cards_in(said) & hand - public
                assert not leaked, (seat, other, leaked, [(k, v) for k, v in vars(page.view).items()
                                                         if cards_in(repr(v)) & leaked])


# -- a whole deal ---------------------------------------------------------------------------------------
def test_four_people_play_a_whole_deal_and_it_is_told_to_each(tables):
    opened, secrets = seated(tables)
    assert play_deal(tables, opened.code, secrets, random.Random(1)) > 0
    pages = [tables.page(opened.code, s, secrets[s]) for s in range(4)]
    assert all(p.deal_over and p.story for p in pages)
    # each from their own chair: the seat's own words differ ("you" / "your partner")
    assert len({p.story for p in pages}) > 1
    assert [p.seats[s].name for s, p in enumerate(pages)] == [f"Player {s + 1}" for s in range(4)]
    assert_only_own_cards(tables, opened.code, secrets)


def test_bots_fill_the_empty_seats_and_the_deal_waits_only_for_people(tables):
    opened, secrets = seated(tables, seats=[0])
    page = tables.page(opened.code, 0, secrets[0])
    assert [i.kind for i in page.seats] == ["person", "bot", "bot", "bot"]
    assert page.view.legal or page.deal_over  # the bots played up to the person's turn
    play_deal(tables, opened.code, secrets, random.Random(2))
    assert tables.page(opened.code, 0, secrets[0]).deal_over


def test_the_next_deal_and_a_person_sits_in_a_bots_place_between_deals(tables):
    opened, secrets = seated(tables, seats=[0, 1])
    with pytest.raises(TableError, match="A bot is playing seat 3 in this deal"):
        tables.join(opened.code, 2, "Late")
    play_deal(tables, opened.code, secrets, random.Random(3))
    secrets[2] = tables.join(opened.code, 2, "Late")  # between deals: the bot gives the seat up
    tables.deal(opened.code, 0, secrets[0])
    page = tables.page(opened.code, 2, secrets[2])
    assert page.view.deal_number == 2 and page.seats[2].kind == "person"
    play_deal(tables, opened.code, secrets, random.Random(4))
    assert tables.page(opened.code, 2, secrets[2]).deal_over


# -- moves checked by the engine --------------------------------------------------------------------------
def test_a_refused_move_is_refused_with_the_engines_reason(tables):
    opened, secrets = seated(tables)
    seat, page = to_decide(tables, opened.code, secrets)
    other = (seat + 1) % 4
    wrong = Action(other, "pass")
    with pytest.raises(TableError) as refused:
        tables.act(opened.code, other, secrets[other], wrong)
    # the engine's reason, said as the table says it (a capital, a full stop; the players by name)
    assert tables.replayed(opened.code).game.explain_illegal(wrong) == "there is nothing to pass on now: trumps are being made"
    assert str(refused.value) == "There is nothing to pass on now: trumps are being made."
    with pytest.raises(TableError, match="you cannot act for seat"):
        tables.act(opened.code, seat, secrets[seat], Action(other, "pass"))
    with pytest.raises(TableError, match="Not a move"):
        tables.act(opened.code, seat, secrets[seat], "play the ace please")
    assert tables.version(opened.code) == page.version  # nothing changed


def test_two_taps_at_once_are_taken_one_after_the_other(tables):
    opened, secrets = seated(tables)
    seat, page = to_decide(tables, opened.code, secrets)
    action = page.view.legal[0]
    outcomes = []

    def tap():
        try:
            outcomes.append(tables.act(opened.code, seat, secrets[seat], action, seen=page.version))
        except TableError as err:
            outcomes.append(str(err))

    threads = [threading.Thread(target=tap) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    taken = [o for o in outcomes if isinstance(o, int)]
    assert len(taken) == 1 and taken[0] == page.version + 1
    assert [o for o in outcomes if isinstance(o, str)] == [
        "The table changed before your move reached it: look again and choose."]
    assert tables.replayed(opened.code).actions.count(action) >= 1


# -- seats and secrets ------------------------------------------------------------------------------------
def test_a_forged_secret_and_another_seats_view_are_refused(tables):
    opened, secrets = seated(tables, seats=[0, 1])
    with pytest.raises(TableError, match="does not hold seat 2's key"):
        tables.page(opened.code, 1, secrets[0])
    with pytest.raises(TableError, match="does not hold seat 1's key"):
        tables.page(opened.code, 0, secrets[0][:-1] + ("A" if secrets[0][-1] != "A" else "B"))
    with pytest.raises(TableError, match="Nobody holds seat 3"):
        tables.page(opened.code, 2, secrets[0])
    with pytest.raises(TableError, match="does not hold"):
        tables.act(opened.code, 0, None, "0 pass")
    with pytest.raises(TableError, match="Only the host"):
        tables.free_seat(opened.code, secrets[0], 1)


def test_a_taken_seat_and_a_full_table(tables):
    opened = tables.open(STANDARD, seed=1)
    tables.join(opened.code, 0, "Asha")
    with pytest.raises(TableError, match="Seat 1 is taken by Asha"):
        tables.join(opened.code, 0, "Bo")
    for s in (1, 2, 3):
        tables.join(opened.code, s, "x")
    with pytest.raises(TableError, match="Every seat at this table is taken"):
        tables.join(opened.code, 1, "Late")
    with pytest.raises(TableError, match="seats 1 to 4"):
        tables.join(opened.code, 7, "x")


def test_two_people_taking_one_seat_at_once_one_gets_it(tables):
    opened = tables.open(STANDARD, seed=1)
    got, refused = [], []

    def take(name):
        try:
            got.append(tables.join(opened.code, 2, name))
        except TableError as err:
            refused.append(str(err))

    threads = [threading.Thread(target=take, args=(n,)) for n in ("A", "B", "C")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 1 and len(refused) == 2 and all("Seat 3 is taken" in r for r in refused)


def test_wrong_and_malformed_codes(tables):
    with pytest.raises(TableError, match="No table has the code"):
        tables.page("ABCDEF", 0, "x")
    with pytest.raises(TableError, match="not a table code"):
        tables.join("AB\x00C", 0, "x")
    with pytest.raises(TableError, match="A table code is six letters and digits"):
        tables.join(None, 0, "x")
    opened = tables.open(STANDARD, seed=1)
    typed = " ".join(opened.code.lower()[i:i + 3] for i in (0, 3))  # as read aloud: "k7q x3m"
    assert normal_code(typed) == opened.code
    assert tables.join(typed, 0, "x")


@given(st.text(max_size=400))
@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_names_are_cleaned_and_capped(text):
    name = clean_name(text, 2)
    assert 0 < len(name) <= MAX_NAME
    assert not any(ch.isspace() and ch != " " for ch in name)
    assert all(not (ord(ch) < 32 or 0x7f <= ord(ch) < 0xa0) for ch in name)


def test_a_name_of_control_characters_or_ten_thousand_characters(tables):
    opened = tables.open(STANDARD, seed=1)
    s0 = tables.join(opened.code, 0, "A\x1b[31mna\u200b\nB" + "x" * 10_000)
    page = tables.page(opened.code, 0, s0)
    assert page.seats[0].name == ("A[31mna B" + "x" * 100)[:MAX_NAME]
    s1 = tables.join(opened.code, 1, "\x00\x07")
    assert tables.page(opened.code, 1, s1).seats[1].name == "Player 2"


def test_codes_use_the_unambiguous_alphabet(tables):
    codes = {tables.open(STANDARD, seed=1).code for _ in range(20)}
    assert len(codes) == 20
    assert all(len(c) == CODE_LENGTH and set(c) <= set(ALPHABET) for c in codes)
    assert not set("01ILOUV") & set(ALPHABET)


def test_two_hundred_tables_open_and_the_next_is_refused(tmp_path, clock):
    tables = GroupTables(tmp_path / "t.sqlite3", clock=clock)
    first = [tables.open(STANDARD, seed=1) for _ in range(200)]
    with pytest.raises(TableError, match="already has 200 tables open"):
        tables.open(STANDARD, seed=1)
    secret = tables.join(first[0].code, 0, "still here")  # the others are not disturbed
    assert tables.page(first[0].code, 0, secret).seats[0].name == "still here"


def test_bad_rules_bots_and_away_times_are_said(tables):
    with pytest.raises(TableError, match=r"The rules do not check: 4:3: unknown key 'targt' in game"):
        tables.open("extends: standard\nname: x\ngame:\n  targt: 13\n")
    with pytest.raises(TableError, match="Unknown bot 'genius'"):
        tables.open(STANDARD, bots="genius")
    with pytest.raises(TableError, match="away time is 5 to 3600 seconds"):
        tables.open(STANDARD, away=1)
    with pytest.raises(TableError, match="One bot per seat"):
        tables.open(STANDARD, bots=["random"])


# -- away, back, leaving -----------------------------------------------------------------------------------
def test_a_bot_stands_in_for_a_person_away_and_hands_the_seat_back(tables, clock):
    opened, secrets = seated(tables, away=30)
    rng = random.Random(5)
    seat, page = to_decide(tables, opened.code, secrets)
    # the person to act drops: the others keep polling; after 30 s the bot plays for them
    others = {s: v for s, v in secrets.items() if s != seat}
    taken = len(tables.replayed(opened.code).actions)
    clock.now += 20
    for s, v in others.items():
        tables.page(opened.code, s, v)
    assert not tables.tick(opened.code)  # 20 s away: the table still waits for them
    assert tables.version(opened.code) == page.version
    clock.now += 15
    for s, v in others.items():
        page_other = tables.page(opened.code, s, v)
    assert page_other.seats[seat].kind == "away"
    assert page_other.version > page.version
    assert any(a.seat == seat for a in tables.replayed(opened.code).actions[taken:])  # the bot moved for them
    # they come back: the seat is theirs again, and the game waits for them when it is their turn
    back = tables.page(opened.code, seat, secrets[seat])
    assert back.seats[seat].kind == "person"
    assert back.version > page_other.version  # the other phones are told (they redraw on a new version)
    while not back.deal_over and not back.view.legal:
        s, p = to_decide(tables, opened.code, others)
        tables.act(opened.code, s, secrets[s], rng.choice(p.view.legal))
        back = tables.page(opened.code, seat, secrets[seat])
    if not back.deal_over:
        assert back.view.legal and back.seats[seat].kind == "person"


def test_leaving_gives_the_seat_to_its_bot(tables):
    opened, secrets = seated(tables, seats=[0, 1])
    tables.leave(opened.code, 1, secrets.pop(1))
    page = tables.page(opened.code, 0, secrets[0])
    assert page.seats[1].kind == "bot"
    play_deal(tables, opened.code, secrets, random.Random(6))
    assert tables.page(opened.code, 0, secrets[0]).deal_over


def test_away_changes_the_look_the_others_poll_without_a_write(tables, clock):
    opened, secrets = seated(tables, away=30)
    seat, page = to_decide(tables, opened.code, secrets)
    quiet = (seat + 1) % 4  # not the seat to act: no bot moves for it, so the table's version stays
    others = {s: v for s, v in secrets.items() if s != quiet}
    looks = {s: tables.poll(opened.code, s, v) for s, v in others.items()}
    assert all(look == Look(page.version, frozenset()) for look in looks.values())
    clock.now += 20
    assert all(tables.poll(opened.code, s, v).away == frozenset() for s, v in others.items())
    clock.now += 11  # past the away time for the quiet seat only (the others polled 11 s ago)
    version = tables.version(opened.code)
    look = tables.poll(opened.code, seat, secrets[seat])
    assert look == Look(version, frozenset({quiet}))  # a new look, and no new version: nothing was written
    assert tables.page(opened.code, seat, secrets[seat]).look == look  # the page drawn from it says so too
    assert tables.page(opened.code, seat, secrets[seat]).seats[quiet].kind == "away"
    back = tables.poll(opened.code, quiet, secrets[quiet])  # back: every phone is told by a new version
    assert back.version > version and tables.poll(opened.code, seat, secrets[seat]).away == frozenset()


def test_the_host_seats_a_person_in_a_bots_place_between_deals(tables):
    opened, secrets = seated(tables, seats=[0, 1])
    with pytest.raises(TableError, match="Only the host"):
        tables.keep_seat(opened.code, secrets[0], 2)
    with pytest.raises(TableError, match="holds seat 2: free it first"):
        tables.keep_seat(opened.code, opened.host_secret, 1)
    tables.keep_seat(opened.code, opened.host_secret, 2)
    page = tables.page(opened.code, 0, secrets[0])
    assert page.seats[2].kind == "kept" and page.seats[3].kind == "bot"
    # the bot plays out the deal; nobody can sit down mid-deal, the late one is told the deal waits for them
    with pytest.raises(TableError, match="keeps it for a person: the next deal waits for you"):
        tables.join(opened.code, 2, "Late")
    play_deal(tables, opened.code, secrets, random.Random(11))
    with pytest.raises(TableError, match="Seat 3 is kept for a person"):
        tables.deal(opened.code, 0, secrets[0])
    assert tables.lobby(opened.code)[2]  # between deals: a seat can be taken
    secrets[2] = tables.join(opened.code, 2, "Late")
    tables.deal(opened.code, 0, secrets[0])
    page = tables.page(opened.code, 2, secrets[2])
    assert page.view.deal_number == 2 and page.seats[2].kind == "person" and not page.seats[2].kept
    # the host gives a kept seat back: the next deal no longer waits for it
    tables.keep_seat(opened.code, opened.host_secret, 3)
    play_deal(tables, opened.code, secrets, random.Random(12))
    tables.keep_seat(opened.code, opened.host_secret, 3, kept=False)
    tables.deal(opened.code, 0, secrets[0])
    assert tables.page(opened.code, 0, secrets[0]).seats[3].kind == "bot"


SHORT = "extends: standard\nname: short\ngame:\n  target: 1\n  corner_house: null\n"


def test_play_again_a_new_game_at_the_same_table_and_seats(tables):
    opened, secrets = seated(tables, text=SHORT, seats=[0, 1])
    with pytest.raises(TableError, match="The game is not over yet"):
        tables.again(opened.code, 0, secrets[0])
    rng = random.Random(13)
    for _ in range(20):
        play_deal(tables, opened.code, secrets, rng)
        if tables.page(opened.code, 0, secrets[0]).is_over:
            break
        tables.deal(opened.code, 0, secrets[0])
    over = tables.page(opened.code, 0, secrets[0])
    assert over.is_over and over.deal_over and over.values  # the team values of the last deal, for the points
    old_seed = tables.store.table(opened.code).seed
    tables.again(opened.code, 1, secrets[1])
    page = tables.page(opened.code, 0, secrets[0])
    assert not page.is_over and page.view.deal_number == 1 and page.view.score == (0, 0)
    assert [i.name for i in page.seats] == ["Player 1", "Player 2", None, None]
    row = tables.store.table(opened.code)
    assert row.ended is None and row.seed != old_seed
    game = tables.replayed(opened.code)  # what a restart finds: the new game alone
    assert game.seed == row.seed and len(game.results()) == 0
    play_deal(tables, opened.code, secrets, rng)
    assert tables.page(opened.code, 0, secrets[0]).deal_over


@pytest.mark.parametrize("host, served, env, lan, link, loopback", [
    ("127.0.0.1:8501", "localhost", {}, "10.0.0.7", "http://127.0.0.1:8501/table?table=K7QX3M", True),
    ("localhost:8501", "0.0.0.0", {}, "10.0.0.7", "http://10.0.0.7:8501/table?table=K7QX3M", False),
    ("[::1]:8501", "", {}, None, "http://[::1]:8501/table?table=K7QX3M", True),
    ("192.168.1.20:8501", "0.0.0.0", {}, "10.0.0.7", "http://192.168.1.20:8501/table?table=K7QX3M", False),
    ("cards.local", "localhost", {}, None, "http://cards.local/table?table=K7QX3M", False),
    ("127.0.0.1:8501", "0.0.0.0", {PUBLIC_URL_ENV: "https://thunee.example.org/"}, "10.0.0.7",
     "https://thunee.example.org/table?table=K7QX3M", False),
    ("127.0.0.1:8501", "0.0.0.0", {PUBLIC_URL_ENV: "thunee.example.org:9000/cards/table"}, None,
     "http://thunee.example.org:9000/cards/table?table=K7QX3M", False),
])
def test_the_link_the_phones_open(host, served, env, lan, link, loopback):
    made = public_link("K7QX3M", "http://127.0.0.1:8501/table", host_header=host, served_on=served, env=env, lan=lan)
    assert (made.url, made.loopback) == (link, loopback)
    if loopback:
        assert "phones cannot open" in made.why and "ADDRESS=0.0.0.0" in made.why
    if env:
        assert PUBLIC_URL_ENV in made.why


@pytest.mark.parametrize("page_url, link", [
    ("http://cards.local:8501", "http://cards.local:8501/table?table=K7QX3M"),  # (the page's path trimmed)
    ("http://cards.local:8501/", "http://cards.local:8501/table?table=K7QX3M"),
    ("http://cards.local:8501/table", "http://cards.local:8501/table?table=K7QX3M"),
    ("https://cards.local/thunee", "https://cards.local/thunee/table?table=K7QX3M"),  # served under a base path
])
def test_the_link_ends_at_the_table_page(page_url, link):
    assert public_link("K7QX3M", page_url, env={}).url == link


# -- kept safe: restart, export, expiry ----------------------------------------------------------------------
def test_a_new_store_over_the_same_file_resumes_the_same_game(tmp_path, clock):
    path = tmp_path / "t.sqlite3"
    first = GroupTables(path, clock=clock)
    opened, secrets = seated(first)
    rng = random.Random(7)
    for _ in range(9):
        seat, page = to_decide(first, opened.code, secrets)
        first.act(opened.code, seat, secrets[seat], rng.choice(page.view.legal))
    before = {s: first.page(opened.code, s, v) for s, v in secrets.items()}
    again = GroupTables(path, clock=clock)  # the app restarted: nothing in memory
    after = {s: again.page(opened.code, s, v) for s, v in secrets.items()}
    for s in secrets:
        assert after[s].view == before[s].view and after[s].version == before[s].version
    play_deal(again, opened.code, secrets, rng)
    assert again.page(opened.code, 0, secrets[0]).deal_over


def test_the_export_replays(tables, tmp_path):
    text = "extends: standard\nname: our-rules\nundertakings:\n  thunee:\n    balls: {partner_catch: 6}\n"
    opened, secrets = seated(tables, text=text, seats=[0, 2])
    play_deal(tables, opened.code, secrets, random.Random(8))
    name, data, mime = tables.export(opened.code, 2, secrets[2])
    assert name.endswith(".zip") and mime == "application/zip"
    (tmp_path / name).write_bytes(data)
    report = replay_zip(tmp_path / name)
    assert list(report.score) == list(tables.replayed(opened.code).game.score)


def test_the_frozen_text_and_its_base():
    assert frozen_text(load_ruleset("cats-at-cards"))[1] == "standard"
    assert frozen_text(load_ruleset("standard"))[1] is None


def test_finished_and_abandoned_tables_go_after_the_days(tmp_path, clock):
    tables = GroupTables(tmp_path / "t.sqlite3", clock=clock, days=2)
    kept = tables.open(STANDARD, seed=1)
    left = tables.open(STANDARD, seed=1)
    clock.now += 86400
    secret = tables.join(kept.code, 0, "still playing")
    clock.now += 1.5 * 86400
    assert tables.expire() == [left.code]
    with pytest.raises(TableError, match="No table has the code .* removed after 2 days"):
        tables.join(left.code, 0, "x")
    assert tables.page(kept.code, 0, secret).seats[0].name == "still playing"


# -- many hands at once ----------------------------------------------------------------------------------------
def _random_session(tables, code, host, secrets, rng, steps):
    """Random joins, moves, leaves and looks by one player."""
    for _ in range(steps):
        choice = rng.random()
        seat = rng.randrange(4)
        try:
            if choice < 0.15:
                secrets[seat] = tables.join(code, seat, f"p{seat}")
            elif choice < 0.22 and secrets.get(seat):
                tables.leave(code, seat, secrets.pop(seat, None))
            elif choice < 0.3:
                tables.deal(code, host=host)
            elif (secret := secrets.get(seat)) is not None:
                page = tables.page(code, seat, secret)
                if page.view is not None and page.view.legal:
                    tables.act(code, seat, secret, rng.choice(page.view.legal),
                               seen=page.version if rng.random() < 0.5 else None)
        except TableError:
            pass


@given(st.integers(0, 10**6), st.integers(2, 4))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_threads_playing_at_once_leave_the_replay_of_the_actions(tmp_path_factory, seed, threads):
    path = tmp_path_factory.mktemp("t") / "t.sqlite3"
    tables = GroupTables(path)
    opened = tables.open(STANDARD, seed=seed % 1000)
    shared: dict[int, str] = {}
    workers = [threading.Thread(target=_random_session,
                                args=(tables, opened.code, opened.host_secret, shared, random.Random(seed + i), 40))
               for i in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    live = tables._games[opened.code][1] if opened.code in tables._games else None
    replayed = GroupTables(path).replayed(opened.code)
    if replayed is not None and live is not None:
        assert replayed.actions == live.actions
        assert all(replayed.game.view(s) == live.game.view(s) for s in range(4))
    assert_only_own_cards(tables, opened.code, dict(shared))


def _process_session(path, code, host, seed):  # (a module function: a spawned process imports it)
    tables = GroupTables(path)
    _random_session(tables, code, host, {}, random.Random(seed), 60)


def test_processes_playing_at_once_leave_the_replay_of_the_actions(tmp_path):
    import multiprocessing

    path = tmp_path / "t.sqlite3"
    tables = GroupTables(path)
    opened = tables.open(STANDARD, seed=5)
    tables.deal(opened.code, host=opened.host_secret)
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_process_session, args=(path, opened.code, opened.host_secret, 100 + i))
             for i in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0]
    # both processes' moves are in the one list, and it replays: every stored action was legal in its turn
    game = GroupTables(path).replayed(opened.code)
    assert len(game.actions) == len(tables.store.actions(opened.code))
    assert Path(path).stat().st_size > 0
