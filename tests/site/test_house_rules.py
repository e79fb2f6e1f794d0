"""The house-rules page's build side: its data agrees with the engine's generated menus and
defaults, presets resolve to what the engine loads, the engine zip is deterministic and
holds the sources byte for byte, and the bridge the browser calls answers as the CLI does."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import zipfile
from pathlib import Path

import pytest

from render import house_rules, house_rules_engine
from yakubook import generated
from yakubook.engine.rules import Ruleset

ROOT = Path(__file__).resolve().parents[2]


def effective(preset: dict, y: dict) -> dict[str, str]:
    """The page's state semantics (house-rules.js valueOf / ruleOf) in Python."""
    base = y["none"] if preset["base"] == "off" and y["none"] else y["default"]
    out = {y["id"]: preset["choices"].get(y["id"], base)}
    for r in y["rules"]:
        out[r["id"]] = preset["choices"].get(r["id"], r["options"][0]["letter"])
    return out


def engine_letters(rs: Ruleset) -> dict[str, str]:
    out = {}
    for yid, opts in rs.options.items():
        out[yid] = opts.value.letter
        for rid, (field, _menu, _values) in generated.REGISTRY[yid].rules.items():
            out[rid] = getattr(opts, field).letter
    return out


def test_every_yaku_and_rule_question_with_the_engines_menus(data):
    assert [y["id"] for y in data["yaku"]] == list(generated.REGISTRY)
    for y in data["yaku"]:
        info = generated.REGISTRY[y["id"]]
        assert [o["letter"] for o in y["options"]] == [m.letter for m in type(info.options().value)]
        assert [r["id"] for r in y["rules"]] == list(info.rules)
        for r in y["rules"]:
            assert [o["letter"] for o in r["options"]] == [m.letter for m in info.rules[r["id"]][1]]
        assert y["hant"] == info.name_hant and y["hans"] == info.name_hans
        assert y["romaji"] == info.romaji


def test_page_defaults_are_the_engines_defaults(data):
    defaults = engine_letters(Ruleset.default())
    page = {}
    for y in data["yaku"]:
        page.update(effective({"base": "default", "choices": {}}, y))
    assert page == defaults


def test_everything_off_is_the_engines_others_off(data):
    engine = engine_letters(Ruleset.from_toml('[ruleset]\nothers = "off"\n'))
    page = {}
    for y in data["yaku"]:
        page.update(effective({"base": "off", "choices": {}}, y))
    assert page == engine


def test_presets_resolve_to_what_the_engine_loads(data):
    files = sorted((ROOT / "rulesets").glob("*.toml"))
    assert [p["file"] for p in data["presets"]] == [f"rulesets/{f.name}" for f in files]
    assert len(files) == 3
    for preset in data["presets"]:
        page = {}
        for y in data["yaku"]:
            page.update(effective(preset, y))
        assert page == engine_letters(Ruleset.load(ROOT / preset["file"])), preset["file"]


def marked_numbers(data) -> set[tuple[str, str, str]]:
    """(yaku ID, letter, number) of every number input the page offers."""
    return {(y["id"], o["letter"], key)
            for y in data["yaku"] for o in y["options"] for key in o["lost_numbers"]}


def test_lost_numbers_are_marked_only_where_the_number_is_lost(data):
    marked = marked_numbers(data)
    assert marked
    for yid, letter, key in marked:
        value = generated.REGISTRY[yid].values[letter]
        assert value["lost"] and key in value and value[key] is None, (yid, letter, key)
    intact = generated.REGISTRY["3-13-01"].values["b"]
    assert house_rules.lost_numbers(intact) == []


# What a lost digit stands for, by what follows it in the option's text: `?翻` a han count,
# `?5符` a fu count (its tens), `?倍` a multiple (`?倍滿貫`).
LOST_DIGIT_BEFORE = (("\ufffd翻", "han"), ("\ufffd5符", "fu"), ("\ufffd倍", "multiple"))


