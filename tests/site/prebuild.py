"""The site tests' prebuild (tests/site/conftest.py, ``pytest_collection_finish``): builds
the site, and installs the house-rules engine into its copy, into a test run's shared
folder, in a process of its own so that nothing it does shares state with the tests.

usage: prebuild.py RUN_FOLDER site|house-rules
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    run_folder, what = Path(argv[1]), argv[2]
    spec = importlib.util.spec_from_file_location("site_conftest", HERE / "conftest.py")
    assert spec is not None and spec.loader is not None
    conftest = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = conftest  # its dataclasses look their module up there
    spec.loader.exec_module(conftest)
    conftest.prebuild(run_folder, house_rules=what == "house-rules")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
