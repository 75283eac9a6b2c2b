"""The action panel: one widget per phase, chosen from `PANELS`.

Each module registers its panels (`@register_panel("combat_move", ...)`);
a pending decision of one kind gets its own panel with
`@register_panel("@decision:<kind>")` (casualties, retreat).
"""

from axisallies_tui.tui.panels.base import LAZY, PANELS, PhasePanel, panel_for, register_panel

# Every panel module is imported the first time one of its panels is wanted: a
# game opens on one panel, and its first paint need not wait for the others.
LAZY.update({
    "research": "axisallies_tui.tui.panels.research",
    "purchase": "axisallies_tui.tui.panels.purchase",
    "place": "axisallies_tui.tui.panels.place",
    "@decision": "axisallies_tui.tui.panels.decision",
    "@fallback": "axisallies_tui.tui.panels.fallback",
    "@over": "axisallies_tui.tui.panels.fallback",
    "combat_move": "axisallies_tui.tui.panels.moves",
    "noncombat_move": "axisallies_tui.tui.panels.moves",
    "conduct_combat": "axisallies_tui.tui.panels.battle",
    **{f"@decision:{kind}": "axisallies_tui.tui.panels.battle"
       for kind in ("defender_casualties", "attacker_casualties", "sub_casualties", "bombard_casualties", "retreat")},
})

__all__ = ["PANELS", "PhasePanel", "panel_for", "register_panel"]
