"""The Table page (AppTest): open a table, the rules' changes at the table, a refused code, compare these rules."""

from __future__ import annotations

import pytest

from thunee_dsl import load_ruleset

TABLE = "app_pages/table.py"


def table_page(app):
    at = app()
    at.switch_page(TABLE).run()
    assert not at.exception, at.exception
    return at


def open_a_table(at, ref: str = "shipped:standard", name: str = "Asha"):
    at.selectbox(key="gt_ref").set_value(ref).run()
    at.text_input(key="gt_name").set_value(name).run()
    for box in at.selectbox:
        if (box.key or "").startswith("gt_bot_"):
            box.set_value("random")
    at.button(key="gt_open").click().run()
    assert not at.exception, at.exception
    return at


def open_with_the_editors_text(app, text: str):
    """A table opened with ``text`` written in the Editor."""
    at = app("editor")
    at.session_state.editor_text = text
    at.switch_page(TABLE).run()
    return open_a_table(at, ref="editor:")


def text_of(at) -> str:
    return " ".join(str(getattr(e, "body", "") or getattr(e, "value", "")) for e in at.main)


def test_open_a_table_deal_and_see_the_table_from_your_chair(app):
    at = open_a_table(table_page(app))
    code = at.session_state.gt_code
    assert at.query_params["table"] == code
    assert "Seat 1: You (Asha)" in "".join(m.value for m in at.markdown)
    at.button(key="gt_deal").click().run()
    assert not at.exception, at.exception
    html = " ".join(h.proto.body for h in at.get("html"))
    assert "gt-table" in html and "You (Asha)" in html
    assert [b for b in at.button if (b.key or "").startswith("gt_card_")]  # the hand, as buttons


def test_what_these_rules_change_and_compare_them(app, home):
    at = open_with_the_editors_text(app, "extends: standard\nname: our-table\ntitle: Our table\n"
                                         "undertakings:\n  thunee:\n    balls: {partner_catch: 6}\n")
    said = " ".join(m.value for m in at.markdown)
    assert "1 rule change" in said and "from standard" in said and "6" in said
    at.button(key="gt_deal").click().run()
    at.button(key="gt_compare").click().run()
    assert not at.exception, at.exception
    assert at.session_state.cmp_a == "shipped:standard" and at.session_state.cmp_b == "compared:b"
    assert at.selectbox(key="cmp_b").value == "compared:b"  # the Compare page, with the table's rules as B


@pytest.mark.parametrize("typed, said", [("0000", "is not a table code"), ("ABCDEF", "No table has the code ABCDEF")])
def test_a_wrong_code_is_said(app, typed, said):
    at = table_page(app)
    at.text_input(key="gt_code_typed").set_value(typed).run()
    at.button(key="gt_go").click().run()
    assert not at.exception, at.exception
    assert said in " ".join(e.value for e in at.error)


def test_a_link_with_a_mangled_code_says_so(app):
    at = app()
    at.query_params["table"] = "<b>x</b>\x00" + "Z" * 500
    at.switch_page(TABLE).run()
    assert not at.exception, at.exception
    assert "is not a table code" in " ".join(e.value for e in at.error)
    assert at.button(key="gt_open")  # and a table can still be opened or joined


def test_one_person_and_three_bots_play_a_deal_to_its_story_and_export(app):
    at = open_a_table(table_page(app))
    at.button(key="gt_deal").click().run()
    for _ in range(60):
        if at.session_state["gt_drawn"] and any(c.key == "gt_result" for c in at.get("flex_container")):
            break
        choices = [b for b in at.button if (b.key or "").startswith(("gt_card_", "gt_do_")) and not b.disabled]
        assert choices, "the page waits for the person, but offers nothing"
        choices[0].click().run()
        assert not at.exception, at.exception
    said = [m.value for m in at.markdown]
    story = said[said.index("#### The deal is over") + 1]  # the deal told in words, right under
    assert len(story) > 20 and not story.startswith("####")
    assert at.get("download_button")  # the export is offered


def test_open_a_table_from_a_ruleset_in_the_library(app, home):
    at = app()
    at.radio(key="lib_pick").set_value("shipped:cats-at-cards").run()
    at.button(key="lib_table").click().run()
    assert not at.exception, at.exception
    assert at.session_state.gt_ref == "frozen:"  # the Table page's opening form, those rules picked
    assert "cats-at-cards (from the Library)" in at.selectbox(key="gt_ref").options
    at = open_a_table(at, ref="frozen:")
    from thunee_dsl.editor.group_table import GroupTables
    row = GroupTables(home / "tables.sqlite3").store.table(at.session_state.gt_code)
    assert row.label == load_ruleset("cats-at-cards").title and row.base == "standard"


