"""``python -m coinlake``: the ``coinlake`` command line."""

from coinlake.cli import main

main()
