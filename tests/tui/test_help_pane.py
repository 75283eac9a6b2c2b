"""The help pane as a player uses it at 80x24: a question typed in the search box
lists the sections that answer it, Enter opens the best one at its heading, and
F1 opens the help at the step of the game the player is at."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Label, OptionList

from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.dice import ScriptedDice
from axisallies_tui.store import SavedGame
from axisallies_tui.tui.app import make_app
from axisallies_tui.tui.screens.help import HelpScreen
from axisallies_tui.tui.widgets.help_text import HelpText
from tests.tui.waiting import to_phase, until, workers_done

SIZE = (80, 24)


async def settle(pilot, times: int = 4) -> None:
    """A few refresh cycles: for a key that must change nothing."""
    for _ in range(times):
        await pilot.pause()


def app_on(name: str | None = None):
    return make_app(dice=ScriptedDice([]), open_game=name, theme="textual-dark")


async def started(pilot) -> None:
    """The first screen is up: the start screen, or the game opened."""
    from axisallies_tui.tui.screens.game import GameScreen
    from axisallies_tui.tui.screens.start import StartScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, (StartScreen, GameScreen)))


async def ask(pilot, screen: HelpScreen, *keys: str) -> None:
    """Type into the search box; wait until the box holds what was typed and the
    results are listed for it."""
    box = screen.query_one("#help-search", Input)
    typed = box.value
    for key in keys:
        typed = typed[:-1] if key == "backspace" else typed + key
    await pilot.press(*keys)
    await until(pilot, lambda: box.value == typed)
    await pilot.pause()


def help_text(screen: HelpScreen) -> HelpText:
    return screen.query_one("#help-doc", HelpText)


def shown_lines(screen: HelpScreen) -> list[str]:
    """The lines of the text as painted, top to bottom."""
    text = help_text(screen)
    return [text.render_line(y).text.rstrip() for y in range(text.scrollable_content_region.height)]


def heading_at_top(screen: HelpScreen) -> str:
    """The heading shown at the top of the text, as the player sees it: the first
    line painted with words on it (within the top three) starts a heading's title,
    and is that heading's line."""
    if not screen.query("#help-doc"):
        return ""  # not composed yet
    text = help_text(screen)
    shown = shown_lines(screen)
    first = next((y for y, line in enumerate(shown[:3]) if line.strip()), None)
    if first is None:
        return ""
    words = " ".join(" ".join(shown[first:first + 3]).split())
    for _level, title, line in text.table_of_contents:
        if line == round(text.scroll_y) + first and words.startswith(title):
            return title
    return ""


async def open_help(pilot, key: str = "f1") -> HelpScreen:
    await pilot.press(key)
    await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
    await workers_done(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HelpScreen)
    return screen


async def test_a_typed_question_opens_its_answer_on_enter():
    async with app_on().run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_help(pilot, "h")
        await pilot.press("slash")
        await ask(pilot, screen, *"can my sub shoot down a figher?")
        assert (screen.hits[0].page, screen.hits[0].heading) == ("combat", "Submarines")
        note = str(screen.query_one("#help-note", Label).render())
        assert "figher -> fighter" in note  # the player sees how the typo was read
        await pilot.press("enter")
        await until(pilot, lambda: heading_at_top(screen) == "Submarines")
        assert screen.current == "combat"
        # Another result, picked from the list, opens in turn.
        index = screen.query_one("#help-index", OptionList)
        assert index.has_focus
        await pilot.press("down", "enter")
        await until(pilot, lambda: heading_at_top(screen) == screen.hits[1].heading)


async def test_clearing_the_search_brings_the_contents_back():
    async with app_on().run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_help(pilot, "h")
        await pilot.press("slash")
        await ask(pilot, screen, *"tranny")
        index = screen.query_one("#help-index", OptionList)
        assert index.option_count == len(screen.hits) > 0
        await ask(pilot, screen, *["backspace"] * 6)
        assert screen.hits == [] and index.option_count == len(screen.pages)
        assert str(screen.query_one("#help-note", Label).render()) == ""


@pytest.mark.parametrize(("typed", "told"), [
    ("can my the", "Ask with words"),
    ('"(*^', "Ask with words"),
    ("zzyzx qwfp", "Nothing in the rules matches"),
])
async def test_a_question_without_an_answer_says_so(typed, told):
    async with app_on().run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_help(pilot, "h")
        await pilot.press("slash")
        await ask(pilot, screen, *typed)
        index = screen.query_one("#help-index", OptionList)
        assert screen.hits == [] and index.option_count == 1
        assert told in str(index.get_option_at_index(0).prompt)
        await pilot.press("enter")  # nothing to open: nothing happens
        await settle(pilot)
        assert isinstance(pilot.app.screen, HelpScreen)


