"""Tile pictures (render/tiles.py): every tile is a well-formed SVG; MPSZ parsing."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from render import tiles

NS = "{http://www.w3.org/2000/svg}"
SVG = NS + "svg"


def test_all_tiles_and_red_fives_have_pictures():
    codes = tiles.codes()
    numbered = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
    honors = [f"{n}z" for n in range(1, 8)]
    assert len(numbered + honors) == 34
    assert set(numbered + honors + ["0m", "0p", "0s", "back"]) == set(codes)
    assert len(codes) == len(set(codes))


@pytest.mark.parametrize("code", tiles.codes())
def test_tile_svg_is_well_formed(code):
    svg = tiles.tile_svg(code)
    root = ET.fromstring(svg)
    assert root.tag == SVG
    assert root.get("width") == str(tiles.WIDTH) and root.get("height") == str(tiles.HEIGHT)
    assert root.get("viewBox") == "0 0 60 80"
    assert root.find(NS + "title").text.endswith(code)
    assert len(list(root)) >= 4
    assert svg == tiles.tile_svg(code)  # deterministic


def test_red_fives_are_red_and_differ_from_plain_fives():
    for s in "mps":
        red, plain = tiles.tile_svg(f"0{s}"), tiles.tile_svg(f"5{s}")
        assert red != plain and tiles.RED in red
        assert tiles.label(f"0{s}").startswith("赤")


def test_honors_are_their_characters():
    for n, ch in enumerate("東南西北", 1):
        assert f">{ch}</text>" in tiles.tile_svg(f"{n}z")
    assert "<text" not in tiles.tile_svg("5z")  # 白 is an empty frame
    assert f'fill="{tiles.GREEN}"' in tiles.tile_svg("6z")
    assert f'fill="{tiles.RED}"' in tiles.tile_svg("7z")


def test_pin_and_sou_draw_as_many_dots_and_sticks_as_their_number():
    for n in range(2, 10):
        assert tiles.tile_svg(f"{n}p").count("<circle") == 3 * n
        assert tiles.tile_svg(f"{n}s").count('rx="3"') == n


def test_parse_mpsz_keeps_order_and_red_fives():
    assert tiles.parse_mpsz("123m055p 7z") == ["1m", "2m", "3m", "0p", "5p", "5p", "7z"]
    assert tiles.parse_meld("ankan 1111p") == ("ankan", ["1p"] * 4)
    assert tiles.same_tile("0m", "5m") and not tiles.same_tile("5m", "5p")
    for bad in ("", "8z", "12", "m", "1x", "1 2m"):
        with pytest.raises(ValueError):
            tiles.parse_mpsz(bad)
    for bad in ("pon 12m", "ron 111m", "kan 555m"):
        with pytest.raises(ValueError):
            tiles.parse_meld(bad)
    with pytest.raises(ValueError):
        tiles.tile_svg("0z")
