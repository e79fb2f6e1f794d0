"""The hand-written predicate bodies, one module per section (mirroring generated/).

Each body implements a generated stub with ``@implements(ID, fingerprint=...)``; see
yakubook/engine/registry.py. ``registry.load_bodies()`` imports them all.
"""
