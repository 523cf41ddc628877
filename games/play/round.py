"""The round as a state machine (RULES.md §5): `new_round`, `apply`, `legal_actions`.

`apply(state, seat, action)` returns `(new_state, events)` and never changes `state`; an
action the rules refuse raises an `IllegalAction` before anything new is built. `seat` is
the acting player, or None for the table (the server), whose only action is closing the
claim window when its timeout runs out.

Drawing is not an action: nobody chooses whether to draw, so the engine draws for the next
player as soon as the claim window closes unclaimed (and for the dealer after the deal).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import (
    ACTION_CLASSES,
    Action,
    Answer,
    ClaimMhing,
    ClaimSequence,
    ClaimTriplet,
    CloseClaims,
    DeclareMhing,
    Discard,
    Pass,
)
from .claims import check_claim, hand_text, set_claims, winning_claim, winning_score
from .errors import (
    AlreadyAnswered,
    CannotDeclareMhing,
    CardNotInHand,
    ClaimWindowOpen,
    MalformedAction,
    NoClaimWindow,
    NoSuchSeat,
    NotAWinningHand,
    NotYourTurn,
    OwnDiscard,
    PlayersOnly,
    RoundOver,
    TableOnly,
)
from .events import (
    Answered,
    Claimed,
    ClaimsClosed,
    DiscardDead,
    Discarded,
    Drew,
    Event,
    FlowersLaidOut,
    RoundEnded,
    RoundStarted,
)
from .state import Meld, Outcome, Phase, RoundState, SeatState, SetKind
from .tiles import DECK_COUNTS, FLOWER, Tile, full_deck, tile_code

MIN_PLAYERS, MAX_PLAYERS = 2, 6
HAND = 13

Events = tuple[Event, ...]


def _sorted(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles))


def _remove(tiles: tuple[Tile, ...], *gone: Tile) -> tuple[Tile, ...]:
    rest = list(tiles)
    for tile in gone:
        rest.remove(tile)
    return tuple(rest)


def shuffled_wall(seed: int | str) -> tuple[Tile, ...]:
    """All 150 cards in the order a seed shuffles them: the same seed, the same round."""
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    return tuple(deck)


def new_round(
    players: int,
    dealer: int,
    *,
    seed: int | str | None = None,
    wall: Sequence[Tile] | None = None,
) -> tuple[RoundState, Events]:
    """Shuffle (from `seed`, or take the cards in `wall` order), deal 13 to each player from
    the dealer round to the left, replace flowers in turn order from the dealer, and let the
    dealer draw first (RULES.md §5)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"a round has 2 to 6 players, not {players}")
    if not 0 <= dealer < players:
        raise ValueError(f"dealer {dealer} is not a seat of {players}")
    if wall is None:
        if seed is None:
            raise ValueError("give a seed or a wall")
        wall = shuffled_wall(seed)
    wall = tuple(int(t) for t in wall)
    counts = [0] * len(DECK_COUNTS)
    for tile in wall:
        counts[tile] += 1
    if tuple(counts) != DECK_COUNTS:
        raise ValueError("a wall holds exactly the 150 cards of the deck")

    order = [(dealer + i) % players for i in range(players)]
    hands: list[list[Tile]] = [[] for _ in range(players)]
    for i, seat in enumerate(order):
        hands[seat] = list(wall[i * HAND : (i + 1) * HAND])
    taken = players * HAND
    flowers = [0] * players
    events: list[Event] = [RoundStarted(players, dealer)]
    # Flowers are laid out and replaced seat by seat, from the dealer (RULES.md §5); a
    # replacement that is a flower is laid out and replaced in turn.
    for seat in order:
        laid = 0
        while FLOWER in hands[seat]:
            n = hands[seat].count(FLOWER)
            hands[seat] = [t for t in hands[seat] if t != FLOWER] + list(wall[taken : taken + n])
            taken += n
            laid += n
        if laid:
            flowers[seat] = laid
            events.append(FlowersLaidOut(seat, laid))
    seats = tuple(SeatState(_sorted(hands[s]), flowers=flowers[s]) for s in range(players))
    state = RoundState(
        players=players,
        dealer=dealer,
        wall=wall,
        taken=taken,
        seats=seats,
        turn=dealer,
        phase=Phase.DISCARD,
        seed=seed,
    )
    state, drawn = _draw(state, dealer)
    return state, (*events, *drawn)


