from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_table_closed"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="game",
            field=models.CharField(
                choices=[("mhing", "Mhing"), ("mahjongg", "Mah-Jongg")],
                default="mhing",
                max_length=10,
                verbose_name="game",
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="rules",
            field=models.JSONField(blank=True, editable=False, null=True, verbose_name="rules"),
        ),
    ]
