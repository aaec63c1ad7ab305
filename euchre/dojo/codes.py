"""A dojo's join code, read aloud to the room, and the facilitator's key."""

from __future__ import annotations

import secrets

CODE_LETTERS = "AFHJKMNRWXY"
"""Letters no one misreads as a digit (no I, O, S, Z, B, G) nor mishears as another (none of
B, C, D, E, G, P, T, V, Z, which all rhyme); read aloud with the spelling alphabet."""
CODE_LENGTH = 8
SPELLING = {
    "A": "alfa",
    "F": "foxtrot",
    "H": "hotel",
    "J": "juliett",
    "K": "kilo",
    "M": "mike",
    "N": "november",
    "R": "romeo",
    "W": "whiskey",
    "X": "x-ray",
    "Y": "yankee",
}


def new_code() -> str:
    """A random join code of eight letters, easy to read aloud and to type: ``KXRM-AWFH``."""
    letters = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
    return f"{letters[:4]}-{letters[4:]}"


def spelt(code: str) -> str:
    """The code as it is read aloud: ``kilo x-ray romeo mike, alfa whiskey foxtrot hotel``."""
    groups = code.split("-")
    return ", ".join(" ".join(SPELLING.get(letter, letter) for letter in group) for group in groups)


def new_key() -> str:
    """A random key for the facilitator alone: never read aloud, so it need not be easy to; in
    hexadecimal digits, so that a command line never takes it for an option (``-a4fk…``)."""
    return secrets.token_hex(12)