async def test_f1_in_each_phase_opens_its_section(saved_game):
    name = saved_game("g")
    expected = {
        "research": ("research", "Develop weapons"),
        "purchase": ("purchase", "Purchase units"),
        "combat_move": ("movement", "Combat move"),
        "noncombat_move": ("movement", "Non-combat move"),
        "place": ("placement", "Place new units"),
    }
    async with app_on(name).run_test(size=SIZE) as pilot:
        await started(pilot)
        app = pilot.app
        for phase, (page, heading) in expected.items():
            await to_phase(pilot, app, phase, tries=6)
            screen = await open_help(pilot)
            assert screen.current == page and heading_at_top(screen) == heading, phase
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, HelpScreen))


def battle_scene(dice: list[int]) -> str:
    """Germany's two armour attack three Soviet infantry and an armour in
    Caucasus; the battle's first round is rolled with `dice`."""
    from tests.helpers import make_rules, put
    from tests.tui.test_snapshots import caucasus_attack, scene

    state = put(make_rules(), caucasus_attack(), "caucasus", "ussr", "armour")
    name = scene("battle", state)
    if dice:
        game = SavedGame.open(name)
        game.apply(Fight(space="caucasus"), ScriptedDice(dice))
        game.close()
    return name


@pytest.mark.parametrize(("dice", "question", "heading"), [
    ([], None, "Combat"),                                # the battle list of conduct combat
    ([1, 2], "defender_casualties", "Casualties"),       # two hits: the defender chooses its casualties
    ([6, 6, 6, 6, 6, 6], "retreat", "Retreat"),          # nobody hit: the attacker presses on or retreats
])
async def test_f1_in_a_battle_opens_the_step_at_hand(dice, question, heading):
    name = battle_scene(dice)
    async with app_on(name).run_test(size=SIZE) as pilot:
        await started(pilot)
        state = pilot.app.session.state
        assert state.phase == "conduct_combat"
        assert (state.pending.kind if state.pending else None) == question
        screen = await open_help(pilot)
        assert screen.current == "combat" and heading_at_top(screen) == heading


async def test_a_house_rule_in_force_is_found_first_and_marked(saved_game):
    name = saved_game("g", house={"s000-amphibious-assaults": {}})
    async with app_on(name).run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_help(pilot)
        await pilot.press("slash")
        await ask(pilot, screen, *"amphibious assault retreat")
        first = screen.hits[0]
        assert (first.page, first.heading, first.status) == ("house-active", "Amphibious assault changes", "on")
        prompt = str(screen.query_one("#help-index", OptionList).get_option_at_index(0).prompt)
        assert "in force" in prompt and "s000-amphibious-assaults" in prompt
        await pilot.press("enter")
        await until(pilot, lambda: heading_at_top(screen) == "Amphibious assault changes")
        assert screen.current == "house-active"


def test_help_search_results_small(snap_compare):
    """80x24: "can my sub shoot down a figher?" typed in the help: the note says how
    many sections and that figher was read as fighter; the results list, widened
    while searching, shows each section's heading and page, its rule ids and a
    snippet with the matched words marked; the text beside it is unchanged."""

    async def run_before(pilot) -> None:
        await started(pilot)
        screen = await open_help(pilot, "h")
        await pilot.press("slash")
        await ask(pilot, screen, *"can my sub shoot down a figher?")

    assert snap_compare(app_on(), run_before=run_before, terminal_size=SIZE)


def test_help_answer_opened_small(snap_compare):
    """80x24: Enter on that question opens Combat at "Submarines": the heading at
    the top of the text, the results still listed for another pick."""

    async def run_before(pilot) -> None:
        await started(pilot)
        screen = await open_help(pilot, "h")
        await pilot.press("slash")
        await ask(pilot, screen, *"can my sub shoot down a figher?")
        await pilot.press("enter")
        await workers_done(pilot)
        await until(pilot, lambda: heading_at_top(pilot.app.screen) == "Submarines")

    assert snap_compare(app_on(), run_before=run_before, terminal_size=SIZE)


async def test_f1_in_the_odds_calculator_opens_its_section():
    from axisallies_tui.tui.screens.odds import OddsScreen

    async with app_on().run_test(size=SIZE) as pilot:
        await started(pilot)
        await pilot.press("o")
        await until(pilot, lambda: isinstance(pilot.app.screen, OddsScreen))
        screen = await open_help(pilot)
        assert screen.current == "combat" and heading_at_top(screen) == "The odds calculator"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(pilot.app.screen, HelpScreen))
        assert type(pilot.app.screen).__name__ == "OddsScreen"


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
@pytest.mark.parametrize("rule_id", ["s000-adv-usa-chinese", "s000-adv-ger-advanced-labs"])
async def test_a_long_house_rule_page_opens_at_a_heading_deep_inside(size, rule_id):
    """The palette's "rules: <house rule>" opens the rule's page at its section:
    the last section of the longest page, and one three quarters down it, come
    to the top of the text, their first lines below them."""
    from axisallies_tui.setup import catalogue

    rule = catalogue().by_id[rule_id]
    async with app_on().run_test(size=size) as pilot:
        await started(pilot)
        pilot.app.show_rule_help(rule_id)
        await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
        screen = pilot.app.screen
        await until(pilot, lambda: heading_at_top(screen) == rule.title)
        assert screen.current == "house-000"
        text = help_text(screen)
        await workers_done(pilot)  # the sections above it rendered: it stays at the top
        assert heading_at_top(screen) == rule.title and not text.rendering
        assert text.scroll_y > 10 * size[1]  # deep down the page
        assert all(segment.style.bold for segment in text.render_line(0) if segment.text.strip())  # reads as a heading
        assert any(rule_id in line for line in shown_lines(screen)[:4])  # its first lines below it


