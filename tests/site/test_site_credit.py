"""Every page of both editions credits the compendium in its footer (issue #39): the
title, the chapter, that the text was repaired, and the code's license."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.slow  # reads the built site


@pytest.mark.parametrize("page, words", [
    ("index.html", ["麻雀規則全集", "特殊役", "修復", "MIT"]),
    ("yaku/3-13-01/index.html", ["麻雀規則全集", "特殊役", "修復", "MIT"]),
    ("en/index.html", ["Majiang Guize Quanji", "chapter 3", "repairs", "MIT"]),
    ("en/yaku/3-13-01/index.html", ["Majiang Guize Quanji", "chapter 3", "repairs", "MIT"]),
])
def test_the_footer_credits_the_compendium(built_site, page, words):
    html = (built_site.public / page).read_text(encoding="utf-8")
    footer = re.search(r'<div class="md-copyright__highlight">(.*?)</div>', html, re.S)
    assert footer is not None, page
    assert all(w in footer.group(1) for w in words), footer.group(1)
