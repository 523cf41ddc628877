# The wall between clubs, step 2 of 3: make the clubs and split the players that were shared.
#
# Clubs: leagues that share their FIRST organiser (the lowest id of the league's rows in the
# organisers table) go into one club, named after that organiser's first league; a league with
# no organiser gets a club of its own. Players: a player is kept for the club of its earliest
# league (lowest id) and copied (same name, account, bot flag) into every other club it plays
# in; every reference from that club's leagues (roster, retired list, seats, rounds' dealer,
# winner and discarder, standings, ratings, invitations) moves to the copy. Nothing moves
# between leagues, so each league's results, standings and ratings stay what they were. A
# player in no league goes to one club "Players in no league". Two names that now meet in one
# club and differ only in capitalisation get " (2)", " (3)"… as live play's names did.

from collections import defaultdict

from django.db import migrations

ORPHANS = "Players in no league"


def _free_slug(Club, base):
    slug, n = base or "club", 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _clubs(apps):
    League = apps.get_model("leagues", "League")
    Club = apps.get_model("leagues", "Club")
    first_organiser = {}
    for league_id, user_id in League.organisers.through.objects.order_by("pk").values_list(
        "league_id", "user_id"
    ):
        first_organiser.setdefault(league_id, user_id)
    club_of_organiser, club_of_league = {}, {}
    for league in League.objects.order_by("pk"):
        organiser = first_organiser.get(league.pk)
        club = club_of_organiser.get(organiser) if organiser is not None else None
        if club is None:
            club = Club.objects.create(name=league.name, slug=_free_slug(Club, league.slug))
            if organiser is not None:
                club_of_organiser[organiser] = club
        League.objects.filter(pk=league.pk).update(club=club)
        club_of_league[league.pk] = club.pk
    return club_of_league


def _references(apps):
    """(model, field, path to the league id) for every reference to a player."""
    League = apps.get_model("leagues", "League")
    model = apps.get_model
    return [
        (League.players.through, "player_id", "league_id"),
        (League.retired_players.through, "player_id", "league_id"),
        (model("leagues", "PlayerRating"), "player_id", "league_id"),
        (model("leagues", "PlayerStanding"), "player_id", "league_id"),
        (model("leagues", "Invite"), "player_id", "league_id"),
        (model("leagues", "Seat"), "player_id", "match__league_id"),
        (model("leagues", "Round"), "dealer_id", "match__league_id"),
        (model("leagues", "Round"), "winner_id", "match__league_id"),
        (model("leagues", "Round"), "discarder_id", "match__league_id"),
    ]


def forwards(apps, schema_editor):
    Club = apps.get_model("leagues", "Club")
    Player = apps.get_model("leagues", "Player")
    club_of_league = _clubs(apps)
    references = _references(apps)
    leagues_of = defaultdict(set)
    for model, field, league in references:
        for league_id, player_id in model.objects.filter(**{f"{field}__isnull": False}).values_list(
            league, field
        ):
            leagues_of[player_id].add(league_id)
    names = defaultdict(set)  # club id -> the lower-cased names taken in it

    def free_name(club_id, name):
        candidate, n = name, 1
        while candidate.lower() in names[club_id]:
            n += 1
            candidate = f"{name} ({n})"
        names[club_id].add(candidate.lower())
        return candidate

    orphans = None
    for player in Player.objects.order_by("pk"):
        leagues = sorted(leagues_of.get(player.pk, ()))
        if not leagues:
            if orphans is None:
                orphans = Club.objects.create(name=ORPHANS, slug=_free_slug(Club, "no-league"))
            home = orphans.pk
        else:
            home = club_of_league[leagues[0]]
        player.club_id = home
        player.display_name = free_name(home, player.display_name)
        player.save(update_fields=["club", "display_name"])
        elsewhere = defaultdict(list)
        for league_id in leagues[1:]:
            if club_of_league[league_id] != home:
                elsewhere[club_of_league[league_id]].append(league_id)
        for club_id, club_leagues in elsewhere.items():
            copy = Player.objects.create(
                club_id=club_id,
                display_name=free_name(club_id, player.display_name),
                user_id=player.user_id,
                is_bot=player.is_bot,
            )
            for model, field, league in references:
                model.objects.filter(**{field: player.pk, f"{league}__in": club_leagues}).update(
                    **{field: copy.pk}
                )


class Migration(migrations.Migration):
    dependencies = [("leagues", "0016_clubs")]

    # Backwards: nothing to undo before 0016 removes the columns (a database with players
    # copied per club cannot go back to one site-wide name each).
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
