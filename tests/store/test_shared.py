"""Play on a shared server: a group's games folder, powers bound to logins,
`list` marking your turn, and hand-overs that do not wait at an empty keyboard.

Real second users cannot be created here, so the login is faked (the store asks
`current_login`, which reads the system's user database, not $USER)."""

import os
import stat

import pytest

from axisallies_tui import savelock, store
from axisallies_tui.cli import main
from axisallies_tui.engine.actions import EndPhase
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.store import NotYourTurn, SavedGame, list_games

LOGINS = {"ussr": "alice", "germany": "bob"}


@pytest.fixture
def shared_folder(tmp_path, monkeypatch):
    folder = tmp_path / "srv-axisallies"
    folder.mkdir()
    os.chmod(folder, 0o2770)
    if os.geteuid() == 0:
        os.chown(folder, -1, 4242)  # a group the players share
    monkeypatch.setenv("AXISALLIES_GAMES_DIR", str(folder))
    monkeypatch.setattr(savelock, "known_login", lambda login: login in set(LOGINS.values()))
    return folder


def login_as(monkeypatch, name):
    monkeypatch.setattr(store, "current_login", lambda: name)


def modes(folder, stem):
    return {p.name: (stat.S_IMODE(p.stat().st_mode), p.stat().st_gid) for p in folder.iterdir() if p.name.startswith(stem)}


def test_saves_and_locks_in_a_shared_folder_are_group_readable_and_writable(shared_folder):
    game = SavedGame.create("club", Ruleset(board="classic"))
    game.apply(EndPhase())
    found = modes(shared_folder, "club")
    assert {"club.aagame", "club.aagame.lock", "club.aagame-wal", "club.aagame-shm"} <= set(found)
    for name, (mode, gid) in found.items():
        assert mode == 0o660, name
        assert gid == shared_folder.stat().st_gid, name
    game.close()


def test_saves_in_a_personal_folder_stay_private(private_home):
    game = SavedGame.create("mine", Ruleset(board="classic"))
    game.apply(EndPhase())
    for name, (mode, _gid) in modes(private_home / "games", "mine").items():
        assert mode == 0o600, name
    game.close()


def test_a_bound_power_takes_decisions_only_from_its_login(shared_folder, monkeypatch):
    login_as(monkeypatch, "alice")
    game = SavedGame.create("duel", Ruleset(board="classic"), logins=LOGINS)
    login_as(monkeypatch, "bob")
    with pytest.raises(NotYourTurn, match="Soviet Union is played by alice, and you are bob") as refused:
        game.apply(EndPhase())
    assert "\n" not in str(refused.value) and game.seq == 0
    login_as(monkeypatch, "alice")
    game.apply(EndPhase())
    assert game.seq == 1
    game.close()


