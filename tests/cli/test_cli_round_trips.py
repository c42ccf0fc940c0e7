"""Round trips between the app and the command line.

A variant saved from the app's Editor (``thunee_dsl.editor.storage``, in ``$THUNEE_DSL_HOME/rulesets``)
is found by its name by every command, after the shipped rulesets; and the ``.zip`` that Playtest's
Export gives for a variant is what ``thunee-dsl replay`` reads, with located errors for a bad zip.
"""

from __future__ import annotations

import io
import json
import random
import zipfile
from pathlib import Path

import pytest

from thunee_dsl.cli.exported import MAX_MEMBERS, replay_zip
from thunee_dsl.cli.main import main
from thunee_dsl.editor.checking import check_text
from thunee_dsl.editor.playtest import Playtest
from thunee_dsl.editor.storage import HOME_ENV, UserRulesets, user_home
from thunee_dsl.errors import RulesetError
from thunee_dsl.game.transcript import replay_text
from thunee_dsl.loading import MAX_BYTES
from thunee_dsl.loading.home import user_rulesets_dir
from thunee_dsl.loading.registry import find_ruleset, rulesets_dir, unknown_ruleset_message, user_rulesets

OUR_TABLE = ("extends: standard\nname: our-table\ntitle: Our table\n"
             "undertakings:\n  thunee:\n    balls: {partner_catch: 6}\ngame:\n  target: 13\n")


