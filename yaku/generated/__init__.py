"""The generated stubs and option types, as the engine imports them: ``yaku.generated``.

In the wheel this package *is* the checkout's top-level ``generated/`` folder (setup.py
copies it here; this file is not shipped). In the checkout, this file makes
``yaku.generated`` and ``yaku.generated.s3_NN`` the very module objects of the top-level
``generated`` package, so code importing either name (the engine and bodies one, tests and
the build the other) shares one set of classes: an option enum is never two types.
"""

import sys

import generated as _generated

sys.modules[__name__] = _generated
for _name, _module in list(sys.modules.items()):
    # generated/__init__.py imports every section module, so they are all here by now.
    if _name.startswith("generated."):
        sys.modules[f"{__name__}.{_name.removeprefix('generated.')}"] = _module
