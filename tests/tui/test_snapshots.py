"""Screenshots of the main screens at 80x24 and 120x40 (pytest-textual-snapshot).

Each docstring says what the picture proves. After a deliberate change, read
the SVG report before accepting new pictures with `--snapshot-update`.
"""

from __future__ import annotations

from axisallies_tui.engine.actions import EndPhase, Purchase
from axisallies_tui.engine.dice import ScriptedDice
from axisallies_tui.store import SavedGame
from axisallies_tui.tui.app import make_app

SMALL = (80, 24)
LARGE = (120, 40)


def app_on(name: str | None = None):
    return make_app(dice=ScriptedDice([]), open_game=name, theme="textual-dark")


def played(name: str, *actions) -> str:
    """Apply actions to the saved game `name` (deterministic: no dice)."""
    game = SavedGame.open(name)
    for action in actions:
        game.apply(action, ScriptedDice([]))
    game.close()
    return name


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


def test_start_screen_small(snap_compare, saved_game, fixed_clock):
    """80x24: the menu with its keys, and the saved game listed with board, round,
    the power to play (tag and name), phase and last played time."""
    saved_game("friday")
    assert snap_compare(app_on(), terminal_size=SMALL)


def test_start_screen_large(snap_compare, saved_game, fixed_clock):
    """120x40: the same start screen uses the width (menu beside the saved games)."""
    saved_game("friday")
    assert snap_compare(app_on(), terminal_size=LARGE)


def test_setup_game_tab_small(snap_compare):
    """80x24: board, save name, Low Luck (blank box when off), seed and a name for
    every power with its tag and side; Axis v Allies and Start keys in the footer."""
    assert snap_compare(app_on(), press=["n"], terminal_size=SMALL)


def test_setup_house_rules_large(snap_compare):
    """120x40: house rules filtered by "victory", grouped under their source
    documents; the rule switched on shows (*) as a one-of choice of its group,
    planned rules are marked; its help and parameter sit beside the list; the
    summary line names it."""

    async def run_before(pilot) -> None:
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("f6", "f6")
        await settle(pilot)
        pilot.app.screen.query_one("#rule-filter").focus()
        await pilot.press(*"victory")
        await settle(pilot)
        pilot.app.screen.toggle_rule("s000-victory-conditions")
        await settle(pilot)

    assert snap_compare(app_on(), run_before=run_before, terminal_size=LARGE)


def test_game_research_small(snap_compare, saved_game):
    """80x24: status line (round, SU tag and name, player, phase, IPCs, income); the
    research panel full width (narrow layout: board behind F2); the feed below."""
    saved_game("g", players={"ussr": "Ann"})
    assert snap_compare(app_on("g"), terminal_size=SMALL)


def test_game_research_large(snap_compare, saved_game):
    """120x40: region table (Soviet Union, owners by tag, IPC, marks cap/IC/AA, units
    by power), the detail of Russia, the research panel and a taller feed."""
    saved_game("g", players={"ussr": "Ann"})
    assert snap_compare(app_on("g"), terminal_size=LARGE)


def test_game_board_small(snap_compare, saved_game):
    """80x24: F2 shows the board full width with the region bar; 2 picks Europe."""
    saved_game("g")
    assert snap_compare(app_on("g"), press=["f2", "2"], terminal_size=SMALL)


def test_game_purchase_list_small(snap_compare, saved_game):
    """80x24: the shopping list with prices, a draft of 3 infantry and 1 armour,
    the running total and what is left."""
    played(saved_game("g"), EndPhase())
    assert snap_compare(app_on("g"), press=["plus", "plus", "plus", "down", "plus"], terminal_size=SMALL)


def test_game_place_large(snap_compare, saved_game):
    """120x40: the units waiting and the spaces where the highlighted one may go,
    with the complex it comes from and the limit."""
    played(saved_game("g"), EndPhase(), Purchase(unit="infantry", count=2), Purchase(unit="transport", count=1),
           EndPhase(), EndPhase(), EndPhase())
    assert snap_compare(app_on("g"), press=["down"], terminal_size=LARGE)


def test_refusal_in_status_line_small(snap_compare, saved_game):
    """80x24: placing where the rules forbid shows "Refused:" and the reason in the
    status line; nothing else changes."""
    played(saved_game("g"), EndPhase(), Purchase(unit="infantry", count=1), EndPhase(), EndPhase(), EndPhase())

    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.screen.jump_to("caucasus")
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)

    assert snap_compare(app_on("g"), run_before=run_before, terminal_size=SMALL)


def test_hand_over_small(snap_compare, saved_game):
    """80x24: the turn passes from Ann to Bob: the dialog sums up the Soviet income
    and names the next player and power."""
    played(saved_game("g", players={"ussr": "Ann", "germany": "Bob"}), EndPhase(), EndPhase(), EndPhase(),
           EndPhase())
    assert snap_compare(app_on("g"), press=["e"], terminal_size=SMALL)


def test_help_small(snap_compare, saved_game):
    """80x24: F1 in the purchase phase opens the help at "Purchase units", with the
    contents (base rules, then house rules) and the search box."""
    played(saved_game("g"), EndPhase())
    assert snap_compare(app_on("g"), press=["f1"], terminal_size=SMALL)


def test_too_small(snap_compare, saved_game):
    """50x14: a message asking for a larger terminal instead of a broken layout."""
    saved_game("g")
    assert snap_compare(app_on("g"), terminal_size=(50, 14))
