"""`python -m axisallies_tui` runs the same entry point as the `axisallies` script."""

import sys

from axisallies_tui.startup import pause_collector_for_the_game_screen

pause_collector_for_the_game_screen(sys.argv[1:])

from axisallies_tui.cli import main  # noqa: E402

raise SystemExit(main())
