"""Bots are no club members: `Player.is_bot`, the league's `bot_matches` setting, and the
bots live play recorded before them turned into bot players (docs/printing_and_bots.md).

A bot player is one that sat in a bot's seat of a live table whose match was recorded
(games.TableSeat.is_bot, games.Table.recorded_match: the same position in the match). The
data step marks those players, takes them off their leagues' rosters, drops their standings
and ratings, and rates the leagues they played in again without them. The people's
standings do not change: each row counts only its own player's seats and hands.

Written against the historical models, so it stays right whatever the models become; the
rating is League.rerate's as it stood when this was written.
"""

from django.db import migrations, models


def mark_bots(apps, schema_editor):
    TableSeat = apps.get_model("games", "TableSeat")
    Seat = apps.get_model("leagues", "Seat")
    Player = apps.get_model("leagues", "Player")
    League = apps.get_model("leagues", "League")
    PlayerStanding = apps.get_model("leagues", "PlayerStanding")
    PlayerRating = apps.get_model("leagues", "PlayerRating")

    bot_seats = TableSeat.objects.filter(is_bot=True, table__recorded_match__isnull=False)
    bot_ids: set[int] = set()
    for match_id, position in bot_seats.values_list("table__recorded_match_id", "position"):
        seat = Seat.objects.filter(match_id=match_id, position=position).first()
        if seat is not None:
            bot_ids.add(seat.player_id)
    # A bot never had an account: a linked player is a person, whatever the table said.
    bots = Player.objects.filter(pk__in=bot_ids, user__isnull=True)
    bot_ids = set(bots.values_list("pk", flat=True))
    if not bot_ids:
        return
    bots.update(is_bot=True)
    league_ids = set(
        Seat.objects.filter(player_id__in=bot_ids).values_list("match__league_id", flat=True)
    )
    League.players.through.objects.filter(player_id__in=bot_ids).delete()
    PlayerStanding.objects.filter(player_id__in=bot_ids).delete()
    for league_id in sorted(league_ids):
        _rerate(league_id, Seat, PlayerRating)


def _rerate(league_id, Seat, PlayerRating):
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings, played, by_match = {}, {}, {}
    seats = (
        Seat.objects.filter(match__league_id=league_id, match__status="finished")
        .filter(player__is_bot=False)
        .order_by("match__played_on", "match_id", "position")
        .values_list("match_id", "player_id", "place")
    )
    for match_id, player_id, place in seats:
        by_match.setdefault(match_id, []).append((player_id, place))
    for placings in by_match.values():
        if len(placings) < 2:
            continue
        teams = [[ratings.get(pid) or model.rating(name=str(pid))] for pid, _ in placings]
        rated = model.rate(teams, ranks=[place for _, place in placings])
        for (pid, _place), (rating,) in zip(placings, rated, strict=True):
            ratings[pid] = rating
            played[pid] = played.get(pid, 0) + 1
    PlayerRating.objects.filter(league_id=league_id).delete()
    PlayerRating.objects.bulk_create(
        PlayerRating(
            league_id=league_id,
            player_id=pid,
            mu=rating.mu,
            sigma=rating.sigma,
            ordinal=rating.ordinal(),
            matches=played[pid],
        )
        for pid, rating in ratings.items()
    )


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0009_club_night"),
        # The live tables tell which recorded seats were bots'.
        ("games", "0004_table_closed"),
    ]

    operations = [
        migrations.AddField(
            model_name="league",
            name="bot_matches",
            field=models.CharField(
                choices=[
                    ("humans", "Record the humans' results"),
                    ("skip", "Do not record matches with bots"),
                ],
                default="humans",
                help_text=(
                    "Bots never appear in the standings or ratings. Either the people's "
                    "results of a live match with bots are recorded, or such a match is not "
                    "recorded at all."
                ),
                max_length=10,
                verbose_name="live matches with bots",
            ),
        ),
        migrations.AddField(
            model_name="player",
            name="is_bot",
            field=models.BooleanField(default=False, verbose_name="bot"),
        ),
        migrations.RunPython(mark_bots, migrations.RunPython.noop),
    ]
