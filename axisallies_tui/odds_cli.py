"""`axisallies odds`: exact battle odds on the command line.

    axisallies odds --att "10 infantry, 5 armour, 3 fighter" --def "12 inf, 2 ftr, 1 aa" [--json]
    axisallies odds --att "3 inf, 1 ftr" --def "3 inf" --bombard "1 battleship" [--no-fire-back]

Units are read with the edition's names and aliases (`Edition.find_unit`);
profiles come from `profiles.profile`, so house rules (`--rules`) and weapons
developments (`--tech-att`, `--tech-def`) change the numbers. This module only
parses and prints; `engine/odds.py` computes. Importing it is cheap: the engine
(and numpy) load only when the command runs.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

EXIT_BAD_INPUT = 2
MAX_UNITS = 300
"""Units per side the command accepts (the computation grows with the square)."""

_COUNTED = re.compile(r"(\d+)\s*(?:[x×*]\s*)?(\S.*)")


class OddsInputError(Exception):
    """The command line cannot describe a battle; the message says why."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--att", required=True, metavar="UNITS",
                        help='attacking units, e.g. "10 infantry, 5 armour, 3 fighter" (names or abbreviations)')
    parser.add_argument("--def", dest="defence", required=True, metavar="UNITS",
                        help='defending units, e.g. "12 inf, 2 ftr, 1 aa" (an AA gun fires at attacking aircraft)')
    parser.add_argument("--map", default="classic", help="board id (default classic)")
    parser.add_argument("--rules", default="", help="house rules in force: comma-separated ids")
    parser.add_argument("--param", action="append", default=[], metavar="ID.NAME=VALUE",
                        help="a house rule's parameter (repeatable)")
    parser.add_argument("--tech-att", default="", metavar="TECHS",
                        help="the attacker's weapons developments, e.g. heavy_bombers,super_submarines")
    parser.add_argument("--tech-def", default="", metavar="TECHS", help="the defender's, e.g. jet_power")
    parser.add_argument("--att-power", help="attacking power (default: the first of the first side)")
    parser.add_argument("--def-power", help="defending power (default: the first of the other side)")
    parser.add_argument("--att-order", default="", metavar="UNITS",
                        help="attacker's casualty order, first lost first (default: cheapest first)")
    parser.add_argument("--def-order", default="", metavar="UNITS", help="defender's casualty order")
    parser.add_argument("--retreat-below", type=int, default=0, metavar="K",
                        help="the attacker retreats when fewer than K of its units are left (default 0: never)")
    parser.add_argument("--max-rounds", type=int, metavar="N", help="stop after N rounds (default: fight to the end)")
    parser.add_argument("--low-luck", action="store_true", help="Low Luck dice: sure hits, one die for the rest")
    parser.add_argument("--sea", action="store_true", help="a sea battle (default: land; only land units capture)")
    parser.add_argument("--bombard", default="", metavar="UNITS",
                        help='the attacker\'s ships bombarding before the first round (C-AMPH-4), e.g. "2 battleship"')
    parser.add_argument("--fire-back", action=argparse.BooleanOptionalAction, default=None,
                        help="bombardment casualties still fire in round 1 (default: as the rules in force say; "
                             "classic yes, s000-amphibious-assaults no)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")


def run(args: argparse.Namespace) -> int:
    try:
        battle = _battle(args)
    except OddsInputError as problem:
        print(f"axisallies odds: {problem}", file=sys.stderr)
        return EXIT_BAD_INPUT
    from axisallies_tui.engine.odds import battle_odds

    result = battle_odds(
        battle["attackers"], battle["defenders"],
        attacker_order=battle["attacker_order"], defender_order=battle["defender_order"],
        retreat_below=args.retreat_below, aa_guns=battle["aa_guns"], low_luck=args.low_luck,
        land_battle=not args.sea, max_rounds=args.max_rounds,
        bombard=battle["bombard"], bombard_fire_back=battle["fire_back"],
    )
    if args.json:
        sys.stdout.write(json.dumps(result_json(result)) + "\n")
    else:
        _print(battle, result, args)
    return 0


