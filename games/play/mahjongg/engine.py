"""The Mah-Jongg game as a state machine (MAHJONGG.md §6): `new_game`, `apply`,
`legal_actions`, `awaiting`.

`apply(state, seat, action)` returns `(new_state, events)` and never changes `state`; an
action the rules refuse raises an `IllegalAction` first. `seat` is the acting seat (its
wind: 0 East .. 3 North), or None for the table, whose only action is closing the claim
window. Drawing is not an action: the engine draws for the next player when a claim window
closes unclaimed, and draws replacements for bonus tiles and kans at once.
"""

from __future__ import annotations

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
    NotTheDrawnTile,
)
from .events import Event
from .state import GameState, Meld, MeldKind, Phase, SeatState
from .tiles import Tile, tile_code
from .wall import Events, draw, ended, new_game, without

__all__ = ["Events", "apply", "awaiting", "legal_actions", "new_game"]
from .win import is_mahjongg


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
            without(player.concealed, action.tile),
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
        return over, (Event("mahjongg", seat, {"by": state.drawn_by}), ended(over))
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
        if tile != state.drawn:  # §6: "add a drawn tile to an exposed pon"
            raise NotTheDrawnTile(tile_code(tile), tile_code(state.drawn))
        old = player.melds[pons[0]]
        meld = Meld((tile,) * 4, MeldKind.KAN, False, old.claimed_from, old.claimed)
        melds = player.melds[: pons[0]] + (meld,) + player.melds[pons[0] + 1 :]
    gone = (tile,) * (4 if isinstance(action, DeclareKan) else 1)
    player = SeatState(without(player.concealed, *gone), melds, player.bonus, player.discards)
    state = state.evolve(seats=state.with_seat(seat, player), drawn=None, drawn_by=None)
    # §6 [ruling]: no robbing a kan, so no claim window; the replacement comes at once.
    laid = Event(
        action.type.replace("declare_", "").replace("add_", "added_"),
        seat,
        {"tile": tile_code(tile)},
    )
    new, drawn = draw(state, seat, replacement=True)
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
        return without(tiles, *gone)
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
        new, drawn = draw(state.evolve(answers=(), last_discard=None), (discarder + 1) % n)
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
        return over, (claimed, ended(over))
    if isinstance(claim, ClaimChi):
        hand_tiles, kind = claim.tiles, MeldKind.CHI
    elif isinstance(claim, ClaimPon):
        hand_tiles, kind = (tile, tile), MeldKind.PON
    else:
        hand_tiles, kind = (tile, tile, tile), MeldKind.KAN
    meld = Meld(tuple(sorted((tile, *hand_tiles))), kind, False, discarder, tile)
    player = SeatState(
        without(player.concealed, *hand_tiles),
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
        new, drawn = draw(state, seat, replacement=True)
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
            if state.drawn in pons:
                actions.append(AddKan(state.drawn))
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
