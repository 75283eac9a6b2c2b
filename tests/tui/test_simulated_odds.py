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

    def held_back(*args, **kwargs):
        started.set()
        release.wait(timeout=30)
        return _quick_simulation(*args, **kwargs)

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

    def held_back(rules, state, space, stop=None, progress=None):
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


def _planning_app(name):
    """The Soviet combat move of a new game with Defender Retreats (odds simulated)."""
    from tests.helpers import at, start
    from tests.tui.test_play import open_app, saved

    rules = make_rules("s000-defender-retreats")
    return open_app(saved(at(rules, start(rules), "ussr", "combat_move"), name, rules=rules))


async def _armour_destinations(pilot, app):
    """The armour in Karelia chosen and its destinations listed: the move panel."""
    from tests.tui.test_play import origin, pick_units
    from tests.tui.waiting import settle

    await settle(pilot)
    panel = await origin(pilot, app, "karelia_ssr")
    await pick_units(pilot, panel, "armour")
    await pilot.press("enter")
    await settle(pilot)
    return panel


def _held_planned_odds(monkeypatch, answer=""):
    """Planned odds that wait for `release` and then answer `answer`; each
    call's `stop` is kept in `stops`."""
    import threading

    from axisallies_tui.tui.panels import moves as moves_panel

    stops, release = [], threading.Event()

    def held_back(rules, state, moves, stop=None, progress_line=None):
        stops.append(stop)
        release.wait(timeout=30)
        return answer

    monkeypatch.setattr(moves_panel, "planned_odds_text", held_back)
    return stops, release


async def test_planned_odds_for_a_destination_left_are_told_to_stop(monkeypatch):
    """Moving the highlight from one attack to the next while its simulated
    odds are worked out: the first simulation is asked to stop."""
    from tests.tui.waiting import until

    app = _planning_app("planning-sim")
    stops, release = _held_planned_odds(monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await _armour_destinations(pilot, app)
        attacks = [n for n, d in enumerate(panel.dests) if d.ok and not d.raid and d.moves and d.space in (
            "finland_norway", "east_europe", "ukraine_ssr")]
        await pilot.press("home", *["down"] * attacks[0])
        await until(pilot, lambda: len(stops) == 1)
        assert not stops[0]()
        await pilot.press(*["down"] * (attacks[1] - attacks[0]))
        await until(pilot, stops[0])
        release.set()


def _quick_simulation(rules, state, space, stop=None, progress=None):
    """Simulated odds as the pane gets them, from 50 battles instead of 1,000."""
    from axisallies_tui.engine.simulate import simulated_odds

    return simulated_odds(rules, state, space, trials=50, stop=stop, progress=progress)


def _battle_in_caucasus(rules, name):
    from tests.houserules.test_s000_dogfights import attack
    from tests.tui.test_play import saved

    return saved(attack(rules, [("infantry", 3), ("fighter", 1)], [("infantry", 2)]), name, rules=rules)


async def test_odds_that_come_late_move_neither_the_highlight_nor_the_board(monkeypatch):
    """The player looks at another space and picks 'retreat' while the odds are
    simulated: when they come, the board stays where the player put it and the
    retreat stays highlighted."""
    import threading

    from axisallies_tui.tui import battles
    from axisallies_tui.tui.panels.battle import BattlePanel, RetreatPanel
    from axisallies_tui.tui.widgets.region_board import RegionBoard
    from tests.tui.test_play import open_app
    from tests.tui.waiting import settle, until

    rules = make_rules("s000-defender-retreats")
    name = _battle_in_caucasus(rules, "late-odds")
    release = threading.Event()

    def held_back(*args, **kwargs):
        release.wait(timeout=30)
        return _quick_simulation(*args, **kwargs)

    monkeypatch.setattr(battles, "odds_for", held_back)
    app = open_app(name, dice=[6] * 12)  # round 1: everyone misses, then the retreat question
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen.panel, BattlePanel)
        app.screen.jump_to("germany")
        await settle(pilot)
        release.set()
        await until(pilot, lambda: "win ~" in str(app.screen.panel.query_one("#battle-list").get_option_at_index(0).prompt))
        assert app.screen.query_one(RegionBoard).current_space() == "germany"
        release.clear()
        app.screen.panel.focus_first()  # back from the board to the list of battles
        await settle(pilot)
        await pilot.press("enter")  # fight round 1
        for _ in range(5):  # a hand-over message first when the other side answers
            await settle(pilot)
            if isinstance(getattr(app.screen, "panel", None), RetreatPanel):
                break
            await pilot.press("enter")
        assert isinstance(app.screen.panel, RetreatPanel)
        panel = app.screen.panel
        listing = panel.query_one("#retreat-list")
        await pilot.press("down")
        await settle(pilot)
        picked = listing.highlighted_option.id
        assert listing.highlighted == 1 and picked != "press on"
        release.set()
        await until(pilot, lambda: "Odds if you press on (simulated" in str(panel.query_one("#battle-info").render()))
        assert listing.highlighted_option.id == picked


