"""The generated stubs and option types, as the engine imports them: ``yaku.generated``.

In the wheel this package *is* the checkout's top-level ``generated/`` folder (setup.py
copies it here; this file is not shipped). In the checkout, this file makes
``yaku.generated`` and ``yaku.generated.s3_NN`` the very module objects of the top-level
``generated`` package, so code importing either name (the engine and bodies one, tests and
the build the other) shares one set of classes: an option enum is never two types.

It also records ``SOURCE_SHA256`` (file name -> sha256 of the generated modules as they are
imported), so a build can tell whether this engine runs the code it has just generated
(render/site/engine.py).
"""

import hashlib
import sys
from pathlib import Path

import generated as _generated

sys.modules[__name__] = _generated
for _name, _module in list(sys.modules.items()):
    # generated/__init__.py imports every section module, so they are all here by now.
    if _name.startswith("generated."):
        sys.modules[f"{__name__}.{_name.removeprefix('generated.')}"] = _module
_generated.SOURCE_SHA256 = {
    path.name: hashlib.sha256(path.read_bytes()).hexdigest()
    for path in sorted(Path(_generated.__file__).parent.glob("*.py"))
}
