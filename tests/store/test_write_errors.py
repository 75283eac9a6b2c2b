"""Read-only saves and folders, a full disk: every writing command gives one
line naming the file and the problem (exit 2), and nothing saved is lost."""

import errno
import io
import json
import os

import pytest

from axisallies_tui.cli import main
from axisallies_tui.engine.actions import EndPhase, Purchase, Undo
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.headless import Session, serve
from axisallies_tui.store import SavedGame, StoreError, save_path


def fill_the_disk(game):
    """SQLite's own limit on pages: the next page it needs fails as a full disk would."""
    pages = game.conn.execute("PRAGMA page_count").fetchone()[0]
    game.conn.execute(f"PRAGMA max_page_count = {pages}")


def one_line(err: str) -> bool:
    return err.count("\n") == 1 and "Traceback" not in err


def test_a_full_disk_refuses_the_action_and_keeps_the_last_saved_state():
    game = SavedGame.create("full", Ruleset(board="classic"))
    game.apply(EndPhase())
    fill_the_disk(game)
    saved_state, saved_seq = game.state, game.seq
    with pytest.raises(StoreError, match=r"full\.aagame: cannot be written: the disk is full") as refused:
        for number in range(400):  # a few rows may still fit in the last page
            game.apply(Undo() if number % 2 else Purchase(unit="infantry"))
            saved_state, saved_seq = game.state, game.seq
    assert "\n" not in str(refused.value)
    assert (game.state, game.seq) == (saved_state, saved_seq)
    game.close()
    assert SavedGame.open("full").state == saved_state


def test_a_read_only_save_refuses_the_action_with_one_line():
    game = SavedGame.create("ro", Ruleset(board="classic"))
    game.conn.execute("PRAGMA query_only = 1")  # SQLite answers as for a read-only file
    with pytest.raises(StoreError, match=r"ro\.aagame: cannot be written: it is read-only"):
        game.apply(EndPhase())
    assert game.seq == 0


def test_new_in_a_read_only_games_folder_gives_one_line(private_home, capsys):
    if os.geteuid() == 0:  # root writes to read-only folders anyway: ask as another user
        return new_as_another_user_in_a_folder_it_may_only_read()
    folder = private_home / "games"
    folder.mkdir(parents=True)
    folder.chmod(0o500)
    try:
        assert main(["new", "nowhere"]) == 2
    finally:
        folder.chmod(0o700)
    err = capsys.readouterr().err
    assert one_line(err) and "nowhere.aagame: cannot be written: it is read-only" in err


def new_as_another_user_in_a_folder_it_may_only_read():
    import shutil
    import tempfile
    from pathlib import Path

    from tests.store.test_shared import as_user

    base = Path(tempfile.mkdtemp(dir="/tmp", prefix="aa-readonly-"))
    try:
        os.chmod(base, 0o711)
        folder = base / "games"
        folder.mkdir(mode=0o755)  # root's: others may read it, not write in it
        made = as_user(51003, 51003, folder, "new", "nowhere")
        assert "No module named" not in made.stderr, made.stderr
        assert made.returncode == 2 and one_line(made.stderr), made.stderr
        assert "nowhere.aagame: cannot be written: it is read-only" in made.stderr
        assert not list(folder.iterdir())
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_new_where_the_data_folder_cannot_be_made_gives_one_line(private_home, monkeypatch, capsys):
    private_home.parent.mkdir(parents=True, exist_ok=True)
    blocker = private_home.parent / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("AXISALLIES_HOME", str(blocker / "home"))
    assert main(["new", "blocked"]) == 2
    err = capsys.readouterr().err
    assert one_line(err) and "a-file" in err and "cannot be written" in err


@pytest.mark.parametrize("command", ["new", "import"])
@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "the disk is full"), (errno.EROFS, "read-only")])
def test_new_and_import_on_a_failing_disk_give_one_line_and_leave_nothing(monkeypatch, capsys, tmp_path,
                                                                          command, code, words):
    source = SavedGame.create("source", Ruleset(board="classic"), seed=1)
    source.apply(EndPhase())
    exported = tmp_path / "source.json"
    exported.write_text(json.dumps(source.export()))
    source.close()

    def failing_fsync(fd):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "fsync", failing_fsync)
    argv = ["new", "target"] if command == "new" else ["import", str(exported), "--name", "target"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert one_line(err) and "target.aagame" in err and words in err
    assert not save_path("target").exists()
    assert not [p for p in save_path("target").parent.iterdir() if ".creating" in p.name]


def test_export_to_a_place_that_cannot_be_written_gives_one_line(capsys, tmp_path):
    SavedGame.create("out", Ruleset(board="classic")).close()
    target = tmp_path / "missing-folder" / "out.json"
    assert main(["export", "out", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert one_line(err) and str(target) in err


def test_headless_stops_with_one_error_line_when_the_save_cannot_be_written():
    game = SavedGame.create("hl", Ruleset(board="classic"))
    session = Session(game.rules, game.state, game.seed, saved=game)
    game.conn.execute("PRAGMA query_only = 1")
    written = []
    code = serve(session, io.StringIO('{"action": "end_phase"}\n{"action": "end_phase"}\n'), written.append)
    errors = [m for m in written if "error" in m]
    assert code == 2 and len(errors) == 1 and "read-only" in errors[0]["error"] and errors[0]["line"] == 1
    game.close()
    assert SavedGame.open("hl").seq == 0


async def test_the_game_screen_shows_a_write_error_and_goes_on():
    from axisallies_tui.engine.dice import ScriptedDice
    from axisallies_tui.tui.app import make_app
    from axisallies_tui.tui.screens.game import GameScreen
    from axisallies_tui.tui.widgets.status_line import StatusLine

    SavedGame.create("screen", Ruleset(board="classic")).close()
    app = make_app(dice=ScriptedDice([]), open_game="screen", theme="textual-dark")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        app.session.saved.conn.execute("PRAGMA query_only = 1")
        assert app.screen.submit(EndPhase()) is False
        assert "read-only" in app.screen.query_one(StatusLine).problem
        app.session.saved.conn.execute("PRAGMA query_only = 0")
        assert app.screen.submit(EndPhase()) is True
        assert app.session.saved.seq == 1