def _draw(state: RoundState, seat: int) -> tuple[RoundState, Events]:
    """`seat` draws from the stock, laying out flowers and drawing again. An empty stock
    ends the round as a draw: with no card to draw, nobody can win (RULES.md §5 [ruling])."""
    player = state.seats[seat]
    taken = state.taken
    laid = 0
    events: list[Event] = []
    while taken < len(state.wall):
        card = state.wall[taken]
        taken += 1
        if card == FLOWER:
            laid += 1
            continue
        if laid:
            events.append(FlowersLaidOut(seat, laid))
        events.append(Drew(seat, card))
        player = SeatState(
            _sorted((*player.concealed, card)),
            player.exposed,
            player.flowers + laid,
            player.discards,
        )
        new = state.evolve(
            seats=state.with_seat(seat, player),
            taken=taken,
            turn=seat,
            phase=Phase.DISCARD,
            just_drawn=card,
            answers=(),
        )
        return new, tuple(events)
    if laid:
        events.append(FlowersLaidOut(seat, laid))
        player = SeatState(player.concealed, player.exposed, player.flowers + laid, player.discards)
    outcome = Outcome()
    ended = state.evolve(
        seats=state.with_seat(seat, player),
        taken=taken,
        phase=Phase.OVER,
        just_drawn=None,
        answers=(),
        outcome=outcome,
    )
    return ended, (*events, RoundEnded(outcome))


def apply(state: RoundState, seat: int | None, action: Action) -> tuple[RoundState, Events]:
    """The state after `seat` (None: the table) takes `action`, and what happened."""
    if not isinstance(action, ACTION_CLASSES):
        raise MalformedAction(f"not an action: {action!r}")
    if state.phase is Phase.OVER:
        raise RoundOver()
    if isinstance(action, CloseClaims):
        if seat is not None:
            raise TableOnly(seat)
        if state.phase is not Phase.CLAIMS:
            raise NoClaimWindow("close the claim window")
        answers = tuple(
            Pass() if a is None and s != state.turn else a for s, a in enumerate(state.answers)
        )
        timed_out = tuple(s for s, a in enumerate(state.answers) if a is None and s != state.turn)
        new, events = _resolve(state.evolve(answers=answers))
        return _counted(new), (ClaimsClosed(timed_out), *events)
    if seat is None:
        raise PlayersOnly(action.type)
    if not (isinstance(seat, int) and 0 <= seat < state.players):
        raise NoSuchSeat(seat, state.players)
    if state.phase is Phase.DISCARD:
        new, events = _on_turn(state, seat, action)
    else:
        new, events = _answer(state, seat, action)
    return _counted(new), events


def _counted(state: RoundState) -> RoundState:
    return state.evolve(moves=state.moves + 1)


def _on_turn(state: RoundState, seat: int, action: Action) -> tuple[RoundState, Events]:
    if isinstance(action, (Pass, ClaimSequence, ClaimTriplet, ClaimMhing)):
        raise NoClaimWindow(action.type.replace("_", " "))
    if seat != state.turn:
        raise NotYourTurn(seat, state.turn)
    player = state.seats[seat]
    if isinstance(action, Discard):
        if action.card not in player.concealed:
            raise CardNotInHand([tile_code(action.card)])
        player = SeatState(
            _remove(player.concealed, action.card),
            player.exposed,
            player.flowers,
            (*player.discards, action.card),
        )
        new = state.evolve(
            seats=state.with_seat(seat, player),
            phase=Phase.CLAIMS,
            just_drawn=None,
            last_discard=(seat, action.card),
            answers=(None,) * state.players,
        )
        return new, (Discarded(seat, action.card),)
    # DeclareMhing: a self-drawn win.
    if state.just_drawn is None:
        raise CannotDeclareMhing()
    exposed = player.exposed_tiles
    score = winning_score(player.concealed, exposed, player.flowers)
    if score is None:
        raise NotAWinningHand(hand_text(player.concealed, exposed, player.flowers))
    outcome = Outcome(winner=seat, score=score)
    new = state.evolve(phase=Phase.OVER, just_drawn=None, outcome=outcome)
    return new, (RoundEnded(outcome),)


