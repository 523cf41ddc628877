"""Match.rule_profile for both games, step 1 of 2: a Mhing match's target, variant and
agreed number of rounds are copied into its rules ({"target": 500, "variant": "chips",
"round_limit": 6}), as a Mhing league's were (0024); back again when unapplied. A Mah-Jongg
match's rule profile is its rules already (0012)."""

from django.db import migrations


def into_rules(apps, schema_editor):
    Match = apps.get_model("leagues", "Match")
    for match in Match.objects.filter(game="mhing").only(
        "pk", "target_points", "variant", "round_limit"
    ):
        rules = {"target": match.target_points, "variant": match.variant}
        if match.variant == "chips" and match.round_limit is not None:
            rules["round_limit"] = match.round_limit
        Match.objects.filter(pk=match.pk).update(rule_profile=rules)


def out_of_rules(apps, schema_editor):
    Match = apps.get_model("leagues", "Match")
    for match in Match.objects.filter(game="mhing").only("pk", "rule_profile"):
        rules = match.rule_profile or {}
        Match.objects.filter(pk=match.pk).update(
            target_points=rules.get("target", 500),
            variant=rules.get("variant", "points"),
            round_limit=rules.get("round_limit"),
            rule_profile={},
        )


class Migration(migrations.Migration):
    dependencies = [("leagues", "0025_remove_league_default_target_and_variant")]

    operations = [migrations.RunPython(into_rules, out_of_rules)]
