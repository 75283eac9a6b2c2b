"""The action panel: one widget per phase, chosen from `PANELS`.

Each module registers its panels (`@register_panel("combat_move", ...)`);
a pending decision of one kind gets its own panel with
`@register_panel("@decision:<kind>")` (casualties, retreat).
"""

# Importing the modules registers their panels; the move and battle panels are
# imported when first wanted.
from axisallies_tui.tui.panels import decision, fallback, place, purchase, research  # noqa: E402,F401
from axisallies_tui.tui.panels.base import LAZY, PANELS, PhasePanel, panel_for, register_panel

LAZY.update({
    "combat_move": "axisallies_tui.tui.panels.moves",
    "noncombat_move": "axisallies_tui.tui.panels.moves",
    "conduct_combat": "axisallies_tui.tui.panels.battle",
    **{f"@decision:{kind}": "axisallies_tui.tui.panels.battle"
       for kind in ("defender_casualties", "attacker_casualties", "sub_casualties", "bombard_casualties", "retreat")},
})

__all__ = ["PANELS", "PhasePanel", "panel_for", "register_panel"]
