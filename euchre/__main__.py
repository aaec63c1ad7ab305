"""``python -m euchre``: the same commands as the ``euchre`` script."""

from euchre.cli import main

raise SystemExit(main())
