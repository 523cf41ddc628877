"""League.rules, step 2 of 3: a Mhing league's default target and variant are copied into its
rules ({"target": 500, "variant": "points"}); back again when unapplied. A Mah-Jongg league's
rules are its profile already (0023)."""

from django.db import migrations


def into_rules(apps, schema_editor):
    League = apps.get_model("leagues", "League")
    for league in League.objects.filter(game="mhing").only(
        "pk", "default_target", "default_variant"
    ):
        League.objects.filter(pk=league.pk).update(
            rules={"target": league.default_target, "variant": league.default_variant}
        )


def out_of_rules(apps, schema_editor):
    League = apps.get_model("leagues", "League")
    for league in League.objects.filter(game="mhing").only("pk", "rules"):
        rules = league.rules or {}
        League.objects.filter(pk=league.pk).update(
            default_target=rules.get("target", 500),
            default_variant=rules.get("variant", "points"),
            rules={},
        )


class Migration(migrations.Migration):
    dependencies = [("leagues", "0023_league_rules")]

    operations = [migrations.RunPython(into_rules, out_of_rules)]
