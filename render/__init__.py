"""catalog -> generated/ (Python stubs) and site/docs (Markdown), via Jinja2 templates."""

from __future__ import annotations

from collections.abc import Callable


def stages() -> list[Callable]:
    """The render stages the build runs, in order; each returns (outputs, warnings)."""
    from render import stubs

    out: list[Callable] = [stubs.stage]
    try:
        from render import site
    except ImportError:
        return out
    out.append(site.stage)
    return out
