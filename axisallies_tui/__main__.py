"""`python -m axisallies_tui` runs the same entry point as the `axisallies` script."""

from axisallies_tui.cli import main

raise SystemExit(main())
