"""The action panel: one widget per phase, chosen from `PANELS`.

Movement and battle panels register themselves the same way when the engine
has those phases (`@register_panel("combat_move")`).
"""

from axisallies_tui.tui.panels.base import PANELS, PhasePanel, panel_for, register_panel

# Importing the modules registers their panels.
from axisallies_tui.tui.panels import decision, moves, place, purchase, research  # noqa: E402,F401

__all__ = ["PANELS", "PhasePanel", "panel_for", "register_panel"]
