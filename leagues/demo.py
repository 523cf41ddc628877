"""The demo data `manage.py load_demo` loads: two leagues written in the league file format
(docs/league_json.md) and loaded through the importer, so every hand is scored by the engine
and every round goes through `Match.record_round`, exactly as if an organiser had typed it.

Fixed dates, seats and first dealers: loading twice into empty databases gives the same
leagues. The hands show what the score sheet handles: Mhing cards (jokers), flowers, exposed
sets, nothing-connects hands, draws, a chips match, a correction in the history, and one
match still running.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.contrib.auth import get_user_model
from django.db import transaction

from leagues.exchange.export import FORMAT, FORMAT_VERSION
from leagues.exchange.importer import import_league

from .models import Club, League, Match, Player

# For a local demo only: printed by load_demo, never meant for a server anyone else can reach.
PASSWORD = "mhing-demo"
ORGANISER = "organiser"
MEMBER = "member"
MEMBER_PLAYER = "Anna Bäcker"
# The club that owns the demo leagues (stored as is, like the leagues' names).
CLUB_NAME = "Demo club"

ANNA, BRUNO, CHLOE, DEV = "Anna Bäcker", "Bruno Costa", "Chloé Martin", "Dev Patel"
ELIF, FINN, GRETE, HIRO = "Elif Yılmaz", "Finn O'Neill", "Grete Sørensen", "Hiroshi Tanaka"


def _won(winner: str, hand: str, discarder: str | None = None) -> dict:
    if discarder is None:
        return {"winner": winner, "win_type": "self_draw", "hand": hand}
    return {"winner": winner, "win_type": "discard", "discarder": discarder, "hand": hand}


DRAW = {"outcome": "draw"}

RIVERSIDE = {
    "format": FORMAT,
    "format_version": FORMAT_VERSION,
    "league": {
        "name": "Riverside Mhing Club",
        "slug": "riverside",
        "season_start": "2026-09-01",
        "season_end": "2026-12-15",
        "default_target": 500,
        "default_variant": "points",
        "is_public": True,
        "players_may_enter": True,
    },
    "players": [ANNA, BRUNO, CHLOE, DEV, ELIF, FINN, GRETE, HIRO],
    "matches": [
        {
            "date": "2026-09-08",
            "players": [ANNA, BRUNO, CHLOE, DEV],
            "first_dealer": ANNA,
            "rounds": [
                _won(BRUNO, "123c 456b 789k 234c 55k"),
                _won(CHLOE, "[EwEwEw] 345k 345k 678k 22k", DEV),
                DRAW,
                _won(ANNA, "123c 123c 99b [5b J 7b] [RdRdRd] F F"),
                _won(DEV, "147b 258c 369k EwSw RdGdWd", ANNA),  # nothing connects
                _won(CHLOE, "123b 123b 456b 456b 88b"),
                _won(BRUNO, "234b 234c 234k 567c 88b F", CHLOE),
                _won(CHLOE, "123b 456b 789b 22b 111b"),
                _won(CHLOE, "[RdRdRd] [GdGdGd] WdWdWd 123b 55c", BRUNO),  # 512: match over
            ],
        },
        {
            "date": "2026-09-15",
            "players": [ELIF, FINN, GRETE, HIRO, ANNA],
            "first_dealer": FINN,
            "rounds": [
                _won(ELIF, "111b 111c 111k 999b 55b"),
                _won(HIRO, "147b 25c 36k EwSwWwNw RdGdWd F F", GRETE),  # with all honours
                DRAW,
                _won(ANNA, "[2b 3b 4b] 234c 567c J 3k 4k 88b F"),
                _won(FINN, "SwSwSw [NwNwNw] 123k 789k 55k", ELIF),
                _won(HIRO, "111c 222c 333c 777c 99c"),  # 576: match over
            ],
        },
        {
            "date": "2026-09-22",
            "players": [BRUNO, DEV, ELIF, GRETE],
            "first_dealer": ELIF,
            "rounds": [
                _won(DEV, "123c 789c 456b 456k 88c F F F"),
                _won(GRETE, "[999k] [J Ww Ww] 123c 567c 22b", BRUNO),
                _won(DEV, "123b 123b 456b 456b 88b", ELIF),
                _won(BRUNO, "[EwEwEw] 345k 345k 678k 22k"),
                DRAW,
                _won(DEV, "[RdRdRd] [GdGdGd] WdWdWd 123b 55c"),
                _won(ELIF, "123b 456b 789b 22b 111b", GRETE),
                _won(DEV, "234b 234c 234k 567c 88b F"),
                _won(DEV, "123b 456b 789b 22b 111b", GRETE),  # 512: match over
            ],
        },
        {
            # Chips (RULES.md §6): the discarder pays double; over after the agreed 6 rounds.
            "date": "2026-10-06",
            "players": [ANNA, CHLOE, FINN, HIRO],
            "first_dealer": CHLOE,
            "variant": "chips",
            "round_limit": 6,
            "rounds": [
                _won(FINN, "123c 456b 789k 234c 55k F"),
                _won(ANNA, "[EwEwEw] 345k 345k 678k 22k", HIRO),
                DRAW,
                _won(CHLOE, "123c 123c 99b [5b J 7b] [RdRdRd] F F"),
                _won(HIRO, "111b 111c 111k 999b 55b", FINN),
                _won(ANNA, "123b 456b 789b 22b 111b"),
            ],
        },
        {
            "date": "2026-10-13",
            "players": [BRUNO, CHLOE, GRETE, HIRO, DEV, FINN],
            "first_dealer": GRETE,
            "target": 300,
            "rounds": [
                _won(GRETE, "123b 123b 456b 456b 88b"),
                _won(BRUNO, "147b 258c 369k EwSw RdGdWd", DEV),
                _won(HIRO, "[999k] [J Ww Ww] 123c 567c 22b"),
                _won(GRETE, "234b 234c 234k 567c 88b F", FINN),
                _won(CHLOE, "[RdRdRd] [GdGdGd] WdWdWd 123b 55c"),
                _won(GRETE, "123c 456b 789k 234c 55k"),
                DRAW,
                _won(CHLOE, "123b 123b 456b 456b 88b", GRETE),  # 320: over the 300 target
            ],
        },
        {
            # Still being played: nobody has reached 500 yet.
            "date": "2026-11-17",
            "players": [ANNA, DEV, ELIF, FINN],
            "first_dealer": FINN,
            "rounds": [
                _won(ANNA, "123c 456b 789k 234c 55k"),  # corrected below: a flower was missed
                _won(ELIF, "[EwEwEw] 345k 345k 678k 22k", DEV),
                DRAW,
                _won(FINN, "147b 25c 36k EwSwWwNw RdGdWd"),
                _won(ANNA, "123c 789c 456b 456k 88c F F F", FINN),
            ],
        },
    ],
}

THURSDAY = {
    "format": FORMAT,
    "format_version": FORMAT_VERSION,
    "league": {
        "name": "Thursday Practice Table",
        "slug": "thursday",
        "season_start": "2026-11-01",
        "season_end": "2026-12-17",
        "default_target": 200,
        "is_public": False,
    },
    "matches": [
        {
            "date": "2026-11-12",
            "players": [ANNA, BRUNO, GRETE],
            "rounds": [
                _won(BRUNO, "123b 456b 789b 22b 111b"),
                _won(ANNA, "567b 567b 678b 789b 99b", GRETE),  # the rule book's 17 credits
            ],
        },
    ],
}

DOCUMENTS = (RIVERSIDE, THURSDAY)

# A classical Mah-Jongg league (docs/mahjongg_leagues.md), made through the models: the
# importer does not read Mah-Jongg games yet. Its first match is settled by differences; then
# the league switches to full-value settlement, which only the second match (begun after the
# change) is played under. Hands in MAHJONGG.md notation, per seat in the order seated.
JADE = {"name": "Jade Dragon Mah-Jongg Club", "slug": "jade-dragon"}
JADE_MATCHES = (
    (
        "2026-11-05",
        {"settle": "diff"},
        [ANNA, BRUNO, CHLOE, DEV],
        [
            # Anna (East) wins on a kan replacement, with an open kan and bonus tiles.
            (
                0,
                "[5b5b5b5b] 123c 456c 789c 22k F3 S3 win=2k by=kan",
                "[NwNwNw] 777k 999c 29b Rd Gd F4 S1",
                "[RdRdRd] 2b 3b 4b 6c 7c 8k 8k Ew Sw Nw",
                "2b 6b 8b 1k 4k 7k 3c 3c 3c Ew Ww Wd Wd",
            ),
            # Bruno's seven pairs: 3000 (MAHJONGG.md §3.4).
            (
                1,
                "123b 456b 78c Rd Gd Gd Sw Nw",
                "33b 44b 66c 88c 22k EwEw WdWd win=Ew by=wall",
                "[111k] 999b 5c 6c 7c Ww Ww Nw Sw F2",
                "[8b8b8b] 2c 3c 4c 5k 6k 7k 9k 9k Ew Sw S4",
            ),
            (None, "", "", "", ""),  # a draw: no payments
            # Chloé on a discard, with a concealed kan.
            (
                2,
                "[RdRdRd] 345b 66b 7c 8c 9b 1k Ww",
                "123k 456k 999k Ew Sw Nw Gd",
                "{4c4c4c4c} 123b 567b 789k 22k F1 win=2k by=discard",
                "[777b] 11c 55c 9b 2k 3k 6k Sw Nw F4",
            ),
        ],
    ),
    (
        "2026-11-19",
        {"settle": "full"},
        [ELIF, FINN, GRETE, HIRO],
        [
            (
                3,
                "[EwEwEw] 123b 456b 9c 9c 5k 6k",
                "[RdRdRd] 22c 34c 77b 88k Nw Sw",
                "[999k] 123c 456b 7b 8b Ww Wd",
                "[SwSwSw] [GdGdGd] 567c 888b 11k F2 win=1k by=discard",
            ),
            (
                0,
                "[1111b] [WdWdWd] 234c 678c 55k S1 win=5k by=wall",
                "23b 45b 67c 89k Ew Sw Nw Gd Wd F3",
                "[777k] 12c 34c 66b Rd Rd Ww Ew",
                "[NwNwNw] 456k 5b 6b 8c 9c 2k 3k Sw",
            ),
        ],
    ),
)
SLUGS = (*(document["league"]["slug"] for document in DOCUMENTS), JADE["slug"])

# (league slug, match date, round number, corrected hand): shows the history of a correction.
CORRECTIONS = (("riverside", "2026-11-17", 1, "123c 456b 789k 234c 55k F"),)


class DemoExists(Exception):
    """A demo league is already there: nothing was loaded."""

    def __init__(self, slugs: list[str]) -> None:
        self.slugs = slugs
        super().__init__(", ".join(slugs))


@dataclass(frozen=True)
class Account:
    username: str
    created: bool  # False: it existed, and its password was left alone


@dataclass(frozen=True)
class Loaded:
    leagues: list[League]
    matches: int
    rounds: int
    accounts: list[Account]


@transaction.atomic
def load() -> Loaded:
    """Create the demo accounts and leagues. Raises DemoExists if a demo league exists."""
    taken = list(
        League.objects.filter(slug__in=SLUGS).order_by("slug").values_list("slug", flat=True)
    )
    if taken:
        raise DemoExists(taken)
    organiser, organiser_created = _account(ORGANISER)
    member, member_created = _account(MEMBER)
    # One club holds the demo leagues and their players (the wall: docs/architecture.md).
    club = Club.create_named(CLUB_NAME)
    imported = [import_league(document, by=organiser, club=club) for document in DOCUMENTS]
    player = Player.objects.named(club, MEMBER_PLAYER).get()
    if player.user_id is None and not Player.objects.in_club(club).filter(user=member).exists():
        player.user = member
        player.save(update_fields=["user"])
    for slug, played_on, number, hand in CORRECTIONS:
        match = Match.objects.get(league__slug=slug, played_on=played_on)
        round_ = match.rounds.select_related("winner", "discarder", "hand").get(number=number)
        entry = replace(round_.entry(), hand=hand)
        match.correct_round(round_, entry, by=organiser, expected_version=round_.version)
    jade = _mahjongg_league(organiser, club)
    return Loaded(
        leagues=[*(result.league for result in imported), jade],
        matches=sum(result.matches for result in imported) + len(JADE_MATCHES),
        rounds=sum(result.rounds for result in imported),
        accounts=[Account(ORGANISER, organiser_created), Account(MEMBER, member_created)],
    )


def _mahjongg_league(organiser, club: Club) -> League:
    from datetime import date

    from scoring.mahjongg.match import GameEntry
    from scoring.mahjongg.profile import Profile

    from .models.mahjongg_entry import record_game

    league = League.objects.create(
        **JADE, club=club, game="mahjongg", season_start=date(2026, 9, 1), owner=organiser
    )
    league.organisers.add(organiser)
    for played_on, rules, names, games in JADE_MATCHES:
        league.rules = Profile.from_dict(rules).to_dict()
        league.save(update_fields=["rules"])
        players = [Player.objects.get_or_create(club=club, display_name=name)[0] for name in names]
        match = Match.begin(league, players, played_on=date.fromisoformat(played_on), by=organiser)
        for caller, *hands in games:
            record_game(match, GameEntry(caller, tuple(hands)), by=organiser)
    return league


def _account(username: str):
    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        user.set_password(PASSWORD)
        user.save(update_fields=["password"])
    return user, created
