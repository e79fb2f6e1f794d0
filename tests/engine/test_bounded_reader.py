"""The bounded reader (yakubook/bounded.py) keeps its word: it reads at most `limit + 1` bytes
of any file, it counts a `[table]` header's parts into the depth of the data under it and
a dotted key's parts after every comma of an inline table, and it names the line a key is
written on even after a multi-line string that holds lines looking like keys."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from yakubook.bounded import (
    _CHUNK,
    MAX_KEY_PARTS,
    MAX_TOML_DEPTH,
    BoundedInputError,
    CuratedError,
    check_toml_shape,
    load_json,
    load_toml,
    parse_toml,
    read_capped,
    read_json,
)


def dotted_key(parts: int) -> str:
    """A dotted key of that many distinct parts: k.kk.kkk…"""
    return ".".join("k" * (i + 1) for i in range(parts))


class _CountingFile:
    """A path whose file counts the bytes read from it."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.read = 0

    def open(self, mode: str) -> io.BytesIO:
        outer = self

        class Counted(io.BytesIO):
            def read(self, n: int | None = -1) -> bytes:
                got = super().read(n)
                outer.read += len(got)
                return got

        return Counted(self.data)


@pytest.mark.parametrize("limit", [10, 3 * _CHUNK + 7])
def test_a_file_over_the_limit_is_read_only_to_limit_plus_one(limit: int) -> None:
    big = _CountingFile(b"x" * (10 * _CHUNK))
    with pytest.raises(BoundedInputError, match=f"more than the {limit} bytes"):
        read_capped(big, limit)  # type: ignore[arg-type]
    assert big.read == limit + 1


@pytest.mark.parametrize("size", [0, 9, 10])
def test_a_file_within_the_limit_is_read_whole(size: int) -> None:
    small = _CountingFile(bytes(range(size)))
    assert read_capped(small, 10) == bytes(range(size))  # type: ignore[arg-type]
    assert small.read == size


def test_a_header_counts_its_parts_into_the_depth_below_it() -> None:
    array = "[" * 7 + "1" + "]" * 7  # 7 levels
    deep = "[a.b.c.d.e.f.g.h.i.j]\nk = " + array + "\n"  # 10 + 1 + 7 = 18 levels
    with pytest.raises(BoundedInputError, match=f"more than {MAX_TOML_DEPTH} levels"):
        check_toml_shape(deep)
    check_toml_shape("[a.b.c.d.e]\nk = " + array + "\n")  # 5 + 1 + 7 = 13: accepted


def test_a_long_key_after_a_comma_of_an_inline_table_is_refused() -> None:
    long_key = dotted_key(MAX_KEY_PARTS + 1)
    with pytest.raises(BoundedInputError, match=f"more than {MAX_KEY_PARTS} dotted parts"):
        check_toml_shape(f"x = {{a = 1, {long_key} = 2}}\n")
    short_key = dotted_key(MAX_KEY_PARTS)
    check_toml_shape(f"x = {{a = 1, {short_key} = 2}}\n")


def test_a_long_key_after_a_comma_of_an_inline_table_in_an_array_is_refused() -> None:
    # The comma belongs to the inline table (the innermost container), not to the array.
    long_key = dotted_key(MAX_KEY_PARTS + 1)
    with pytest.raises(BoundedInputError, match=f"more than {MAX_KEY_PARTS} dotted parts"):
        check_toml_shape(f"x = [{{a = 1, {long_key} = 2}}]\n")


def test_lines_inside_a_multiline_string_are_not_keys() -> None:
    text = '[a]\ndoc = """\nfirst\nx = 1\n"""\nx = 2\n'
    doc = parse_toml(text.encode(), "t.toml")
    assert doc.data["a"]["x"] == 2
    assert doc.line("a", "x") == 6
    assert doc.line("a", "doc") == 2


def test_each_array_table_is_numbered_from_zero() -> None:
    text = "[[r]]\nk = 1\n[[r]]\nk = 2\n"
    doc = parse_toml(text.encode(), "t.toml")
    assert doc.line("r", 0, "k") == 2
    assert doc.line("r", 1, "k") == 4


def test_a_dotted_key_is_named_by_its_line() -> None:
    doc = parse_toml(b"[a]\nb.c = 1\n", "t.toml")
    assert doc.line("a", "b", "c") == 2


