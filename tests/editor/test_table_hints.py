"""The host's say over the hints at a group table (issue 27): hints off (no phone sees one, none is worked out), and
when a hint is worked out: "ahead" (from the moment it is a person's turn, so a tap shows it at once) or "on a tap"
(only once the player taps: cheaper on a busy server). The hints' runs are counted in the coach's registry."""

from __future__ import annotations

import sqlite3

import pytest
from test_app_coach import open_table  # (tests/editor is on the path, see conftest: the Table page opened)

from thunee_dsl.editor.coach import HINTS, hint_answer
from thunee_dsl.editor.group_table import HINT_WHEN, GroupTables, TableError
from thunee_dsl.loading import shipped_rulesets


def hint_run(tables: GroupTables, code: str, seat: int):
    """The hint run for ``seat`` at the table as it stands now (None: nothing worked out for this moment)."""
    return HINTS.current(f"table {code} {tables.store.version(code)} {seat}")


def dealt(tmp_path, **options):
    tables = GroupTables(tmp_path / "t.sqlite3")
    opened = tables.open(shipped_rulesets()["standard"].read_text(), label="standard", seed=3, **options)
    secrets = {s: tables.join(opened.code, s, f"P{s}") for s in (0, 1)}
    tables.deal(opened.code, host=opened.host_secret)
    seat = tables.replayed(opened.code).game.to_act
    assert seat in secrets
    return tables, opened, secrets, seat


def test_on_a_tap_nothing_is_worked_out_until_the_player_taps(tmp_path):
    tables, opened, secrets, seat = dealt(tmp_path, hint_when="tap")
    page = tables.page(opened.code, seat, secrets[seat])
    assert (page.hints, page.hint_when) == (True, "tap")
    assert tables.hint_soon(opened.code, seat, secrets[seat]) is None  # drawn at the turn: no run
    assert hint_run(tables, opened.code, seat) is None
    run = tables.hint_soon(opened.code, seat, secrets[seat], tapped=True)  # the tap
    assert run is hint_run(tables, opened.code, seat) and run.wait(60) and run.state == "done"
    assert run.result.words == hint_answer(tables.replayed(opened.code).game, seat).words


def test_ahead_is_the_default_and_works_the_hint_out_at_the_turn(tmp_path):
    tables, opened, secrets, seat = dealt(tmp_path)
    assert tables.page(opened.code, seat, secrets[seat]).hint_when == "ahead"
    run = tables.hint_soon(opened.code, seat, secrets[seat])  # drawn at the turn, no tap: worked out already
    assert run is not None and run is hint_run(tables, opened.code, seat)
    run.wait(60)


def test_the_host_chooses_when_and_the_choice_is_kept(tmp_path):
    tables, opened, secrets, seat = dealt(tmp_path)
    with pytest.raises(TableError, match="host"):
        tables.set_hints(opened.code, "not the host", when="tap")
    with pytest.raises(TableError, match="'ahead' or 'tap', not 'soon'"):
        tables.set_hints(opened.code, opened.host_secret, when="soon")
    with pytest.raises(TableError, match="not 'later'"):
        tables.open(shipped_rulesets()["standard"].read_text(), hint_when="later")
    tables.set_hints(opened.code, opened.host_secret, when="tap")
    again = GroupTables(tmp_path / "t.sqlite3")  # another process, the same file
    page = again.page(opened.code, seat, secrets[seat])
    assert (page.hints, page.hint_when) == (True, "tap")  # (hints left on: only when changed)
    assert again.hint_soon(opened.code, seat, secrets[seat]) is None
    tables.set_hints(opened.code, opened.host_secret, on=False)
    assert again.page(opened.code, seat, secrets[seat]).hint_when == "tap"  # (when left as it was)
    assert sorted(HINT_WHEN) == ["ahead", "tap"]


def test_a_tables_file_from_before_the_choice_works_hints_out_ahead(tmp_path):
    tables, opened, secrets, seat = dealt(tmp_path)
    db = sqlite3.connect(tables.store.path)
    db.execute("CREATE TABLE old AS SELECT * FROM tables")  # the file as written before: no hint_when column
    db.execute("DROP TABLE tables")
    db.execute("ALTER TABLE old DROP COLUMN hint_when")
    db.execute("ALTER TABLE old RENAME TO tables")
    db.commit()
    db.close()
    again = GroupTables(tables.store.path)
    assert again.page(opened.code, seat, secrets[seat]).hint_when == "ahead"
    assert again.hint_soon(opened.code, seat, secrets[seat]) is not None


# -- the Table page under AppTest: hints off, or on a tap ------------------------------------------------------------
def test_hints_off_no_hint_is_seen_and_none_is_worked_out(app):
    at = open_table(app, "shipped:standard", hints=False)
    code = at.session_state.gt_code
    tables = GroupTables()  # the app's own file ($THUNEE_DSL_HOME)
    assert tables.replayed(code).game.to_act == 0  # the person's turn
    assert not [b for b in at.button if b.key == "gt_hint_button"] and not at.info
    assert hint_run(tables, code, 0) is None
    # the host turns them on, on a tap: the button, still nothing worked out until it is tapped
    at.toggle(key="gt_hints_on").set_value(True).run()
    at.radio(key="gt_hint_when_now").set_value("tap").run()
    assert not at.exception, at.exception
    assert [b for b in at.button if b.key == "gt_hint_button"] and hint_run(tables, code, 0) is None
    at.button(key="gt_hint_button").click().run()
    expected = hint_answer(tables.replayed(code).game, 0)
    assert [m.value for m in at.info] == [f"**{expected.said}**{expected.words[len(expected.said):]}"]
    assert hint_run(tables, code, 0).state == "done"
    # off again: the button goes, and the next turn works nothing out
    at.toggle(key="gt_hints_on").set_value(False).run()
    assert not [b for b in at.button if b.key == "gt_hint_button"] and not at.info


def test_on_a_tap_from_the_opening_form(app):
    at = open_table(app, "shipped:euchre", when="tap")
    code = at.session_state.gt_code
    tables = GroupTables()
    assert tables.store.table(code).hint_when == "tap"
    seat = tables.replayed(code).game.to_act
    assert seat == 0 and [b for b in at.button if b.key == "gt_hint_button"]
    assert hint_run(tables, code, 0) is None
    assert at.radio(key="gt_hint_when_now").value == "tap"
