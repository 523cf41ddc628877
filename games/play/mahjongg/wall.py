"""The wall at work (MAHJONGG.md §6): building and dealing a game (`new_game`, re-exported
by `engine`), laying out bonus tiles and drawing their replacements, drawing from the live
wall's front and kan replacements from the back, and the draw when 14 tiles remain in the
live wall."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.mahjongg.profile import Profile
from scoring.mahjongg.rotation import Game, first_game

from .ending import finish
from .events import Event
from .state import GameState, Phase, SeatState
from .tiles import DEAD_WALL_RESERVE, Tile, build_wall, is_bonus, set_counts, tile_code

Events = tuple[Event, ...]


def without(tiles: tuple[Tile, ...], *gone: Tile) -> tuple[Tile, ...]:
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


def replacement_index(state: GameState) -> int | None:
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
        without(player.concealed, bonus),
        player.melds,
        tuple(sorted((*player.bonus, bonus))),
        player.discards,
    )
    state = state.evolve(seats=state.with_seat(seat, player))
    events: list[Event] = [Event("bonus_laid_out", seat, {"tile": tile_code(bonus)})]
    index = replacement_index(state)
    if index is None:
        over = finish(state, state.seats, None)
        return over, (*events, ended(over)), None
    tile = state.wall[index]
    state = state.evolve(back=index)
    player = SeatState(
        tuple(sorted((*player.concealed, tile))), player.melds, player.bonus, player.discards
    )
    state = state.evolve(seats=state.with_seat(seat, player))
    events.append(Event("drew", seat, {"tile": tile_code(tile), "from": _where(state)}, ("tile",)))
    if is_bonus(tile):
        state, more, tile = _lay_out(state, seat, tile)
        events.extend(more)
    return state, tuple(events), tile


def _where(state: GameState) -> str:
    """Where the replacement just taken (`wall[state.back]`) lay: the dead wall, or once that
    was used up the live wall's far end."""
    return "dead" if state.back >= state.dead_start else "live_end"


def ended(state: GameState) -> Event:
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


def draw(state: GameState, seat: int, replacement: bool = False) -> tuple[GameState, Events]:
    """`seat` draws: from the live wall's front, or (`replacement`, after a kan) from the
    back. None left to draw: the game ends in a draw (§6: 14 tiles stay in the live wall)."""
    if replacement:
        index = replacement_index(state)
    else:
        index = state.front if state.live_count > DEAD_WALL_RESERVE else None
    if index is None:
        over = finish(state, state.seats, None)
        return over, (ended(over),)
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
    where = _where(state) if replacement else "live"
    events: list[Event] = [Event("drew", seat, {"tile": tile_code(tile), "from": where}, ("tile",))]
    if is_bonus(tile):
        # §3.3 [ruling]: a bonus tile's replacement is plain `by=wall`.
        state, laid, tile = _lay_out(state, seat, tile)
        events.extend(laid)
        by = "wall"
        if state.phase is Phase.OVER:
            return state, tuple(events)
    return state.evolve(drawn=tile, drawn_by=by), tuple(events)
