"""The game screen's footer: the keys that work where the keyboard is, drawn
as one line of text.

Textual's `Footer` rebuilds a widget per key whenever the bindings change,
which on the game screen is every step of the move panel (the list holding
the keyboard changes) and cost more than the rest of a key press together.
This footer repaints one line instead and looks the same (compact style).
A click on a key presses it, as in `Footer`.
"""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.style import Style
from textual.widget import Widget


class KeyFooter(Widget, can_focus=False):
    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"key-footer--key", "key-footer--description"}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        text-wrap: nowrap;
        color: $footer-foreground;
        background: $footer-background;
        .key-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.spans: list[tuple[int, int, str, str, bool]] = []
        """(first column, end column, key, action, enabled) of each key drawn."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: object) -> None:
        self.refresh()

    def shown(self) -> list[tuple[str, str, str, str, bool]]:
        """(key, key as shown, description, action, enabled) of each key to show,
        one per action, in the order the screen gives them."""
        seen: set[str] = set()
        keys = []
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in seen:
                seen.add(binding.action)
                keys.append((binding.key, self.app.get_key_display(binding), binding.description,
                             binding.action, enabled))
        return keys

    def labels(self, keys: list[tuple[str, str, str, str, bool]]) -> list[str]:
        """Each key's label. When the line is too narrow for all, the labels of
        the keys just before the last (Help) go first, right to left: every key
        stays in view, and F1 Help keeps its word."""
        labels = [f" {description}" if description else "" for _key, _display, description, _action, _on in keys]
        room = self.size.width or 10_000
        used = sum(len(display) + len(label) + 1 for (_k, display, *_rest), label in zip(keys, labels)) - 1
        for n in reversed(range(len(keys) - 1)):
            if used <= room:
                break
            used -= len(labels[n])
            labels[n] = ""
        return labels

    def render(self) -> Content:
        key_style = Style.from_rich_style(self.get_component_rich_style("key-footer--key"))
        text_style = Style.from_rich_style(self.get_component_rich_style("key-footer--description"))
        parts: list[tuple[str, Style] | str] = []
        spans = []
        column = 0
        keys = self.shown()
        for (key, display, _description, action, enabled), label in zip(keys, self.labels(keys)):
            dim = Style(dim=True) if not enabled else Style()
            parts.append((display, key_style + dim))
            if label:
                parts.append((label, text_style + dim))
            parts.append(" ")
            width = len(display) + len(label)
            spans.append((column, column + width, key, action, enabled))
            column += width + 1
        self.spans = spans
        return Content.assemble(*parts)

    def on_click(self, event: events.Click) -> None:
        for start, end, key, _action, enabled in self.spans:
            if start <= event.x < end:
                if enabled:
                    self.app.simulate_key(key)
                else:
                    self.app.bell()
                return
