"""A league's owner (the organiser no co-organiser may remove), set for existing leagues to
their first organiser: the lowest id in the organisers' table, which is who was added first,
the creator for a league made on the site. And the one name validator (leagues.names) on
the fields names are typed into."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import leagues.names


def first_organiser_owns(apps, schema_editor) -> None:
    League = apps.get_model("leagues", "League")
    Organisers = League.organisers.through
    for league in League.objects.filter(owner__isnull=True).iterator():
        first = Organisers.objects.filter(league=league).order_by("id").first()
        if first is not None:
            League.objects.filter(pk=league.pk).update(owner_id=first.user_id)


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0014_mahjongg_standings"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="league",
            name="owner",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="owner",
            ),
        ),
        migrations.RunPython(first_organiser_owns, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="invite",
            name="new_player_name",
            field=models.CharField(
                blank=True,
                max_length=80,
                validators=[leagues.names.refuse_control_characters],
                verbose_name="new player",
            ),
        ),
        migrations.AlterField(
            model_name="league",
            name="name",
            field=models.CharField(
                max_length=120,
                validators=[leagues.names.refuse_control_characters],
                verbose_name="name",
            ),
        ),
        migrations.AlterField(
            model_name="player",
            name="display_name",
            field=models.CharField(
                max_length=80,
                unique=True,
                validators=[leagues.names.refuse_control_characters],
                verbose_name="display name",
            ),
        ),
        migrations.AlterField(
            model_name="season",
            name="name",
            field=models.CharField(
                max_length=80,
                validators=[leagues.names.refuse_control_characters],
                verbose_name="name",
            ),
        ),
    ]
