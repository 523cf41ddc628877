"""League.rules, step 3 of 3: the columns copied into the rules (0024) go."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("leagues", "0024_mhing_rules_into_league_rules")]

    operations = [
        migrations.RemoveField(model_name="league", name="default_target"),
        migrations.RemoveField(model_name="league", name="default_variant"),
    ]
