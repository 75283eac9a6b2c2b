"""The `axisallies` command. Subcommands import only what they need, so the
non-interactive ones (maps, rules, headless) never load Textual."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence

from axisallies_tui import __version__
from axisallies_tui.startup import interactive as _interactive
from axisallies_tui.startup import pause_collector_for_the_game_screen

EXIT_BAD_INPUT = 2


def _out(data: Any) -> None:
    """One JSON document on a line, control characters escaped as in the headless protocol."""
    from axisallies_tui.protocol import json_line

    sys.stdout.write(json_line(data))


def _ruleset_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--map", default="classic", help="board id (see `axisallies maps list`)")
    parser.add_argument("--rules", default="", help="house rules to switch on: comma-separated ids")
    parser.add_argument("--param", action="append", default=[], metavar="ID.NAME=VALUE",
                        help="a house rule's parameter (repeatable)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a base option of the edition (repeatable; see `axisallies rules options`)")
    parser.add_argument("--low-luck", action="store_true", help="Low Luck dice: sure hits, one die for the rest")
    parser.add_argument("--seed", help="dice seed (a number or word) for a reproducible game: the same seed "
                                       "rolls the same dice, and anyone who knows it can predict them "
                                       "(default: the operating system's randomness)")


def _start_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--position", metavar="FILE",
                        help="start from a position file (it names the board and rules; README, \"Position files\")")
    parser.add_argument("--dice", metavar="MODE",
                        help="who rolls: digital (default), table (type real dice), or faces to use in order, like 1,4,6")
    parser.add_argument("--dice-file", metavar="FILE", help="scripted dice: faces 1-6 from this file, in order")


def build_parser(odds_only: bool = False) -> argparse.ArgumentParser:
    """The whole command line; with `odds_only`, the `odds` command alone (it
    parses the same, and `axisallies odds` skips building the others)."""
    parser = argparse.ArgumentParser(
        prog="axisallies",
        description="Axis & Allies for the terminal, with every house rule as a toggle.",
    )
    parser.add_argument("--version", action="version", version=f"axisallies {__version__}")
    parser.add_argument("--ascii", action="store_true",
                        help="draw the game screens with ASCII characters only (old terminals, some SSH clients)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    if not odds_only:
        _game_commands(sub)

    from axisallies_tui import odds_cli  # cheap: the engine and numpy load only when it runs

    odds_cli.add_arguments(sub.add_parser("odds", help="exact odds of a battle (--json for scripts)"))
    return parser


def _game_commands(sub: Any) -> None:
    """Every subcommand but `odds`, in the order `--help` lists them."""
    new = sub.add_parser("new", help="start a new saved game")
    new.add_argument("name", help="save name (letters, digits, - and _)")
    _ruleset_arguments(new)
    _start_arguments(new)
    new.add_argument("--player", action="append", default=[], metavar="POWER=NAME", help="who plays a power")
    new.add_argument("--login", action="append", default=[], metavar="POWER=LOGIN",
                     help="shared server: only this login may play the power (others may watch)")

    load = sub.add_parser("load", help="open a saved game on the game screen (--json: print its position)")
    load.add_argument("name")
    load.add_argument("--json", action="store_true", help="the whole position as JSON")
    load.add_argument("--ascii", action="store_true", help="draw the game screens with ASCII characters only")
    load.add_argument("--watch", action="store_true", help="open read-only, following the moves of whoever plays")

    recover = sub.add_parser("recover", help="copy a damaged saved game up to its last intact action")
    recover.add_argument("name")
    recover.add_argument("--name", dest="new_name", help="name of the copy (default: NAME-recovered)")

    lst = sub.add_parser("list", help="list saved games")
    lst.add_argument("--json", action="store_true")

    export = sub.add_parser("export", help="write a saved game as one JSON file, or its position as TOML")
    export.add_argument("name")
    export.add_argument("--position", action="store_true", help="write the current position as a position file")
    export.add_argument("-o", "--output", help="file to write (default: standard output)")

    imp = sub.add_parser("import", help="make a saved game from an exported JSON file")
    imp.add_argument("file")
    imp.add_argument("--name", help="save name (default: the name stored in the file)")

    maps = sub.add_parser("maps", help="list boards or export one")
    maps_sub = maps.add_subparsers(dest="maps_command", metavar="list|export", required=True)
    maps_list = maps_sub.add_parser("list", help="the boards installed")
    maps_list.add_argument("--json", action="store_true")
    maps_export = maps_sub.add_parser("export", help="a board's spaces, owners, neighbours and units")
    maps_export.add_argument("board")
    maps_export.add_argument("--json", action="store_true")

    rules = sub.add_parser("rules", help="look up house rules and base options")
    rules_sub = rules.add_subparsers(dest="rules_command", metavar="list|show|search|options", required=True)
    rules_list = rules_sub.add_parser("list", help="every house-rule toggle")
    rules_list.add_argument("--json", action="store_true")
    rules_list.add_argument("--available", action="store_true", help="only those that can be switched on now")
    rules_show = rules_sub.add_parser("show", help="a rule's help text")
    rules_show.add_argument("id")
    rules_show.add_argument("--json", action="store_true")
    rules_search = rules_sub.add_parser(
        "search", help="the help sections answering a question: base rules, house rules, the program")
    rules_search.add_argument("words", nargs="*", help="a question or keywords, as in the help pane")
    rules_search.add_argument("--json", action="store_true")
    rules_search.add_argument("--rules", default="", help="house-rule ids in force (comma-separated): found first")
    rules_search.add_argument("--limit", type=int, default=10, help="at most this many sections (default 10)")
    rules_opts = rules_sub.add_parser("options", help="the edition's base options")
    rules_opts.add_argument("--map", default="classic")

    head = sub.add_parser("headless", help="play without a screen: bots, or JSON lines on stdin")
    _ruleset_arguments(head)
    _start_arguments(head)
    head.add_argument("--bot", choices=["random"], help="let a bot play every power")
    head.add_argument("--rounds", type=int, default=1, help="with --bot: rounds to play (default 1)")
    head.add_argument("--save", metavar="NAME", help="save the game under this name as it is played")
    head.add_argument("--load", metavar="NAME", help="continue a saved game")
    head.add_argument("--json", action="store_true", help="with --bot: print the summary as JSON")


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:  # a real run, the script or `python -m` (a caller passing arguments keeps its collector)
        pause_collector_for_the_game_screen(sys.argv[1:])
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(odds_only=bool(argv) and argv[0] == "odds")
    args = parser.parse_args(argv)
    from axisallies_tui.engine.errors import DataError
    from axisallies_tui.setup import SetupError
    from axisallies_tui.textsafe import harmless

    try:
        if args.command is None:
            if not _interactive():
                parser.print_help()
                return 0
            from axisallies_tui.tui.app import run

            return run(ascii=args.ascii)
        return COMMANDS[args.command](args)
    except (DataError, SetupError) as problem:
        print(f"axisallies: {harmless(problem)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as problem:  # a file named on the command line, or a full or read-only disk
        where = f"{problem.filename}: " if problem.filename else ""
        print(f"axisallies: {harmless(where)}{harmless(problem.strerror or problem)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except Exception as problem:
        if not _is_sqlite_error(problem):
            raise
        print(f"axisallies: the saved game cannot be used: {harmless(problem)}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _is_sqlite_error(problem: Exception) -> bool:
    """A damaged or foreign save file. Only commands that open a save load
    sqlite3, so the others (odds) do not import it to catch its errors."""
    sqlite3 = sys.modules.get("sqlite3")
    return sqlite3 is not None and isinstance(problem, sqlite3.Error)


# -- commands -------------------------------------------------------------------------


def _ruleset(args: argparse.Namespace) -> Any:
    from axisallies_tui import setup
    from axisallies_tui.engine.rules import Ruleset

    board = setup.board(args.map)
    edition = setup.editions()[board.edition]
    return Ruleset(
        board=board.id,
        options=setup.parse_options(edition, args.option),
        house=setup.parse_rule_choices([r.strip() for r in args.rules.split(",")], args.param),
        dice="low_luck" if args.low_luck else "standard",
    )


def _ruleset_and_start(args: argparse.Namespace) -> tuple[Any, Any]:
    """The ruleset and the position to start from: a position file's, or the
    command line's ruleset and the board's start (None)."""
    from axisallies_tui.setup import SetupError

    if not args.position:
        return _ruleset(args), None
    from axisallies_tui.positions import load_position

    if args.map != "classic" or args.rules or args.param or args.option or args.low_luck:
        raise SetupError("--position: the position file names the board and rules; "
                         "leave out --map, --rules, --param, --option and --low-luck")
    position = load_position(args.position)
    return position.ruleset, position.state


def _dice_mode(args: argparse.Namespace) -> Any:
    from axisallies_tui.headless import dice_mode_from_options

    return dice_mode_from_options(args.dice, args.dice_file)


def cmd_new(args: argparse.Namespace) -> int:
    from axisallies_tui.store import SavedGame

    players = _pairs(args.player, "--player", "POWER=NAME")
    logins = _pairs(args.login, "--login", "POWER=LOGIN")
    _check_logins(logins)
    ruleset, start = _ruleset_and_start(args)
    game = SavedGame.create(args.name, ruleset, seed=args.seed, players=players, start=start,
                            dice_mode=_dice_mode(args), logins=logins)
    game.close()
    if game.renamed:
        print(f"axisallies: {game.renamed}", file=sys.stderr)
    if _interactive():
        from axisallies_tui.tui.app import run

        return run(open_game=game.name, ascii=args.ascii)
    print(f"Created {game.name} ({game.path}).")
    print(f"Dice: {game.details()['dice']}.")
    _print_position(game.rules, game.state)
    print(f"Play it with: axisallies load {game.name}")
    return 0


def _check_logins(logins: dict[str, str]) -> None:
    """A power bound to a login nobody has could never be played: refused."""
    from axisallies_tui.savelock import login_problem
    from axisallies_tui.setup import SetupError

    for power, login in logins.items():
        if (why := login_problem(login)) is not None:
            raise SetupError(f"--login {power}={login}: {why}")


def _pairs(items: list[str], option: str, form: str) -> dict[str, str]:
    from axisallies_tui.setup import SetupError

    pairs = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise SetupError(f"{option} {item!r}: write {form}")
        pairs[key.strip()] = value
    return pairs


def cmd_load(args: argparse.Namespace) -> int:
    from axisallies_tui.savelock import GameBusy
    from axisallies_tui.store import SavedGame

    if args.json or not _interactive():
        game = SavedGame.open(args.name, watch=True)  # printing only: never takes the game from its player
        if args.json:
            from axisallies_tui.headless import state_json  # not for the game screen: it loads the bots

            _out({"name": game.name, "actions": game.seq, **state_json(game.rules, game.state)})
        else:
            print(f"{game.name}: {game.seq} actions played. Dice: {game.details()['dice']}.")
            _print_position(game.rules, game.state)
            for event in game.feed()[-8:]:
                print(f"  {event['text']}")
        game.close()
        return 0
    try:
        game = SavedGame.open(args.name, watch=args.watch)
    except GameBusy as busy:
        print(f"axisallies: {busy}; opening it to watch.", file=sys.stderr)
        game = SavedGame.open(args.name, watch=True)
    from axisallies_tui.tui.app import run

    return run(open_game=game, ascii=args.ascii)


def _print_position(rules: Any, state: Any) -> None:
    from axisallies_tui.headless import power_summary

    if state.result:
        print(f"Game over in round {state.result.round}: {state.result.winner} — {state.result.reason}.")
    else:
        phase = rules.edition.phase_names.get(state.phase, state.phase)
        print(f"Round {state.round}, {rules.board.power(state.power).name}, {phase}.")
    for power_id, info in power_summary(rules, state).items():
        print(f"  {rules.board.power(power_id).name:<15} {info['ipcs']:>4} IPCs  income {info['income']:>3}")


def cmd_list(args: argparse.Namespace) -> int:
    from axisallies_tui import locations
    from axisallies_tui.store import list_games

    games = list_games()
    if args.json:
        _out(games)
        return 0
    if not games:
        print(f"No saved games in {locations.games_dir()}.")
    for game in games:
        print(_listing_line(game))
    return 0


def _listing_line(game: dict[str, Any]) -> str:
    """One line of `axisallies list`: `*` marks the games where it is your turn."""
    if "problem" in game:
        return f"  {game['name']:<24} ({game['problem']})"
    mark = "*" if game.get("your_turn") else " "
    if game.get("winner"):
        state = f"won by {game['winner']}"
    else:
        state = f"round {game.get('round')}, {game.get('power')}, {game.get('phase')}"
    who = game.get("logins") or game.get("players") or {}
    players = ", ".join(f"{power} {name}" for power, name in who.items())
    line = f"{mark} {game['name']:<24} {game.get('board', ''):<10} {state:<40} {game.get('last_played', '')}"
    if players:
        line += f"  [{players}]"
    if game.get("open_by"):
        line += f"  (open by {game['open_by']})"
    return line


def cmd_export(args: argparse.Namespace) -> int:
    from axisallies_tui.store import SavedGame, write_problem

    game = SavedGame.open(args.name, watch=True)
    if args.position:
        from axisallies_tui.positions import position_text

        text = position_text(game.rules, game.state, f"From saved game {game.name} after {game.seq} actions.").rstrip("\n")
    else:
        text = json.dumps(game.export(), indent=1, ensure_ascii=False)
    game.close()
    if args.output:
        try:
            Path(args.output).write_text(text + "\n", encoding="utf-8")
        except OSError as problem:
            raise write_problem(args.output, problem) from None
        print(f"Wrote {args.output}.")
    else:
        sys.stdout.write(text + "\n")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from axisallies_tui.store import StoreError, import_game
    from axisallies_tui.textsafe import harmless

    data = read_json_file(args.file)
    name = args.name or (data.get("name") if isinstance(data, dict) else None) or Path(args.file).stem
    if not isinstance(name, str):
        raise StoreError(args.file, "name", "a save name is a string")
    game = import_game(data, name, args.file)
    game.close()
    if game.renamed:
        print(f"axisallies: {game.renamed}", file=sys.stderr)
    print(f"Imported {harmless(game.name)}: {game.seq} actions, round {game.state.round}.")
    return 0


MAX_IMPORT_BYTES = 64 * 1024 * 1024


def read_json_file(file: str) -> Any:
    """A JSON file named on the command line: regular, at most MAX_IMPORT_BYTES,
    UTF-8, JSON; otherwise one StoreError line."""
    import os
    import stat

    from axisallies_tui.store import StoreError

    try:
        fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK)
        with open(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise StoreError(file, "", "is not a regular file")
            raw = handle.read(MAX_IMPORT_BYTES + 1)
    except OSError as problem:
        raise StoreError(file, "", f"cannot be read: {problem.strerror}") from None
    if len(raw) > MAX_IMPORT_BYTES:
        raise StoreError(file, "", f"is larger than {MAX_IMPORT_BYTES // 2**20} MB")
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise StoreError(file, "", "is not UTF-8 text") from None
    except RecursionError:
        raise StoreError(file, "", "is nested too deeply") from None
    except ValueError as problem:
        raise StoreError(file, "", f"not JSON: {problem}") from None


def cmd_recover(args: argparse.Namespace) -> int:
    from axisallies_tui.store import recover

    game = recover(args.name, args.new_name)
    game.close()
    print(f"Opened a copy as {game.name}: {game.seq} actions, round {game.state.round} "
          f"(the damaged save was left as it is). Play it with: axisallies load {game.name}")
    return 0


def cmd_maps(args: argparse.Namespace) -> int:
    from axisallies_tui import setup

    if args.maps_command == "list":
        boards = [setup.board(board_id) for board_id in setup.board_ids()]
        if args.json:
            _out([{"id": b.id, "name": b.name, "edition": b.edition, "spaces": len(b.spaces)} for b in boards])
        else:
            for b in boards:
                print(f"{b.id:<12} {b.name} ({len(b.spaces)} spaces)")
        return 0
    board = setup.board(args.board)
    data = board_json(board)
    if args.json:
        _out(data)
    else:
        for space in data["spaces"]:
            owner = space["original_owner"] or ("neutral" if space["kind"] == "land" else "sea")
            print(f"{space['name']:<32} {space['kind']:<4} {space['ipc']:>2}  {owner}")
    return 0


def board_json(board: Any) -> dict[str, Any]:
    """The `maps export --json` contract (README, "Machine interfaces")."""
    units: dict[str, dict[str, dict[str, int]]] = {}
    for start in board.starting_units:
        per_power = units.setdefault(start.space, {}).setdefault(start.power, {})
        per_power[start.unit] = per_power.get(start.unit, 0) + start.count
    return {
        "id": board.id,
        "name": board.name,
        "edition": board.edition,
        "powers": [
            {"id": p.id, "name": p.name, "side": p.side, "capital": p.capital, "starting_ipcs": p.starting_ipcs}
            for p in board.powers
        ],
        "spaces": [
            {
                "id": s.id,
                "name": s.name,
                "kind": s.kind,
                "ipc": s.ipc,
                "original_owner": s.original_owner,
                "region": s.region,
                "capital_of": s.capital_of,
                "neutral": s.neutral,
                "island": s.island,
                "neighbours": list(s.neighbours),
                "units": units.get(s.id, {}),
            }
            for s in board.spaces
        ],
        "canals": [{"id": c.id, "name": c.name, "seas": list(c.seas), "land": list(c.land)} for c in board.canals],
    }


def cmd_rules(args: argparse.Namespace) -> int:
    from axisallies_tui import setup
    from axisallies_tui.houserules import load_implementations

    if args.rules_command == "options":
        edition = setup.editions()[setup.board(args.map).edition]
        for option in edition.options:
            print(f"{option.name} (default {json.dumps(option.default)})\n    {option.help}")
        return 0
    catalogue = setup.catalogue()
    if args.rules_command == "search":
        return _rules_search(args, catalogue)
    implemented = load_implementations()

    def status(rule: Any) -> str:
        return "available" if rule.available and rule.id in implemented else "planned"

    def entry(rule: Any) -> dict[str, Any]:
        return {
            "id": rule.id, "title": rule.title, "group": rule.group,
            "source": rule.document.file, "section": rule.section, "kind": rule.kind,
            "editions": list(rule.editions), "status": status(rule),
        }

    if args.rules_command == "show":
        rule = catalogue.by_id.get(args.id)
        if rule is None:
            close = catalogue.search([args.id.removeprefix("s00").split("-")[-1]])[:5]
            hint = f" (did you mean: {', '.join(r.id for r in close)}?)" if close else ""
            print(f"axisallies: no house rule {args.id!r}{hint}", file=sys.stderr)
            return EXIT_BAD_INPUT
        if args.json:
            _out({**entry(rule), "help": rule.help, "requires": list(rule.requires),
                  "conflicts": list(rule.conflicts),
                  "params": [{"name": p.name, "default": p.default, "min": p.min, "max": p.max, "help": p.help}
                             for p in rule.params]})
            return 0
        print(f"{rule.id}: {rule.title}  [{status(rule)}]")
        print(f"From {rule.document.title} ({rule.document.file}), {rule.section}; for {', '.join(rule.editions)}.")
        if rule.group:
            print(f"One of the alternatives in group {rule.group!r}.")
        if rule.requires:
            print(f"Needs: {', '.join(rule.requires)}.")
        if rule.conflicts:
            print(f"Cannot be combined with: {', '.join(rule.conflicts)}.")
        print()
        print(rule.help)
        for p in rule.params:
            print(f"\n  parameter {p.name} (default {p.default}): {p.help}")
        if status(rule) == "planned":
            print("\nThis rule is planned: it cannot be switched on yet.")
        return 0
    rules = catalogue.rules if args.rules_command == "list" else catalogue.search(args.words)
    if getattr(args, "available", False):
        rules = tuple(r for r in rules if status(r) == "available")
    if args.json:
        _out([entry(r) for r in rules])
        return 0
    if not rules:
        print("No house rule matches.")
    for rule in rules:
        print(f"{rule.id:<44} {status(rule):<9} {rule.title}")
    return 0


def _rules_search(args: argparse.Namespace, catalogue: Any) -> int:
    """`rules search`: the same ranked sections as the help pane's search."""
    from axisallies_tui.rulesearch import index_for

    active = [r.strip() for r in args.rules.split(",") if r.strip()]
    unknown = [r for r in active if r not in catalogue.by_id]
    if unknown:
        print(f"axisallies: --rules: no house rule {unknown[0]!r}", file=sys.stderr)
        return EXIT_BAD_INPUT
    query = " ".join(args.words)
    index = index_for(catalogue)
    hits = index.search(query, active, limit=max(1, args.limit))
    if args.json:
        _out([hit.as_json() for hit in hits])
        return 0
    if not hits:
        question = index.read(query)
        if not question.concepts and not question.ids:
            print("Ask with words that say what you want to know, for example: axisallies rules search "
                  "how many infantry fit on a transport")
        else:
            print("Nothing in the rules matches. Try other words, or a rule id such as C-MOVE-1.")
        return 0
    tags = {"on": "in force", "available": "house rule, off", "planned": "house rule, planned"}
    for number, hit in enumerate(hits, 1):
        where = hit.page_title if not hit.heading or hit.heading == hit.page_title else \
            f"{hit.page_title} > {hit.heading}"
        status = f"  [{tags[hit.status]}]" if hit.status else ""
        print(f"{number}. {where}{status}")
        if hit.ids:
            print(f"   {', '.join(hit.ids)}")
        snippet, shift = hit.snippet, 0
        for start, end in hit.marks:
            snippet = snippet[:start + shift] + "*" + snippet[start + shift:end + shift] + "*" + snippet[end + shift:]
            shift += 2
        print(f"   {snippet}")
    return 0