def test_open_a_table_from_playtest_with_the_rules_as_dealt(app, home):
    at = app("editor")
    at.session_state.editor_text = ("extends: standard\nname: our-table\ntitle: Our table\n"
                                    "undertakings:\n  thunee:\n    balls: {partner_catch: 6}\n")
    at.switch_page("app_pages/playtest.py").run()
    at.selectbox(key="pt_ref_pick").set_value("editor:").run()
    at.button(key="pt_start").click().run()
    assert not at.exception, at.exception
    # the Editor's text changes after the deal: the table gets the rules as they were dealt (frozen)
    at.session_state.editor_text = at.session_state.editor_text.replace("partner_catch: 6", "partner_catch: 9")
    at.button(key="pt_open_table_played").click().run()
    assert not at.exception, at.exception
    assert any("(as on Playtest)" in o for o in at.selectbox(key="gt_ref").options)
    at.switch_page(TABLE).run()  # (AppTest keeps running the page it was last switched to: the Table page now)
    at = open_a_table(at, ref="frozen:")
    said = " ".join(m.value for m in at.markdown)
    assert "1 rule change" in said and "from standard" in said
    from thunee_dsl.editor.group_table import GroupTables
    text = GroupTables(home / "tables.sqlite3").store.table(at.session_state.gt_code).ruleset_text
    assert "partner_catch: 6" in text and "partner_catch: 9" not in text


def test_the_link_says_why_phones_cannot_open_it(app, monkeypatch):
    at = table_page(app)
    at = open_a_table(at)
    said = " ".join(m.value for m in at.markdown) + " ".join(w.value for w in at.warning) + " ".join(
        c.value for c in at.caption)
    assert "?table=" + at.session_state.gt_code in said
    assert "phones cannot open" in said or "The link uses" in said  # (AppTest has no browser: either is said)


def test_play_again_once_the_game_is_over(app, home):
    at = open_with_the_editors_text(app, "extends: standard\nname: short\ntitle: Short\n"
                                         "game:\n  target: 1\n  corner_house: null\n")
    at.button(key="gt_deal").click().run()
    for _ in range(400):
        if at.get("flex_container") and any(c.key == "gt_gameover" for c in at.get("flex_container")):
            break
        if any(b.key == "gt_next" for b in at.button):
            at.button(key="gt_next").click().run()
            continue
        choices = [b for b in at.button if (b.key or "").startswith(("gt_card_", "gt_do_")) and not b.disabled]
        assert choices, "the page waits for the person, but offers nothing"
        choices[0].click().run()
        assert not at.exception, at.exception
    said = " ".join(m.value for m in at.markdown)
    assert "the game," in said or "A tie" in said or "The game is over" in said
    html = " ".join(h.proto.body for h in at.get("html"))
    assert "gt-points" in html and "card points" in html  # the points table
    at.button(key="gt_again").click().run()
    assert not at.exception, at.exception
    assert not any(c.key == "gt_gameover" for c in at.get("flex_container"))
    assert "Deal 1" in " ".join(h.proto.body for h in at.get("html"))


def test_a_seats_link_picks_that_seat_and_a_kept_seat_is_said(app, home):
    from thunee_dsl.editor.group_table import GroupTables
    from thunee_dsl.loading import shipped_rulesets
    tables = GroupTables(home / "tables.sqlite3")
    opened = tables.open(shipped_rulesets()["standard"].read_text(encoding="utf-8"), seed=5)
    tables.join(opened.code, 0, "Asha")
    at = app()
    at.query_params["table"] = opened.code
    at.query_params["seat"] = "3"
    at.switch_page(TABLE).run()
    assert not at.exception, at.exception
    assert at.selectbox(key="gt_join_seat").value == 2  # seats 2, 3 and 4 free: the link's seat 3 picked
    tables.deal(opened.code, host=opened.host_secret)
    tables.keep_seat(opened.code, opened.host_secret, 2)  # mid-deal: the person it is kept for is told so
    at.run()
    assert not at.exception, at.exception
    assert "Seat 3: kept for a person by the host" in " ".join(m.value for m in at.markdown)
    assert "The host keeps seat 3 for you" in " ".join(i.value for i in at.info)
