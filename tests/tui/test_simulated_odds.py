"""The battle pane says when its odds are simulated, and by how much they may be off."""

from axisallies_tui.engine.battle_odds import odds_for_battle
from tests.engine.test_battle_steps import _attack, _rules_with_barrage
from tests.helpers import make_rules


def test_the_battle_pane_says_when_odds_are_simulated():
    from axisallies_tui.tui.battles import odds_lines, short_odds

    rules = _rules_with_barrage()
    odds = odds_for_battle(rules, _attack(rules), "caucasus")
    assert odds_lines(rules, odds, land=True)[0].startswith("Odds (simulated, \u00b1")
    assert short_odds(odds).startswith("win ~")
    exact = odds_for_battle(make_rules(), _attack(make_rules()), "caucasus")
    assert odds_lines(make_rules(), exact, land=True)[0].startswith("Odds: win")


async def test_the_screen_keeps_working_while_the_battle_odds_are_simulated(monkeypatch):
    """With a house rule that changes the battle, its odds are simulated (seconds
    of work): the pane says 'odds...' and the screen keeps answering until they
    come, then shows them marked as simulated."""
    import threading

    from axisallies_tui.tui import battles
    from axisallies_tui.tui.panels.battle import BattlePanel
    from tests.houserules.test_s000_dogfights import attack
    from tests.tui.test_play import open_app, saved
    from tests.tui.waiting import settle, until, workers_done

    rules = make_rules("s000-defender-retreats")
    name = saved(attack(rules, [("infantry", 3), ("fighter", 1)], [("infantry", 2)]), "retreats", rules=rules)
    started, release = threading.Event(), threading.Event()
    real = battles.odds_for

    def held_back(*args, **kwargs):
        started.set()
        release.wait(timeout=30)
        return real(*args, **kwargs)

    monkeypatch.setattr(battles, "odds_for", held_back)
    app = open_app(name)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, started.is_set)
        await settle(pilot)
        panel = app.screen.panel
        assert isinstance(panel, BattlePanel)
        listing = panel.query_one("#battle-list")
        assert "odds..." in str(listing.get_option_at_index(0).prompt)
        await pilot.press("f1")  # the screen answers while the odds are worked out
        await until(pilot, lambda: app.screen is not panel.screen)
        assert not release.is_set()
        await pilot.press("escape")
        release.set()
        await workers_done(pilot)
        await until(pilot, lambda: "win ~" in str(listing.get_option_at_index(0).prompt))


async def test_a_simulation_the_battle_has_moved_past_is_told_to_stop(monkeypatch):
    """Two battles with simulated odds; the first is fought and won without a
    question while the odds are being worked out: the simulation for the
    position left behind is asked to stop, rather than run for seconds beside
    the one for the new position."""
    import threading

    from axisallies_tui.engine.actions import EndPhase
    from axisallies_tui.engine.movement import Move
    from axisallies_tui.tui import battles
    from axisallies_tui.tui.panels.battle import BattlePanel
    from tests.helpers import act, at, clear, own, put, start
    from tests.tui.test_play import open_app, saved
    from tests.tui.waiting import settle, until

    rules = make_rules("s000-defender-retreats")
    state = start(rules)
    for space in ("ukraine_ssr", "caucasus", "karelia_ssr"):
        state = clear(rules, state, space)
    state = put(rules, own(rules, state, "ukraine_ssr", "germany"), "ukraine_ssr", "germany", "infantry", 2)
    state = put(rules, put(rules, state, "caucasus", "ussr", "infantry"), "karelia_ssr", "ussr", "infantry")
    state = at(rules, state, "germany", "combat_move")
    for target in ("caucasus", "karelia_ssr"):
        state = act(rules, state, Move(origin="ukraine_ssr", destination=target, units=(("infantry", 1),))).state
    name = saved(act(rules, state, EndPhase()).state, "two-battles", rules=rules)
    stops, release = [], threading.Event()

    def held_back(rules, state, space, stop=None):
        stops.append(stop)
        release.wait(timeout=30)
        return None

    monkeypatch.setattr(battles, "odds_for", held_back)
    app = open_app(name, dice=[1, 6])  # the attacker hits, the defender misses: won, nothing to ask
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(stops) == 1)
        panel = app.screen.panel
        assert not stops[0]()
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.panel is panel and isinstance(panel, BattlePanel)  # the same pane, a new position
        assert len(battles.battle_list(app.session.rules, app.session.state)) == 1
        await until(pilot, stops[0])
        release.set()


async def test_planned_odds_for_a_destination_left_are_told_to_stop(monkeypatch):
    """Moving the highlight from one attack to the next while its simulated
    odds are worked out: the first simulation is asked to stop."""
    import threading

    from axisallies_tui.tui.panels import moves as moves_panel
    from tests.helpers import at, start
    from tests.tui.test_play import open_app, origin, pick_units, saved
    from tests.tui.waiting import settle, until

    rules = make_rules("s000-defender-retreats")
    app = open_app(saved(at(rules, start(rules), "ussr", "combat_move"), "planning-sim", rules=rules))
    stops, release = [], threading.Event()

    def held_back(rules, state, moves, stop=None):
        stops.append(stop)
        release.wait(timeout=30)
        return ""

    monkeypatch.setattr(moves_panel, "planned_odds_text", held_back)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = await origin(pilot, app, "karelia_ssr")
        await pick_units(pilot, panel, "armour")
        await pilot.press("enter")
        await settle(pilot)
        attacks = [n for n, d in enumerate(panel.dests) if d.ok and not d.raid and d.moves and d.space in (
            "finland_norway", "east_europe", "ukraine_ssr")]
        await pilot.press("home", *["down"] * attacks[0])
        await until(pilot, lambda: len(stops) == 1)
        assert not stops[0]()
        await pilot.press(*["down"] * (attacks[1] - attacks[0]))
        await until(pilot, stops[0])
        release.set()
