"""``python -m euchre.kata``: the kata tooling's commands."""

from euchre.kata.cli import main

raise SystemExit(main())
