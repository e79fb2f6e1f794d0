"""The site stage says so when the engine cannot be imported, instead of quietly showing
catalog values where the engine's awards and readings belong."""

from __future__ import annotations

from render.site.model import body_readings
from yakubook.engine import registry


def test_an_engine_that_fails_to_import_is_a_warning(monkeypatch):
    def broken() -> None:
        raise ImportError("no module named 'generated.s3_99'")

    monkeypatch.setattr(registry, "load_bodies", broken)
    warnings: list[str] = []
    assert body_readings({"3-02-01"}, warnings) == {}
    assert len(warnings) == 1
    assert "engine could not be imported" in warnings[0] and "s3_99" in warnings[0]


def test_a_working_engine_gives_readings_and_no_warning():
    warnings: list[str] = []
    readings = body_readings({"3-02-01"}, warnings)
    assert warnings == []
    assert set(readings) == {"3-02-01"} and readings["3-02-01"]
