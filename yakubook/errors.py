"""The one exception type the engine raises for bad input."""


class InputError(ValueError):
    """A hand, meld or situation that cannot be evaluated.

    The message is meant for the person who typed the input: it names the offending tile,
    meld or field (for example ``unknown tile '8z'`` or ``tile 5m appears 5 times``).
    Subclassing ValueError keeps ``except ValueError`` callers working.
    """
