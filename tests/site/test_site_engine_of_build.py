"""The site stage asks the engine of the build being made (render/site/engine.py): this
process's engine when it runs the build's generated code, else a worker on the staged code."""

from __future__ import annotations

from render.site import engine
from tests.conftest import ROOT


def _outputs() -> dict[str, bytes]:
    out = {f"generated/{p.name}": p.read_bytes() for p in (ROOT / "generated").glob("*.py")}
    out["catalog/catalog.json"] = (ROOT / "catalog" / "catalog.json").read_bytes()
    return out


def test_the_imported_engine_answers_only_for_its_own_generated_code(tmp_path):
    outputs = _outputs()
    assert engine.imported_matches(ROOT, outputs)
    changed = dict(outputs)
    changed["generated/s3_13.py"] += b"\n# another build\n"
    assert not engine.imported_matches(ROOT, changed)
    # another tree: its own yakubook/engine/ decides (none, or a copy of this one: this engine)
    assert engine.imported_matches(tmp_path, outputs)
    body = tmp_path / "yakubook" / "engine" / "bodies" / "s3_13.py"
    body.parent.mkdir(parents=True)
    source = ROOT / "yakubook" / "engine" / "bodies" / "s3_13.py"
    body.write_bytes(source.read_bytes() + b"# edited\n")
    assert not engine.imported_matches(tmp_path, outputs)
    with engine.of_build(ROOT, outputs) as same:
        assert isinstance(same, engine.InProcess)
    with engine.of_build(ROOT, changed) as other:
        assert isinstance(other, engine.Worker)


def test_the_worker_answers_as_the_engine_in_process():
    examples = [
        # 加賀百萬石(1): 55666777888999m sums to 100; b yakuman, c double at exactly 100
        {"yaku": "3-13-01", "hand": "55666777888999m", "win": "9m", "tsumo": True},
        # 編織: 1m1p … 7m7p
        {"yaku": "3-16-08", "hand": "1234567m1234567p", "win": "7p"},
        # 7m and 8p do not match
        {"yaku": "3-16-08", "hand": "1234567m1234568p", "win": "8p"},
    ]
    here = engine.InProcess()
    worker = engine.Worker(ROOT, _outputs())
    try:
        for ex in examples:
            assert worker.awards(ex) == here.awards(ex)
        assert worker.readings({"3-13-01", "3-16-08"}) == here.readings({"3-13-01", "3-16-08"})
    finally:
        worker.close()
    assert here.awards(examples[0]) == [
        ["b", {"kind": "yakuman", "lost": False, "multiple": 1, "notes": [], "open": None}],
        ["c", {"kind": "yakuman", "lost": False, "multiple": 2, "notes": [], "open": None}],
    ]
    assert here.awards(examples[1])[0][1]["han"] == 2
    assert here.awards(examples[2]) == [["b", None]]


def test_a_worker_whose_engine_fails_says_so_and_shows_no_awards():
    import pytest

    outputs = _outputs()
    outputs["generated/__init__.py"] = b"raise ImportError('a broken stub module')\n"
    worker = engine.Worker(ROOT, outputs)
    try:
        ex = {"yaku": "3-13-01", "hand": "55666777888999m", "win": "9m", "tsumo": True}
        assert worker.awards(ex) is None
        with pytest.raises(ImportError, match="a broken stub module"):
            worker.readings({"3-13-01"})
    finally:
        worker.close()


def test_an_example_shows_the_best_readings_award_not_the_first(monkeypatch):
    """A yaku may award less in a hand's first reading than in another; the page shows
    what the engine reports, the best (issue #43: taking the first reading's award passed
    every test, no catalog example has two readings that award different values). The body
    here awards 1 han in the first reading and 3 han in the second."""
    from render.site.engine import compute_awards
    from yakubook.engine import registry
    from yakubook.engine.award import Award
    from yakubook.engine.decompose import interpretations
    from yakubook.engine.win import Win

    example = {"yaku": "3-13-01", "hand": "111222333m456p77s", "win": "7s"}
    readings = list(interpretations(Win.from_json({"hand": example["hand"],
                                                   "win": example["win"]})))
    assert len(readings) >= 2  # the triplets and the sequences
    registry.load_bodies()

    def body(yid, view, options):
        han = 1 if view.interp == readings[0] else 3
        return Award(id=yid, name="x", letter=options.value.letter,
                     value={"kind": "han", "han": han, "open_han": None, "lost": False,
                            "notes": []})

    monkeypatch.setattr(registry, "call", body)
    awards = compute_awards(example)
    assert awards and all(value is not None and value["han"] == 3 for _, value in awards)
