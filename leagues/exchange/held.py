"""Which of a league file's matches a league holds already (leagues.exchange.importer): importing
the same file into a league again adds only the matches it lacks, so a season is not doubled.

A match is the same when everything entered for it is, compared as it is stored: the date,
the seats in order, the first dealer, the target, variant and round limit (the league's
defaults where the file gives none, as Match.begin does), and every round in order; for a
Mah-Jongg match, the date, the seats, its rules and every game's caller and tiles.
"""

from __future__ import annotations

from django.db.models import Prefetch

from leagues.exchange.reader import MatchPlan
from leagues.models import League, Match, Round
from leagues.models.round import Outcome
from scoring.mahjongg.profile import Profile
from scoring.mhing import MhingError, parse_hand


def held_matches(league: League) -> set[tuple]:
    """The keys of the league's matches, as its game keys them."""
    return league.kind.held_matches(league)


def held_round_matches(league: League) -> set[tuple]:
    """held_matches for a game entered round by round (Mhing), in four queries however many
    matches it has."""
    rounds = Round.objects.select_related("winner", "discarder", "hand").order_by("number")
    matches = league.matches.prefetch_related("seats__player", Prefetch("rounds", rounds))
    return {_held_key(match) for match in matches}


def _held_key(match: Match) -> tuple:
    seats = sorted(match.seats.all(), key=lambda seat: seat.position)
    return (
        match.played_on,
        tuple(seat.player.display_name for seat in seats),
        match.first_dealer,
        match.game_rules.target,
        match.game_rules.variant.value,
        match.game_rules.round_limit,
        tuple(
            _round_key(
                round_.outcome,
                round_.winner.display_name if round_.winner else None,
                round_.win_type,
                round_.discarder.display_name if round_.discarder else None,
                "" if round_.is_draw else round_.hand.hand,
            )
            for round_ in match.rounds.all()
        ),
    )


def planned_key(plan: MatchPlan, league: League) -> tuple:
    if plan.games is not None:
        return _planned_mahjongg_key(plan, league)
    rules = league.rule_profile()  # Mhing's: the target and variant a plan leaves out
    return (
        plan.played_on,
        tuple(plan.players),
        plan.first_dealer,
        plan.target or rules.target,
        plan.variant or rules.variant.value,
        plan.round_limit,
        tuple(
            _round_key(r.outcome, r.winner, r.win_type, r.discarder, r.hand) for r in plan.rounds
        ),
    )


# A Mah-Jongg match is the same when its date, its seats in order, the rules it is played
# under (the league's, where the file gives none, as Match.begin takes them) and every game's
# caller and tiles are. Tiles are compared as written, spacing aside: the games store what
# was typed, and an export gives it back letter for letter.


def held_mahjongg_matches(league: League) -> set[tuple]:
    """held_matches for Mah-Jongg: a match's games instead of its rounds."""
    matches = league.matches.prefetch_related("seats__player", "mj_games")
    return {_held_mahjongg_key(match) for match in matches}


def _held_mahjongg_key(match: Match) -> tuple:
    seats = sorted(match.seats.all(), key=lambda seat: seat.position)
    names = tuple(seat.player.display_name for seat in seats)
    return _mahjongg_key(
        match.played_on,
        names,
        match.rule_profile,
        [(game.caller, game.hands) for game in match.mj_games.all()],
    )


def _planned_mahjongg_key(plan: MatchPlan, league: League) -> tuple:
    profile = plan.rule_profile if plan.rule_profile is not None else league.rules
    return _mahjongg_key(plan.played_on, tuple(plan.players), profile, plan.games or [])


def _mahjongg_key(played_on, names: tuple, profile: dict, games: list) -> tuple:
    return (
        played_on,
        names,
        tuple(sorted(Profile.from_dict(profile).to_dict().items())),
        tuple(
            (
                names[caller] if caller is not None else None,
                tuple(" ".join(text.split()) for text in hands),
            )
            for caller, hands in games
        ),
    )


def _round_key(
    outcome: str, winner: str | None, win_type: str, discarder: str | None, hand: str
) -> tuple:
    # A draw is stored without a win type even when a file gives one (RoundEntry.check lets
    # it), so the win type cannot tell two draws apart. Anything else the replay would refuse
    # (a draw's winner, a self-drawn win's discarder) stays in, so it matches no stored round.
    if outcome == Outcome.DRAW:
        win_type = ""
    return (outcome, winner, win_type, discarder, _cards(hand))


def _cards(hand: str) -> tuple | str | None:
    """The cards of a hand, whatever their order, spacing or case: the stored hand is the
    engine's arrangement (`[5b J 7b] 123c 123c 99b F F`), the file's whatever was typed
    (`123C 123c 99b [5b J 7b] FF`). Exposed sets are compared as sets of cards, since the
    arrangement writes the one a joker completes in the order it reads it."""
    if not hand.strip():
        return None
    try:
        parsed = parse_hand(hand)
    except MhingError:
        return hand  # equal to no stored hand: the replay refuses it and says why
    exposed = sorted((tuple(sorted(s.cards)), s.jokers) for s in parsed.exposed)
    return (parsed.concealed, parsed.jokers, tuple(exposed), parsed.flowers)
