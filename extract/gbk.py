"""GBK byte arithmetic for the repair stage.

The damaged lines were GBK bytes decoded one byte out of step. To read them again we
need to turn a damaged character back into the bytes that produced it, and to list the
characters a half-known byte pair can stand for.
"""

from __future__ import annotations

from functools import cache

EURO_BYTE = 0x80  # cp936 decodes a lone 0x80 as the euro sign


def is_lead(b: int) -> bool:
    return 0x81 <= b <= 0xFE


def is_trail(b: int) -> bool:
    return 0x40 <= b <= 0xFE and b != 0x7F


def is_user_defined(lead: int, trail: int) -> bool:
    """GBK's user-defined areas, which decoders map to private-use characters."""
    if 0xAA <= lead <= 0xAF or 0xF8 <= lead <= 0xFE:
        return 0xA1 <= trail <= 0xFE
    if 0xA1 <= lead <= 0xA7:
        return 0x40 <= trail <= 0xA0 and trail != 0x7F
    return False


def is_private_use(ch: str) -> bool:
    return 0xE000 <= ord(ch) <= 0xF8FF


@cache
def decode_pair(lead: int, trail: int) -> str | None:
    """The character a GBK pair stands for, or None if it is not a real character."""
    if not (is_lead(lead) and is_trail(trail)) or is_user_defined(lead, trail):
        return None
    try:
        ch = bytes((lead, trail)).decode("gbk")
    except UnicodeDecodeError:
        return None
    if len(ch) != 1 or is_private_use(ch):
        return None
    return ch


def encode_damaged(ch: str) -> bytes | None:
    """The bytes a character of a damaged run was decoded from (None if it cannot be one)."""
    if ch == "\u20ac":
        return bytes((EURO_BYTE,))
    if ord(ch) < 0x80:
        return ch.encode("ascii")
    try:
        raw = ch.encode("gbk")
    except UnicodeEncodeError:
        try:
            raw = ch.encode("gb18030")  # maps the private-use characters back to GBK pairs
        except UnicodeEncodeError:
            return None
    return raw if len(raw) == 2 else None


@cache
def chars_with_lead(lead: int) -> tuple[tuple[int, str], ...]:
    """Every (trail, character) a known lead byte allows."""
    return tuple((t, ch) for t in range(0x40, 0xFF) if (ch := decode_pair(lead, t)) is not None)


@cache
def chars_with_trail(trail: int) -> tuple[tuple[int, str], ...]:
    """Every (lead, character) a known trail byte allows."""
    return tuple((ld, ch) for ld in range(0x81, 0xFF) if (ch := decode_pair(ld, trail)) is not None)
