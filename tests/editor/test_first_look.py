"""A new user's first comparison answers within seconds (issue 24, item 13): on a fresh machine the engine is
pure Python until the compiled build is ready, and the page's usual 200 games took 30 s there. The first visit
of the Compare page sizes its games by the pace it has just timed (background.first_look) and says so; a
machine fast enough plays the usual 200."""

from __future__ import annotations

import os

import pytest

from thunee_dsl.editor import background


class Paced(background.Pace):
    """A machine whose games take ``per_game`` seconds each (and its workers ``start`` seconds to start)."""

    def __init__(self, per_game: float, start: float = 0.5):
        super().__init__()
        self.fixed, self.start = per_game, start

    def per_game(self, kind, calibrate=None, games=2, warm_up=0):
        return self.fixed

    def start_up(self, kind):
        return self.start


@pytest.fixture
def first_look(monkeypatch):
    monkeypatch.setenv(background.FIRST_LOOK_ENV, "10")  # (the suite turns it off: tests/conftest.py)

    def on_a_machine(per_game: float):
        monkeypatch.setattr(background, "PACE", Paced(per_game))
    return on_a_machine


def said(at) -> list[str]:
    return [c.value for c in at.caption if c.value.startswith("A quick first look")]


def test_a_slow_machine_first_compares_as_many_games_as_answer_in_ten_seconds(app, first_look):
    first_look(0.42)  # a game of both, pure Python on two busy cores (bench_simulation.py --page --first-visit)
    at = app("compare")
    games = at.number_input(key="cmp_games").value
    workers = min(int(at.number_input(key="cmp_jobs").value), os.cpu_count() or 1)
    # the games fill 8 of the 10 seconds (the rest: the statistics, the answer drawn), in tens
    assert games % 10 == 0 and 20 <= games < 200
    assert games * 0.42 / workers + 0.5 <= 8.0 < (games + 10) * 0.42 / workers + 0.5
    assert said(at) == [f"A quick first look: {games} games of each, to answer within about 10 s on this machine. "
                        "Run more (the usual 200) for a surer answer."]
    [estimate] = [c.value for c in at.caption if c.value.startswith("Takes ")]
    assert estimate.startswith(f"Takes a few seconds on this machine: {games} games of each")


def test_a_fast_machine_first_compares_the_usual_200_games_and_says_nothing_of_it(app, first_look):
    first_look(0.05)
    at = app("compare")
    assert at.number_input(key="cmp_games").value == 200 and said(at) == []


def test_the_first_look_is_sized_once_and_the_users_choice_is_kept(app, first_look):
    first_look(0.42)
    at = app("compare")
    sized = at.number_input(key="cmp_games").value
    assert sized < 200
    at.number_input(key="cmp_games").set_value(500).run()
    assert said(at) == []  # not a quick look any more: nothing said of it
    at.switch_page("app_pages/library.py").run()
    at.switch_page("app_pages/compare.py").run()
    assert at.number_input(key="cmp_games").value == 500 and said(at) == []


def test_without_a_first_look_the_page_starts_at_200_games(app, monkeypatch):
    monkeypatch.setattr(background, "PACE", Paced(0.42))
    monkeypatch.setenv(background.FIRST_LOOK_ENV, "0")
    at = app("compare")
    assert at.number_input(key="cmp_games").value == 200 and said(at) == []
