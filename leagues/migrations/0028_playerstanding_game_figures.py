"""PlayerStanding.game_figures, step 1 of 3: a JSON column for what only the league's game
counts (0029 fills it from the columns it replaces, Mhing's best hand and Mah-Jongg's balance
and best game; 0030 drops them)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("leagues", "0027_remove_match_target_variant_round_limit")]

    operations = [
        migrations.AddField(
            model_name="playerstanding",
            name="game_figures",
            field=models.JSONField(blank=True, default=dict, verbose_name="the game's figures"),
        ),
    ]
