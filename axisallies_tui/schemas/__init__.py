"""JSON Schemas of the headless protocol, shipped with the program.

`headless-in.schema.json` is what a driver may write (actions, queries, table
dice); `headless-out.schema.json` is every line the program writes (greeting,
events, status, pending decisions, errors, answers). Both are generated from
the engine's own action and event classes by `python -m axisallies_tui.schemas.build`;
a test checks that the shipped files match, so they never drift from the code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).parent
IN = "headless-in.schema.json"
OUT = "headless-out.schema.json"


def load(name: str) -> dict[str, Any]:
    """A shipped schema, by file name (IN or OUT)."""
    data: dict[str, Any] = json.loads((FOLDER / name).read_text(encoding="utf-8"))
    return data
