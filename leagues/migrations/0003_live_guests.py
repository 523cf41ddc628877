from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0002_reserved_slugs"),
    ]

    operations = [
        migrations.AddField(
            model_name="league",
            name="live_guests",
            field=models.BooleanField(
                default=False,
                help_text="Members-only leagues: people who are not members may sit at its live tables; their results are recorded as guests', and they do not join the league.",
                verbose_name="guests at live tables",
            ),
        ),
    ]
