"""A variant as a link: its text compressed into a URL query value, and back.

The value is the UTF-8 text, zlib-compressed, in URL-safe base64 without padding. Links come from
anywhere, so decoding is defensive: a size cap on the link and on the text it unpacks to (no
decompression bomb), and every bad link a :class:`LinkError` with a message for people, never a crash.

>>> link = encode_variant("extends: standard\\nname: our-table\\ngame: {target: 13}\\n")
>>> decode_variant(link)
'extends: standard\\nname: our-table\\ngame: {target: 13}\\n'
>>> decode_variant("not a link!")
Traceback (most recent call last):
...
thunee_dsl.editor.sharing.LinkError: this link is damaged: it has characters a shared variant never has
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from thunee_dsl.editor.storage import storable
from thunee_dsl.loading import MAX_BYTES

QUERY_KEY = "variant"
"""The query parameter that carries a shared variant (``...?variant=...``)."""
MAX_LINK = 8000
"""Characters of an encoded variant at most: links longer than this break in mail and chat programs."""
MAX_TEXT = min(MAX_BYTES, 64_000)
"""Bytes a link may unpack to."""
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")


class LinkError(ValueError):
    """A shared link that cannot be opened; the message says why, in words."""


def encode_variant(text: str) -> str:
    """The link value of ``text``; LinkError when it is too long for a link (share the file instead)."""
    data = storable(text).encode("utf-8")
    if len(data) > MAX_TEXT:
        raise LinkError(f"the text is too long for a link ({len(data)} bytes): download the file and share that")
    value = base64.urlsafe_b64encode(zlib.compress(data, 9)).decode("ascii").rstrip("=")
    if len(value) > MAX_LINK:
        raise LinkError(f"the text is too long for a link ({len(value)} characters once packed, at most "
                        f"{MAX_LINK}): download the file and share that")
    return value


def decode_variant(value) -> str:
    """The text a link value carries; LinkError for anything that is not a link made by :func:`encode_variant`."""
    if isinstance(value, (list, tuple)):  # a query parameter given twice
        value = value[-1] if value else ""
    if not isinstance(value, str) or not value.strip():
        raise LinkError("this link carries no variant")
    value = value.strip()
    if len(value) > MAX_LINK:
        raise LinkError(f"this link is too long ({len(value)} characters; a shared variant has at most {MAX_LINK})")
    if not _ALPHABET.fullmatch(value):
        raise LinkError("this link is damaged: it has characters a shared variant never has")
    try:
        packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("this link is damaged (cut short or changed?): it does not decode") from None
    unpacker = zlib.decompressobj()
    try:
        data = unpacker.decompress(packed, MAX_TEXT + 1)
    except zlib.error:
        raise LinkError("this link is damaged (cut short or changed?): it does not unpack") from None
    if len(data) > MAX_TEXT or unpacker.unconsumed_tail:
        raise LinkError(f"this link unpacks to more than {MAX_TEXT} bytes: no shared variant is that long")
    if not unpacker.eof:
        raise LinkError("this link is cut short: copy the whole link")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise LinkError("this link does not hold text") from None
    if "\x00" in text:
        raise LinkError("this link does not hold ruleset text")
    return text


__all__ = ["LinkError", "MAX_LINK", "MAX_TEXT", "QUERY_KEY", "decode_variant", "encode_variant"]
