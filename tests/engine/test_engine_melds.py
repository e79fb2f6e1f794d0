from __future__ import annotations

import pytest

from yakubook.engine.melds import Meld, format_meld, parse_meld
from yakubook.errors import InputError


@pytest.mark.parametrize(
    ("text", "kind", "tiles", "red"),
    [
        ("chi 123m", "chi", (0, 1, 2), 0),
        ("chi 3m1m2m", "chi", (0, 1, 2), 0),
        ("chi 406p", "chi", (12, 13, 14), 1),
        ("pon 777z", "pon", (33, 33, 33), 0),
        ("kan 5555s", "kan", (22,) * 4, 0),
        ("kan 0555s", "kan", (22,) * 4, 1),
        ("ankan 1111p", "ankan", (9,) * 4, 0),
        ("kakan 2222m", "kakan", (1,) * 4, 0),
    ],
)
def test_parse(text: str, kind: str, tiles: tuple[int, ...], red: int) -> None:
    meld = parse_meld(text)
    assert (meld.kind, meld.tiles, meld.red) == (kind, tiles, red)
    assert parse_meld(format_meld(meld)) == meld


def test_properties() -> None:
    chi, pon, kan, ankan, kakan = (
        parse_meld(t) for t in ("chi 789s", "pon 111z", "kan 9999m", "ankan 1111p", "kakan 2222m")
    )
    assert [m.is_open for m in (chi, pon, kan, ankan, kakan)] == [True, True, True, False, True]
    assert [m.is_quad for m in (chi, pon, kan, ankan, kakan)] == [False, False, True, True, True]
    assert chi.is_sequence and not pon.is_sequence
    assert pon.is_triplet_like and ankan.is_triplet_like and not chi.is_triplet_like
    assert str(chi) == "chi 789s" and chi.tile == 24


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("chi 124m", "'chi 124m' is not a chi"),
        ("chi 123z", "'chi 123z' is not a chi"),
        ("chi 891m", "is not a chi"),
        ("chi 1m2p3s", "is not a chi"),
        ("chi 12m", "'chi 12m' needs 3 tiles"),
        ("pon 776z", "'pon 677z' is not a pon"),
        ("pon 7777z", "needs 3 tiles"),
        ("kan 555s", "'kan 555s' needs 4 tiles"),
        ("ankan 1112p", "is not a ankan"),
        ("kakan 2223m", "is not a kakan"),
        ("peng 777z", "unknown meld kind 'peng'"),
        ("pon", "should look like"),
        ("pon 7 77z", "should look like"),
        ("pon 888z", "'8z'"),
        ("chi 000m", "is not a chi"),
    ],
)
def test_bad_melds(text: str, needle: str) -> None:
    with pytest.raises(InputError, match=needle):
        parse_meld(text)


def test_direct_construction_is_validated() -> None:
    with pytest.raises(InputError, match="unknown meld kind"):
        Meld("minkan", (0, 0, 0, 0))
    with pytest.raises(InputError, match="not a tile id"):
        Meld("pon", (40, 40, 40))
    with pytest.raises(InputError, match="red count"):
        Meld("pon", (0, 0, 0), red=1)
    with pytest.raises(InputError):
        Meld("pon", "111")  # type: ignore[arg-type]


def test_meld_tiles_must_be_ints_not_bools_or_floats() -> None:
    # A tile id is an int 0..33: True and 1.0 compare like 1 (1m) but are not tile ids.
    with pytest.raises(InputError) as bools:
        Meld("pon", (True, True, True))
    assert str(bools.value) == "meld tile True is not a tile id (expected an int 0..33)"
    with pytest.raises(InputError) as floats:
        Meld("pon", (1.0, 1.0, 1.0))  # type: ignore[arg-type]
    assert str(floats.value) == "meld tile 1.0 is not a tile id (expected an int 0..33)"


@pytest.mark.parametrize("tiles", [(-1, 0, 1), (-2, -1, 0), (-1, -1, 5)])
def test_a_negative_meld_tile_is_named_as_no_tile_id(tiles: tuple[int, ...]) -> None:
    # Sorted, a negative id comes first: the range check looks at both ends.
    with pytest.raises(InputError) as e:
        Meld("chi", tiles)
    assert str(e.value) == f"meld tile {tiles[0]} is not a tile id (expected an int 0..33)"


@pytest.mark.parametrize(("kind", "tiles"), [("pon", (33, 33, 34)), ("chi", (32, 33, 34)),
                                             ("pon", (0, 0, 34)), ("kan", (33, 33, 33, 40))])
def test_a_meld_tile_past_the_last_tile_is_named_as_no_tile_id(
    kind: str, tiles: tuple[int, ...]
) -> None:
    # Sorted, an id past 33 comes last: the range check looks at the last tile.
    with pytest.raises(InputError) as e:
        Meld(kind, tiles)
    assert str(e.value) == f"meld tile {tiles[-1]} is not a tile id (expected an int 0..33)"
