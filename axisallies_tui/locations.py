"""Where things live: the built-in maps/ and rules/, the user's data folder, saves.

In a source checkout maps/ and rules/ sit at the repository root; an installed
wheel carries them as `axisallies_tui/_data/`. Users may add boards and house
rule files under their data folder (`maps/`, `rules/`, `rules/house/`).
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "axisallies-tui"
_PACKAGE = Path(__file__).resolve().parent


def builtin_root() -> Path:
    """The folder holding the shipped `maps/` and `rules/`."""
    packaged = _PACKAGE / "_data"
    if (packaged / "maps").is_dir():
        return packaged
    return _PACKAGE.parent


def user_data_dir() -> Path:
    """The user's own folder: `$AXISALLIES_HOME`, or the platform's data directory."""
    override = os.environ.get("AXISALLIES_HOME")
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def games_dir() -> Path:
    """Where saved games go: `$AXISALLIES_GAMES_DIR` (a group's shared folder) or
    `<user data>/games`, private to the user."""
    shared = os.environ.get("AXISALLIES_GAMES_DIR")
    return Path(shared).expanduser() if shared else user_data_dir() / "games"


def games_dir_shared() -> bool:
    """True when games go to a group's shared folder, where powers may be bound
    to logins (a personal folder is readable by its owner alone)."""
    return bool(os.environ.get("AXISALLIES_GAMES_DIR"))


def search_roots() -> list[Path]:
    """Built-in data first, then the user's additions."""
    return [builtin_root(), user_data_dir()]


def data_file(folder: str, stem: str) -> Path | None:
    """`<folder>/<stem>.toml` from the first root holding it, as `board_files` and
    `edition_files` choose; the user's folder is looked up only when the built-in
    data lacks the file (finding it costs an import at start-up)."""
    if not stem or Path(stem).name != stem:  # an id, never a path
        return None
    for root in (builtin_root, user_data_dir):
        path = root() / folder / f"{stem}.toml"
        if path.is_file() and path.name in os.listdir(path.parent):  # the exact name, as on a case-blind disk
            return path
    return None


def board_files() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for root in search_roots():
        for path in sorted((root / "maps").glob("*.toml")):
            found.setdefault(path.stem, path)
    return found


def edition_files() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for root in search_roots():
        for path in sorted((root / "rules").glob("*.toml")):
            found.setdefault(path.stem, path)
    return found


def house_rule_files() -> list[Path]:
    files: list[Path] = []
    for root in search_roots():
        files.extend(sorted((root / "rules" / "house").glob("*.toml")))
    return files
