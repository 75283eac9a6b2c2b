"""Command palette entries (Ctrl+P): `go: <space>`, `game: ...`, `rules: ...`,
`theme: ...`. Game entries are offered only on the game screen."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Iterator

from textual.command import DiscoveryHit, Hit, Hits, Provider

from axisallies_tui import setup


def _game_screen(provider: Provider) -> Any:
    from axisallies_tui.tui.screens.game import GameScreen

    screen = provider.screen
    return screen if isinstance(screen, GameScreen) else None


class ListedCommands(Provider):
    """A provider whose commands are a list of (text, callback, help) entries."""

    def entries(self) -> list[tuple[str, Callable[[], Any], str]]:
        return []

    async def discover(self) -> Hits:
        for text, command, help_text in self.entries():
            yield DiscoveryHit(text, command, help=help_text)

    def listed_hits(self, matcher: Any) -> Iterator[Hit]:
        for text, command, help_text in self.entries():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), command, text=text, help=help_text)

    async def search(self, query: str) -> Hits:
        for hit in self.listed_hits(self.matcher(query)):
            yield hit


class GameCommands(ListedCommands):
    """Commands that act on the game being played."""

    def entries(self) -> list[tuple[str, Callable[[], Any], str]]:
        screen = _game_screen(self)
        if screen is None:
            return []
        app: Any = self.app
        return [
            ("game: End phase", screen.action_end_phase, "Finish the current phase (key e)"),
            ("game: Undo", screen.action_undo, "Take back the last purchase, placement, move or edit (key u)"),
            ("game: Find a space", screen.action_find, "Type part of a name and jump there (key /)"),
            ("game: Standings", screen.action_standings,
             "Every power's IPCs, income, land, forces and developments; how close each side is to victory (key s)"),
            ("game: Save a copy (export)", partial(app.export_game, screen.session),
             "Games save themselves after every action; this writes a JSON copy to mail or archive"),
            ("game: Help for this phase", app.action_help, "The rules for what you are doing (F1)"),
            ("game: Edit the board", screen.action_edit,
             "Change units, owners, IPCs or developments outside the rules, with a reason (F9)"),
            ("game: Concede", screen.concede, "Give up for your whole side"),
            ("game: Back to the start screen", screen.action_leave, "The game stays saved (key q)"),
        ]

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for hit in self.listed_hits(matcher):
            yield hit
        screen = _game_screen(self)
        if screen is None:
            return
        board = screen.session.rules.board
        for space in board.spaces:
            text = f"go: {space.name}"
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), partial(screen.jump_to, space.id), text=text,
                          help="Show this space on the board")


class RulesCommands(Provider):
    """`rules: <house rule>` opens its help text; `theme:` switches colours."""

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        app: Any = self.app
        for text, command, help_text in self.fixed():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), command, text=text, help=help_text)
        for rule in setup.catalogue().rules:
            text = f"rules: {rule.title}"
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), partial(app.show_rule_help, rule.id), text=text,
                          help=f"{rule.id} ({'available' if rule.available else 'planned'})")

    def fixed(self) -> list[tuple[str, Callable[[], Any], str]]:
        app: Any = self.app
        return [
            ("theme: Toggle light and dark", app.action_toggle_dark, "Switch between the dark and light colours"),
            ("theme: Sixteen colours", partial(setattr, app, "theme", "ansi-dark"),
             "The terminal's own 16 colours (old terminals, some SSH clients)"),
            ("help: Rules", app.action_help, "The base rules and the house rules (F1)"),
            ("odds: calculator", app.show_odds,
             "Exact odds of a battle: pick both sides' units and the options"),
        ]

    async def discover(self) -> Hits:
        for text, command, help_text in self.fixed():
            yield DiscoveryHit(text, command, help=help_text)


class LoadCommands(ListedCommands):
    """`load: NAME`: open any saved game from anywhere (the start screen lists them too)."""

    def entries(self) -> list[tuple[str, Callable[[], Any], str]]:
        from axisallies_tui.store import list_games

        app: Any = self.app
        found: list[tuple[str, Callable[[], Any], str]] = []
        for game in list_games():
            if "problem" in game:
                continue
            where = f"won by {game['winner']}" if game.get("winner") else f"round {game['round']}, {game['power']}"
            found.append((f"load: {game['name']}", partial(self._open, app, game["name"]),
                          f"{game['board']}, {where}, last played {game['last_played']}"))
        return found

    @staticmethod
    def _open(app: Any, name: str) -> None:
        problem = app.open_game(name)
        if problem:
            app.notify(problem, severity="error")
