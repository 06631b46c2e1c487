"""One test file per implemented Event card (``test_cNNN_title.py``), each side and clause
tested from a position written in the position format (``docs/positions.md``)."""
