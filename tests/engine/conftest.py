"""Import paths for the engine tests, whatever pytest's import mode.

The repository root makes ``yaku`` importable when the package is not installed; this
directory makes the shared hand generator ``engine_hands`` importable under
``--import-mode=importlib``, which does not put test directories on sys.path.
"""

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
for _path in (str(_HERE.parents[1]), str(_HERE)):
    if _path not in sys.path:
        sys.path.insert(0, _path)
