"""League.rules, step 1 of 3: the Mah-Jongg profile's column becomes the league's rules, for
every game (Mhing's target and variant move into it in 0024; 0025 drops their columns)."""

from django.db import migrations, models

import leagues.models.league


class Migration(migrations.Migration):
    dependencies = [("leagues", "0022_entry_confirmation")]

    operations = [
        migrations.RenameField(model_name="league", old_name="mahjongg_profile", new_name="rules"),
        migrations.AlterField(
            model_name="league",
            name="rules",
            field=models.JSONField(
                blank=True,
                default=dict,
                validators=[leagues.models.league.validate_rule_profile],
                verbose_name="rules",
            ),
        ),
    ]
