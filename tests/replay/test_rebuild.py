"""Rebuilding wins from mjai events: each situation field from the rule it follows.

The games are written by hand (tests/replay/game.py): South (seat 1) waits on 5s alone,
the other seats draw a 中 and throw it away unless a test says otherwise. Every rebuilt
win must also be a valid Win (WIN_FORMAT.md).
"""

from __future__ import annotations

from tests.replay.game import IDLE, WAITING, Game, table
from yakubook.engine.win import Win
from yakubook.replay.common import LogError, RebuiltWin
from yakubook.replay.rebuild import LIVE_WALL, rebuild_wins


def wins(game: Game) -> list[RebuiltWin]:
    out = list(rebuild_wins(iter(game.lines())))
    errors = [e for e in out if isinstance(e, LogError)]
    assert not errors, [f"{e.line}: {e.message}" for e in errors]
    for w in out:
        Win.from_json(w.win_json)  # every rebuilt win is a valid Win
    return out  # type: ignore[return-value]


def only_win(game: Game) -> dict:
    (w,) = wins(game)
    return w.win_json


def test_a_riichi_won_within_one_go_around_is_ippatsu():
    hands = table()
    hands[3] = [*IDLE[2][:12], "5s"]
    g = Game().start(hands).idle(0, 1, 2, 3, 0).riichi(1).idle(2)
    g.draw(3).discard(3, "5s", tsumogiri=False)  # North throws South's winning tile
    w = only_win(g.hora(1, 3))
    assert w["riichi"] == "riichi"
    assert w["ippatsu"] is True
    assert w["discarder"] == "across"


def test_a_riichi_with_the_first_discard_and_no_call_before_is_double():
    hands = table()
    hands[2] = [*IDLE[1][:12], "5s"]
    g = Game().start(hands).idle(0).riichi(1)
    g.draw(2).discard(2, "5s", tsumogiri=False)
    w = only_win(g.hora(1, 2))
    assert w["riichi"] == "double"


def test_any_call_ends_the_ippatsu_chance():
    # West throws a 中, North calls pon on it and throws 5s: South's ippatsu is gone, and
    # the discarder's own call broke it just before the winning discard.
    hands = table()
    hands[3] = ["C", "C", "5s", *IDLE[2][:10]]
    g = Game().start(hands).idle(0, 1, 2, 3, 0).riichi(1).idle(2)
    g.add(type="pon", actor=3, target=2, pai="C", consumed=["C", "C"])
    g.discard(3, "5s", tsumogiri=False)
    w = only_win(g.hora(1, 3))
    assert "ippatsu" not in w
    assert w["discarder_broke_ippatsu"] is True


def test_the_riichi_players_next_discard_ends_the_ippatsu_chance():
    hands = table()
    hands[2] = [*IDLE[1][:12], "5s"]
    g = Game().start(hands).idle(0, 1, 2, 3, 0).riichi(1).idle(2, 3, 0, 1)
    g.draw(2).discard(2, "5s", tsumogiri=False)
    w = only_win(g.hora(1, 2))
    assert w["riichi"] == "riichi"
    assert "ippatsu" not in w
    assert "discarder_broke_ippatsu" not in w


def test_robbing_an_added_kan_is_chankan_and_keeps_the_ippatsu_chance():
    # North pons West's 5s (South passes it), South declares riichi, North draws the last
    # 5s and adds it to the pon: South robs it.
    hands = table()
    hands[2] = [*IDLE[1][:12], "5s"]
    hands[3] = ["5s", "5s", *IDLE[2][:11]]
    g = Game().start(hands).idle(0, 1)
    g.draw(2).discard(2, "5s", tsumogiri=False)
    g.add(type="pon", actor=3, target=2, pai="5s", consumed=["5s", "5s"])
    g.discard(3, "7s", tsumogiri=False)
    g.idle(0).riichi(1).idle(2)
    g.draw(3, "5s").add(type="kakan", actor=3, pai="5s", consumed=["5s", "5s", "5s"])
    w = only_win(g.hora(1, 3))
    assert w["chankan"] is True
    assert w["win"] == "5s"
    assert w["ippatsu"] is True  # WIN_FORMAT: robbing an added kan does not interrupt it
    assert "houtei" not in w


def test_an_added_kan_not_robbed_is_a_call_that_ends_ippatsu():
    hands = table()
    hands[2] = [*IDLE[1][:12], "5s"]
    hands[3] = ["C", "C", *IDLE[2][:11]]
    hands[0] = [*IDLE[0][:12], "C"]
    g = Game().start(hands)
    g.draw(0).discard(0, "C")
    g.add(type="pon", actor=3, target=0, pai="C", consumed=["C", "C"])
    g.discard(3, "7s", tsumogiri=False)
    g.idle(0).riichi(1).idle(2)
    g.draw(3, "C").add(type="kakan", actor=3, pai="C", consumed=["C", "C", "C"])
    g.draw(3, "1s").add(type="dora", dora_marker="S").discard(3, "1s")
    g.idle(0)
    g.draw(1, "5s")
    w = only_win(g.hora(1, 1))
    assert "ippatsu" not in w


