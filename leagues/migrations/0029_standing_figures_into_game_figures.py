"""PlayerStanding.game_figures, step 2 of 3: each row's best hand (Mhing), balance and best game
(Mah-Jongg) are copied into it as values, as the games' `standings_figures` hooks write them
(leagues/kinds/<game>/figures.py); back into their columns when unapplied. The rows are
derived data (`manage.py rebuild_standings` gives the same), so this only spares a rebuild."""

from django.db import migrations

BATCH = 500


def into_game_figures(apps, schema_editor):
    PlayerStanding = apps.get_model("leagues", "PlayerStanding")
    rows = PlayerStanding.objects.values_list(
        "pk",
        "league__game",
        "balance",
        "best_hand__hand",
        "best_hand__points",
        "best_hand__credits",
        "best_hand__round__match_id",
        "best_hand__round__number",
        "best_game__best",
        "best_game__match_id",
        "best_game__number",
    )
    changed = []
    for pk, game, balance, *rest in rows.iterator():
        hand, game_won = rest[:5], rest[5:]
        figures = {}
        if hand[0] is not None:
            figures["best_hand"] = dict(
                zip(("hand", "points", "credits", "match_id", "round_number"), hand, strict=True)
            )
        if game == "mahjongg":
            figures["balance"] = balance
            if game_won[0] is not None:
                figures["best_game"] = dict(
                    zip(("points", "match_id", "number"), game_won, strict=True)
                )
        changed.append(PlayerStanding(pk=pk, game_figures=figures))
    PlayerStanding.objects.bulk_update(changed, ["game_figures"], batch_size=BATCH)


def out_of_game_figures(apps, schema_editor):
    PlayerStanding = apps.get_model("leagues", "PlayerStanding")
    WinningHand = apps.get_model("leagues", "WinningHand")
    MahjonggGame = apps.get_model("leagues", "MahjonggGame")
    rows = list(PlayerStanding.objects.values_list("pk", "game_figures"))
    # The hands and games named, found again by their match and number.
    wanted = {
        figures[key]["match_id"]
        for _pk, figures in rows
        for key in ("best_hand", "best_game")
        if figures.get(key)
    }
    hands = {
        (match_id, number): pk
        for pk, match_id, number in WinningHand.objects.filter(
            round__match_id__in=wanted
        ).values_list("pk", "round__match_id", "round__number")
    }
    games = {
        (match_id, number): pk
        for pk, match_id, number in MahjonggGame.objects.filter(match_id__in=wanted).values_list(
            "pk", "match_id", "number"
        )
    }
    changed = []
    for pk, figures in rows:
        hand, game = figures.get("best_hand"), figures.get("best_game")
        changed.append(
            PlayerStanding(
                pk=pk,
                balance=figures.get("balance", 0),
                best_hand_id=hands.get((hand["match_id"], hand["round_number"])) if hand else None,
                best_game_id=games.get((game["match_id"], game["number"])) if game else None,
                game_figures={},
            )
        )
    PlayerStanding.objects.bulk_update(
        changed, ["balance", "best_hand", "best_game", "game_figures"], batch_size=BATCH
    )


class Migration(migrations.Migration):
    dependencies = [("leagues", "0028_playerstanding_game_figures")]

    operations = [migrations.RunPython(into_game_figures, out_of_game_figures)]
