"""Loading a long game fast: a load replays only the actions after the newest
snapshot that this user's own earlier replay vouched for (`verified`), and a
snapshot nobody vouched for is still checked against the history."""

import json
import os

import pytest

from axisallies_tui import store, verified
from axisallies_tui.engine.actions import EndPhase, Purchase, Research
from axisallies_tui.engine.dice import ScriptedDice
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.store import SaveDamaged, SavedGame, save_path
from tests.store.test_damage import execute, rows

ACTIONS = [EndPhase(), Purchase(unit="infantry", count=2), EndPhase(), EndPhase(), EndPhase(), EndPhase()]


@pytest.fixture
def snapshot_every_two(monkeypatch):
    monkeypatch.setattr(store, "SNAPSHOT_EVERY", 2)


@pytest.fixture
def replayed(monkeypatch):
    """How many actions loads replay (the engine's `apply` as the store calls it)."""
    count = [0]
    real = store.apply

    def counting(*args, **kwargs):
        count[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "apply", counting)
    return count


def seven_actions(replayed, name="long"):
    """Seven actions (a die among them), snapshots after 2, 4 and 6; closed.
    The count of replayed actions starts after them."""
    game = SavedGame.create(name, Ruleset(board="classic"))
    game.apply(Research(dice=1), ScriptedDice([3]))
    for action in ACTIONS:
        game.apply(action)
    state, used = game.state, game.dice_used
    game.close()
    replayed[0] = 0
    return save_path(name), state, used


def load(name="long"):
    game = SavedGame.open(name, watch=True)
    game.close()
    return game


def forget():
    verified.record_path().unlink(missing_ok=True)


def test_the_player_who_wrote_a_game_reloads_it_from_the_newest_snapshot(snapshot_every_two, replayed):
    _path, state, used = seven_actions(replayed)
    game = load()
    assert replayed[0] == 1  # action 7 only: the snapshot after action 6 was written by this player
    assert (game.seq, game.state, game.dice_used) == (7, state, used)


def test_a_first_load_replays_everything_and_later_loads_do_not(snapshot_every_two, replayed):
    _path, state, used = seven_actions(replayed)
    forget()  # as another player opening the game for the first time
    first = load()
    assert replayed[0] == 7 and (first.state, first.dice_used) == (state, used)
    replayed[0] = 0
    again = load()
    assert replayed[0] == 1 and (again.state, again.dice_used) == (state, used)


def test_a_forged_snapshot_is_refused_although_the_player_vouched_for_that_action(snapshot_every_two, replayed):
    path, _state, _used = seven_actions(replayed)
    seq, state_json, _hash = rows(path)["snapshots"][-1]
    forged = json.loads(state_json)
    forged["powers"][0]["ipcs"] = 99
    text = store.canonical(forged)
    row_hash = {r[0]: r[4] for r in rows(path)["actions"]}[seq]
    execute(path, "UPDATE snapshots SET state = ?, state_hash = ? WHERE seq = ?",
            text, store._snapshot_hash(row_hash, text), seq)
    with pytest.raises(SaveDamaged, match=f"snapshot after action {seq}: does not match the game's history"):
        load()


def test_a_rewritten_history_with_its_hashes_recomputed_is_replayed_not_trusted(snapshot_every_two, replayed):
    """Whoever can write the file can change a row and recompute every hash after
    it. The snapshots after that row then belong to another history: nothing
    vouches for them, the rows after the last intact snapshot are replayed, and
    the old snapshot is refused."""
    path, _state, _used = seven_actions(replayed)
    content = rows(path)
    meta = {k: json.loads(v) for k, v in content["meta"]}
    previous = store._genesis(meta)
    for seq, action, dice, events, _hash, played_at in content["actions"]:
        if seq == 3:
            action = store.canonical(store.action_to_json(Purchase(unit="infantry", count=1)))
        previous = store._chain(previous, seq, action, dice, events, played_at)
        execute(path, "UPDATE actions SET action = ?, hash = ? WHERE seq = ?", action, previous, seq)
    chain_at = {r[0]: r[4] for r in rows(path)["actions"]}
    for seq, state_json, _hash in content["snapshots"]:
        execute(path, "UPDATE snapshots SET state_hash = ? WHERE seq = ?",
                store._snapshot_hash(chain_at[seq], state_json), seq)
    head = meta["head"]
    head = store._head(head["count"], previous, head["genesis"], store.dice_mode_from_json(head["dice_mode"]),
                       head["summary"])
    execute(path, "UPDATE meta SET value = ? WHERE key = 'head'", store.canonical(head))
    with pytest.raises(SaveDamaged, match="snapshot after action 4: does not match the game's history"):
        load()
    assert replayed[0] == 5  # from the snapshot after action 2, whose history is unchanged


def test_a_damaged_record_is_ignored_and_the_history_replayed(snapshot_every_two, replayed):
    _path, state, _used = seven_actions(replayed)
    record = verified.record_path()
    record.write_bytes(b"not a database" * 100)
    assert load().state == state and replayed[0] == 7


def test_a_record_others_could_write_is_not_used(snapshot_every_two, replayed):
    _path, state, _used = seven_actions(replayed)
    os.chmod(verified.record_path(), 0o666)
    assert load().state == state and replayed[0] == 7


def test_another_version_of_the_program_replays_everything(snapshot_every_two, replayed, monkeypatch):
    _path, state, _used = seven_actions(replayed)
    monkeypatch.setattr(verified, "program_digest", lambda: "another program")
    assert load().state == state and replayed[0] == 7


def test_a_snapshot_from_another_program_version_is_not_compared_and_not_used(snapshot_every_two, replayed):
    """A save written before a change in how the engine spells a position (say,
    a decision's answers by id instead of by name) still loads: its snapshots
    are not evidence either way, and the game goes on from the replayed history."""
    path, state, used = seven_actions(replayed)
    forget()
    for seq, state_json, _hash in rows(path)["snapshots"]:
        older = json.loads(state_json)
        older.pop(store.WRITTEN_BY)  # as written before snapshots were marked
        older["powers"][0]["ipcs"] = 99  # a different spelling of the same history
        text = store.canonical(older)
        row_hash = {r[0]: r[4] for r in rows(path)["actions"]}[seq]
        execute(path, "UPDATE snapshots SET state = ?, state_hash = ? WHERE seq = ?",
                text, store._snapshot_hash(row_hash, text), seq)
    game = load()
    assert replayed[0] == 7 and (game.state, game.dice_used) == (state, used)
    replayed[0] = 0
    again = load()  # nothing vouches for the unmarked snapshots: replayed again, never started from
    assert replayed[0] == 7 and again.state == state
