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


def test_setup_house_rules_available_small(snap_compare):
    """80x24: the house-rules tab with v (available only): the count line and a
    list taller than the help below it."""
    assert snap_compare(app_on(), press=["n", "f6", "f6", "v"], terminal_size=SMALL)


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


def test_game_research_huge(snap_compare, saved_game):
    """160x50: the board shows Soviet Union and, below it to read, Africa (titled
    with the key to go there); the action panel takes a third of the width and
    the feed a quarter of the height."""
    saved_game("g", players={"ussr": "Ann"})
    assert snap_compare(app_on("g"), terminal_size=(160, 50))


def test_standings_small(snap_compare, saved_game):
    """80x24: the standings dialog: a row per power and per side, victory progress."""
    saved_game("g", players={"ussr": "Ann", "germany": "Bob"})
    assert snap_compare(app_on("g"), press=["s"], terminal_size=SMALL)


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


# -- moves, battles, odds -----------------------------------------------------------------


def scene(name: str, state, players=None) -> str:
    from tests.helpers import make_rules

    SavedGame.create(name, make_rules().ruleset, seed=1, start=state, players=players or {}).close()
    return name


def caucasus_attack():
    """Germany's two armour have moved into Caucasus (three Soviet infantry)."""
    from axisallies_tui.engine.movement import Move
    from tests.helpers import act, at, clear, make_rules, put, start

    rules = make_rules()
    state = put(rules, clear(rules, start(rules), "caucasus"), "caucasus", "ussr", "infantry", 3)
    state = put(rules, clear(rules, state, "ukraine_ssr"), "ukraine_ssr", "germany", "armour", 2)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("armour", 2),))).state
    return act(rules, state, EndPhase()).state


def test_move_destinations_small(snap_compare, saved_game):
    """80x24: Soviet armour in Russia, combat move: each destination the engine
    accepts with what happens there (battle, neutral fee and capture) and the
    distance; under the list the path the engine chose for the highlighted one."""
    played(saved_game("g"), EndPhase(), EndPhase())

    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.screen.jump_to("russia")
        await settle(pilot)
        await pilot.press("m", "down", "a", "enter")
        await settle(pilot)

    assert snap_compare(app_on("g"), run_before=run_before, terminal_size=SMALL)


def test_move_units_large(snap_compare):
    """120x40: the move panel beside the board (side column widened): the units in
    the North Sea after two infantry boarded: the infantry aboard, the transport
    carrying them, the battleship, movement left, one of each chosen to sail."""
    from axisallies_tui.engine.movement import Move
    from tests.helpers import act, at, make_rules, start

    rules = make_rules()
    state = at(rules, start(rules), "uk", "combat_move")
    state = act(rules, state, Move(origin="united_kingdom", destination="north_sea_zone",
                                   units=(("infantry", 2),))).state
    scene("g", state)

    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.screen.jump_to("north_sea_zone")
        await settle(pilot)
        await pilot.press("m", "down", "plus", "down", "plus")
        await settle(pilot)

    assert snap_compare(app_on("g"), run_before=run_before, terminal_size=LARGE)


def test_battle_pane_small(snap_compare):
    """80x24: conduct combat: the battle to fight with the attacker's chance, both
    sides by tag and unit, the exact odds (win, lose, draw, no capture) and the
    expected survivors."""
    scene("g", caucasus_attack())
    assert snap_compare(app_on("g"), run_before=settle, terminal_size=SMALL)


def test_battle_pane_large(snap_compare):
    """120x40: the same battle pane in the widened side column, the board beside it
    showing the Soviet Union region with Caucasus."""
    scene("g", caucasus_attack())
    assert snap_compare(app_on("g"), run_before=settle, terminal_size=LARGE)


def test_casualty_choice_small(snap_compare):
    """80x24: after the attack roll (shown), the defender picks casualties: one
    line per type with a Note column (cargo, damage, origin) and the default
    (cheapest first here) filled in, how many are
    needed, and that they still fire back."""
    from axisallies_tui.engine.combat import Fight
    from tests.helpers import make_rules, put

    rules = make_rules()
    state = caucasus_attack()
    state = put(rules, state, "caucasus", "ussr", "armour")
    name = scene("g", state)
    game = SavedGame.open(name)
    game.apply(Fight(space="caucasus"), ScriptedDice([1, 2]))
    game.close()
    assert snap_compare(app_on("g"), run_before=settle, terminal_size=SMALL)


def test_odds_screen_small(snap_compare):
    """80x24: the odds calculator from the start screen with 3 infantry and 2
    armour attacking 3 infantry: outcomes with bars, expected survivors, losses,
    rounds and the chance of each number of survivors."""
    async def fill_in(pilot) -> None:
        await pilot.press("o", "plus", "plus", "plus", "down", "plus", "plus", "tab", "plus", "plus", "plus")
        await pilot.app.workers.wait_for_complete()  # the odds come from a worker thread
        await settle(pilot)

    assert snap_compare(app_on(), terminal_size=SMALL, run_before=fill_in)
