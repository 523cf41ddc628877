# Presence from live sockets instead of a counter (games.presence): a crash can strand a
# counter, never a row that stops being renewed.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_recent_events"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveField(
            model_name="tableseat",
            name="connections",
        ),
        migrations.CreateModel(
            name="TablePresence",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("channel_name", models.CharField(max_length=200, unique=True)),
                ("server", models.CharField(max_length=40)),
                ("seen_at", models.DateTimeField(db_index=True)),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="presences",
                        to="games.table",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="table_presences",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "connection",
                "verbose_name_plural": "connections",
                "indexes": [models.Index(fields=["table", "user"], name="presence_by_seat")],
            },
        ),
    ]