async def test_odds_a_rule_cannot_work_out_say_so(monkeypatch):
    from axisallies_tui.tui import battles
    from tests.tui.test_play import open_app
    from tests.tui.waiting import until

    def broken(*args, **kwargs):
        raise KeyError("no_such_unit")

    monkeypatch.setattr(battles, "odds_for", broken)
    app = open_app(_battle_in_caucasus(make_rules("s000-defender-retreats"), "broken-odds"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "odds unavailable" in str(
            app.screen.panel.query_one("#battle-list").get_option_at_index(0).prompt))
        assert "could not be worked out (KeyError: 'no_such_unit')" in str(
            app.screen.panel.query_one("#battle-info").render())


async def test_a_simulation_is_stopped_when_the_last_battle_is_won_without_a_question(monkeypatch):
    import threading

    from axisallies_tui.engine.errors import OddsCancelled
    from axisallies_tui.tui import battles
    from axisallies_tui.tui.panels.battle import BattlePanel
    from tests.tui.test_play import open_app
    from tests.tui.waiting import settle, until

    rules = make_rules("s000-defender-retreats")
    name = _battle_in_caucasus(rules, "last-battle")
    stops, ended = [], threading.Event()

    def simulating(rules, state, space, stop=None, progress=None):
        stops.append(stop)
        while not stop():
            ended.wait(0.01)
        raise OddsCancelled(space)

    monkeypatch.setattr(battles, "odds_for", simulating)
    app = open_app(name, dice=[1, 1, 1, 1, 6, 6])  # four hits on two infantry: won, nothing asked
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(stops) == 1)
        panel = app.screen.panel
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.panel is panel and isinstance(panel, BattlePanel)
        assert not battles.battle_list(app.session.rules, app.session.state)
        await until(pilot, stops[0])
        await app.workers.wait_for_complete()
        assert all(worker.error is None for worker in app.workers)


def _slowed_after_first_report(monkeypatch, module, name, keyword, wanted=lambda args: True):
    """Simulations of 50 battles reporting every 10, the first report of a call
    whose arguments are `wanted` held until `release` is set: the figures so far
    stay on the screen to be read."""
    import threading
    from functools import partial

    from axisallies_tui.engine import battle_odds, simulate

    monkeypatch.setattr(battle_odds, "simulated_odds", partial(simulate.simulated_odds, trials=50))
    monkeypatch.setattr(simulate, "PROGRESS_EVERY", 10)
    shown, release = threading.Event(), threading.Event()
    real = getattr(module, name)

    def slowed(*args, **kwargs):
        tell = kwargs[keyword]

        def told(*figures):
            tell(*figures)
            if wanted(args) and not shown.is_set():
                shown.set()
                release.wait(timeout=30)

        return real(*args, **{**kwargs, keyword: told})

    monkeypatch.setattr(module, name, slowed)
    return shown, release


async def test_the_battle_pane_shows_simulated_odds_so_far_until_all_are_fought(monkeypatch):
    """A first estimate comes after the first battles of the simulation, marked
    as figures so far with how many battles they rest on; the whole run's
    figures replace it."""
    from axisallies_tui.tui import battles
    from tests.tui.test_play import open_app
    from tests.tui.waiting import until

    shown, release = _slowed_after_first_report(monkeypatch, battles, "odds_for", "progress")
    app = open_app(_battle_in_caucasus(make_rules("s000-defender-retreats"), "so-far"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, shown.is_set)
        panel = app.screen.panel
        first = lambda: str(panel.query_one("#battle-list").get_option_at_index(0).prompt)  # noqa: E731
        info = lambda: str(panel.query_one("#battle-info").render())  # noqa: E731
        await until(pilot, lambda: first().endswith(" so far"))
        assert first().startswith("Caucasus: win ~")
        assert "Odds (simulating: 10 of 50 battles so far, \u00b1" in info()
        release.set()
        await until(pilot, lambda: "so far" not in first())
        assert first().startswith("Caucasus: win ~")
        assert "Odds (simulated, \u00b1" in info()


async def test_planned_odds_show_the_simulation_so_far(monkeypatch):
    """While choosing where to attack, the odds of a battle that house rules
    change show the figures so far, then the whole simulation's."""
    from axisallies_tui.engine import preview as preview_module
    from tests.tui.waiting import until

    shown, release = _slowed_after_first_report(  # held for the attack on East Europe, not those passed on the way
        monkeypatch, preview_module, "preview", "progress", lambda args: args[2].destination == "east_europe")
    app = _planning_app("planning-so-far")
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await _armour_destinations(pilot, app)
        attack = next(n for n, d in enumerate(panel.dests) if d.ok and not d.raid and d.moves
                      and d.space == "east_europe")
        await pilot.press("home", *["down"] * attack)
        hint = lambda: str(panel.query_one("#move-hint").render())  # noqa: E731
        await until(pilot, shown.is_set)
        await until(pilot, lambda: "(simulating: 10 of 50 battles so far, \u00b1" in hint())
        release.set()
        await until(pilot, lambda: "(simulated, \u00b1" in hint())
        assert "so far" not in hint()


async def test_planned_odds_stop_when_the_player_goes_back_to_the_units(monkeypatch):
    """Esc from the destinations while the odds of an attack are simulated: the
    simulation is told to stop, and its late answer is not kept for units the
    player may now choose differently."""
    from axisallies_tui.tui.panels import moves as moves_panel
    from tests.tui.waiting import until, workers_done

    app = _planning_app("planning-back")
    stops, release = _held_planned_odds(monkeypatch, "Odds as planned: too late")
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await _armour_destinations(pilot, app)
        attack = next(n for n, d in enumerate(panel.dests) if d.ok and not d.raid and d.moves)
        await pilot.press("home", *["down"] * attack)
        await until(pilot, lambda: len(stops) == 1)
        await pilot.press("escape")
        await until(pilot, stops[-1])
        assert panel.step == moves_panel.UNITS
        release.set()
        await workers_done(pilot)
        assert "too late" not in " ".join(panel.plan_odds.values())
