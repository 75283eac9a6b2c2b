"""Hook points where house rules attach, and the registry of rule implementations.

The core engine never asks whether a particular house rule is on. It calls
the hooks below at fixed points, and every active rule whose class overrides
a hook takes part. A rule is one subclass of `HouseRule`, registered with
`@implements("<catalogue id>")`.

Hook families (design.md, section 3):

- movement: `may_enter`, `may_overfly_neutral`, `movement_allowance`,
  `transport_capacity`, `carrier_capacity`, `move_costs`
- numbers: `unit_profile` (how a unit fights, used by combat and the odds),
  `raid_damage`
- procedure: `bombardment_casualties_fire_back`, `may_retreat` (battle steps)
- turn order: `choose_next_power`
- procedure: `turn_phases`
- economy: `turn_start_bonus`, `income_bonus`, `adjust_income`, `unit_cost`
- victory: `check_victory`

Later issues add movement and combat hooks the same way: a method here with a
neutral default, and one call site in the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence

if TYPE_CHECKING:
    from axisallies_tui.engine.dice import DiceSource
    from axisallies_tui.engine.rules import Rules
    from axisallies_tui.engine.state import GameState

HOOKS = (
    "may_enter",
    "may_overfly_neutral",
    "movement_allowance",
    "transport_capacity",
    "carrier_capacity",
    "may_bombard",
    "move_costs",
    "unit_profile",
    "bombardment_casualties_fire_back",
    "may_retreat",
    "raid_damage",
    "choose_next_power",
    "turn_phases",
    "turn_start_bonus",
    "income_bonus",
    "adjust_income",
    "unit_cost",
    "check_victory",
)

# Moments at which `check_victory` is asked.
END_OF_TURN = "end_of_turn"
END_OF_ROUND = "end_of_round"


class HouseRule:
    """Base class of every house rule. Each hook returns "no opinion" by default."""

    id: ClassVar[str] = ""

    def __init__(self, params: Mapping[str, Any]) -> None:
        self.params = dict(params)

    def may_enter(
        self, rules: "Rules", state: "GameState", power: str, units: tuple[str, ...], frm: str, to: str
    ) -> str | None:
        """Movement. Why units of these types may not go from `frm` into `to`
        (a sentence for the player), or None to allow it."""
        return None

    def may_overfly_neutral(self, rules: "Rules", state: "GameState", power: str, space: str) -> bool:
        """Movement. True lets `power`'s aircraft cross the still-neutral `space`."""
        return False

    def movement_allowance(self, rules: "Rules", state: "GameState", unit: Any, value: int) -> int:
        """Numbers. Spaces this unit (a `state.Unit`) may enter in a turn."""
        return value

    def carrier_capacity(self, rules: "Rules", unit: Any, value: int) -> int:
        """Numbers. Fighter places this unit (a `state.Unit`) offers."""
        return value

    def may_bombard(self, rules: "Rules", unit: Any, allowed: bool) -> bool:
        """Procedure. Whether this battleship may bombard before a landing."""
        return allowed

    def transport_capacity(self, rules: "Rules", state: "GameState", power: str, unit: str, value: int) -> int:
        """Numbers. Transport places a unit of type `unit` offers."""
        return value

    def move_costs(
        self, rules: "Rules", state: "GameState", power: str, units: tuple[str, ...], path: tuple[str, ...]
    ) -> Sequence[tuple[int, str, str]]:
        """Economy. Fees for a move along `path` (spaces entered): (IPCs, reason,
        mark kept for the rest of the turn or "")."""
        return ()

    def unit_profile(
        self, rules: "Rules", power: str, techs: frozenset[str], unit: str, role: str, round_number: int, profile: Any
    ) -> Any:
        """Numbers. How a unit of `power` (holding developments `techs`) fights in
        `role` ("attack"/"defence") in battle round `round_number`: return a
        changed `profiles.Profile`."""
        return profile

    def bombardment_casualties_fire_back(self, rules: "Rules", answer: bool) -> bool:
        """Procedure. Whether units killed by bombardment still fire in round one."""
        return answer

    def may_retreat(self, rules: "Rules", state: "GameState", unit: Any, allowed: bool) -> bool:
        """Procedure. Whether this attacking unit may retreat from an amphibious
        assault (the edition says no unit may, C-AMPH-3)."""
        return allowed

    def raid_damage(self, rules: "Rules", power: str, unit: str, faces: tuple[int, ...], damage: int) -> int:
        """Numbers. IPCs a raiding bomber costs its victim, from its dice."""
        return damage

    def choose_next_power(
        self, rules: "Rules", state: "GameState", dice: "DiceSource"
    ) -> tuple[str | None, tuple[Any, ...]] | None:
        """Turn order. Return (next power or None for "the round is over", events),
        or None to leave the edition's fixed order in force. Called when a turn
        ends; `state.done_this_round` already includes the power that finished."""
        return None

    def turn_phases(
        self, rules: "Rules", state: "GameState", power: str, phases: tuple[str, ...]
    ) -> tuple[str, ...]:
        """Procedure. The phases `power` plays this turn (round = `state.round`)."""
        return phases

    def turn_start_bonus(self, rules: "Rules", state: "GameState", power: str) -> Sequence[tuple[int, str]]:
        """Economy. IPCs given at the start of `power`'s turn: (amount, reason) pairs."""
        return ()

    def income_bonus(self, rules: "Rules", state: "GameState", power: str) -> Sequence[tuple[int, str]]:
        """Economy. IPCs given with income that do not count as income (victory)."""
        return ()

    def adjust_income(self, rules: "Rules", state: "GameState", power: str, income: int) -> int:
        """Economy. The income `power` collects, starting from the edition's figure."""
        return income

    def unit_cost(self, rules: "Rules", state: "GameState", power: str, unit: str, cost: int) -> int:
        """Economy. The price `power` pays for one `unit`."""
        return cost

    def check_victory(self, rules: "Rules", state: "GameState", moment: str) -> tuple[str, str] | None:
        """Victory. If any active rule implements this hook, it replaces the
        edition's victory conditions. Return (winner side or "draw", reason)."""
        return None


REGISTRY: dict[str, type[HouseRule]] = {}


def implements(rule_id: str):  # type: ignore[no-untyped-def]
    """Class decorator: register `cls` as the implementation of catalogue id `rule_id`."""

    def register(cls: type[HouseRule]) -> type[HouseRule]:
        if rule_id in REGISTRY and REGISTRY[rule_id] is not cls:
            raise ValueError(f"{rule_id} is implemented twice")
        cls.id = rule_id
        REGISTRY[rule_id] = cls
        return cls

    return register


class ActiveRules:
    """The house rules switched on for one game, indexed by the hooks they use."""

    def __init__(self, rules: Sequence[HouseRule] = ()) -> None:
        self.rules = tuple(rules)
        self._by_hook: dict[str, tuple[HouseRule, ...]] = {
            hook: tuple(
                rule for rule in self.rules if getattr(type(rule), hook) is not getattr(HouseRule, hook)
            )
            for hook in HOOKS
        }

    def implementing(self, hook: str) -> tuple[HouseRule, ...]:
        return self._by_hook[hook]

    def ids(self) -> tuple[str, ...]:
        return tuple(rule.id for rule in self.rules)

    def __contains__(self, rule_id: str) -> bool:
        return any(rule.id == rule_id for rule in self.rules)