def test_the_last_wall_tile_drawn_is_haitei_and_its_discard_houtei():
    # South draws the 70th tile of the live wall (draws go East, South, West, North).
    assert LIVE_WALL == 70
    g = Game().start(table())
    for n in range(LIVE_WALL - 1):
        g.idle(n % 4)
    g.draw(1, "5s")
    w = only_win(g.hora(1, 1))
    assert w["haitei"] is True
    assert w["tsumo"] is True
    assert w["turn"] == LIVE_WALL // 4 + 1

    hands = table()
    hands[2] = list(WAITING)  # West waits on 5s too; South throws it with the last draw
    hands[1] = [*IDLE[1][:12], "5s"]
    g = Game().start(hands)
    for n in range(LIVE_WALL - 1):
        g.idle(n % 4)
    g.draw(1).discard(1, "5s", tsumogiri=False)
    w = only_win(g.hora(2, 1))
    assert w["houtei"] is True
    assert "haitei" not in w


def test_one_tile_before_the_end_is_neither_haitei_nor_houtei():
    hands = table()
    hands[0], hands[1] = list(WAITING), IDLE[0]  # East waits on 5s now
    g = Game().start(hands)
    for n in range(LIVE_WALL - 2):
        g.idle(n % 4)
    g.draw(0, "5s")  # the 69th draw, East's
    w = only_win(g.hora(0, 0))
    assert "haitei" not in w


