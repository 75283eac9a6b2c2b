"""Edit actions: hand changes to the board, each with a reason, logged and undoable."""

import pytest
from attrs import evolve

from axisallies_tui.codec import action_from_json, action_to_json
from axisallies_tui.engine.actions import EndPhase, Purchase, Undo
from axisallies_tui.engine.edits import AddUnits, GrantTech, RemoveTech, RemoveUnits, SetIpcs, SetOwner
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.engine.state import Unit
from axisallies_tui.store import SavedGame
from tests.helpers import act, at, count, make_rules, money, put, start

WHY = "the photo shows it"


@pytest.fixture
def rules():
    return make_rules()


@pytest.fixture
def state(rules):
    return at(rules, start(rules), "germany", "purchase")


def owner(rules, state, space):
    return state.spaces[rules.board.space(space).index].owner


def test_add_units_puts_fresh_units_and_says_why(rules, state):
    step = act(rules, state, AddUnits(space="ukraine_ssr", power="germany", unit="tank", count=2, reason=WHY))
    assert count(rules, step.state, "ukraine_ssr", "germany", "armour") == count(rules, state, "ukraine_ssr", "germany", "armour") + 2
    (event,) = step.events
    assert (event.kind, event.reason) == ("units_added", WHY)
    assert event.text(rules.board, rules.edition) == f"2 × armour of Germany put in Ukraine S.S.R. (edit: {WHY})."


def test_remove_units_takes_them_off(rules, state):
    have = count(rules, state, "germany", "germany", "infantry")
    step = act(rules, state, RemoveUnits(space="germany", power="germany", unit="infantry", count=2, reason=WHY))
    assert count(rules, step.state, "germany", "germany", "infantry") == have - 2
    assert [e.kind for e in step.events] == ["units_removed"]


def test_removing_a_transport_removes_what_it_carries(rules, state):
    zone = rules.board.space("north_sea_zone").index
    spaces = list(state.spaces)
    spaces[zone] = evolve(spaces[zone], units=(
        Unit(uid=900, power="uk", type="transport"),
        Unit(uid=901, power="uk", type="infantry", aboard=900),
        Unit(uid=902, power="uk", type="transport"),
    ))
    state = evolve(state, spaces=tuple(spaces), next_uid=903)
    one = act(rules, state, RemoveUnits(space="north_sea_zone", power="uk", unit="transport", reason=WHY)).state
    assert [u.uid for u in one.spaces[zone].units] == [900, 901]  # the empty one went first
    both = act(rules, state, RemoveUnits(space="north_sea_zone", power="uk", unit="transport", count=2, reason=WHY))
    assert both.state.spaces[zone].units == ()
    assert [(e.unit, e.count) for e in both.events] == [("transport", 2), ("infantry", 1)]


def test_set_owner_is_a_plain_change_of_control(rules, state):
    """Not a capture: no plunder, no liberation, the complex and AA gun stay British."""
    step = act(rules, state, SetOwner(space="united_kingdom", power="germany", reason=WHY))
    assert owner(rules, step.state, "united_kingdom") == "germany"
    assert money(rules, step.state, "uk") == money(rules, state, "uk")
    assert money(rules, step.state, "germany") == money(rules, state, "germany")
    assert count(rules, step.state, "united_kingdom", "uk", "industrial_complex") == 1
    assert step.state.turn.captured == state.turn.captured
    assert [e.kind for e in step.events] == ["owner_set"]
    assert "passes from United Kingdom to Germany" in step.events[0].text(rules.board, rules.edition)


def test_a_neutral_may_go_back_to_nobody(rules, state):
    taken = act(rules, state, SetOwner(space="turkey", power="germany", reason=WHY)).state
    back = act(rules, taken, SetOwner(space="turkey", power=None, reason=WHY)).state
    assert owner(rules, back, "turkey") is None


def test_set_ipcs_and_techs(rules, state):
    state = act(rules, state, SetIpcs(power="japan", ipcs=60, reason=WHY)).state
    assert money(rules, state, "japan") == 60
    state = act(rules, state, GrantTech(power="japan", tech="Heavy Bombers", reason=WHY)).state
    assert state.powers[3].techs == ("heavy_bombers",)
    step = act(rules, state, RemoveTech(power="japan", tech="heavy_bombers", reason=WHY))
    assert step.state.powers[3].techs == ()
    assert step.events[0].text(rules.board, rules.edition) == f"Japan loses Heavy Bombers (edit: {WHY})."


