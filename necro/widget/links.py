"""Share links: a position as a URL that the book's playground page opens.

A link is ``playground.html#necro=<game>.<payload>``: the game's id in clear
(so the page knows which board opens it), then a saved-game document without
its history (``format``, ``version``, ``game``, ``position``, ``rng``), as
JSON, compressed with raw DEFLATE and written in URL-safe base64 without
padding. The engine writes and reads links (:meth:`necro.widget.play.Play.share`
and ``open_link``): the page's JavaScript only puts a fragment in the address
and hands one to the board of its game, so the same code answers in a kernel
and in the browser's own engine, and the link works offline. Chapters use
:func:`playground_link` to point to the exact position they discuss.

Reading a link is reading untrusted input: it is size-limited, every failure
is a :class:`~necro.core.FormatError` with a plain reason, and the document
is then validated by the game's own loader like any saved game.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib

from ..core.errors import FormatError
from ..core.game import FORMAT, FORMAT_VERSION, State

PREFIX = "necro="
"""The fragment's key: ``#necro=<payload>``."""
MAX_PAYLOAD = 200_000
"""Characters of payload read at most (a Cave Evil full game compresses to a few thousand)."""
MAX_JSON = 2_000_000
"""Bytes of JSON a payload may inflate to (a bomb stops here)."""
PAYLOAD = re.compile(r"^[A-Za-z0-9_-]+$")
GAME = re.compile(r"^[a-z][a-z0-9-]{0,40}$")


def link_document(state: State) -> dict:
    """What a link carries: the game, the position and the random generator, no history."""
    doc = state.to_json()
    return {"format": FORMAT, "version": FORMAT_VERSION, "game": doc["game"], "position": doc["position"],
            "rng": doc["rng"]}


def encode(doc: dict) -> str:
    data = json.dumps(doc, separators=(",", ":"), sort_keys=True).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(data) + packer.flush()
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode(text: str, game_id: str | None = None) -> dict:
    """The document of a link (what follows ``#necro=``: ``<game>.<payload>``), for a board of
    ``game_id`` if given; FormatError if it is not one."""
    if not isinstance(text, str) or not text:
        raise FormatError("link", "the link carries no position")
    game, _, payload = text.partition(".")
    if not GAME.match(game) or not payload:
        raise FormatError("link", "the link does not start with a game's name")
    if game_id is not None and game != game_id:
        raise FormatError("link", f"the link holds a {game} position; this board plays {game_id}")
    if len(payload) > MAX_PAYLOAD:
        raise FormatError("link", f"the link is too long ({len(payload):,} characters; at most {MAX_PAYLOAD:,})")
    if not PAYLOAD.match(payload):
        raise FormatError("link", "the link's position is not URL-safe base64")
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise FormatError("link", "the link's position is not URL-safe base64") from None
    unpacker = zlib.decompressobj(-15)
    try:
        data = unpacker.decompress(raw, MAX_JSON)
    except zlib.error:
        raise FormatError("link", "the link's position is damaged (it does not inflate)") from None
    if unpacker.unconsumed_tail:
        raise FormatError("link", f"the link's position inflates past {MAX_JSON:,} bytes")
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise FormatError("link", "the link's position is not JSON") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("game"), dict):
        raise FormatError("link", "the link holds no necro game")
    if doc["game"].get("id") != game:
        raise FormatError("link", "the link's game and its position's game differ")
    return doc


def fragment(state: State) -> str:
    return f"#{PREFIX}{state.game.id}.{encode(link_document(state))}"


def playground_link(state: State, page: str = "../playground.html") -> str:
    """A link to ``page`` opening ``state``'s position; the default suits a chapter page (book/<game>/)."""
    return page + fragment(state)


def read_fragment(text: str) -> dict:
    """The document of a fragment ``#necro=...`` (or a whole link ending in one)."""
    _, sep, rest = text.partition("#" + PREFIX)
    if not sep:
        raise FormatError("link", "no #necro= position in this link")
    return decode(rest)
