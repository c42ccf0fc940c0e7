"""thunee_dsl.editor.session: the editor's text as the single source of truth (no Streamlit needed)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from thunee_dsl.editor import session
from thunee_dsl.editor.sharing import encode_variant
from thunee_dsl.editor.storage import UserRulesets

START = "extends: standard\nname: my-standard\n"
DEFAULT = {"id": "", "type": "", "lang": "", "text": "", "selected": "", "cursor": ""}  # the component's first value


def fresh() -> dict:
    ss: dict = {}
    session.init(ss, START, "a new variant of standard")
    return ss


def edit(rid: str, text: str) -> dict:
    return {"id": rid, "type": "change", "lang": "yaml", "text": text, "selected": "", "cursor": {}}


def test_a_stale_or_empty_component_value_never_overwrites_the_text():
    ss = fresh()
    assert session.take_edit(ss, edit("a1", "typed\n"))
    assert ss["editor_text"] == "typed\n"
    assert not session.take_edit(ss, DEFAULT)  # remounted after a page change: empty default
    assert not session.take_edit(ss, edit("a1", "typed\n"))  # the same response again, on a rerun
    session.replace_text(ss, "opened\n", "your ruleset x", file="x", disk="opened\n")
    assert not session.take_edit(ss, edit("a1", "typed\n"))  # a stale value after Open
    for junk in (None, "text", 3, {"id": 5, "text": "x", "type": "change"}, {"id": "b", "text": None, "type": "change"},
                 {"id": "c", "text": "x", "type": "selection"}):
        assert not session.take_edit(ss, junk)
    assert ss["editor_text"] == "opened\n"
    assert session.take_edit(ss, edit("b2", ""))  # the user really emptied it: that is an edit too
    assert ss["editor_text"] == ""


EVENTS = st.lists(st.one_of(
    st.tuples(st.just("edit"), st.text(max_size=30)),  # a fresh debounced change
    st.tuples(st.just("stale"), st.just("")),  # the last response again (rerun)
    st.tuples(st.just("default"), st.just("")),  # a remount (page change) before any edit
    st.tuples(st.just("plain"), st.text(max_size=30)),  # typed in the plain text box
), max_size=30)


@settings(max_examples=200, deadline=None)
@given(EVENTS)
def test_the_text_is_always_the_last_thing_typed(events):
    ss, last, expected, n = fresh(), DEFAULT, START, 0
    for kind, text in events:
        if kind == "edit":
            n += 1
            last = edit(f"id{n}", text)
            session.take_edit(ss, last)
            expected = text
        elif kind == "stale":
            session.take_edit(ss, last)
        elif kind == "default":
            session.take_edit(ss, DEFAULT)
        else:
            session.set_text(ss, text)
            expected = text
        assert ss["editor_text"] == expected


def test_replace_and_restore_keep_the_file_with_its_text(tmp_path):
    ss = fresh()
    session.take_edit(ss, edit("a", "mine\n"))
    session.replace_text(ss, "theirs\n", "your ruleset theirs", file="theirs", disk="theirs\n")
    assert ss["editor_save_name"] == "theirs" and not session.unsaved(ss)
    session.restore(ss)
    assert ss["editor_text"] == "mine\n" and ss["editor_file"] is None and ss["editor_save_name"] == ""
    session.restore(ss)  # and back again
    assert ss["editor_text"] == "theirs\n" and ss["editor_file"] == "theirs"


def test_the_save_name_follows_the_rulesets_name_until_the_user_types_one():
    ss = fresh()
    session.suggest_name(ss, "my-standard")
    assert ss["editor_save_name"] == "my-standard"
    session.suggest_name(ss, "Our Table")
    assert ss["editor_save_name"] == "our-table"
    ss["editor_save_name"] = "friday-night"
    session.suggest_name(ss, "other")
    assert ss["editor_save_name"] == "friday-night"


def test_save_conflict_questions_and_answers(tmp_path):
    shelf = UserRulesets(tmp_path)
    a, b = fresh(), fresh()
    for ss, text in ((a, "a\n"), (b, "b\n")):
        session.take_edit(ss, edit("x", text))
        ss["editor_save_name"] = "ours"
    assert session.save(a, shelf)[0] == "success"
    kind, message = session.save(b, shelf)
    assert kind == "warning" and "already have a ruleset called 'ours'" in message
    assert b["editor_pending"]["kind"] == "exists" and b["editor_pending"]["free"] == "ours-2"
    assert session.save(b, shelf, "cancel")[0] == "info" and shelf.read("ours") == "a\n"
    session.save(b, shelf)
    assert session.save(b, shelf, "keep both") == ("success", "Saved as ours-2.")
    assert shelf.read("ours") == "a\n" and shelf.read("ours-2") == "b\n" and b["editor_file"] == "ours-2"
    # a saves again (unchanged on disk since its save): no question
    session.take_edit(a, edit("y", "a, edited\n"))
    assert session.save(a, shelf)[0] == "success" and shelf.read("ours") == "a, edited\n"


def test_a_link_opens_as_an_unsaved_variant_or_asks():
    ss = fresh()
    assert session.open_link(ss, encode_variant("shared\n"))[0] == "info"  # the untouched template: nothing to lose
    assert ss["editor_text"] == "shared\n" and ss["editor_file"] is None and session.unsaved(ss)
    session.take_edit(ss, edit("z", "my work\n"))
    assert session.open_link(ss, encode_variant("another\n"))[0] == "warning"
    assert ss["editor_text"] == "my work\n" and ss["editor_pending"] == {"kind": "link", "text": "another\n"}
    assert session.open_link(ss, "%%")[0] == "error" and ss["editor_text"] == "my work\n"


def test_annotations_and_completions():
    from thunee_dsl.editor.checking import check_text
    check = check_text("extends: standard\nname: x\ngame:\n  targt: 13\n")
    [note] = session.annotations(check.problems)
    assert (note["row"], note["column"], note["type"]) == (3, 2, "error") and "targt" in note["text"]
    keys = {c["caption"] for c in session.schema_completions()}
    assert {"extends", "game", "target", "partner_catch", "undertakings"} <= keys


def test_unsaved_work_is_kept_as_a_draft_and_offered_to_the_next_session(tmp_path):
    drafts = tmp_path / "drafts"
    ss = fresh()
    session.keep_draft(ss, drafts)
    assert not (drafts / session.DRAFT_FILE).exists()  # the untouched template: nothing to keep
    session.take_edit(ss, edit("a", START + "game: {target: 13}\n"))
    session.keep_draft(ss, drafts)
    assert (drafts / session.DRAFT_FILE).read_text(encoding="utf-8") == START + "game: {target: 13}\n"
    assert [p.name for p in drafts.iterdir()] == [session.DRAFT_FILE]  # no temporary file left

    later = fresh()  # a reload: a new session
    session.offer_draft(later, drafts, saved_texts=["something else\n"])
    assert later["editor_recover"] == START + "game: {target: 13}\n"
    session.recover_draft(later, accept=True)
    assert later["editor_text"] == START + "game: {target: 13}\n" and "editor_recover" not in later
    session.restore(later)
    assert later["editor_text"] == START

    saved = fresh()  # the draft was saved meanwhile: nothing to offer
    session.offer_draft(saved, drafts, saved_texts=[START + "game: {target: 13}\n"])
    assert "editor_recover" not in saved
    declined = fresh()
    session.offer_draft(declined, drafts)
    session.recover_draft(declined, accept=False)
    assert declined["editor_text"] == START and "editor_recover" not in declined


def test_unsaved_work_is_not_pushed_out_of_restore_by_a_second_open():
    ss = fresh()
    session.take_edit(ss, edit("a", "my unsaved work\n"))
    session.replace_text(ss, "a new template\n", "a new variant of royals", fresh=True)  # Library: new variant
    session.replace_text(ss, "theirs\n", "your ruleset theirs", file="theirs", disk="theirs\n")  # then Open
    session.restore(ss)
    assert ss["editor_text"] == "my unsaved work\n"


def test_the_fingerprint_is_crc32_of_utf8_with_newline_line_ends():
    # hand-checked: CRC-32 of b"123456789" is the check value cbf43926 of the standard
    assert session.fingerprint("123456789") == "cbf43926:9"
    assert session.fingerprint("") == "00000000:0"
    assert session.fingerprint("a\r\nb\rc") == session.fingerprint("a\nb\nc")
    assert session.fingerprint("é") == f"{__import__('zlib').crc32('é'.encode()):08x}:2"
    # a lone surrogate (JSON from the browser can carry one) is U+FFFD, as the browser's TextEncoder has it
    assert session.fingerprint("a\ud800b") == session.fingerprint("a\ufffdb")


def test_unsaved_changes_to_a_saved_ruleset_come_back_as_that_rulesets_after_a_reload(tmp_path):
    """A reload with unsaved changes to a saved ruleset: "Bring it back" gave the text back as a new,
    nameless one, and Save then asked "you already have a ruleset called ...": the changes came back as
    a stranger to their own file. They now come back as that ruleset's (a save replaces it without
    asking), and a save still asks when the file was changed meanwhile (another tab)."""
    shelf = UserRulesets(tmp_path / "rulesets")
    drafts = tmp_path / "drafts"
    ss = fresh()
    session.take_edit(ss, edit("a", START))
    ss["editor_save_name"] = "my-standard"
    assert session.save(ss, shelf)[0] == "success"
    session.take_edit(ss, edit("b", START + "game: {target: 13}\n"))
    session.keep_draft(ss, drafts)
    assert sorted(p.name for p in drafts.iterdir()) == [session.DRAFT_OF, session.DRAFT_FILE]

    later = fresh()  # the reload
    session.offer_draft(later, drafts)
    session.recover_draft(later, accept=True)
    assert later["editor_text"] == START + "game: {target: 13}\n" and later["editor_file"] == "my-standard"
    assert session.unsaved(later)
    assert session.save(later, shelf) == ("success", "Saved as my-standard.")  # no question: it is its own file
    assert shelf.read("my-standard") == START + "game: {target: 13}\n"

    session.take_edit(later, edit("c", START + "game: {target: 14}\n"))
    session.keep_draft(later, drafts)
    shelf.save("my-standard", START + "# changed in another tab\n", overwrite=True)
    again = fresh()
    session.offer_draft(again, drafts)
    session.recover_draft(again, accept=True)
    assert session.save(again, shelf)[0] == "warning" and again["editor_pending"]["kind"] == "changed"

    session.take_edit(again, edit("d", "a new text of no file\n"))  # a draft of no file: no file named
    again["editor_file"] = None
    session.keep_draft(again, drafts)
    assert not (drafts / session.DRAFT_OF).exists()


def test_half_a_character_pasted_is_taken_as_the_browser_shows_it_and_every_writer_can_hold_it(tmp_path):
    """A paste of binary can leave a lone surrogate in the code editor, and the browser sends it as it is: every
    page stopped with a UnicodeEncodeError (Streamlit hashes and draws the text, the draft is written)."""
    ss = fresh()
    assert session.take_edit(ss, edit("r1", START + "title: a\ud800b\n"))
    assert ss["editor_text"] == START + "title: a\ufffdb\n"  # U+FFFD, as the code editor shows it
    ss["editor_text"].encode("utf-8")  # anything on the page, in a cache or in a file can carry it now
    session.set_text(ss, "title: \udfff")  # the plain text box too
    assert ss["editor_text"] == "title: \ufffd"
    session.keep_draft(ss, tmp_path / "drafts")
    assert (tmp_path / "drafts" / session.DRAFT_FILE).read_text(encoding="utf-8") == "title: \ufffd"
    assert encode_variant("a\ud800")  # a link of it (was a UnicodeEncodeError, not a LinkError)


def test_a_library_save_of_half_a_character_is_refused_where_it_is(tmp_path):
    shelf = UserRulesets(tmp_path)
    try:
        shelf.save("half", START + "title: ab\ud800\n")
    except ValueError as err:
        assert str(err).startswith("line 3, column 10: character U+D800 is half of a character"), err
    else:
        raise AssertionError("saved text a file cannot hold")
    assert not list(tmp_path.iterdir())


def test_two_tabs_typing_at_once_lose_neither_text(tmp_path):
    """Two tabs share the one draft file: tab A's unsaved text was replaced by tab B's as soon as B typed, and a
    reload of A offered B's text; A's was gone. The draft B replaced is kept as the earlier one and offered too."""
    drafts = tmp_path / "drafts"
    a, b = fresh(), fresh()
    session.take_edit(a, edit("a1", START + "title: Tab A\n"))
    session.keep_draft(a, drafts)
    session.take_edit(b, edit("b1", START + "title: Tab B\n"))
    session.keep_draft(b, drafts)  # B writes over A's draft...
    session.take_edit(b, edit("b2", START + "title: Tab B, more\n"))
    session.keep_draft(b, drafts)  # ... and again over its own (nothing of A's is pushed out by that)
    reloaded = fresh()  # tab A reloaded
    session.offer_draft(reloaded, drafts)
    assert reloaded["editor_recover"] == START + "title: Tab B, more\n"
    assert reloaded["editor_recover_earlier"] == START + "title: Tab A\n"
    session.recover_draft(reloaded, accept=True, earlier=True)
    assert reloaded["editor_text"] == START + "title: Tab A\n"
    assert "editor_recover" not in reloaded and "editor_recover_earlier" not in reloaded
    session.restore(reloaded)
    assert reloaded["editor_text"] == START  # what the editor held is restorable, as for any draft brought back


def test_a_draft_declined_is_not_offered_again_as_the_earlier_one(tmp_path):
    drafts = tmp_path / "drafts"
    old = fresh()
    session.take_edit(old, edit("o", START + "title: Old\n"))
    session.keep_draft(old, drafts)
    new = fresh()
    session.offer_draft(new, drafts)
    session.recover_draft(new, accept=False)  # "No, thanks"
    session.take_edit(new, edit("n", START + "title: New\n"))
    session.keep_draft(new, drafts)
    later = fresh()
    session.offer_draft(later, drafts)
    assert later["editor_recover"] == START + "title: New\n" and "editor_recover_earlier" not in later


def test_a_draft_noted_by_a_stopping_run_is_still_this_sessions_own(tmp_path):
    # Streamlit's fast reruns: a session's next run starts while the last one is still stopping, and at its
    # start Streamlit copies the session's keys aside; a key the stopping run set meanwhile is lost. The
    # draft this session wrote must still be known as its own, or the next one keeps it aside as "another
    # tab's" text (CI saw "Two texts you had not saved" after a reload of one tab).
    drafts = tmp_path / "drafts"
    ss = fresh()
    session.take_edit(ss, edit("a", START + "game:\n"))
    session.keep_draft(ss, drafts)
    before = dict(ss)  # the keys as the next run's start copied them
    ss["editor_text"] = START + "game:\n  target: 1"
    session.keep_draft(ss, drafts)  # the stopping run writes its draft...
    ss.clear()
    ss.update(before)  # ... and what it set among the keys is lost
    ss["editor_text"] = START + "game:\n  target: 13"  # the next run, with the next keys
    session.keep_draft(ss, drafts)
    assert not (drafts / session.DRAFT_EARLIER).exists(), (drafts / session.DRAFT_EARLIER).read_text()
    later = fresh()  # the reload: one text offered back
    session.offer_draft(later, drafts)
    assert later["editor_recover"] == START + "game:\n  target: 13" and "editor_recover_earlier" not in later


def test_runs_keeping_drafts_at_once_never_take_this_sessions_for_another_tabs(tmp_path):
    import threading

    drafts = tmp_path / "drafts"
    ss = fresh()
    texts = [START + f"# key {i}\n" for i in range(40)]

    def run(text):
        ss["editor_text"] = text
        session.keep_draft(ss, drafts)

    threads = [threading.Thread(target=run, args=(t,)) for t in texts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not (drafts / session.DRAFT_EARLIER).exists()
    assert (drafts / session.DRAFT_FILE).read_text(encoding="utf-8") in texts


class Stopped(Exception):
    """Streamlit stopping a run (a newer run started)."""


class Stopping(dict):
    """A session that stops the run at its ``stop_at``-th use (get, read or write; counted from 0), once;
    ``stop_at = None``: never."""

    stop_at: int | None = None

    def use(self):
        if self.stop_at is not None:
            self.stop_at -= 1
            if self.stop_at == -1:
                self.stop_at = None
                raise Stopped

    def get(self, key, default=None):
        self.use()
        return super().get(key, default)

    def __getitem__(self, key):
        self.use()
        return super().__getitem__(key)

    def __setitem__(self, key, value):
        self.use()
        super().__setitem__(key, value)


def test_a_run_stopped_while_keeping_its_draft_leaves_no_false_earlier_text(tmp_path):
    # Every read of Streamlit's session state is a point where a run may be stopped (a newer run started).
    # Stopped between noting its draft and writing it, a run made the next one take this session's own
    # draft for another tab's. Here each read of the session stops the run once, in turn.
    reads = 0
    while True:
        drafts = tmp_path / f"drafts{reads}"
        ss = fresh()
        session.take_edit(ss, edit("a", START + "game:\n"))
        session.keep_draft(ss, drafts)
        stopping = Stopping(ss)
        stopping["editor_text"] = START + "game:\n  target: 1"
        stopping.stop_at = reads
        try:
            session.keep_draft(stopping, drafts)
            finished = True
        except Stopped:
            finished = False
        stopping.stop_at = None
        stopping["editor_text"] = START + "game:\n  target: 13"  # the next run
        session.keep_draft(stopping, drafts)
        assert not (drafts / session.DRAFT_EARLIER).exists(), f"stopped at read {reads}"
        assert (drafts / session.DRAFT_FILE).read_text(encoding="utf-8") == START + "game:\n  target: 13"
        if finished:
            break
        reads += 1
    assert reads >= 3  # the session was read (and could have been stopped) that often


def test_an_edit_taken_by_a_run_streamlit_stops_is_taken_by_the_next_run(tmp_path):
    # Every use of Streamlit's session state is a point where a run may be stopped (a newer run started, with
    # the same component value): wherever it stops, the next run still takes the edit (noted as seen before
    # its text was taken, it was lost for good).
    uses = 0
    while True:
        ss = Stopping(fresh())
        ss.stop_at = uses
        response = edit("r1", START + "game: {target: 13}\n")
        try:
            session.take_edit(ss, response)
            finished = True
        except Stopped:
            finished = False
        ss.stop_at = None  # the next run: never stopped
        session.take_edit(ss, response)
        assert ss["editor_text"] == START + "game: {target: 13}\n", f"stopped at use {uses}"
        assert not session.take_edit(ss, response)  # and then it is an edit seen before
        if finished:
            break
        uses += 1
    assert uses >= 3


OUR_TABLE = ("# our table's rules\nextends: standard\nname: our-table   # as we call it\ntitle: Our table\r\n"
             "game:\n  target: 13\n")


def test_keep_both_saves_the_copy_under_its_own_name_in_its_name_line_too(tmp_path):
    """"Keep both" wrote our-table-2.yaml still saying `name: our-table`: two rulesets of one name, and the
    command line opened the copy by the original's name. The copy's `name:` line says its own name now, every
    other byte of the text as typed (comments, line ends); the code editor is given the text as saved."""
    shelf = UserRulesets(tmp_path)
    shelf.save("our-table", OUR_TABLE)
    ss = fresh()
    session.take_edit(ss, edit("k1", OUR_TABLE.replace("13", "15")))
    ss["editor_save_name"] = "our-table"
    assert session.save(ss, shelf)[0] == "warning" and ss["editor_pending"]["free"] == "our-table-2"
    version = ss["editor_version"]
    kind, said = session.save(ss, shelf, "keep both")
    assert (kind, said) == ("success", "Saved as our-table-2. Its name: line now says our-table-2, as its file is "
                                       "called.")
    copy = OUR_TABLE.replace("13", "15").replace("name: our-table ", "name: our-table-2 ")
    assert shelf.read("our-table-2") == copy and shelf.read("our-table") == OUR_TABLE
    assert ss["editor_text"] == copy and ss["editor_version"] == version + 1 and not session.unsaved(ss)
    assert ss["editor_renamed"] == "our-table-2"
    # saved again under its own name: nothing to rewrite, nothing said about it
    session.take_edit(ss, edit("k2", copy + "# more\n"))
    assert session.save(ss, shelf) == ("success", "Saved as our-table-2.") and ss["editor_renamed"] is None


@settings(max_examples=80, deadline=None)
@given(before=st.lists(st.sampled_from(["extends: standard", "title: x  # t", "# name: not this one",
                                        "summary: |", "  name: inside a block", "game:", "  target: 13"]),
                       max_size=5),
       value=st.sampled_from(["our-table", "'our-table'", '"our table"', "our table  # said so"]),
       end=st.sampled_from(["\n", "\r\n"]))
def test_the_name_line_is_the_only_line_a_save_under_another_name_changes(tmp_path_factory, before, value, end):
    from thunee_dsl.editor.storage import with_name
    lines = [line for line in before if not line.startswith("  ") or (before and before[0] in ("summary: |",
                                                                                                 "game:"))]
    text = end.join(lines + [f"name: {value}", "title: ours"]) + end
    out = with_name(text, "our-table-2")
    old_lines, new_lines = text.split(end), out.split(end)
    assert len(old_lines) == len(new_lines)
    changed = [(a, b) for a, b in zip(old_lines, new_lines) if a != b]
    try:
        from thunee_dsl.loading.safe_yaml import load_yaml_text
        loads = load_yaml_text(text, "t").data.get("name") is not None
    except Exception:
        loads = False
    if loads:
        assert len(changed) == 1 and changed[0][0].startswith("name: ") and "our-table-2" in changed[0][1]
        assert load_yaml_text(out, "t").data["name"] == "our-table-2"
    else:
        assert out == text  # a text that does not load is saved as typed


def test_a_browser_is_named_by_its_cookie_only_when_the_app_set_it():
    """Drafts are a browser's: kept under the name its cookie holds. Anything else a browser sends there (a path,
    an old or forged value) is no name: that browser is new, and is given one."""
    own = session.new_browser_id()
    assert session.browser_id(own) == own and session.new_browser_id() != own
    for sent in (None, "", "../../etc", own.upper(), own + "0", own[:-1], f"{own}.{own}", 42):
        assert session.browser_id(sent) is None, sent
    script = session.remember_browser(own)
    assert f'"{own}"' in script and session.BROWSER_COOKIE in script and "location.reload()" in script


def test_drafts_kept_for_the_whole_server_go_to_one_browser_once(tmp_path):
    drafts = tmp_path / "drafts"
    drafts.mkdir()
    (drafts / session.DRAFT_FILE).write_text("extends: standard\nname: from-before\n", encoding="utf-8")
    first, second = drafts / session.new_browser_id(), drafts / session.new_browser_id()
    session.adopt_old_drafts(drafts, first)
    session.adopt_old_drafts(drafts, second)
    assert (first / session.DRAFT_FILE).read_text(encoding="utf-8").endswith("from-before\n")
    assert not second.exists() and not (drafts / session.DRAFT_FILE).exists()
    ss = fresh()
    session.offer_draft(ss, second)
    assert "editor_recover" not in ss
    session.offer_draft(ss, first)
    assert ss["editor_recover"].endswith("from-before\n")