def table_words(markdown: str) -> set[str]:
    """Every word in the cells of the page's tables."""
    rows = [line for line in markdown.splitlines() if line.startswith("|") and not set(line) <= set("|-: ")]
    return {word for row in rows for cell in row.strip("|").split("|") for word in cell.split()}


@pytest.mark.parametrize("page", ["units", "purchase"])
async def test_tables_fit_the_text_at_80_columns(page):
    """At 80 columns a page's table is wrapped inside the text: no line wider than
    the text, and every word of every cell is there to read (issue 13, item 11)."""
    async with app_on().run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_help(pilot, "h")
        await pilot.press("f2")
        index = screen.query_one("#help-index", OptionList)
        index.highlighted = [p.id for p in screen.pages].index(page)
        await pilot.press("enter")
        await until(pilot, lambda: screen.current == page)
        await workers_done(pilot)
        text = help_text(screen)
        width = text.scrollable_content_region.width
        assert width < 60 and max(line.cell_length for line in text.lines) <= width
        shown = {word for line in text.lines for word in line.text.split()}
        words = table_words(screen.text)
        assert len(words) > 20 and words <= shown, words - shown


async def test_the_text_scrolls_with_the_keys_and_shows_its_focus():
    """F3 focuses the text (its border lights up); PageDown, End, Up and Home scroll
    it; F2 moves to the contents and the text's border dims."""
    async with app_on().run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_help(pilot, "h")
        text = help_text(screen)
        await pilot.press("f2")
        await until(pilot, lambda: not text.has_focus)
        blurred = text.styles.border_left
        await pilot.press("f3")
        await until(pilot, lambda: text.has_focus)
        assert text.styles.border_left != blurred
        assert heading_at_top(screen) == "Overview"
        first = shown_lines(screen)
        await pilot.press("pagedown")
        await until(pilot, lambda: shown_lines(screen) != first and text.scroll_y > 10)
        await pilot.press("end")
        await until(pilot, lambda: text.scroll_y == text.max_scroll_y > 0)
        assert text.lines[-1].text.strip() in shown_lines(screen)
        await pilot.press("up")
        await until(pilot, lambda: text.scroll_y == text.max_scroll_y - 1)
        await pilot.press("home")
        await until(pilot, lambda: heading_at_top(screen) == "Overview")
        await pilot.press("f2")
        await until(pilot, lambda: screen.query_one("#help-index", OptionList).has_focus)
        assert text.styles.border_left == blurred


async def test_the_text_follows_a_change_of_theme():
    """The headings take the theme's colours: switching theme with help open
    renders the page again in the new colours, at the same place."""
    async with app_on().run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_help(pilot, "h")
        await screen.open_page("combat", "Submarines")
        await workers_done(pilot)
        text = help_text(screen)

        def heading_colour() -> object:
            line = text.lines[round(text.scroll_y)]
            return next(seg.style.color for seg in line if seg.text.strip())

        dark = heading_colour()
        pilot.app.theme = "textual-light"
        await until(pilot, lambda: heading_colour() != dark)
        await workers_done(pilot)
        assert heading_at_top(screen) == "Submarines"


async def test_the_reader_keeps_their_place_when_the_text_is_wrapped_again():
    """Reading further down a page, then searching (the results narrow the text)
    and clearing the search, or resizing the terminal and back: the same line is
    at the top, not the heading the page was opened at."""
    async with app_on().run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_help(pilot, "h")
        await screen.open_page("combat", "Submarines")
        await workers_done(pilot)
        await pilot.press("f3", "pagedown", "pagedown")
        await workers_done(pilot)
        reading = shown_lines(screen)[0]
        assert heading_at_top(screen) != "Submarines" and reading.strip()
        await pilot.press("slash")
        await ask(pilot, screen, "s", "u", "b")
        await ask(pilot, screen, "backspace", "backspace", "backspace")
        await workers_done(pilot)
        assert shown_lines(screen)[0] == reading
        await pilot.resize_terminal(100, 30)
        await workers_done(pilot)
        await pilot.resize_terminal(*SIZE)
        await workers_done(pilot)
        assert shown_lines(screen)[0] == reading
