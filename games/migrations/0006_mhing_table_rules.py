"""Table.rules for both games, step 1 of 2: a Mhing table's target, variant and number of
rounds are copied into its rules ({"target": 500, "variant": "chips", "round_limit": 6}), where
a Mah-Jongg table keeps its profile, as a Mhing match's were (leagues 0026); back again when
unapplied. A table in play reads its rules from here from now on (games.mhing.live)."""

from django.db import migrations


def into_rules(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    for table in Table.objects.filter(game="mhing").only("pk", "target", "variant", "round_limit"):
        rules = {"target": table.target, "variant": table.variant}
        if table.variant == "chips" and table.round_limit is not None:
            rules["round_limit"] = table.round_limit
        Table.objects.filter(pk=table.pk).update(rules=rules)


def out_of_rules(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    for table in Table.objects.filter(game="mhing").only("pk", "rules"):
        rules = table.rules or {}
        Table.objects.filter(pk=table.pk).update(
            target=rules.get("target", 500),
            variant=rules.get("variant", "points"),
            round_limit=rules.get("round_limit"),
            rules=None,
        )


class Migration(migrations.Migration):
    dependencies = [("games", "0005_table_game")]

    operations = [migrations.RunPython(into_rules, out_of_rules)]
