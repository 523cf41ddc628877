"""The Mah-Jongg game as a state machine (MAHJONGG.md §6): `new_game`, `apply`,
`legal_actions`, `awaiting`.

`apply(state, seat, action)` returns `(new_state, events)` and never changes `state`; an
action the rules refuse raises an `IllegalAction` first. `seat` is the acting seat (its
wind: 0 East .. 3 North), or None for the table, whose only action is closing the claim
window. Drawing is not an action: the engine draws for the next player when a claim window
closes unclaimed, and draws replacements for bonus tiles and kans at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.play.errors import (
    AlreadyAnswered,
    CardNotInHand,
    ClaimWindowOpen,
    MalformedAction,
    NoClaimWindow,
    NoSuchSeat,
    NotYourTurn,
    OwnDiscard,
    PlayersOnly,
    TableOnly,
)
from scoring.mahjongg.profile import Profile
from scoring.mahjongg.rotation import Game, first_game

from .actions import (
    ACTION_CLASSES,
    ANSWERS,
    PRIORITY,
    Action,
    AddKan,
    Answer,
    ClaimChi,
    ClaimKan,
    ClaimMahjongg,
    ClaimPon,
    CloseClaims,
    DeclareKan,
    DeclareMahjongg,
    Discard,
    Pass,
)
from .ending import finish, hand_text
from .errors import (
    ChiOnlyByNext,
    GameOver,
    LastTileMahjonggOnly,
    NoSuchSet,
    NotJustDrawn,
    NotMahjongg,
)
from .events import Event
from .state import GameState, Meld, MeldKind, Phase, SeatState
from .tiles import DEAD_WALL_RESERVE, Tile, build_wall, is_bonus, set_counts, tile_code
from .win import is_mahjongg

Events = tuple[Event, ...]
HAND = 13


def _without(tiles: tuple[Tile, ...], *gone: Tile) -> tuple[Tile, ...]:
    rest = list(tiles)
    for tile in gone:
        rest.remove(tile)
    return tuple(rest)


def new_game(
    profile: Profile,
    game: Game | None = None,
    *,
    seed: int | str | None = None,
    wall: Sequence[Tile] | None = None,
    dead: int = 16,
) -> tuple[GameState, Events]:
    """Build the wall from `seed` (or take `wall`, in the engine's order, with a dead wall
    of `dead` tiles), deal (§6: from the dealer, two pairs at a time to 12 each, then the
    dealer 2 more and the others 1), lay out and replace bonus tiles seat by seat from the
    dealer; the dealer is on turn with 14 tiles and may declare a kan or Mah-Jongg."""
    game = game or first_game(profile.rotation, profile.players)
    if game.players != profile.players:
        raise ValueError("the game's seating and the profile disagree on the players")
    dice: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))
    if wall is None:
        if seed is None:
            raise ValueError("give a seed or a wall")
        wall, dice, dead = build_wall(seed, profile.bonus_tiles)
    wall = tuple(int(t) for t in wall)
    counts: dict[Tile, int] = {}
    for tile in wall:
        counts[tile] = counts.get(tile, 0) + 1
    if counts != set_counts(profile.bonus_tiles):
        raise ValueError("a wall holds exactly one set of tiles")
    if not 2 <= dead <= len(wall) - 60:
        raise ValueError(f"no dead wall of {dead} tiles")

    players = profile.players
    dealer = int(game.dealer)
    order = [(dealer + i) % players for i in range(players)]
    hands: list[list[Tile]] = [[] for _ in range(players)]
    front = 0
    for _ in range(3):
        for seat in order:
            hands[seat].extend(wall[front : front + 4])
            front += 4
    for seat in order:
        n = 2 if seat == dealer else 1
        hands[seat].extend(wall[front : front + n])
        front += n
    state = GameState(
        profile=profile,
        game=game,
        wall=wall,
        dice=dice,
        dead=dead,
        front=front,
        back=len(wall),
        seats=tuple(SeatState(tuple(sorted(h))) for h in hands),
        turn=dealer,
        phase=Phase.DISCARD,
        seed=seed,
    )
    events: list[Event] = [
        Event("game_started", None, {"dealer": dealer, "dice": [list(d) for d in dice]})
    ]
    last = hands[dealer][-1]
    for seat in order:
        for bonus in [t for t in state.seats[seat].concealed if is_bonus(t)]:
            state, laid, replacement = _lay_out(state, seat, bonus)
            events.extend(laid)
            if state.phase is Phase.OVER:
                return state, tuple(events)
            if seat == dealer:
                last = replacement
    if is_bonus(last) or last not in state.seats[dealer].concealed:
        last = state.seats[dealer].concealed[-1]
    # The dealer skips his first draw: his 14th tile counts as drawn from the wall.
    return state.evolve(drawn=last, drawn_by="wall"), tuple(events)


def _replacement_index(state: GameState) -> int | None:
    """Where the next replacement comes from: the dead wall, and once that is used up the
    far end of the live wall ([ruling] §6), never its last 14 tiles."""
    if state.back > state.dead_start or state.live_count > DEAD_WALL_RESERVE:
        return state.back - 1
    return None


def _lay_out(state: GameState, seat: int, bonus: Tile) -> tuple[GameState, Events, Tile | None]:
    """`seat` lays a bonus tile out and draws its replacement (again, while that is one);
    with no replacement left the game is drawn."""
    player = state.seats[seat]
    player = SeatState(
        _without(player.concealed, bonus),
        player.melds,
        tuple(sorted((*player.bonus, bonus))),
        player.discards,
    )
    state = state.evolve(seats=state.with_seat(seat, player))
    events: list[Event] = [Event("bonus_laid_out", seat, {"tile": tile_code(bonus)})]
    index = _replacement_index(state)
    if index is None:
        over = finish(state, state.seats, None)
        return over, (*events, _ended(over)), None
    tile = state.wall[index]
    state = state.evolve(back=index)
    player = SeatState(
        tuple(sorted((*player.concealed, tile))), player.melds, player.bonus, player.discards
    )
    state = state.evolve(seats=state.with_seat(seat, player))
    events.append(Event("drew", seat, {"tile": tile_code(tile), "from": "dead"}, ("tile",)))
    if is_bonus(tile):
        state, more, tile = _lay_out(state, seat, tile)
        events.extend(more)
    return state, tuple(events), tile


def _ended(state: GameState) -> Event:
    outcome = state.outcome
    return Event(
        "game_ended",
        None,
        {
            "winner": outcome.winner,
            "discarder": outcome.discarder,
            "by": outcome.by,
            "scores": list(outcome.scores),
            "net": list(outcome.net),
        },
    )


def _draw(state: GameState, seat: int, replacement: bool = False) -> tuple[GameState, Events]:
    """`seat` draws: from the live wall's front, or (`replacement`, after a kan) from the
    back. None left to draw: the game ends in a draw (§6: 14 tiles stay in the live wall)."""
    if replacement:
        index = _replacement_index(state)
    else:
        index = state.front if state.live_count > DEAD_WALL_RESERVE else None
    if index is None:
        over = finish(state, state.seats, None)
        return over, (_ended(over),)
    tile = state.wall[index]
    if replacement:
        state = state.evolve(back=index)
        by = "kan"
    else:
        state = state.evolve(front=index + 1)
        by = "last" if state.live_count == DEAD_WALL_RESERVE else "wall"
    player = state.seats[seat]
    player = SeatState(
        tuple(sorted((*player.concealed, tile))), player.melds, player.bonus, player.discards
    )
    state = state.evolve(
        seats=state.with_seat(seat, player),
        turn=seat,
        phase=Phase.DISCARD,
        last_discard=None,
        answers=(),
    )
    where = "dead" if replacement else "live"
    events: list[Event] = [Event("drew", seat, {"tile": tile_code(tile), "from": where}, ("tile",))]
    if is_bonus(tile):
        # §3.3 [ruling]: a bonus tile's replacement is plain `by=wall`.
        state, laid, tile = _lay_out(state, seat, tile)
        events.extend(laid)
        by = "wall"
        if state.phase is Phase.OVER:
            return state, tuple(events)
    return state.evolve(drawn=tile, drawn_by=by), tuple(events)


def apply(state: GameState, seat: int | None, action: Action) -> tuple[GameState, Events]:
    """The state after `seat` (None: the table) takes `action`, and what happened."""
    if not isinstance(action, ACTION_CLASSES):
        raise MalformedAction(f"not an action: {action!r}")
    if state.phase is Phase.OVER:
        raise GameOver()
    if isinstance(action, CloseClaims):
        if seat is not None:
            raise TableOnly(seat)
        if state.phase is not Phase.CLAIMS:
            raise NoClaimWindow("close the claim window")
        timed_out = [s for s, a in enumerate(state.answers) if a is None and s != state.turn]
        answers = tuple(Pass() if s in timed_out else a for s, a in enumerate(state.answers))
        new, events = _resolve(state.evolve(answers=answers))
        return _counted(new), (Event("claims_closed", None, {"timed_out": timed_out}), *events)
    if seat is None:
        raise PlayersOnly(action.type)
    if not (isinstance(seat, int) and 0 <= seat < state.players):
        raise NoSuchSeat(seat, state.players)
    if state.phase is Phase.DISCARD:
        new, events = _on_turn(state, seat, action)
    else:
        new, events = _answer(state, seat, action)
    return _counted(new), events


def _counted(state: GameState) -> GameState:
    return state.evolve(moves=state.moves + 1)


def _on_turn(state: GameState, seat: int, action: Action) -> tuple[GameState, Events]:
    if isinstance(action, ANSWERS):
        raise NoClaimWindow(action.type.replace("_", " "))
    if seat != state.turn:
        raise NotYourTurn(seat, state.turn)
    player = state.seats[seat]
    if isinstance(action, Discard):
        if action.tile not in player.concealed:
            raise CardNotInHand([tile_code(action.tile)])
        player = SeatState(
            _without(player.concealed, action.tile),
            player.melds,
            player.bonus,
            (*player.discards, action.tile),
        )
        new = state.evolve(
            seats=state.with_seat(seat, player),
            phase=Phase.CLAIMS,
            drawn=None,
            drawn_by=None,
            last_discard=(seat, action.tile),
            answers=(None,) * state.players,
        )
        return new, (Event("discarded", seat, {"tile": tile_code(action.tile)}),)
    if state.drawn is None:
        raise NotJustDrawn(action.type.replace("_", " "))
    if isinstance(action, DeclareMahjongg):
        if not is_mahjongg(player.concealed, len(player.melds)):
            raise NotMahjongg(hand_text(player))
        over = finish(state, state.seats, seat, None, state.drawn, state.drawn_by)
        return over, (Event("mahjongg", seat, {"by": state.drawn_by}), _ended(over))
    tile = action.tile
    if isinstance(action, DeclareKan):
        if player.concealed.count(tile) < 4:
            raise NoSuchSet("concealed kan", [tile_code(tile)] * 4)
        meld = Meld((tile,) * 4, MeldKind.KAN, concealed=True)
        melds = (*player.melds, meld)
    else:  # AddKan
        pons = [
            i for i, m in enumerate(player.melds) if m.kind is MeldKind.PON and m.tiles[0] == tile
        ]
        if tile not in player.concealed or not pons:
            raise NoSuchSet("added kan", [tile_code(tile)])
        old = player.melds[pons[0]]
        meld = Meld((tile,) * 4, MeldKind.KAN, False, old.claimed_from, old.claimed)
        melds = player.melds[: pons[0]] + (meld,) + player.melds[pons[0] + 1 :]
    gone = (tile,) * (4 if isinstance(action, DeclareKan) else 1)
    player = SeatState(_without(player.concealed, *gone), melds, player.bonus, player.discards)
    state = state.evolve(seats=state.with_seat(seat, player), drawn=None, drawn_by=None)
    # §6 [ruling]: no robbing a kan, so no claim window; the replacement comes at once.
    laid = Event(
        action.type.replace("declare_", "").replace("add_", "added_"),
        seat,
        {"tile": tile_code(tile)},
    )
    new, drawn = _draw(state, seat, replacement=True)
    return new, (laid, *drawn)


def _answer(state: GameState, seat: int, action: Action) -> tuple[GameState, Events]:
    if not isinstance(action, ANSWERS):
        raise ClaimWindowOpen(action.type.replace("_", " "))
    if seat == state.turn:
        raise OwnDiscard(seat)
    if state.answers[seat] is not None:
        raise AlreadyAnswered(seat)
    if not isinstance(action, Pass):
        _check_claim(state, seat, action)
    answers = state.answers[:seat] + (action,) + state.answers[seat + 1 :]
    new = state.evolve(answers=answers)
    events: Events = (Event("answered", seat, {"answer": action.to_dict()}, ("answer",)),)
    if all(a is not None for s, a in enumerate(answers) if s != state.turn):
        new, resolved = _resolve(new)
        events += resolved
    return new, events


def _check_claim(state: GameState, seat: int, claim: Answer) -> None:
    discarder, tile = state.last_discard
    player = state.seats[seat]
    if isinstance(claim, ClaimMahjongg):
        if not is_mahjongg((*player.concealed, tile), len(player.melds)):
            raise NotMahjongg(hand_text(player) + f" + {tile_code(tile)}")
        return
    if state.final_discard:
        raise LastTileMahjonggOnly(claim.type)
    held = player.concealed.count(tile)
    if isinstance(claim, ClaimPon) and held < 2:
        raise NoSuchSet("pon", [tile_code(tile)] * 3)
    if isinstance(claim, ClaimKan) and held < 3:
        raise NoSuchSet("kan", [tile_code(tile)] * 4)
    if isinstance(claim, ClaimChi):
        next_seat = (discarder + 1) % state.players
        if seat != next_seat:
            raise ChiOnlyByNext(seat, next_seat)
        a, b = claim.tiles
        if _without_or_none(player.concealed, a, b) is None:
            raise CardNotInHand([tile_code(a), tile_code(b)])
        if not _is_chi(a, b, tile):
            raise NoSuchSet("chi", [tile_code(t) for t in sorted((a, b, tile))])


def _without_or_none(tiles: tuple[Tile, ...], *gone: Tile) -> tuple[Tile, ...] | None:
    try:
        return _without(tiles, *gone)
    except ValueError:
        return None


def _is_chi(a: Tile, b: Tile, c: Tile) -> bool:
    x, y, z = sorted((a, b, c))
    return z < 27 and x // 9 == z // 9 and y == x + 1 and z == x + 2


def _resolve(state: GameState) -> tuple[GameState, Events]:
    """Every other seat has answered: the best claim takes the discard, or it is dead."""
    discarder, tile = state.last_discard
    n = state.players
    claims = [
        (PRIORITY[type(a)], -((s - discarder) % n), s, a)
        for s, a in enumerate(state.answers)
        if a is not None and not isinstance(a, Pass)
    ]
    if not claims:
        dead = Event("discard_dead", discarder, {"tile": tile_code(tile)})
        new, drawn = _draw(state.evolve(answers=(), last_discard=None), (discarder + 1) % n)
        return new, (dead, *drawn)
    _, _, seat, claim = max(claims)
    loser = state.seats[discarder]
    seats = state.with_seat(
        discarder, SeatState(loser.concealed, loser.melds, loser.bonus, loser.discards[:-1])
    )
    player = seats[seat]
    if isinstance(claim, ClaimMahjongg):
        winner = SeatState(
            tuple(sorted((*player.concealed, tile))), player.melds, player.bonus, player.discards
        )
        seats = seats[:seat] + (winner,) + seats[seat + 1 :]
        over = finish(state, seats, seat, discarder, tile, "discard")
        claimed = Event(
            "claimed", seat, {"kind": "mahjongg", "from": discarder, "tile": tile_code(tile)}
        )
        return over, (claimed, _ended(over))
    if isinstance(claim, ClaimChi):
        hand_tiles, kind = claim.tiles, MeldKind.CHI
    elif isinstance(claim, ClaimPon):
        hand_tiles, kind = (tile, tile), MeldKind.PON
    else:
        hand_tiles, kind = (tile, tile, tile), MeldKind.KAN
    meld = Meld(tuple(sorted((tile, *hand_tiles))), kind, False, discarder, tile)
    player = SeatState(
        _without(player.concealed, *hand_tiles),
        (*player.melds, meld),
        player.bonus,
        player.discards,
    )
    state = state.evolve(
        seats=seats[:seat] + (player,) + seats[seat + 1 :],
        turn=seat,
        phase=Phase.DISCARD,
        drawn=None,
        drawn_by=None,
        last_discard=None,
        answers=(),
    )
    claimed = Event(
        "claimed",
        seat,
        {"kind": kind.value, "from": discarder, "tile": tile_code(tile),
         "tiles": [tile_code(t) for t in meld.tiles]},
    )  # fmt: skip
    if kind is MeldKind.KAN:
        new, drawn = _draw(state, seat, replacement=True)
        return new, (claimed, *drawn)
    return state, (claimed,)


def legal_actions(state: GameState, seat: int | None) -> list[Action]:
    """Every action `apply` accepts from `seat` (None: the table) now, and nothing else."""
    if state.phase is Phase.OVER:
        return []
    if seat is None:
        return [CloseClaims()] if state.phase is Phase.CLAIMS else []
    if not (isinstance(seat, int) and 0 <= seat < state.players):
        return []
    player = state.seats[seat]
    hand = player.concealed
    if state.phase is Phase.DISCARD:
        if seat != state.turn:
            return []
        actions: list[Action] = []
        if state.drawn is not None:
            if is_mahjongg(hand, len(player.melds)):
                actions.append(DeclareMahjongg())
            actions.extend(DeclareKan(t) for t in sorted(set(hand)) if hand.count(t) == 4)
            pons = {m.tiles[0] for m in player.melds if m.kind is MeldKind.PON}
            actions.extend(AddKan(t) for t in sorted(pons & set(hand)))
        actions.extend(Discard(t) for t in sorted(set(hand)))
        return actions
    if seat == state.turn or state.answers[seat] is not None:
        return []
    discarder, tile = state.last_discard
    answers: list[Action] = [Pass()]
    if is_mahjongg((*hand, tile), len(player.melds)):
        answers.append(ClaimMahjongg())
    if state.final_discard:
        return answers
    held = hand.count(tile)
    if held >= 3:
        answers.append(ClaimKan())
    if held >= 2:
        answers.append(ClaimPon())
    if seat == (discarder + 1) % state.players and tile < 27:
        base = tile - tile % 9
        for low in range(max(base, tile - 2), min(tile, base + 6) + 1):
            others = [t for t in (low, low + 1, low + 2) if t != tile]
            if len(others) == 2 and _without_or_none(hand, *others) is not None:
                answers.append(ClaimChi((others[0], others[1])))
    return answers


def awaiting(state: GameState) -> tuple[int, ...]:
    """The seats the game waits for: the player on turn, or those yet to answer a discard."""
    if state.phase is Phase.DISCARD:
        return (state.turn,)
    if state.phase is Phase.CLAIMS:
        n = state.players
        seats = ((state.turn + i) % n for i in range(1, n))
        return tuple(s for s in seats if state.answers[s] is None)
    return ()
