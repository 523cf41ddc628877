"""Match.rule_profile for both games, step 2 of 2: the columns copied into it (0026) go."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("leagues", "0026_mhing_match_rules_into_rule_profile")]

    operations = [
        migrations.RemoveField(model_name="match", name="target_points"),
        migrations.RemoveField(model_name="match", name="variant"),
        migrations.RemoveField(model_name="match", name="round_limit"),
    ]