def cmd_headless(args: argparse.Namespace) -> int:
    session = _headless_session(args)
    try:
        return _headless_play(args, session)
    finally:
        if session.saved is not None:
            session.saved.close()


def _headless_session(args: argparse.Namespace) -> Any:
    from axisallies_tui import setup
    from axisallies_tui.headless import Session
    from axisallies_tui.store import SavedGame

    mode = _dice_mode(args)
    if args.load:
        if args.position:
            raise setup.SetupError("--position starts a new game; it cannot be used with --load")
        saved = SavedGame.open(args.load)
        if mode is not None:
            saved.set_dice_mode(mode)
        session = Session(saved.rules, saved.state, saved.seed, saved=saved)
    else:
        seed = args.seed
        ruleset, start = _ruleset_and_start(args)
        if args.save:
            saved = SavedGame.create(args.save, ruleset, seed=seed, start=start, dice_mode=mode)
            if saved.renamed:
                print(f"axisallies: {saved.renamed}", file=sys.stderr)
            session = Session(saved.rules, saved.state, saved.seed, saved=saved)
        else:
            session = Session.fresh(setup.make_rules(ruleset), seed, start=start, dice_mode=mode)
    return session


def _headless_play(args: argparse.Namespace, session: Any) -> int:
    import os

    from axisallies_tui import setup
    from axisallies_tui.headless import play_bot, serve
    from axisallies_tui.protocol import json_line

    if args.bot and session.dice_mode.kind == "table":
        raise setup.SetupError("--bot rolls its own dice: table dice need JSON lines on stdin (leave out --bot)")
    if args.bot:
        bot_seed = args.seed if args.seed is not None else str(int.from_bytes(os.urandom(6), "big"))
        result = play_bot(session, args.rounds, bot_seed)
        if args.json:
            _out(result)
        else:
            winner = result["winner"] or "nobody yet"
            print(f"{result['rounds_played']} rounds, {result['actions_applied']} actions; winner: {winner}.")
            _print_position(session.rules, session.state)
        return 0

    def write(message: dict[str, Any]) -> None:
        sys.stdout.write(json_line(message))
        sys.stdout.flush()

    return serve(session, sys.stdin, write)


def cmd_odds(args: argparse.Namespace) -> int:
    from axisallies_tui import odds_cli

    return odds_cli.run(args)


COMMANDS = {
    "new": cmd_new,
    "load": cmd_load,
    "list": cmd_list,
    "export": cmd_export,
    "import": cmd_import,
    "maps": cmd_maps,
    "rules": cmd_rules,
    "headless": cmd_headless,
    "odds": cmd_odds,
    "recover": cmd_recover,
}