def result_json(result: Any) -> dict[str, Any]:
    """The `odds --json` contract (README, "Machine interfaces"): the first five
    keys are fixed; the others follow them."""
    return {
        "attacker_win": result.attacker_win,
        "defender_win": result.defender_win,
        "draw": result.draw,
        "attacker_survivors": dict(result.attacker_survivors),
        "defender_survivors": dict(result.defender_survivors),
        "stalemate": result.stalemate,
        "attacker_survives_no_capture": result.attacker_survives_no_capture,
        "attacker_retreat": result.attacker_retreat,
        "unfinished": result.unfinished,
        "attacker_ipc_loss": result.attacker_ipc_loss,
        "defender_ipc_loss": result.defender_ipc_loss,
        "rounds": result.rounds,
        "attacker_survivor_counts": list(result.attacker_survivor_counts),
        "defender_survivor_counts": list(result.defender_survivor_counts),
    }


# -- reading the command line -------------------------------------------------------------


def _battle(args: argparse.Namespace) -> dict[str, Any]:
    from axisallies_tui import setup
    from axisallies_tui.engine.profiles import ATTACK, DEFENCE, profile
    from axisallies_tui.engine.rules import Ruleset

    if args.retreat_below < 0:
        raise OddsInputError(f"--retreat-below {args.retreat_below}: must be 0 or more")
    if args.max_rounds is not None and args.max_rounds < 0:
        raise OddsInputError(f"--max-rounds {args.max_rounds}: must be 0 or more")
    named = [r.strip() for r in args.rules.split(",") if r.strip()]
    # the house-rule catalogue is read only when a rule is named (start-up time)
    house = setup.parse_rule_choices(named, args.param) if named or args.param else ()
    rules = setup.make_rules(Ruleset(board=setup.board(args.map).id, house=house,
                                     dice="low_luck" if args.low_luck else "standard"))
    edition, board = rules.edition, rules.board
    att_power = _power(board, args.att_power, "--att-power", board.powers_of_side(edition.sides[0]))
    def_power = _power(board, args.def_power, "--def-power", board.powers_of_side(edition.sides[-1]))
    att_techs = _techs(edition, args.tech_att, "--tech-att")
    def_techs = _techs(edition, args.tech_def, "--tech-def")

    attackers, aa_guns = [], 0
    for unit, count in _units(edition, args.att, "--att").items():
        if not unit.combatant:
            raise OddsInputError(f"--att: {unit.name} never fights in a battle (C-UNIT-2)")
        _check_battlefield(unit, args.sea, "--att")
        attackers.append((profile(rules, att_power, att_techs, unit.id, ATTACK), count))
    defenders = []
    for unit, count in _units(edition, args.defence, "--def").items():
        if unit.combatant:
            _check_battlefield(unit, args.sea, "--def")
            defenders.append((profile(rules, def_power, def_techs, unit.id, DEFENCE), count))
        elif unit.has("aa"):
            if args.sea:
                raise OddsInputError(f"--def: an {unit.name} stands on land and cannot defend a sea zone")
            if unit.has("one_per_territory") and count > 1:
                raise OddsInputError(f"--def: {count} × {unit.name}: at most one may be in a territory (C-AA-4)")
            aa_guns += count
        # an industrial complex never fires and is never a casualty: nothing to count
    bombard = []
    if args.bombard.strip():
        if args.sea:
            raise OddsInputError("--bombard: ships bombard before a land battle, not a sea battle (C-AMPH-4)")
        for unit, count in _units(edition, args.bombard, "--bombard").items():
            if not unit.has("bombard"):
                raise OddsInputError(f"--bombard: {unit.name} cannot bombard (only ships that may bombard, C-AMPH-4)")
            bombard.append((profile(rules, att_power, att_techs, unit.id, ATTACK), count))
    fire_back = args.fire_back
    if fire_back is None:  # as combat.py decides it
        fire_back = True
        for rule in rules.hooks("bombardment_casualties_fire_back"):
            fire_back = rule.bombardment_casualties_fire_back(rules, fire_back)
    return {
        "rules": rules,
        "att_power": att_power,
        "def_power": def_power,
        "named_powers": (args.att_power is not None, args.def_power is not None),
        "attackers": attackers,
        "defenders": defenders,
        "aa_guns": aa_guns,
        "bombard": bombard,
        "fire_back": bool(fire_back),
        "attacker_order": _order(edition, args.att_order, "--att-order"),
        "defender_order": _order(edition, args.def_order, "--def-order"),
    }


def _check_battlefield(unit: Any, sea: bool, flag: str) -> None:
    """Ships fight only at sea (C-UNIT): a land battle refuses them. (Land units
    with --sea stay allowed: scripts use it for 'no capture needed'.)"""
    if unit.domain == "sea" and not sea:
        raise OddsInputError(f"{flag}: a {unit.name.lower()} fights only at sea: add --sea for a sea battle, "
                             f"or --bombard for ships supporting a landing")


