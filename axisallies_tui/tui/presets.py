"""Setup choices, and named presets of them kept as JSON files in
`<user data>/presets/NAME.json` so a group can reuse its table rules."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from attrs import define, field

from axisallies_tui import locations
from axisallies_tui.engine.rules import HouseRuleChoice, Ruleset

PRESET_FORMAT = "axisallies-tui preset"


class PresetError(Exception):
    """A preset file that cannot be read; the message names the file and the problem."""


@define
class SetupChoices:
    """Everything the setup screen collects, in plain values."""

    board: str = "classic"
    players: dict[str, str] = field(factory=dict)
    logins: dict[str, str] = field(factory=dict)
    """Shared server: the login each bound power is played from (others: anyone)."""
    house: dict[str, dict[str, Any]] = field(factory=dict)
    """House rules switched on, each with the parameters set (defaults left out)."""
    options: dict[str, Any] = field(factory=dict)
    """Base options that differ from the edition's defaults."""
    low_luck: bool = False
    seed: str = ""

    def ruleset(self) -> Ruleset:
        house = tuple(
            HouseRuleChoice(id=rule_id, params=tuple(sorted(params.items())))
            for rule_id, params in self.house.items()
        )
        return Ruleset(
            board=self.board,
            options=tuple(sorted(self.options.items())),
            house=house,
            dice="low_luck" if self.low_luck else "standard",
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": PRESET_FORMAT,
            "board": self.board,
            "players": dict(self.players),
            "logins": dict(self.logins),
            "house": {k: dict(v) for k, v in self.house.items()},
            "options": dict(self.options),
            "low_luck": self.low_luck,
        }

    @classmethod
    def from_json(cls, data: Any, source: str) -> "SetupChoices":
        if not isinstance(data, dict) or data.get("format") != PRESET_FORMAT:
            raise PresetError(f"{source}: not a preset (expected \"format\": \"{PRESET_FORMAT}\")")
        try:
            house = data.get("house", {})
            players = data.get("players", {})
            options = data.get("options", {})
            logins = data.get("logins", {})
            if not all(isinstance(x, dict) for x in (house, players, options, logins)):
                raise TypeError("house, players, logins and options must be tables")
            if not all(isinstance(p, dict) for p in house.values()):
                raise TypeError("each house rule maps to its parameters")
            return cls(
                board=str(data.get("board", "classic")),
                players={str(k): str(v) for k, v in players.items()},
                logins={str(k): str(v) for k, v in logins.items()},
                house={str(k): dict(v) for k, v in house.items()},
                options=dict(options),
                low_luck=bool(data.get("low_luck", False)),
            )
        except (TypeError, ValueError) as problem:
            raise PresetError(f"{source}: {problem}") from None


def presets_dir() -> Path:
    return locations.user_data_dir() / "presets"


def preset_file_name(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-_")[:64]
    if not cleaned:
        raise PresetError("a preset name needs at least one letter or digit")
    return cleaned


def list_presets() -> list[str]:
    folder = presets_dir()
    return sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []


def save_preset(name: str, choices: SetupChoices) -> Path:
    folder = presets_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{preset_file_name(name)}.json"
    path.write_text(json.dumps(choices.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def load_preset(name: str) -> SetupChoices:
    path = presets_dir() / f"{preset_file_name(name)}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as problem:
        raise PresetError(f"{path}: cannot be read ({problem.strerror})") from None
    except ValueError as problem:
        raise PresetError(f"{path}: not JSON ({problem})") from None
    return SetupChoices.from_json(data, str(path))