def test_every_lost_number_gets_a_number_input(data, cat):
    """Read from the option texts themselves: where the digit before 翻 is lost (`?翻`,
    `?翻＋七對子的翻數` …) the sheet offers a han input, before 符 (鳴牌七對子's `?5符1翻`)
    a fu input, before 倍 (十三龍門's `?倍滿貫`) a multiple input, and nowhere else
    (#36 point 7: the page offered han only)."""
    lost = {
        (node["id"], o["letter"], key)
        for node in cat["nodes"]
        if node["kind"] == "yaku"
        for o in node.get("options", [])
        for text, key in LOST_DIGIT_BEFORE
        if text in o["text"]["zh-Hant"]
    }
    assert ("3-09-03", "c", "han") in lost  # ?翻＋七對子的翻數, an additive value
    assert {("3-09-12", "b", "fu"), ("3-16-04", "b", "multiple")} <= lost
    assert marked_numbers(data) == lost


def test_the_page_offers_the_numbers_the_engine_takes(data):
    # the bounds of the page's number inputs are the engine's (a ruleset's `han`, `fu`,
    # `multiple`)
    from yakubook.engine.rules import SUPPLIABLE

    assert data["suppliable"] == SUPPLIABLE == {"han": 13, "fu": 200, "multiple": 6}


def test_preset_errors_name_the_unknown(data):
    with pytest.raises(house_rules.HouseRulesError, match="3-99-99"):
        house_rules.resolve_preset('[yaku."3-99-99"]\nvalue = "b"\n', "x.toml", data["yaku"])
    with pytest.raises(house_rules.HouseRulesError, match="'z'"):
        house_rules.resolve_preset('[yaku."3-13-01"]\nvalue = "z"\n', "x.toml", data["yaku"])


def test_stage_is_deterministic_and_every_asset_the_page_names_is_written(
        cat, names, status_outputs, hr_outputs):
    # What the scripts do is checked by running them (test_house_rules_page.py, fast): here
    # only that the stage writes each file the pages' HTML names, at the path it names, and
    # the worker beside the page script (house-rules.js starts it from its own folder).
    again = house_rules.stage(ROOT, cat, names, status_outputs)
    assert again == hr_outputs
    for rel, depth in ((house_rules.PAGE, 1), (house_rules.PAGE_EN, 2)):
        page = hr_outputs[house_rules.DOCS + rel].decode()
        named = re.findall(r'(?:src|href|data-data)="((?:\.\./)+assets/[^"]+)"', page)
        assert sorted(n.rsplit("/", 1)[1] for n in named) == [
            "data.json", "house-rules.css", "house-rules.js", "hr-scoring.js"], rel
        for ref in named:
            assert ref.startswith("../" * depth), (rel, ref)
            assert house_rules.DOCS + ref.removeprefix("../" * depth) in hr_outputs, (rel, ref)
    assert house_rules.DOCS + house_rules.ASSETS + "hr-worker.js" in hr_outputs


def test_site_stage_includes_the_page(rendered):
    assert house_rules.DOCS + house_rules.PAGE in rendered
    assert house_rules.DOCS + house_rules.DATA in rendered