def test_a_dotted_key_of_2000_characters_is_named_by_its_line() -> None:
    long_part = "b" * 1998
    key = f"a.{long_part}"  # 2,000 characters, 2 parts: within every limit
    assert len(key) == 2000
    doc = parse_toml(f"x = 1\n{key} = 2\n".encode(), "t.toml")
    assert doc.data["a"][long_part] == 2
    assert doc.line("a", long_part) == 2


def test_a_line_closing_and_reopening_a_multiline_string_stays_inside_it() -> None:
    # Line 3 ends one multi-line string and opens the next: line 4 is still string text.
    text = '[a]\ndoc = ["""\none""", """\nx = 1"""]\nx = 2\n'
    doc = parse_toml(text.encode(), "t.toml")
    assert doc.data["a"] == {"doc": ["one", "x = 1"], "x": 2}
    assert doc.line("a", "x") == 5


def test_a_long_dotted_key_inside_a_string_does_not_hide_the_keys_after_it() -> None:
    # A multi-line string opened inside an array: its line that looks like a 42-part key
    # (more than any key the shape check lets through) is string text, not a key that
    # opens a multi-line string of its own.
    fake = ".".join(["k"] * 42)
    text = f'arr = [\n"""\n{fake} = 1"""\n]\nx = 2\n'
    doc = parse_toml(text.encode(), "t.toml")
    assert doc.data == {"arr": [f"{fake} = 1"], "x": 2}
    assert doc.line("x") == 5


@pytest.mark.parametrize("inner_dots", [16, 4 * MAX_KEY_PARTS - 1])
def test_a_key_whose_quoted_parts_hold_many_dots_is_named_by_its_line(inner_dots: int) -> None:
    # Two parts, up to 39 dots inside the quoted one: with the dot between the parts, up to
    # the 40 dots past which a "key" is taken for string text the line scan misread.
    part = ".".join(["q"] * (inner_dots + 1))
    doc = parse_toml(f'y = 0\nx."{part}" = 1\n'.encode(), "t.toml")
    assert doc.data["x"] == {part: 1}
    assert doc.line("x", part) == 2


def test_text_that_is_no_toml_is_refused_with_its_line() -> None:
    with pytest.raises(CuratedError) as e:
        load_toml("a = 1\nb = 2\nc = \n", "x.toml")
    assert str(e.value) == "x.toml:3: not valid TOML: Invalid value"
    assert e.value.line == 3


@pytest.mark.parametrize("items", [MAX_KEY_PARTS, MAX_KEY_PARTS + 1, 40])
def test_the_dots_of_floats_in_an_array_are_no_key_parts(items: int) -> None:
    # Only a key's dots count; an array (unlike an inline table) holds values, no keys.
    text = "x = [" + ", ".join(["1.5"] * items) + "]\ny = [[2.5, 3.5], [4.5]]\n"
    check_toml_shape(text)
    assert load_toml(text, "t.toml") == {"x": [1.5] * items, "y": [[2.5, 3.5], [4.5]]}


def test_the_first_key_of_an_inline_table_counts_its_parts() -> None:
    long_key = dotted_key(MAX_KEY_PARTS + 1)
    with pytest.raises(BoundedInputError, match=f"more than {MAX_KEY_PARTS} dotted parts"):
        check_toml_shape(f"x = {{{long_key} = 1}}\n")
    with pytest.raises(BoundedInputError, match=f"more than {MAX_KEY_PARTS} dotted parts"):
        check_toml_shape(f"x = [{{{long_key} = 1}}]\n")
    short_key = dotted_key(MAX_KEY_PARTS)
    check_toml_shape(f"x = {{{short_key} = 1}}\n")


def test_a_key_refused_after_multiline_strings_and_comments_names_its_line() -> None:
    long_key = dotted_key(MAX_KEY_PARTS + 1)
    text = f'# c\na = """\n\n"""\nb = \'\'\'\nx\n\'\'\'\nc = "s"\n{long_key} = 1\n'
    with pytest.raises(CuratedError) as e:
        load_toml(text, "t.toml")
    assert str(e.value) == f"t.toml:9: a key with more than {MAX_KEY_PARTS} dotted parts"


@pytest.mark.parametrize(
    ("data", "line", "byte"),
    [(b"\xff", 1, "ff"), (b"a = 1\n\xfe", 2, "fe"), (b"a\nb\nc = '\xc3'", 3, "c3")],
)
def test_bytes_that_are_no_utf8_are_refused_with_their_line(
    data: bytes, line: int, byte: str
) -> None:
    with pytest.raises(CuratedError) as e:
        parse_toml(data, "t.toml")
    assert e.value.line == line
    assert str(e.value) == f"t.toml:{line}: not UTF-8 (byte 0x{byte})"


