"""Table.rules for both games, step 2 of 2: the columns copied into it (0006) go."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("games", "0006_mhing_table_rules")]

    operations = [
        migrations.RemoveField(model_name="table", name="target"),
        migrations.RemoveField(model_name="table", name="variant"),
        migrations.RemoveField(model_name="table", name="round_limit"),
    ]
