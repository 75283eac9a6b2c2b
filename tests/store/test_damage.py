"""Damaged saves: every change to stored history is detected on load, with one
line naming the action, and a copy can be opened up to the last intact action."""

import json
import os
import sqlite3
from pathlib import Path

import pytest

from axisallies_tui import store
from axisallies_tui.engine.actions import EndPhase, Purchase
from axisallies_tui.engine.dice import ScriptedDice
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.store import SaveDamaged, SavedGame, StoreError, recover, save_path
from axisallies_tui.textsafe import harmless

ACTIONS = [EndPhase(), Purchase(unit="infantry", count=2), EndPhase(), EndPhase()]


def small_save(name="small", snapshot_every=2):
    """A few actions with dice, an edit reason and snapshots, closed (no WAL left)."""
    from axisallies_tui.engine.actions import Research

    store_every = store.SNAPSHOT_EVERY
    store.SNAPSHOT_EVERY = snapshot_every
    try:
        game = SavedGame.create(name, Ruleset(board="classic"), players={"ussr": "Ann"})
        game.apply(Research(dice=1), ScriptedDice([3]))
        for action in ACTIONS:
            game.apply(action)
        game.close()
    finally:
        store.SNAPSHOT_EVERY = store_every
    return save_path(name)


def execute(path: Path, sql: str, *args) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(sql, args)
    conn.close()


def rows(path: Path):
    """Every row SQLite reads from the file (immutable: no locks, no WAL files), or None."""
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in ("meta", "actions", "snapshots")}
    except sqlite3.DatabaseError:
        return None
    finally:
        conn.close()


def test_every_single_byte_change_is_detected_or_harmless(tmp_path):
    """Change each byte of a small save in turn: the game either loads exactly as
    it was (the byte was unused space: SQLite reads the same rows) or is refused
    with one line; never a different game, never a crash. (Snapshots have their
    own tests below.)"""
    original = small_save(snapshot_every=10**6)
    good = SavedGame.open(original, watch=True)
    expected = (good.seq, good.state, good.feed(), good.players, good.dice_mode)
    good.close()
    data = original.read_bytes()
    baseline = rows(original)
    damaged = tmp_path / "games" / "damaged.aagame"
    damaged.parent.mkdir()
    damaged.write_bytes(data)
    detected = same = 0
    fd = os.open(damaged, os.O_RDWR)
    try:
        for offset in range(len(data)):
            os.pwrite(fd, bytes([data[offset] ^ 0x5A]), offset)
            if rows(damaged) == baseline:  # loading is a function of these rows
                same += 1
            elif opens_as(damaged, expected, offset):
                same += 1
            else:
                detected += 1
            os.pwrite(fd, data[offset:offset + 1], offset)
    finally:
        os.close(fd)
    assert detected > 1000 and same > 1000


def opens_as(path: Path, expected, offset: int) -> bool:
    """True if the damaged save loads as the original; False if it is refused
    with one line; anything else fails the test."""
    try:
        game = SavedGame.open(path, watch=True)
    except StoreError as problem:
        assert "\n" not in str(problem), offset
        return False
    finally:
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    assert (game.seq, game.state, game.feed(), game.players, game.dice_mode) == expected, offset
    return True


@pytest.mark.parametrize("column, value, expected", [
    ("dice", "[6]", "action 1: does not match the hash chain"),
    ("events", '[{"event":"dice_rolled","text":"Soviet Union rolls a 6"}]', "action 1: does not match"),
    ("action", '{"action":"research","dice":2}', "action 1: does not match"),
    ("played_at", "2020-01-01T00:00:00+00:00", "action 1: does not match"),
])
def test_a_changed_action_dice_or_event_names_the_action(column, value, expected):
    path = small_save()
    execute(path, f"UPDATE actions SET {column} = ? WHERE seq = 1", value)
    with pytest.raises(SaveDamaged, match=expected) as damage:
        SavedGame.open("small")
    assert damage.value.intact == 0
    assert "axisallies recover small" in str(damage.value)


def test_cutting_off_the_newest_actions_is_detected():
    path = small_save()
    execute(path, "DELETE FROM actions WHERE seq >= 4")
    with pytest.raises(SaveDamaged, match="action 4: is missing: the save records 5 actions but holds 3") as damage:
        SavedGame.open("small")
    assert damage.value.intact == 3


def test_a_snapshot_is_checked_against_the_history_not_trusted():
    path = small_save()
    (seq, state_json, _hash), *_ = rows(path)["snapshots"]
    state = json.loads(state_json)
    state["powers"][0]["ipcs"] = 99
    forged = store.canonical(state)
    row_hash = dict((r[0], r[4]) for r in rows(path)["actions"])[seq]
    execute(path, "UPDATE snapshots SET state = ?, state_hash = ? WHERE seq = ?",
            forged, store._snapshot_hash(row_hash, forged), seq)
    with pytest.raises(SaveDamaged, match=f"snapshot after action {seq}: does not match the game's history"):
        SavedGame.open("small")


def test_changed_settings_are_detected_even_without_actions():
    game = SavedGame.create("bare", Ruleset(board="classic"), players={"ussr": "Ann"})
    game.close()
    execute(save_path("bare"), "UPDATE meta SET value = ? WHERE key = 'players'", '{"ussr":"Eve"}')
    with pytest.raises(SaveDamaged, match="settings were changed"):
        SavedGame.open("bare")


def test_a_damaged_save_can_be_opened_as_a_copy_up_to_its_last_intact_action():
    path = small_save()
    intact = SavedGame.open("small", watch=True)
    execute(path, "UPDATE actions SET events = '[]' WHERE seq = 3")
    before = path.read_bytes()
    copy = recover("small")
    assert copy.name == "small-recovered" and copy.seq == 2
    assert SavedGame.open("small-recovered", watch=True).seq == 2
    copy.apply(EndPhase())
    with pytest.raises(SaveDamaged, match="action 3"):
        SavedGame.open("small")
    assert path.read_bytes() == before
    intact.close()


def test_the_command_line_offers_the_copy(capsys):
    from axisallies_tui.cli import main

    path = small_save()
    execute(path, "UPDATE actions SET events = '[]' WHERE seq = 2")
    assert main(["load", "small", "--json"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "action 2" in err and "axisallies recover small" in err
    assert main(["recover", "small"]) == 0
    assert "small-recovered" in capsys.readouterr().out
    assert SavedGame.open("small-recovered", watch=True).seq == 1


def test_damage_messages_never_carry_control_characters():
    path = small_save()
    execute(path, "UPDATE meta SET value = ? WHERE key = 'ruleset'", '{"board":"\\u001b[2J"}')
    with pytest.raises(SaveDamaged) as damage:
        SavedGame.open("small")
    assert "\x1b" not in str(damage.value) and str(damage.value) == harmless(str(damage.value))


async def test_opening_a_damaged_save_in_the_app_offers_the_copy():
    from axisallies_tui.tui.app import make_app
    from axisallies_tui.tui.screens.dialogs import ConfirmDialog
    from axisallies_tui.tui.screens.game import GameScreen
    from tests.tui.waiting import until

    path = small_save()
    execute(path, "UPDATE actions SET events = '[]' WHERE seq = 3")
    before = path.read_bytes()
    app = make_app(dice=ScriptedDice([]))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: hasattr(app.screen, "open_game"))
        app.screen.open_game("small")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert "action 3: does not match the hash chain" in app.screen.question
        assert "up to action 2?" in app.screen.question
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert (app.session.name, app.session.saved.seq) == ("small-recovered", 2)
        assert not app.session.watching
    app.session.close()
    assert path.read_bytes() == before