def _units(edition: Any, text: str, flag: str) -> dict[Any, int]:
    """'3 infantry, 2 arm, fighter' -> {UnitType: count}, in the order written."""
    units: dict[Any, int] = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        match = _COUNTED.fullmatch(item)
        count, name = (int(match[1]), match[2]) if match else (1, item)
        unit = edition.find_unit(name)
        if unit is None:
            known = ", ".join(u.id for u in edition.unit_types)
            raise OddsInputError(f"{flag}: {item!r}: no unit called {name!r} (write COUNT UNIT, units: {known})")
        units[unit] = units.get(unit, 0) + count
    if not any(units.values()):
        raise OddsInputError(f'{flag}: no units given (write e.g. "3 infantry, 1 armour")')
    if sum(units.values()) > MAX_UNITS:
        raise OddsInputError(f"{flag}: {sum(units.values())} units; at most {MAX_UNITS} a side")
    return units


def _order(edition: Any, text: str, flag: str) -> list[str] | None:
    names = [part.strip() for part in text.split(",") if part.strip()]
    order = []
    for name in names:
        unit = edition.find_unit(name)
        if unit is None:
            raise OddsInputError(f"{flag}: no unit called {name!r}")
        order.append(unit.id)
    return order or None


def _power(board: Any, text: str | None, flag: str, default: tuple[str, ...]) -> str:
    if text is None:
        return default[0] if default else board.powers[0].id
    wanted = text.strip().lower()
    for power in board.powers:
        if wanted in (power.id, power.name.lower(), power.short.lower(), *power.aliases):
            return str(power.id)
    raise OddsInputError(f"{flag}: no power {text!r} (powers: {', '.join(p.id for p in board.powers)})")


def _techs(edition: Any, text: str, flag: str) -> tuple[str, ...]:
    chosen = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        wanted = item.lower().replace("-", "_").replace(" ", "_")
        tech = next((t for t in edition.techs if wanted in (t.id, t.name.lower().replace(" ", "_"))), None)
        if tech is None:
            raise OddsInputError(f"{flag}: no development {item!r} (developments: {', '.join(edition.tech_by_id)})")
        chosen.append(tech.id)
    return tuple(chosen)


# -- printing ------------------------------------------------------------------------------


def _print(battle: dict[str, Any], result: Any, args: argparse.Namespace) -> None:
    rules = battle["rules"]

    def side(entries: list[Any], power: str, named: bool, extra: str = "") -> str:
        units = ", ".join(f"{count} {rules.edition.unit(prof.unit).name}" for prof, count in entries) or "no units"
        # a power is named only when the command line chose it (its numbers may differ)
        return f"{units}{extra}" + (f" ({rules.board.power(power).name})" if named else "")

    aa = battle["aa_guns"]
    att_named, def_named = battle["named_powers"]
    print(f"Attacker: {side(battle['attackers'], battle['att_power'], att_named)}")
    print(f"Defender: {side(battle['defenders'], battle['def_power'], def_named, f' + {aa} AA gun' if aa else '')}")
    if battle["bombard"]:
        fate = "fire back in round 1" if battle["fire_back"] else "go at once"
        print(f"Bombardment: {side(battle['bombard'], battle['att_power'], att_named)}; its casualties {fate}")
    if args.low_luck:
        print("Low Luck dice.")
    lines = [
        ("attacker wins", result.attacker_win, True),
        ("defender wins", result.defender_win, True),
        ("both destroyed", result.draw, True),
        ("only aircraft survive (no capture)", result.attacker_survives_no_capture, not args.sea),
        ("attacker retreats", result.attacker_retreat, args.retreat_below > 0),
        ("stalemate", result.stalemate, result.stalemate > 0),
        (f"still fighting after {args.max_rounds} rounds", result.unfinished, args.max_rounds is not None),
    ]
    for label, value, shown in lines:
        if shown:
            print(f"  {label:<36} {value * 100:6.2f} %")

    def survivors(pairs: tuple[tuple[str, float], ...]) -> str:
        return ", ".join(f"{n:.2f} {rules.edition.unit(unit).name}" for unit, n in pairs) or "none"

    print("Expected survivors:")
    print(f"  attacker  {survivors(result.attacker_survivors)}")
    print(f"  defender  {survivors(result.defender_survivors)}")
    print(f"Expected IPC lost: attacker {result.attacker_ipc_loss:.1f}, defender {result.defender_ipc_loss:.1f}")
    print(f"Expected rounds: {result.rounds:.2f}")