def run(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def saved(user_home) -> Path:
    """'our-table' saved the way the app's Editor saves it."""
    return UserRulesets().save("our-table", OUR_TABLE)


def test_storage_and_the_registry_share_one_home(user_home, saved):
    from thunee_dsl.editor import storage
    from thunee_dsl.loading import home
    # one definition, still importable from storage under its old names
    assert storage.user_home is home.user_home and storage.HOME_ENV is home.HOME_ENV == "THUNEE_DSL_HOME"
    assert home.user_home() == user_home and user_rulesets_dir() == user_home / "rulesets"
    assert saved == user_home / "rulesets" / "our-table.yaml"
    assert user_rulesets() == {"our-table": saved}
    assert find_ruleset("our-table") == saved and find_ruleset("OUR-TABLE") == saved


def test_the_default_home_is_in_the_users_home(monkeypatch, tmp_path):
    monkeypatch.delenv(HOME_ENV, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert user_home() == tmp_path / ".thunee-dsl"
    monkeypatch.setenv(HOME_ENV, "  ~/elsewhere ")
    assert user_home() == tmp_path / "elsewhere"


def test_shipped_names_come_first(user_home):
    shelf = user_home / "rulesets"
    shelf.mkdir(parents=True)
    # a file that calls itself by a shipped name and by a shipped alias: the shipped ruleset wins
    (shelf / "mine.yaml").write_text("extends: standard\nname: royals\naliases: [thunee, mine-too]\n",
                                     encoding="utf-8")
    assert find_ruleset("royals") == rulesets_dir() / "royals.yaml"
    assert find_ruleset("thunee") == rulesets_dir() / "standard.yaml"
    assert find_ruleset("mine") == shelf / "mine.yaml"  # its stem and its own alias still find it
    assert find_ruleset("mine-too") == shelf / "mine.yaml"
    assert user_rulesets() == {"mine": shelf / "mine.yaml"}  # listed by the stem it is found by
    (shelf / "standard.yaml").write_text("name: thunee\n", encoding="utf-8")  # name and stem both shipped
    assert find_ruleset("standard") == rulesets_dir() / "standard.yaml"
    assert user_rulesets() == {"mine": shelf / "mine.yaml"}


def test_a_search_folder_does_not_look_at_the_users_rulesets(saved, tmp_path):
    with pytest.raises(RulesetError):
        find_ruleset("our-table", directory=tmp_path)


def test_unknown_names_suggest_the_users_rulesets_too(saved):
    message = unknown_ruleset_message("our-tabel")
    assert message.startswith("unknown ruleset 'our-tabel' (did you mean 'our-table'?); known rulesets: ")
    assert message.endswith(f"; yours (in {saved.parent}): our-table")


def test_a_saved_name_with_an_invisible_character_is_listed_by_its_code_when_a_name_is_unknown(saved):
    """`list` showed '<U+200B>sneaky'; an unknown name's message listed the user's rulesets with the zero-width
    space itself, so the name seemed to be 'sneaky' (which is not found). (A ruleset of the user's is known by
    its file's name now: the invisible character is in the file's name here; one in its `name:` line no
    longer names it.)"""
    (saved.parent / "\u200bsneaky.yaml").write_text('extends: standard\nname: "\u200bsneaky"\n', encoding="utf-8")
    message = unknown_ruleset_message("sneeky")
    assert "<U+200B>sneaky" in message and "\u200b" not in message, message
    (saved.parent / "sly.yaml").write_text('extends: standard\nname: "\u200bsly"\n', encoding="utf-8")
    assert find_ruleset("sly") == saved.parent / "sly.yaml" and "sly" in user_rulesets()


def test_rules_validate_and_diff_by_the_saved_name(capsys, saved):
    code, out, _ = run(capsys, "rules", "our-table")
    assert code == 0 and out.startswith("# Our table") and "13" in out
    code, out, err = run(capsys, "validate", "our-table")
    assert (code, out) == (0, "our-table: ok (our-table: Our table)\n")
    # a game to 13 that leaves corner house at 11 is said, as a warning (model/companions.py), not refused
    assert err.endswith("our-table.yaml:8:11: warning: game to 13 (standard plays to 12), but corner house is still "
                        "11: in standard it is one below the target, so in a game to 13 it is 12; write "
                        "'corner_house: 12' under 'target: 13' (or 'corner_house: 11', if your table keeps it at 11)\n")
    assert err.count("\n") == 1
    code, out, _ = run(capsys, "diff", "standard", "our-table", "--format", "json")
    changes = {c["path"]: (c["before"], c["after"]) for c in json.loads(out)["changes"]}
    assert code == 0 and changes == {"undertakings.thunee.balls.partner_catch": (8, 6), "game.target": (12, 13)}


def test_a_transcript_names_the_saved_ruleset(capsys, saved, tmp_path):
    pt = Playtest.start(check_text(OUR_TABLE).ruleset, seed=6)
    play_one_deal(pt)
    transcript = tmp_path / "game.yaml"
    transcript.write_text(pt.transcript_yaml("our-table"), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(transcript))
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert report["ruleset"] == "our-table" and report["score"] == list(pt.game.score)


def test_simulate_and_play_by_the_saved_name(capsys, saved, monkeypatch):
    code, out, err = run(capsys, "simulate", "our-table", "--games", "2", "--format", "json")
    assert (code, err) == (0, "") and "our-table" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    code, out, err = run(capsys, "play", "our-table", "--seed", "3")
    assert (code, err) == (0, "") and out.rstrip().endswith("bye")


def test_a_broken_saved_ruleset_is_reported_in_its_file(capsys, user_home):
    UserRulesets().save("half-done", "extends: standard\nname: half-done\ngame:\n  targt: 13\n")
    code, out, err = run(capsys, "validate", "half-done")
    path = user_home / "rulesets" / "half-done.yaml"
    assert code == 1 and out == "" and err.startswith(f"{path}:4:3: ")


# --- the zip that Playtest's Export gives ------------------------------------------------------------


def play_one_deal(pt: Playtest) -> None:
    rng = random.Random(pt.seed)
    while not pt.deal_over and not pt.is_over:
        pt.act(rng.choice(pt.view().legal))


def exported(tmp_path: Path, text: str = OUR_TABLE, seed: int = 6) -> tuple[Path, Playtest]:
    pt = Playtest.start(check_text(text).ruleset, seed=seed)
    play_one_deal(pt)
    name, data, mime = pt.export()
    assert mime == "application/zip"
    path = tmp_path / name
    path.write_bytes(data)
    return path, pt


def test_replay_reads_playtests_export(capsys, tmp_path):
    path, pt = exported(tmp_path)
    UserRulesets().save("our-table", OUR_TABLE)  # for the comparison below; the zip does not need it
    assert path.name == "our-table-seed6.zip"
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert report["ruleset"] == "our-table" and report["score"] == list(pt.game.score)
    assert report == replay_text(pt.transcript_yaml()).to_json()  # the same game as the app's own
    code, out, _ = run(capsys, "replay", str(path), "--format", "text")
    assert code == 0 and out.startswith("Ruleset: our-table (Our table)")


def test_a_renamed_export_is_still_read_as_a_zip(capsys, tmp_path):
    path, _ = exported(tmp_path)
    renamed = path.rename(tmp_path / "game.yaml")
    code, out, err = run(capsys, "replay", str(renamed))
    assert (code, err) == (0, "") and json.loads(out)["ruleset"] == "our-table"


def test_a_variant_extending_another_file_travels_merged(capsys, tmp_path, saved):
    # an overlay of the user's own overlay: the export writes the merged rules as one file
    text = "extends: our-table\nname: our-table-plus\ngame:\n  target: 14\n"
    path, pt = exported(tmp_path, text, seed=9)
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "") and json.loads(out)["score"] == list(pt.game.score)


def write_zip(path: Path, members: dict[str, bytes | str]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


def zip_error(capsys, path: Path) -> str:
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "") and err.count("\n") == 1, err  # one located line, no traceback
    return err.rstrip("\n")


def test_bad_zips_get_located_one_line_errors(capsys, tmp_path):
    export, _ = exported(tmp_path)
    with zipfile.ZipFile(export) as zf:
        transcript = zf.read("transcript.yaml").decode("utf-8")

    fake = tmp_path / "fake.zip"
    fake.write_text("ruleset: standard\n", encoding="utf-8")
    assert zip_error(capsys, fake) == (f"{fake}: not a zip archive (or a damaged one): "
                                       "export the game again from Playtest")

    no_transcript = write_zip(tmp_path / "nt.zip", {"our-table.yaml": OUR_TABLE, "README.txt": "hi"})
    assert zip_error(capsys, no_transcript) == (f"{no_transcript}: no transcript.yaml inside (found: README.txt, "
                                                "our-table.yaml); is this a game exported from Playtest?")

    no_ruleset = write_zip(tmp_path / "nr.zip", {"transcript.yaml": transcript})
    err = zip_error(capsys, no_ruleset)
    assert err == (f"{no_ruleset}/transcript.yaml:2:10: the ruleset file 'our-table.yaml' is not in the zip "
                   "(it holds: transcript.yaml)")

    outside = write_zip(tmp_path / "outside.zip", {"transcript.yaml": transcript.replace(
        "ruleset: \"our-table.yaml\"", f"ruleset: \"../{export.name}\"")})
    assert zip_error(capsys, outside) == (f"{outside}/transcript.yaml:2:10: the ruleset file '../{export.name}' "
                                          "is not in the zip (it holds: transcript.yaml)")
    nul = write_zip(tmp_path / "nul.zip", {"transcript.yaml": transcript.replace(
        "ruleset: \"our-table.yaml\"", 'ruleset: "our\\0table.yaml"')})
    assert zip_error(capsys, nul) == (f"{nul}/transcript.yaml:2:10: the ruleset file 'our\\x00table.yaml' "
                                      "is not in the zip (it holds: transcript.yaml)")

    latin1 = write_zip(tmp_path / "latin1.zip", {"transcript.yaml": transcript,
                                                 "our-table.yaml": "# caf\xe9\n".encode("latin-1") + OUR_TABLE.encode()})
    err = zip_error(capsys, latin1)
    assert err.startswith(f"{latin1}/our-table.yaml:1:") and "UTF-8" in err

    broken = write_zip(tmp_path / "broken.zip", {"transcript.yaml": transcript,
                                                 "our-table.yaml": OUR_TABLE.replace("target", "targt")})
    assert zip_error(capsys, broken).startswith(f"{broken}/our-table.yaml:8:3: unknown key 'targt' in game")

    escaping = write_zip(tmp_path / "escape.zip", {"transcript.yaml": transcript, "../our-table.yaml": OUR_TABLE})
    assert zip_error(capsys, escaping) == f"{escaping}/../our-table.yaml: a file name that leaves the archive's folder"

    many = write_zip(tmp_path / "many.zip", {f"f{i}.txt": "" for i in range(MAX_MEMBERS + 1)})
    assert zip_error(capsys, many) == (f"{many}: holds {MAX_MEMBERS + 1} files; an exported game holds a few "
                                       f"(the limit is {MAX_MEMBERS})")

    assert zip_error(capsys, tmp_path / "missing.zip") == f"{tmp_path / 'missing.zip'}: file not found"


def test_a_zip_bomb_stops_at_the_size_limit(capsys, tmp_path):
    # 64 MB of spaces compress to about 60 KB: only MAX_BYTES + 1 of them are ever unpacked
    bomb = write_zip(tmp_path / "bomb.zip", {"transcript.yaml": b" " * (64 * 1024 * 1024)})
    assert bomb.stat().st_size < 1024 * 1024
    assert zip_error(capsys, bomb) == (f"{bomb}/transcript.yaml: file is too large: 67,108,864 bytes; the limit is "
                                       f"1 MB ({MAX_BYTES:,} bytes). A ruleset takes a few thousand bytes: remove what "
                                       "was pasted or added by mistake")


def test_a_member_larger_than_its_header_says_is_cut_off(tmp_path):
    # a lying header: the entry claims 10 bytes and holds MAX_BYTES + 100
    path = write_zip(tmp_path / "liar.zip", {"transcript.yaml": b"#" * (MAX_BYTES + 100)})
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as zf:
        info = zf.getinfo("transcript.yaml")
    real = (MAX_BYTES + 100).to_bytes(4, "little")
    fake = (10).to_bytes(4, "little")
    assert data.count(real) == 2  # the local header and the central directory
    data = data.replace(real, fake)
    path.write_bytes(bytes(data))
    with pytest.raises(RulesetError) as err:
        replay_zip(path)
    # only the 10 bytes the header admits are unpacked, and they fail the archive's checksum
    assert info.file_size == MAX_BYTES + 100
    assert str(err.value) == (f"{path}/transcript.yaml: cannot be read from the archive "
                              "(Bad CRC-32 for file 'transcript.yaml'); export the game again")


# --- whatever bytes a file holds, replay answers with located lines, never an internal error ---------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_EXPORT: dict[str, bytes] = {}


def an_export(tmp_path_factory) -> bytes:
    if not _EXPORT:
        folder = tmp_path_factory.mktemp("export")
        path, _ = exported(folder)
        _EXPORT["zip"] = path.read_bytes()
    return _EXPORT["zip"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_damaged_export_is_reported_not_crashed_on(tmp_path_factory, capsys, data):
    original = bytearray(an_export(tmp_path_factory))
    damaged = bytearray(original)
    for _ in range(data.draw(st.integers(1, 8), label="changes")):
        at = data.draw(st.integers(0, len(damaged) - 1), label="at")
        damaged[at] = data.draw(st.integers(0, 255), label="byte")
    if data.draw(st.booleans(), label="cut"):
        damaged = damaged[:data.draw(st.integers(0, len(damaged)), label="length")]
    path = tmp_path_factory.mktemp("damaged") / "game.zip"
    path.write_bytes(bytes(damaged))
    capsys.readouterr()
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code in (0, 2), err  # 3 would be an internal error
    if code == 2:
        assert out == "" and err and "internal error" not in err
        assert all(line.startswith(str(path)) for line in err.splitlines()), err


def test_without_any_home_the_shipped_rulesets_still_answer(monkeypatch, capsys):
    from pathlib import Path as P

    def no_home():
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv(HOME_ENV, raising=False)
    monkeypatch.setattr(P, "home", staticmethod(no_home))
    assert find_ruleset("standard") == rulesets_dir() / "standard.yaml" and user_rulesets() == {}
    assert run(capsys, "validate", "zzqxw")[0] == 1  # an unknown name is still a located message
    code, out, err = run(capsys, "list")
    assert (code, err) == (0, "") and out.splitlines()[-1] == ("Your own rulesets: no home folder here; "
                                                               "set THUNEE_DSL_HOME to find them.")


def test_the_name_as_typed_in_the_app_finds_the_file(capsys, saved, user_home):
    assert find_ruleset("our table") == find_ruleset("Our Table!") == saved  # saved as our-table.yaml
    assert find_ruleset("two player") == rulesets_dir() / "two-player.yaml"  # shipped names too
    assert run(capsys, "validate", "our table")[:2] == (0, "our table: ok (our-table: Our table)\n")
    # two files whose names differ only in punctuation: the loose name finds neither, the exact ones each
    UserRulesets().save("a-b", "extends: standard\nname: a-b\n")
    UserRulesets().save("ab", "extends: standard\nname: ab\n")
    assert find_ruleset("a-b").name == "a-b.yaml" and find_ruleset("ab").name == "ab.yaml"
    with pytest.raises(RulesetError):
        find_ruleset("a b")


@pytest.mark.parametrize("byte, said", [(0, "(it holds: a file without a name, README.txt, transcript.yaml)"),
                                        (10, "/<U+000A>ur-table.yaml: cannot be read from the archive")])
def test_a_damaged_name_in_an_export_is_said_on_one_line(capsys, tmp_path, byte, said):
    """Found by the damaged-export test: the ruleset file's name in the zip's directory damaged to start with a
    NUL was an internal error (IndexError inside zipfile's is_dir), and with a line break it broke the message
    in two (a second line that did not start with the file)."""
    path, _ = exported(tmp_path)
    data = path.read_bytes()
    directory = data.rindex(b"our-table.yaml")  # the name in the central directory (the last copy)
    path.write_bytes(data[:directory] + bytes([byte]) + data[directory + 1:])
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and err.startswith(str(path)), err
    assert said in err and "internal error" not in err, err
