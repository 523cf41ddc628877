# The wall between clubs, step 1 of 3 (docs/architecture.md, "Decisions"): the Club table and
# the nullable keys to it. A player's name stops being unique on the whole site and an account
# may be linked to one player in each club, so that 0017 can copy a shared player into each
# club it plays in; 0018 makes the keys NOT NULL and adds the per-club constraints.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import leagues.names


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0015_league_owner"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Club",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=120, verbose_name="name")),
                ("slug", models.SlugField(max_length=60, unique=True, verbose_name="short name")),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created")),
            ],
            options={
                "verbose_name": "club",
                "verbose_name_plural": "clubs",
                "ordering": ["name", "pk"],
            },
        ),
        migrations.AddField(
            model_name="league",
            name="club",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="leagues",
                to="leagues.club",
                verbose_name="club",
            ),
        ),
        migrations.AddField(
            model_name="player",
            name="club",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="players",
                to="leagues.club",
                verbose_name="club",
            ),
        ),
        migrations.AlterField(
            model_name="player",
            name="display_name",
            field=models.CharField(
                max_length=80,
                validators=[leagues.names.refuse_control_characters],
                verbose_name="display name",
            ),
        ),
        migrations.AlterField(
            model_name="player",
            name="user",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="players",
                to=settings.AUTH_USER_MODEL,
                verbose_name="account",
            ),
        ),
    ]
