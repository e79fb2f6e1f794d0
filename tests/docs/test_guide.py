"""The user guide in the site (issue #40): hand-written pages in site/guide/ (and the Win
format) become build outputs of both editions, the Chinese one saying the page is in
English for now; the guide's [scoring] table is the engine's."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from render import guide
from tests.docs.doc_blocks import GUIDE, ROOT
from yakubook.engine.score import SCORING_KEYS, Scoring

# What the issue asks the guide to hold, by page.
PAGES = {"index.md", "command-line.md", "win-format.md", "rulesets.md", "scoring.md",
         "house-rules.md", "install.md", "engines.md", "python-api.md"}


def _write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_every_guide_page_is_an_output_of_both_editions():
    out, warnings = guide.stage(ROOT, {}, {}, {})
    assert warnings == []
    assert {k.removeprefix("site/docs/en/guide/") for k in out if "/en/" in k} == PAGES
    assert {k.removeprefix("site/docs/guide/") for k in out if "/en/" not in k} == PAGES


def test_a_page_gets_its_titles_switch_and_the_english_only_note(tmp_path):
    _write(tmp_path, "site/guide/rules.md",
           "---\ntitle: Rules\nzh: 規則 · 规则\n---\n\n# Rules\n\nText.\n")
    out, _ = guide.stage(tmp_path, {}, {}, {})
    en = out["site/docs/en/guide/rules.md"].decode()
    zh = out["site/docs/guide/rules.md"].decode()
    assert en.startswith('---\ntitle: "Rules"\n---\n')
    assert zh.startswith('---\ntitle: "規則 · 规则 · Rules"\n---\n')
    # each links to the same page of the other edition (one MkDocs build per edition)
    assert 'href="../../../guide/rules/" hreflang="zh-Hant"' in en
    assert 'href="../../en/guide/rules/" hreflang="en"' in zh
    assert "# Rules\n\nText.\n" in en and "# Rules\n\nText.\n" in zh
    assert "本頁暫只有英文" in zh and "本頁" not in en


def test_the_win_format_comes_from_its_one_source(tmp_path):
    _write(tmp_path, "yakubook/engine/WIN_FORMAT.md", "# The winning-hand JSON format\n")
    out, _ = guide.stage(tmp_path, {}, {}, {})
    assert out["site/docs/en/guide/win-format.md"].decode().endswith(
        "# The winning-hand JSON format\n")


@pytest.mark.parametrize(("text", "message"), [
    ("# Rules\n", "site/guide/rules.md:1: a guide page starts with front matter"),
    ("---\ntitle: Rules\n---\n# Rules\n", "site/guide/rules.md:1: front matter lacks zh"),
    ("---\ntitle: Rules\nzh 規則\n---\n", "site/guide/rules.md:3: front matter line 'zh 規則'"),
])
def test_a_page_without_its_front_matter_is_bad_input(tmp_path, text, message):
    _write(tmp_path, "site/guide/rules.md", text)
    with pytest.raises(guide.GuideError) as error:
        guide.stage(tmp_path, {}, {}, {})
    assert str(error.value).startswith(message)


def test_the_build_runs_the_guide_stage_after_the_site():
    from render import site
    from yakubook import build

    stages = build._render_stages()
    assert stages.index(guide.stage) == stages.index(site.stage) + 1


def _table_rows(text: str, heading: str) -> dict[str, str]:
    """key -> default of the | `key` | `default` | … | table under a heading."""
    part = text[text.index(heading):]
    part = part[:part.find("\n## ", 1)] if "\n## " in part[1:] else part
    return {m[1]: m[2] for m in re.finditer(r"^\| `(\w+)` \| `([^`]*)` \|", part, re.M)}


def test_the_guides_scoring_table_is_the_engines():
    rows = _table_rows((GUIDE / "rulesets.md").read_text(encoding="utf-8"),
                       "## The `[scoring]` table")
    assert list(rows) == list(SCORING_KEYS)
    defaults = Scoring()
    for key, literal in rows.items():
        assert tomllib.loads(f"v = {literal}")["v"] == getattr(defaults, key), key
