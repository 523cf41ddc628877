"""PlayerStanding.game_figures, step 3 of 3: the columns copied into it (0029) go."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("leagues", "0029_standing_figures_into_game_figures")]

    operations = [
        migrations.RemoveField(model_name="playerstanding", name="balance"),
        migrations.RemoveField(model_name="playerstanding", name="best_game"),
        migrations.RemoveField(model_name="playerstanding", name="best_hand"),
    ]
