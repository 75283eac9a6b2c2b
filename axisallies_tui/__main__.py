"""`python -m axisallies_tui` runs the same entry point as the `axisallies` script."""

import gc
import sys


def _opens_the_game_screen(args: list[str]) -> bool:
    """The command starts the full-screen game (as `cli` decides: no command,
    `load` or `new`, both ends a terminal, not --json)."""
    command = next((a for a in args if not a.startswith("-")), None)
    return (sys.stdin.isatty() and sys.stdout.isatty() and "--json" not in args
            and command in (None, "load", "new"))


if _opens_the_game_screen(sys.argv[1:]):
    # Start-up makes many objects and frees few: the cyclic collector would walk
    # them again and again (about 0.1 s before the first paint). The app turns
    # it back on once its first screen is painted (`tui.app.resume_collector`).
    gc.disable()

from axisallies_tui.cli import main  # noqa: E402

raise SystemExit(main())
