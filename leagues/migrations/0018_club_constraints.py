# The wall between clubs, step 3 of 3: every league and player has its club (0017 filled
# them), a name is unique in its club whatever its capitalisation, and an account is linked to
# at most one player per club.

import django.db.models.deletion
import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0017_split_players_by_club"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="league",
            name="club",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="leagues",
                to="leagues.club",
                verbose_name="club",
            ),
        ),
        migrations.AlterField(
            model_name="player",
            name="club",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="players",
                to="leagues.club",
                verbose_name="club",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("display_name"),
                models.F("club"),
                name="player_name_unique_in_club",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("club", "user"), name="one_player_per_club_account"
            ),
        ),
    ]