def _tree_files(package: str) -> list[str]:
    return sorted(p.relative_to(ROOT / package).as_posix()
                  for p in (ROOT / package).rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.slow  # a wheel build, and the built site with the engine (make test runs it)
def test_engine_zip_is_the_wheel_deterministic_and_holds_the_sources(hr_public):
    # The other build of this checkout to compare with: the wheel that install() built
    # into the test run's house-rules site (in a process of its own, tests/site/prebuild.py).
    runtime = hr_public / house_rules_engine.RUNTIME
    meta = json.loads((runtime / "runtime.json").read_text(encoding="utf-8"))
    assert meta["engine_wheel"] == "yakubook-0.1.0-py3-none-any.whl"
    first = house_rules_engine.engine_zip(ROOT)
    assert first == (runtime / house_rules_engine.ENGINE_ZIP).read_bytes()
    with zipfile.ZipFile(io.BytesIO(first)) as zf:
        names = zf.namelist()
        # yakubook/ as in the checkout, and the checkout's generated/ as yakubook/generated/
        engine = [f"yakubook/{n}" for n in _tree_files("yakubook")]
        engine += [f"yakubook/generated/{n}" for n in _tree_files("generated")]
        assert sorted(n for n in names if n.startswith("yakubook/") and n.endswith(".py")) == (
            sorted(engine))
        for rel in engine:
            source = ROOT / (rel.removeprefix("yakubook/")
                             if rel.startswith("yakubook/generated/") else rel)
            assert zf.read(rel) == source.read_bytes(), rel
        for data in ("catalog.json", "families.toml"):
            assert zf.read(f"yakubook/engine/data/{data}") == (ROOT / "catalog" / data).read_bytes()
        assert "yb_bridge.py" not in names  # served beside it: the wheel stays pip's wheel
        assert {i.date_time for i in zf.infolist()} == {house_rules_engine.ZIP_DATE}


@pytest.mark.slow  # two wheel builds
def test_engine_zip_follows_a_source_change(tmp_path):
    for rel in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "requirements.lock",
                "LICENSE", "docs/PYPI.md"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes((ROOT / rel).read_bytes())
    for package in ("yaku", "yakubook", "generated"):
        for p in (ROOT / package).rglob("*"):
            if p.is_file() and "__pycache__" not in p.parts:
                target = tmp_path / p.relative_to(ROOT)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(p.read_bytes())
    for data in ("catalog.json", "families.toml", "names.toml", "STATUS.json"):
        (tmp_path / "catalog").mkdir(exist_ok=True)
        (tmp_path / "catalog" / data).write_bytes((ROOT / "catalog" / data).read_bytes())
    before = house_rules_engine.engine_zip(tmp_path)
    path = tmp_path / "yakubook" / "engine" / "bodies" / "s3_13.py"
    path.write_text(path.read_text() + "\n# changed\n")
    after = house_rules_engine.engine_zip(tmp_path)
    assert before != after
    with zipfile.ZipFile(io.BytesIO(after)) as zf:
        assert zf.read("yakubook/engine/bodies/s3_13.py").endswith(b"# changed\n")


def test_install_needs_a_built_site(tmp_path):
    with pytest.raises(house_rules_engine.EngineError, match="no built site"):
        house_rules_engine.install(ROOT, tmp_path)


def test_bridge_answers_as_the_engine(bridge):
    win = {"hand": "55666777888999m", "win": "9m", "tsumo": True}
    toml = (ROOT / "rulesets" / "small-house.toml").read_text()
    got = json.loads(bridge.check_hand(json.dumps(win), toml))
    import yakubook

    rs = Ruleset.from_toml(toml, "ruleset")
    want = yakubook.evaluate(yakubook.Win.from_json(win), rs, score=True).to_json()
    assert got == {"ok": True, "result": want}
    assert got["result"]["score"]["payment"]["total"] > 0  # the page's score comes from here
    bad = json.loads(bridge.check_hand(json.dumps({"hand": "123m456p789s18z", "win": "1z"}), toml))
    assert bad["ok"] is False and bad["where"] == "hand"
    assert "unknown tile '8z'" in bad["error"]


def test_bridge_rules_names_every_unknown_id_and_letter(bridge):
    toml = ('[yaku."3-99-01"]\nvalue = "b"\n[yaku."3-13-01"]\nvalue = "z"\n"3-13-01-77" = "a"\n'
            '"3-13-01-02" = "q"\n')
    got = json.loads(bridge.check_rules(toml))
    assert got["ok"] is False
    assert "3-99-01" in got["error"]  # the engine's own message, first problem
    joined = "\n".join(got["problems"])
    for piece in ("'3-99-01'", "no option 'z'", "'3-13-01-77'", "no option 'q'"):
        assert piece in joined, joined


def test_the_page_reads_letters_whatever_their_case(bridge, data):
    # issue #43: `value = "C"` is option c for the page's import (the engine through the
    # bridge, whose list of problems must not name it) and for its presets
    toml = '[yaku."3-13-01"]\nvalue = "C"\n"3-13-01-01" = "B"\n'
    got = json.loads(bridge.check_rules(toml))
    assert got["ok"] is True
    assert (got["letters"]["3-13-01"], got["letters"]["3-13-01-01"]) == ("c", "b")
    assert bridge._problems(toml) == []
    preset = house_rules.resolve_preset(toml, "x.toml", data["yaku"])
    assert preset["choices"] == {"3-13-01": "c", "3-13-01-01": "b"}


def test_bridge_rules_give_every_letter(bridge):
    toml = (ROOT / "rulesets" / "open-friendly.toml").read_text()
    got = json.loads(bridge.check_rules(toml))
    assert got["ok"] is True
    rs = Ruleset.from_toml(toml)
    assert got["letters"] == engine_letters(rs)
    assert got["name"] == rs.name


def test_ruleset_options_compare_by_value():
    # The browser tests compare rulesets through their options; make sure equal sheets
    # give equal options and a change shows.
    a = Ruleset.from_toml('[yaku."3-13-01"]\nvalue = "c"\n')
    b = Ruleset.from_toml('[yaku."3-13-01"]\nvalue = "c"\n')
    assert a.options == b.options
    menu = type(b.options["3-13-01"].value)
    c = dataclasses.replace(b.options["3-13-01"], value=next(m for m in menu if m.letter == "b"))
    assert c != b.options["3-13-01"]


# -- every [ruleset] key the engine reads travels through the page (issue #22) ----------------


def test_bridge_rules_give_every_ruleset_key(bridge):
    both = '[ruleset]\nname = "B"\nothers = "off"\nsupersession = "award both"\n'
    got = json.loads(bridge.check_rules(both))
    assert (got["name"], got["others"], got["supersession"]) == ("B", "off", "award both")
    plain = json.loads(bridge.check_rules('[ruleset]\nname = "P"\n'))
    assert (plain["others"], plain["supersession"]) == ("default", "drop")


def test_presets_carry_supersession(data):
    got = house_rules.resolve_preset('[ruleset]\nsupersession = "award both"\n', "x.toml",
                                     data["yaku"])
    assert got["supersession"] == "award both"
    assert all(p["supersession"] == "drop" for p in data["presets"])  # none of the shipped
    with pytest.raises(house_rules.HouseRulesError, match="supersession = 'both'"):
        house_rules.resolve_preset('[ruleset]\nsupersession = "both"\n', "x.toml", data["yaku"])


def test_the_page_writes_every_ruleset_key():
    # The page's export (house-rules.js toToml) writes each key yakubook.engine.rules reads; a new
    # key
    # added to the engine fails here until the page carries it.
    from yakubook.engine.rules import RULESET_KEYS

    js = (house_rules.TEMPLATES / "house-rules.js").read_text("utf-8")
    export = js[js.index("function toToml()"):js.index("// ---", js.index("function toToml()"))]
    for key in RULESET_KEYS:
        assert f"`{key} = ${{" in export, key


# -- the [scoring] table travels through the page too (issue #28) -----------------------------

# The guide's table (site/guide/rulesets.md, "The [scoring] table"; tests/docs/test_guide.py
# holds it to the engine's): each key, its documented default and the
# values it takes, written out here rather than read from yakubook/engine/score.py.
README_SCORING = [
    {"key": "kiriage", "kind": "bool", "default": False, "choices": None},
    {"key": "kazoe", "kind": "choice", "default": "yakuman",
     "choices": ["yakuman", "sanbaiman", "multiple"]},
    {"key": "multiple_yakuman", "kind": "bool", "default": True, "choices": None},
    {"key": "double_yakuman", "kind": "bool", "default": True, "choices": None},
    {"key": "aka_dora", "kind": "int", "default": 3, "choices": [0, 1, 2, 3, 4]},
    {"key": "kuitan", "kind": "bool", "default": True, "choices": None},
    {"key": "flower_dora", "kind": "bool", "default": True, "choices": None},
    {"key": "limit_yaku", "kind": "choice", "default": "at least", "choices": ["at least", "add"]},
]


def test_data_offers_every_scoring_key_at_its_documented_default(data):
    assert data["scoring"] == README_SCORING


def test_the_scoring_script_is_loaded_before_the_page_script(hr_outputs):
    for name in (house_rules.PAGE, house_rules.PAGE_EN):
        text = hr_outputs[house_rules.DOCS + name].decode("utf-8")
        assert 0 < text.index("hr-scoring.js") < text.index("house-rules.js\"></script>"), name
    assert house_rules.DOCS + "assets/house-rules/hr-scoring.js" in hr_outputs


def test_the_scoring_script_labels_every_key():
    # hr-scoring.js names each key in both editions; a key the engine adds without a label
    # would show as its bare TOML name.
    js = (house_rules.TEMPLATES / "hr-scoring.js").read_text("utf-8")
    labels = js[js.index("const LABELS = {"):js.index("};", js.index("const LABELS = {"))]
    for row in README_SCORING:
        assert f"\n    {row['key']}: [" in labels, row["key"]


def test_bridge_rules_give_the_scoring_table(bridge):
    toml = ('[ruleset]\nname = "S"\n[scoring]\nkiriage = true\nkazoe = "sanbaiman"\n'
            'aka_dora = 0\nlimit_yaku = "add"\n')
    got = json.loads(bridge.check_rules(toml))
    assert got["ok"] is True
    assert got["scoring"] == {"kiriage": True, "kazoe": "sanbaiman", "multiple_yakuman": True,
                              "double_yakuman": True, "aka_dora": 0, "kuitan": True,
                              "flower_dora": True, "limit_yaku": "add"}
    bad = json.loads(bridge.check_rules("[scoring]\nkiriage = \"yes\"\n"))
    assert bad["ok"] is False
    assert bad["error"] == "ruleset: [scoring] kiriage must be true or false, got 'yes'"


def test_presets_carry_their_scoring_table(data):
    got = house_rules.resolve_preset(
        '[ruleset]\nname = "K"\n\n[scoring]\nkiriage = true\nkuitan = true\naka_dora = 4\n',
        "x.toml", data["yaku"])
    assert got["scoring"] == {"kiriage": True, "aka_dora": 4}  # kuitan = true is the default
    assert all(p["scoring"] == {} for p in data["presets"])  # none of the shipped has one
    with pytest.raises(house_rules.HouseRulesError) as bad_value:
        house_rules.resolve_preset('[ruleset]\nname = "K"\n\n[scoring]\nkiriage = true\n'
                                   'kazoe = "lots"\n', "x.toml", data["yaku"])
    assert str(bad_value.value) == (
        "x.toml:6: [scoring] kazoe must be 'yakuman', 'sanbaiman' or 'multiple', got 'lots'")
    no_key = r"^x\.toml:2: \[scoring\] has no key 'ura'"
    with pytest.raises(house_rules.HouseRulesError, match=no_key):
        house_rules.resolve_preset("[scoring]\nura = 1\n", "x.toml", data["yaku"])


# -- a ruleset's `fu` and `multiple` travel through the page as `han` does (#36 point 7) -------

# 鳴牌七對子 b is "?5符1翻" (its fu lost), 十三龍門 b "?倍滿貫" (its multiple lost), 東北新幹線 b
# "?翻": a ruleset may supply each (site/guide/rulesets.md).
SUPPLIED_TOML = """\
[yaku."3-09-12"]
value = "b"
fu = 25

[yaku."3-16-04"]
value = "b"
multiple = 2

[yaku."3-08-01"]
value = "b"
han = 3
"""
SUPPLIED = {"3-09-12": {"fu": 25}, "3-16-04": {"multiple": 2}, "3-08-01": {"han": 3}}


def test_bridge_rules_give_every_supplied_number(bridge):
    # the page's import reads these back; before #36 it kept `han` only and dropped the rest
    got = json.loads(bridge.check_rules(SUPPLIED_TOML))
    assert got["ok"] is True, got
    assert got["numbers"] == SUPPLIED
    assert (got["letters"]["3-09-12"], got["letters"]["3-16-04"]) == ("b", "b")
    # a number is no letter: the list of problems of a sheet the engine refuses for
    # another reason does not name `fu` or `multiple`
    problems = bridge._problems(SUPPLIED_TOML + '\n[yaku."3-13-01"]\nvalue = "z"\n')
    assert problems == ["3-13-01 value: no option 'z' (options: a, b, c)"], problems


def test_presets_carry_every_supplied_number(data):
    got = house_rules.resolve_preset(SUPPLIED_TOML, "x.toml", data["yaku"])
    assert got["numbers"] == SUPPLIED
    assert got["choices"] == {"3-09-12": "b", "3-16-04": "b", "3-08-01": "b"}
    with pytest.raises(house_rules.HouseRulesError, match="3-09-12 fu must be an integer"):
        house_rules.resolve_preset('[yaku."3-09-12"]\nvalue = "b"\nfu = "25"\n', "x.toml",
                                   data["yaku"])
