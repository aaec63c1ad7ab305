"""The commands as the learner types them: make's words, as the workspace's Makefile has them (the
default), or the front door's, `euchre kata ...`, which names itself in ``COACH_COMMAND``.

Many dojos run on laptops without make; a learner there who is told "make next" is told a
command they cannot run.
"""

from __future__ import annotations

import os

ENVIRONMENT = "COACH_COMMAND"
"""Set by `euchre kata` to the words before a command ("euchre kata"); unset under make."""
_MAKE_OPTIONS = {
    **{"full": "FULL=1", "stage": "STAGE={}", "run": "RUN={}", "dojo": "DOJO={}"},
    **{"from": "FROM={}", "to": "TO={}"},
}
_FRONT_DOOR_OPTIONS = {
    **{"full": "--full", "stage": "--stage {}", "run": "--run {}", "dojo": "{}"},
    **{"from": "--from {}", "to": "--to {}"},
}


def command(name: str, **options: object) -> str:
    """The command ``name`` with ``options`` (such as ``full=True``, ``stage=2``), as typed."""
    front_door = os.environ.get(ENVIRONMENT)
    said = f"{front_door} {name}" if front_door else f"make {name}"
    return " ".join([said, *(option(key, value) for key, value in options.items())])


def option(name: str, value: object) -> str:
    """One option (``full``, ``stage``, ``run``, ``from``, ``to``, or join's ``dojo``) with its
    value, as typed."""
    spelled = _FRONT_DOOR_OPTIONS if os.environ.get(ENVIRONMENT) else _MAKE_OPTIONS
    return spelled[name].format(value)
