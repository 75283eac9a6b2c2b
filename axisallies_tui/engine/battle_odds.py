"""The odds of one battle on the board, as the battle pane and the headless
driver show them: exact from the shared unit profiles when the battle runs the
edition's steps, simulated with the engine's own battle otherwise."""

from __future__ import annotations

from collections import Counter
from typing import Callable

from attrs import evolve

from axisallies_tui.engine.battle import is_edition_procedure
from axisallies_tui.engine.combat import attackers_in, bombarding_ships, bombardment_fire_back, defenders_in
from axisallies_tui.engine.odds import Odds, battle_odds
from axisallies_tui.engine.profiles import ATTACK, DEFENCE, Profile, profile
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.simulate import Progress, simulated_odds
from axisallies_tui.engine.state import GameState, Unit


def odds_for_battle(rules: Rules, state: GameState, space_id: str,
                    stop: Callable[[], bool] | None = None, progress: Progress | None = None) -> Odds:
    """The exact odds of the battle in `space_id` as it stands, from the same
    profiles the dice are rolled with (damaged units fight at their damaged value).
    Before an amphibious land battle starts, the bombardment to come (C-AMPH-4)
    and the rules' answer on whether its casualties fire back are included.
    Simulated odds (see simulate.py) ask `stop` between trials and tell
    `progress` the figures so far as they go."""
    if not is_edition_procedure(rules, state, space_id):
        return simulated_odds(rules, state, space_id, stop=stop, progress=progress)
    round_number = state.battle.round if state.battle and state.battle.space == space_id else 1

    def side(units: list[Unit], role: str) -> list[tuple[Profile, int]]:
        alike = Counter((unit.power, unit.type, unit.damage) for unit in units)
        table: dict[Profile, int] = {}
        for (power, unit_type, damage), count in alike.items():
            techs = next(p.techs for p in state.powers if p.id == power)
            prof = profile(rules, power, techs, unit_type, role, round_number)
            if damage:
                value = prof.damaged_value if prof.damaged_value is not None else prof.value
                prof = evolve(prof, value=value, hit_points=max(1, prof.hit_points - damage))
            table[prof] = table.get(prof, 0) + count
        return list(table.items())

    attackers = attackers_in(rules, state, space_id)
    defenders = defenders_in(rules, state, space_id)
    if state.battle and state.battle.space == space_id and state.battle.set_aside:
        gone = set(state.battle.set_aside)
        defenders = [u for u in defenders if u.uid not in gone]
    # Not started yet: the bombardment to come.
    started = state.battle is not None and state.battle.space == space_id
    guns = [] if started else bombarding_ships(rules, state, space_id)
    fire_back = bombardment_fire_back(rules)
    return battle_odds(side(attackers, ATTACK), side(defenders, DEFENCE),
                       land_battle=rules.board.space(space_id).is_land,
                       low_luck=rules.policy.id == "low_luck",
                       bombard=side(guns, ATTACK), bombard_fire_back=fire_back)
