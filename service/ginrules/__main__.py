"""``python -m ginrules``: the ``ginrules`` command."""

from .cli import main

raise SystemExit(main())