@pytest.mark.parametrize("action, reason", [
    (AddUnits(space="atlantis", power="germany", unit="infantry", reason=WHY), "no space called 'atlantis'"),
    (AddUnits(space="germany", power="italy", unit="infantry", reason=WHY), "no power called 'italy'"),
    (AddUnits(space="germany", power="germany", unit="zeppelin", reason=WHY), "no unit type called 'zeppelin'"),
    (AddUnits(space="germany", power="germany", unit="infantry", count=-1, reason=WHY), "at least 1, not -1"),
    (AddUnits(space="germany", power="germany", unit="infantry", count=0, reason=WHY), "at least 1, not 0"),
    (AddUnits(space="germany", power="germany", unit="battleship", reason=WHY), "battleships go in sea zones"),
    (AddUnits(space="north_sea_zone", power="uk", unit="infantry", reason=WHY), "except aboard a transport"),
    (AddUnits(space="germany", power="germany", unit="ic", reason=WHY), "at most one industrial complex"),
    (AddUnits(space="germany", power="germany", unit="infantry", reason="  "), "an edit needs a reason"),
    (RemoveUnits(space="germany", power="germany", unit="infantry", count=99, reason=WHY), "cannot remove 99"),
    (RemoveUnits(space="germany", power="uk", unit="infantry", reason=WHY), "holds 0 infantry of United Kingdom"),
    (SetOwner(space="north_sea_zone", power="uk", reason=WHY), "sea zones have no owner"),
    (SetOwner(space="germany", power=None, reason=WHY), "only a neutral territory can belong to nobody"),
    (SetOwner(space="germany", power="germany", reason=WHY), "already belongs to Germany"),
    (SetIpcs(power="germany", ipcs=-3, reason=WHY), "at least 0, not -3"),
    (GrantTech(power="germany", tech="death_ray", reason=WHY), "no weapons development called 'death_ray'"),
    (RemoveTech(power="germany", tech="rockets", reason=WHY), "Germany does not have Rockets"),
])
def test_bad_edits_are_refused_with_a_reason_and_change_nothing(rules, state, action, reason):
    with pytest.raises(IllegalAction, match=reason):
        act(rules, state, action)


def test_a_misspelt_name_gets_a_suggestion(rules, state):
    with pytest.raises(IllegalAction, match="did you mean ukraine_ssr"):
        act(rules, state, AddUnits(space="ukrane_ssr", power="germany", unit="infantry", reason=WHY))


@pytest.mark.parametrize("action", [
    AddUnits(space="karelia_ssr", power="germany", unit="fighter", count=3, reason=WHY),
    RemoveUnits(space="germany", power="germany", unit="armour", reason=WHY),
    SetOwner(space="anglo_sudan_egypt", power="germany", reason=WHY),
    SetIpcs(power="uk", ipcs=0, reason=WHY),
    GrantTech(power="usa", tech="jet_power", reason=WHY),
])
def test_each_edit_is_undone_cleanly(rules, state, action):
    edited = act(rules, state, action).state
    assert edited != state
    back = act(rules, edited, Undo())
    assert back.state == state
    assert back.events[0].text(rules.board, rules.edition).startswith("Germany takes back the last")


def test_edits_and_purchases_undo_in_reverse_order(rules, state):
    bought = act(rules, state, Purchase(unit="infantry")).state
    edited = act(rules, bought, SetIpcs(power="germany", ipcs=50, reason=WHY)).state
    assert act(rules, act(rules, edited, Undo()).state, Undo()).state == state


def test_a_tech_taken_away_is_given_back_by_undo(rules, state):
    state = act(rules, state, GrantTech(power="usa", tech="rockets", reason=WHY)).state
    state = act(rules, state, EndPhase()).state  # a new phase: the grant stays
    removed = act(rules, state, RemoveTech(power="usa", tech="rockets", reason=WHY)).state
    assert act(rules, removed, Undo()).state == state


def test_edits_are_never_offered_to_bots(rules, state):
    kinds = {a.kind for a in legal_actions(rules, put(rules, state, "germany", "germany", "infantry"))}
    assert not kinds & {"add_units", "remove_units", "set_owner", "set_ipcs", "grant_tech", "remove_tech"}


@pytest.mark.parametrize("line", [
    {"action": "add_units", "space": "germany", "power": "germany", "unit": "inf", "count": 2, "reason": WHY},
    {"action": "remove_units", "space": "germany", "power": "germany", "unit": "infantry", "count": 1, "reason": WHY},
    {"action": "set_owner", "space": "turkey", "power": None, "reason": WHY},
    {"action": "set_owner", "space": "turkey", "power": "germany", "reason": WHY},
    {"action": "set_ipcs", "power": "germany", "ipcs": 40, "reason": WHY},
    {"action": "grant_tech", "power": "germany", "tech": "rockets", "reason": WHY},
    {"action": "remove_tech", "power": "germany", "tech": "rockets", "reason": WHY},
])
def test_the_documented_json_forms_read_and_write(line):
    assert action_to_json(action_from_json(line)) == line


def test_a_saved_game_logs_edits_in_its_feed_and_undoes_them_after_reopening():
    game = SavedGame.create("edited", Ruleset(board="classic"), seed=2)
    before = game.state
    game.apply(SetIpcs(power="ussr", ipcs=40, reason="we forgot the bonus"))
    game.apply(AddUnits(space="russia", power="ussr", unit="infantry", count=3, reason="reinforcements on the table"))
    game.close()
    again = SavedGame.open("edited")
    texts = [e["text"] for e in again.feed()]
    assert "Soviet Union now holds 40 IPCs, was 24 (edit: we forgot the bonus)." in texts
    assert any("reinforcements on the table" in t and "Russia" in t for t in texts)
    again.apply(Undo())
    again.apply(Undo())
    assert again.state == before
    again.close()
    assert SavedGame.open("edited").state == before