def _answer(state: RoundState, seat: int, action: Action) -> tuple[RoundState, Events]:
    if isinstance(action, (Discard, DeclareMhing)):
        raise ClaimWindowOpen("discard" if isinstance(action, Discard) else "call Mhing")
    if seat == state.turn:
        raise OwnDiscard(seat)
    if state.answers[seat] is not None:
        raise AlreadyAnswered(seat)
    if not isinstance(action, Pass):
        player = state.seats[seat]
        _, discard = state.last_discard
        check_claim(action, discard, player.concealed, player.exposed_tiles, player.flowers)
    answers = state.answers[:seat] + (action,) + state.answers[seat + 1 :]
    new = state.evolve(answers=answers)
    events: Events = (Answered(seat, action),)
    if all(a is not None for s, a in enumerate(answers) if s != state.turn):
        new, resolved = _resolve(new)
        events += resolved
    return new, events


def _resolve(state: RoundState) -> tuple[RoundState, Events]:
    """Every other player has answered: the best claim takes the discard, or it is dead."""
    discarder, card = state.last_discard
    best = winning_claim(state.answers, discarder)
    if best is None:
        dead: Events = (DiscardDead(discarder, card),)
        closed = state.evolve(answers=())
        # The deal's order of play: the discarder's left draws next.
        new, drawn = _draw(closed, (discarder + 1) % state.players)
        return new, dead + drawn

    seat, claim = best
    loser = state.seats[discarder]
    seats = state.with_seat(
        discarder, SeatState(loser.concealed, loser.exposed, loser.flowers, loser.discards[:-1])
    )
    player = seats[seat]
    if isinstance(claim, ClaimMhing):
        # The claimed card joins the hand, which wins as a whole (a discard may complete
        # the pair or a nothing-connects hand only this way).
        concealed = _sorted((*player.concealed, card))
        exposed = player.exposed_tiles
        score = winning_score(concealed, exposed, player.flowers)
        player = SeatState(concealed, player.exposed, player.flowers, player.discards)
        outcome = Outcome(winner=seat, discarder=discarder, score=score)
        new = state.evolve(
            seats=seats[:seat] + (player,) + seats[seat + 1 :],
            phase=Phase.OVER,
            last_discard=None,
            answers=(),
            outcome=outcome,
        )
        return new, (Claimed(seat, "mhing", discarder, card), RoundEnded(outcome))

    # A set: exposed at once with the two hand cards, never taken into the hand; the
    # claimant discards next, without drawing (RULES.md §5).
    kind = SetKind.TRIPLET if isinstance(claim, ClaimTriplet) else SetKind.SEQUENCE
    meld = Meld((card, *claim.cards), kind, discarder, claim.named)
    player = SeatState(
        _remove(player.concealed, *claim.cards),
        (*player.exposed, meld),
        player.flowers,
        player.discards,
    )
    new = state.evolve(
        seats=seats[:seat] + (player,) + seats[seat + 1 :],
        turn=seat,
        phase=Phase.DISCARD,
        just_drawn=None,
        last_discard=None,
        answers=(),
    )
    return new, (Claimed(seat, kind.value, discarder, card, meld.tiles, claim.named),)


def legal_actions(state: RoundState, seat: int | None) -> list[Action]:
    """Every action `apply` accepts from `seat` (None: the table) now, and nothing else."""
    if state.phase is Phase.OVER:
        return []
    if seat is None:
        return [CloseClaims()] if state.phase is Phase.CLAIMS else []
    if not (isinstance(seat, int) and 0 <= seat < state.players):
        return []
    player = state.seats[seat]
    if state.phase is Phase.DISCARD:
        if seat != state.turn:
            return []
        actions: list[Action] = []
        if state.just_drawn is not None and winning_score(
            player.concealed, player.exposed_tiles, player.flowers
        ):
            actions.append(DeclareMhing())
        actions.extend(Discard(t) for t in sorted(set(player.concealed)))
        return actions
    if seat == state.turn or state.answers[seat] is not None:
        return []
    _, discard = state.last_discard
    answers: list[Answer] = [Pass()]
    if winning_score((*player.concealed, discard), player.exposed_tiles, player.flowers):
        answers.append(ClaimMhing())
    answers.extend(set_claims(player.concealed, discard))
    return answers


def awaiting(state: RoundState) -> tuple[int, ...]:
    """The seats the round waits for: the player on turn, or those yet to answer a discard."""
    if state.phase is Phase.DISCARD:
        return (state.turn,)
    if state.phase is Phase.CLAIMS:
        return tuple(
            (state.turn + i) % state.players
            for i in range(1, state.players)
            if state.answers[(state.turn + i) % state.players] is None
        )
    return ()