def test_the_replacement_tile_of_a_kan_is_rinshan_with_the_new_dora():
    east = ["E", "E", "E", "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "P"]
    g = Game().start([east, WAITING, IDLE[1], IDLE[2]], dora_marker="3p")
    g.draw(0, "E").add(type="ankan", actor=0, consumed=["E", "E", "E", "E"])
    g.add(type="dora", dora_marker="7m").draw(0, "P")
    w = only_win(g.hora(0, 0))
    assert w["rinshan"] is True
    assert w["consecutive_kans"] == 1
    assert w["melds"] == ["ankan 1111z"]
    assert w["dora"] == "3p7m"
    assert w["turn"] == 1  # a replacement draw belongs to the draw of its kan


def test_ura_indicators_are_read_with_a_riichi_only():
    hands = table()
    hands[2] = [*IDLE[1][:12], "5s"]
    g = Game().start(hands, dora_marker="1p").idle(0, 1, 2, 3, 0).riichi(1)
    g.draw(2).discard(2, "5s", tsumogiri=False)
    w = only_win(g.hora(1, 2, ura=["4m"]))
    assert w["ura"] == "4m"
    assert w["dora"] == "1p"

    # Without a riichi the log's ura indicators are not the hand's (rebuilding does not
    # judge whether the hand has a yaku).
    g = Game().start(hands).idle(0, 1)
    g.draw(2).discard(2, "5s", tsumogiri=False)
    w = only_win(g.hora(1, 2, ura=["4m"]))
    assert "ura" not in w


def test_red_fives_in_the_hand_and_in_a_meld_are_kept():
    south = ["1m", "2m", "3m", "4p", "5pr", "6p", "7s", "8s", "9s", "4s", "6s", "P", "P"]
    hands = table(south)
    hands[2] = [*IDLE[1][:12], "5sr"]
    g = Game().start(hands).idle(0, 1)
    g.draw(2).discard(2, "5sr", tsumogiri=False)
    w = only_win(g.hora(1, 2))
    assert w["win"] == "0s"
    win = Win.from_json(w)
    assert win.total_red == 2  # 0p held, 0s won

    # East calls pon on West's 5m with a plain and a red 5m, then wins on South's 4m.
    east = ["5m", "5mr", "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "P", "P"]
    hands = [east, [*IDLE[1][:12], "4m"], [*IDLE[1][:12], "5m"], IDLE[2]]
    g = Game().start(hands).idle(0, 1)
    g.draw(2).discard(2, "5m", tsumogiri=False)
    g.add(type="pon", actor=0, target=2, pai="5m", consumed=["5m", "5mr"])
    g.discard(0, "1m", tsumogiri=False).draw(1).discard(1, "4m", tsumogiri=False)
    win = Win.from_json(only_win(g.hora(0, 1)))
    assert [(m.kind, m.red) for m in win.melds] == [("pon", 1)]
    assert win.total_red == 1


def test_honba_and_sticks_on_the_table_go_to_the_first_winner_only():
    # Two sticks were left from earlier hands and South's riichi adds one; West and South
    # both win on East's 5s: South, next after East, takes the sticks; West none.
    hands = [[*IDLE[0][:12], "5s"], WAITING, list(WAITING), IDLE[2]]
    g = Game().start(hands, honba=2, kyotaku=2).idle(0, 1, 2, 3).riichi(1, "C")
    g.idle(2, 3)
    g.draw(0).discard(0, "5s", tsumogiri=False)
    g.hora(1, 0).hora(2, 0)
    first, second = wins(g)
    assert first.win_json["honba"] == 2 and second.win_json["honba"] == 2
    assert first.win_json["riichi_sticks"] == 3
    assert "riichi_sticks" not in second.win_json
    assert first.takes_bonus and not second.takes_bonus


def test_the_dealers_record_counts_the_dealers_wins_in_a_row():
    east = ["E", "E", "E", "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "P"]
    g = Game()
    for honba in (0, 1):
        g.start([east, WAITING, IDLE[1], IDLE[2]], honba=honba)
        g.draw(0, "P").hora(0, 0).end()
    first, second = wins(g)
    assert first.win_json.get("dealer_streak") == 1
    assert "dealer_history" not in first.win_json
    assert second.win_json["dealer_history"] == "W"
    assert second.win_json["dealer_streak"] == 2


def test_a_win_on_the_dealers_first_draw_is_in_the_first_go_around():
    east = ["E", "E", "E", "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "P"]
    g = Game().start([east, WAITING, IDLE[1], IDLE[2]]).draw(0, "P")
    w = only_win(g.hora(0, 0))
    assert w["first_go_around"] is True
    assert w["turn"] == 1

    g = Game().start([east, WAITING, IDLE[1], IDLE[2]]).idle(0, 1, 2, 3).draw(0, "P")
    w = only_win(g.hora(0, 0))
    assert "first_go_around" not in w

    # A ron on North's first discard is still in it (every discard so far a first one).
    hands = [list(WAITING), IDLE[0], IDLE[1], [*IDLE[2][:12], "5s"]]
    g = Game().start(hands).idle(0, 1, 2).draw(3).discard(3, "5s", tsumogiri=False)
    w = only_win(g.hora(0, 3))
    assert w["first_go_around"] is True
    assert w["discarder"] == "previous"

    # South wins on East's first discard before drawing at all: turn 0.
    hands = [[*IDLE[0][:12], "5s"], WAITING, IDLE[1], IDLE[2]]
    g = Game().start(hands).draw(0).discard(0, "5s", tsumogiri=False)
    w = only_win(g.hora(1, 0))
    assert w["turn"] == 0
    assert w["first_go_around"] is True


def test_a_bad_event_is_reported_at_its_line_and_the_next_hand_still_rebuilt():
    east = ["E", "E", "E", "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "P"]
    g = Game().start([east, WAITING, IDLE[1], IDLE[2]])
    g.draw(0, "1p").discard(0, "S", tsumogiri=False)  # East holds no 南
    g.hora(0, 0).end()
    g.start([east, WAITING, IDLE[1], IDLE[2]], honba=1).draw(0, "P").hora(0, 0)
    out = list(rebuild_wins(iter(g.lines())))
    errors = [e for e in out if isinstance(e, LogError)]
    assert len(errors) == 1
    assert errors[0].line == 4
    assert "does not hold" in errors[0].message
    assert [w.line for w in out if isinstance(w, RebuiltWin)] == [len(g.events)]


def test_the_original_mjai_names_of_the_ura_indicators_and_winning_tile_are_read():
    # gimite/mjai writes uradora_markers (riichienv and Mortal: ura_markers) and the
    # winning tile as pai.
    hands = table()
    hands[2] = [*IDLE[1][:12], "5s"]
    g = Game().start(hands).idle(0, 1, 2, 3, 0).riichi(1)
    g.draw(2).discard(2, "5s", tsumogiri=False)
    g.add(type="hora", actor=1, target=2, pai="5s", deltas=[0, 0, 0, 0],
          uradora_markers=["4m"])
    assert only_win(g)["ura"] == "4m"

    g.events[-1]["pai"] = "6s"
    (error,) = rebuild_wins(iter(g.lines()))
    assert isinstance(error, LogError)
    assert error.line == len(g.events)
    assert "pai '6s'" in error.message


def test_a_tsumo_on_a_wait_the_winner_discarded_is_furiten():
    # South throws a 5s away (its own wait) and later draws one: furiten (a tsumo still
    # wins); with the 5s never thrown it is not.
    south = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "4s", "6s", "P", "P"]
    g = Game().start(table(south)).idle(0).draw(1, "5s").discard(1, "5s").idle(2, 3, 0)
    w = only_win(g.draw(1, "5s").hora(1, 1))
    assert w["furiten"] is True

    g = Game().start(table(south)).idle(0, 1, 2, 3, 0)
    assert "furiten" not in only_win(g.draw(1, "5s").hora(1, 1))

    # thirteen orphans waiting on 中 alone, 中 thrown before
    orphans = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "F"]
    g = Game().start(table(orphans)).idle(0).draw(1, "C").discard(1, "C").idle(2, 3, 0)
    w = only_win(g.draw(1, "C").hora(1, 1))
    assert w["furiten"] is True


def test_an_event_without_a_string_type_is_reported_not_raised():
    g = Game().start(table()).add(type=["tsumo"], actor=0, pai="C")
    (error,) = rebuild_wins(iter(g.lines()))
    assert isinstance(error, LogError)
    assert error.line == 3 and "unknown mjai event type" in error.message
