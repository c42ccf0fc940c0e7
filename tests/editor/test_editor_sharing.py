"""thunee_dsl.editor.sharing: a variant as a link, and hostile links."""

from __future__ import annotations

import base64
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thunee_dsl.editor.sharing import MAX_LINK, MAX_TEXT, LinkError, decode_variant, encode_variant

OUR_TABLE = ("extends: standard\nname: our-table\ntitle: Our table\nundertakings:\n  thunee:\n"
             "    balls: {partner_catch: 6}\ngame:\n  target: 13\n  corner_house: 12\npenalties: null\n")


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_round_trip_of_a_house_overlay_is_short():
    link = encode_variant(OUR_TABLE)
    assert decode_variant(link) == OUR_TABLE
    assert len(link) < 200  # a link that fits in a chat message, URL-safe as it is
    assert len(encode_variant(OUR_TABLE * 20)) < len(OUR_TABLE * 20) / 5  # compressed
    assert set(link) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=2000))
def test_any_text_round_trips(text):
    if "\x00" in text:  # never ruleset text: refused when opened
        with pytest.raises(LinkError):
            decode_variant(encode_variant(text))
    else:
        assert decode_variant(encode_variant(text)) == text


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300).map(_b64),
                 st.binary(max_size=300).map(lambda b: _b64(zlib.compress(b)))))
def test_any_link_opens_or_says_why(value):
    try:
        text = decode_variant(value)
    except LinkError as err:
        assert str(err) and "\n" not in str(err)
    else:
        assert isinstance(text, str) and len(text.encode()) <= MAX_TEXT


@pytest.mark.parametrize("value, words", [
    ("", "carries no variant"),
    (None, "carries no variant"),
    ("abc$%", "characters a shared variant never has"),
    ("A" * (MAX_LINK + 1), "too long"),
    (encode_variant(OUR_TABLE)[:-12], "cut short"),  # a real link, cut short
    (_b64(b"not zlib at all"), "does not unpack"),
    (_b64(zlib.compress(b"\xff\xfe latin")), "does not hold text"),
    (_b64(zlib.compress(b"a\x00b")), "does not hold ruleset text"),
    (_b64(zlib.compress(b"#" * (MAX_TEXT + 1))), "unpacks to more than"),  # a small link, a huge text
    (_b64(zlib.compress(b"\0" * 50_000_000)), "too long"),  # a bomb: 50 MB in a few dozen KB
])
def test_hostile_links_give_a_message(value, words):
    with pytest.raises(LinkError, match=words):
        decode_variant(value)


def test_a_link_given_twice_takes_the_last():
    assert decode_variant(["junk!", encode_variant("name: x\n")]) == "name: x\n"


def test_too_long_to_share_says_download_instead():
    import random
    rng = random.Random(1)
    noisy = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789 \n") for _ in range(20_000))
    with pytest.raises(LinkError, match="download the file"):
        encode_variant(noisy)
