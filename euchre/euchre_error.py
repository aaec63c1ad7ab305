"""The root of the project's exceptions, on its own beneath every module that raises one.

Cards and seats raise errors of reading text, and ``euchre.errors``, which gathers every
exception in one place, names the seats, cards and actions its refusals carry: so the root sits
below them all, and no module imports one above it.
"""

from __future__ import annotations


class EuchreError(ValueError):
    """Something that breaks the rules of Euchre."""