def test_a_curated_text_may_take_4_mib_and_no_more() -> None:
    # site/guide/command-line.md "Input limits": a curated TOML file, preset or --rules file, 4 MiB.
    at_cap = "a = 1\n" + "#" * (4 * 1024 * 1024 - 7) + "\n"
    assert load_toml(at_cap, "big.toml") == {"a": 1}
    with pytest.raises(CuratedError, match="more than the 4194304 bytes"):
        load_toml(at_cap + "\n", "big.toml")


def test_a_value_of_the_wrong_type_is_named_by_its_dotted_path_and_line() -> None:
    text = '[[r]]\nk = "x"\n[[r]]\nk = 1\n[a]\nb = 2\ntags = ["x", 3]\n'
    doc = parse_toml(text.encode(), "t.toml")
    cases = [
        (lambda: doc.string(("r", 1, "k"), 1), "t.toml:4: r[2].k must be a string, not an integer"),
        (lambda: doc.string(("a", "b"), 2), "t.toml:6: a.b must be a string, not an integer"),
        (lambda: doc.strings(("a", "tags"), ["x", 3]),
         "t.toml:7: a.tags[2] must be a string, not an integer"),
        (lambda: doc.table(("r", 0), "x"), "t.toml:1: r[1] must be a table, not a string"),
        (lambda: doc.table((), 3), "t.toml: the file must be a table, not an integer"),
    ]
    for call, message in cases:
        with pytest.raises(CuratedError) as e:
            call()
        assert str(e.value) == message


def test_a_curated_string_must_not_be_blank_or_over_its_limit() -> None:
    doc = parse_toml(b"[a]\nb = 2\n", "t.toml")
    with pytest.raises(CuratedError) as e:
        doc.string(("a", "b"), "  ")
    assert str(e.value) == "t.toml:2: a.b is empty"
    assert doc.string(("a", "b"), "  ", required=False) == "  "
    assert doc.string(("a", "b"), "x" * 2000) == "x" * 2000  # MAX_CURATED_STRING
    with pytest.raises(CuratedError) as e:
        doc.string(("a", "b"), "x" * 2001)
    assert str(e.value) == (
        "t.toml:2: a.b is 2001 characters long (limit 2000): '" + "x" * 80 + "…'"
    )
    with pytest.raises(CuratedError) as e:
        doc.strings(("a", "b"), "x")
    assert str(e.value) == "t.toml:2: a.b must be a list of strings, not a string"


def test_a_file_over_its_limit_is_a_curated_error(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b"[1, 2, 3]\n")  # 10 bytes
    assert read_json(path, "f.json", 10) == [1, 2, 3]
    with pytest.raises(CuratedError) as e:
        read_json(path, "f.json", 9)
    assert e.value.file == "f.json" and e.value.line is None
    assert "more than the 9 bytes" in e.value.message


def test_json_that_is_invalid_or_nested_too_deep_is_a_curated_error() -> None:
    with pytest.raises(CuratedError) as e:
        load_json('{\n  x}', "x.json")
    assert str(e.value) == (
        "x.json:2: not valid JSON: Expecting property name enclosed in double quotes"
    )
    with pytest.raises(CuratedError) as e:
        load_json("[" * 200_000, "x.json")
    assert str(e.value) == "x.json: not valid JSON: nested too deep"


def test_the_shape_scan_stops_at_an_unterminated_string_and_tomllib_names_it() -> None:
    # Docstring of check_toml_shape: it stops where tomllib stops (an unterminated
    # string), so the over-long key after it is tomllib's to refuse, at line 1.
    text = 'a = "x\n' + dotted_key(MAX_KEY_PARTS + 1) + " = 1\n"
    check_toml_shape(text)
    with pytest.raises(CuratedError) as e:
        load_toml(text, "t.toml")
    assert e.value.line == 1 and "not valid TOML" in e.value.message


def test_a_line_in_a_multiline_string_of_an_array_that_is_no_valid_key_is_skipped() -> None:
    # The line scan takes `"\q" = 1` (inside a literal string of an array) for a key; TOML refuses
    # the escape \q in a key, so it is no key and the keys after it keep their lines.
    text = 'a = [\n\'\'\'\n"\\q" = 1\n\'\'\',\n]\nb = 2\n'
    doc = parse_toml(text.encode(), "t.toml")
    assert doc.data == {"a": ['"\\q" = 1\n'], "b": 2}
    assert doc.line("a") == 1 and doc.line("b") == 6