def test_list_shows_the_players_and_marks_your_turn(shared_folder, monkeypatch, capsys):
    login_as(monkeypatch, "alice")
    assert main(["new", "duel", "--login", "ussr=alice", "--login", "germany=bob"]) == 0
    capsys.readouterr()
    assert main(["list"]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith("* duel") and "ussr alice" in line and "germany bob" in line
    login_as(monkeypatch, "bob")
    assert [g["your_turn"] for g in list_games()] == [False]
    assert main(["list"]) == 0
    assert capsys.readouterr().out.startswith("  duel")


def test_a_turn_each_from_two_logins_through_the_command_line(shared_folder, monkeypatch, capsys):
    import io
    import json
    import sys

    def play(login, *lines):
        login_as(monkeypatch, login)
        monkeypatch.setattr(sys, "stdin", io.StringIO("".join(json.dumps(line) + "\n" for line in lines)))
        code = main(["headless", "--load", "duel"])
        return code, [json.loads(line) for line in capsys.readouterr().out.splitlines()]

    login_as(monkeypatch, "alice")
    SavedGame.create("duel", Ruleset(board="classic"), logins=LOGINS).close()
    code, out = play("bob", {"action": "end_phase"})
    assert code == 0 and "played by alice" in [m for m in out if "error" in m][0]["error"]
    code, out = play("alice", *[{"action": "end_phase"}] * 12)
    assert [m for m in out if "status" in m][-1]["status"]["power"] == "germany"
    assert any("played by bob" in m.get("error", "") for m in out)  # alice cannot play Germany's turn
    code, out = play("bob", {"action": "end_phase"})
    assert code == 0 and out[-1]["status"]["phase"] == "purchase"


async def test_a_hand_over_in_a_shared_game_says_whose_turn_and_lets_go(shared_folder, monkeypatch):
    from axisallies_tui.engine.dice import ScriptedDice
    from axisallies_tui.tui.app import make_app
    from axisallies_tui.tui.screens.dialogs import HandOverDialog
    from axisallies_tui.tui.widgets.status_line import StatusLine

    login_as(monkeypatch, "alice")
    SavedGame.create("duel", Ruleset(board="classic"), logins=LOGINS).close()
    app = make_app(dice=ScriptedDice([]), open_game="duel", theme="textual-dark")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        while app.session.state.power == "ussr":
            assert screen.submit(EndPhase()) is True
            await pilot.pause()
        assert not any(isinstance(s, HandOverDialog) for s in app.screen_stack)
        assert "played by bob: it is their turn" in screen.query_one(StatusLine).note
        assert app.session.watching

        login_as(monkeypatch, "bob")  # bob, at his own login, opens the game and plays
        bobs = SavedGame.open("duel")
        bobs.apply(EndPhase())
        bobs.close()

        login_as(monkeypatch, "alice")
        screen._follow()
        await pilot.pause()
        assert app.session.state.phase == "purchase" and app.session.state.power == "germany"


SYSTEM_PYTHON = "/usr/bin/python3"


def as_user(uid, gid, folder, *args, stdin=""):
    """Run the command line as another Unix user (root only: setuid in the child)."""
    import subprocess
    import sys
    from pathlib import Path

    import axisallies_tui

    repo = str(Path(axisallies_tui.__file__).resolve().parent.parent)
    site = next(p for p in sys.path if p.endswith("site-packages"))
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": f"{repo}:{site}", "PYTHONDONTWRITEBYTECODE": "1",
           "HOME": "/nonexistent", "AXISALLIES_HOME": str(folder.parent / f"home{uid}"),
           "AXISALLIES_GAMES_DIR": str(folder)}

    def become():
        os.setgroups([gid])
        os.setgid(gid)
        os.setuid(uid)

    return subprocess.run([SYSTEM_PYTHON, "-m", "axisallies_tui", *args], env=env, input=stdin, text=True,
                          capture_output=True, timeout=120, preexec_fn=become)


@pytest.mark.skipif(os.geteuid() != 0 or not os.access(SYSTEM_PYTHON, os.X_OK),
                    reason="needs root to act as two other Unix users, and a system Python they can run")
def test_a_game_between_two_real_unix_users_in_a_group_folder():
    import json
    import shutil
    import tempfile
    from pathlib import Path

    base = Path(tempfile.mkdtemp(dir="/tmp", prefix="aa-shared-"))
    try:
        os.chmod(base, 0o711)
        folder = base / "srv"
        folder.mkdir()
        os.chown(folder, 0, 51000)
        os.chmod(folder, 0o2770)
        alice, bob = 51001, 51002  # no passwd entries: their logins read uid51001, uid51002
        made = as_user(alice, 51000, folder, "new", "duel", "--login", "ussr=uid51001", "--login", "germany=uid51002")
        if made.returncode != 0 and "No module named" in made.stderr:
            pytest.skip("the other users cannot import the installed packages here")
        assert made.returncode == 0, made.stderr
        end = json.dumps({"action": "end_phase"}) + "\n"
        refused = as_user(bob, 51000, folder, "headless", "--load", "duel", stdin=end)
        assert refused.returncode == 0 and "played by uid51001, and you are uid51002" in refused.stdout
        played = as_user(alice, 51000, folder, "headless", "--load", "duel", stdin=end * 12)
        assert played.returncode == 0, played.stderr
        listed = as_user(bob, 51000, folder, "list")
        assert listed.stdout.startswith("* duel"), listed.stdout
        bobs = as_user(bob, 51000, folder, "headless", "--load", "duel", stdin=end)
        assert bobs.returncode == 0 and '"phase": "purchase"' in bobs.stdout.splitlines()[-1], bobs.stderr
        for path in folder.iterdir():
            info = path.stat()
            assert (stat.S_IMODE(info.st_mode), info.st_gid) == (0o660, 51000), path.name
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_a_login_bound_at_setup_must_name_a_user_of_this_machine():
    from axisallies_tui.savelock import current_login, login_problem

    assert login_problem(current_login()) is None
    assert login_problem("uid51001") is None  # a user with no name in the user database
    assert login_problem("no-such-user-zz9") == "there is no user 'no-such-user-zz9' on this machine"
    assert "not a login name" in login_problem("ann smith")
    assert "not a login name" in login_problem("\x1b[2J")


def test_new_refuses_a_login_that_is_no_user_here(shared_folder, capsys):
    assert main(["new", "duel", "--login", "ussr=alice", "--login", "germany=bbo"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--login germany=bbo: there is no user 'bbo' on this machine" in err
    assert list_games() == []
