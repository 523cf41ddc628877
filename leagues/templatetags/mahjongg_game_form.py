"""The parts of the game form that a tap on its picker sends again, in HTML: the preview of
the game's scores and payments, or why there is none yet (`{% game_preview_section form
preview htmx %}`, from `preview_rows` in leagues/kinds/mahjongg/sheet.py), a player's button above
the picker (`{% game_player player %}`, leagues/kinds/mahjongg/picking.py `PlayerTiles`) and a
player's notation field (`{% game_hand_field field position %}`, GameForm's `hand<N>`).

Tags rather than templates: drawn by templates, these parts take a large share of a tap that
should take at most 5 ms (docs/benchmarks.md). The HTML is what the
templates drew (compared in English, German and French), with one difference: a translated
text is escaped here, where `{% translate %}` left it as written, so an apostrophe in a
French text is `&#x27;` (the same on the page, and safe in an attribute). Values are escaped
as `{{ }}` escapes them, and the sentences with values translated whole as
`{% blocktranslate %}` translates them.
"""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.templatetags.mahjongg_tiles import tiles_use

register = template.Library()

_NUMERIC = mark_safe(' class="num"')


@register.simple_tag
def game_preview_section(form, preview: dict | None, htmx, oob: bool = False) -> SafeString:
    """The preview's place under the form: the game's scores and payments when the form
    holds a game (`preview`), else, in an answer to a tap or Preview (`htmx`), why it does
    not; with `oob` it replaces itself after a tap."""
    if preview:
        shown = game_preview(preview)
    elif htmx and form.errors:
        reasons = list(form.non_field_errors())
        if form["caller"].errors:
            reasons.append(
                _("Choose who called Mah-Jongg, or a draw, to see the scores and payments.")
            )
        for field in form.hand_fields():
            reasons.extend(field.errors)
        shown = format_html(
            '<div class="round-refused">{}</div>',
            mark_safe("".join(format_html("<p>{}</p>", reason) for reason in reasons)),
        )
    else:
        shown = ""
    return format_html(
        '<section id="game-preview" class="mj-preview" aria-live="polite" '
        'aria-labelledby="preview-title"{}>{}</section>',
        _replacing(oob),
        shown,
    )


def _replacing(oob: bool) -> SafeString:
    """The attribute by which a part sent after a tap replaces itself, whole (htmx out of
    band)."""
    return mark_safe(' hx-swap-oob="outerHTML"' if oob else "")


def game_preview(preview: dict) -> SafeString:
    title = _("Game %(number)s: scores and payments") % {"number": preview["number"]}
    heads = "".join(
        format_html('<th scope="col"{}>{}</th>', _NUMERIC if numeric else "", label)
        for label, numeric in (
            (_("Player"), False),
            (_("Wind"), False),
            (_("Score"), True),
            (_("Payment"), True),
            (_("Balance"), True),
        )
    )
    link_title = _("The hand in the calculator")
    rows = "".join(_row(cell, link_title) for cell in preview["cells"])
    if preview["payments"]:
        sentence = _("%(payer)s pays %(payee)s %(amount)s")
        payments = "".join(
            "<li>%s</li>"
            % (
                sentence
                % {
                    "payer": conditional_escape(payment["payer"].player),
                    "payee": conditional_escape(payment["payee"].player),
                    "amount": payment["amount"],
                }
            )
            for payment in preview["payments"]
        )
        settled = f'<ul class="mj-payments">{payments}</ul>'
    else:
        settled = format_html('<p class="muted">{}</p>', _("Nobody pays anything in this game."))
    return mark_safe(
        f'<h2 id="preview-title">{title}</h2><div class="table-scroll">'
        f'<table class="table" id="preview-table"><thead><tr>{heads}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div>{settled}"
    )


def _row(cell: dict, link_title: str) -> str:
    score = cell["score"]
    if score is None:
        shown = "—"
    elif cell["url"]:
        shown = format_html(
            '<a href="{}" target="_blank" rel="noopener" title="{}">{}</a>',
            cell["url"],
            link_title,
            score,
        )
    else:
        shown = str(score)
    net = cell["net"]
    return (
        f"<tr><td>{escape(cell['seat'].player)}</td><td>{escape(cell['wind'])}</td>"
        f'<td class="num">{shown}</td><td class="num">{"+" if net > 0 else ""}{net}</td>'
        f'<td class="num">{cell["balance"]}</td></tr>'
    )


@register.simple_tag
def game_player(player, oob: bool = False) -> SafeString:
    """One player above the picker: a button that shows their picker, with their wind and
    tile count, and their tiles in small; with `oob` it replaces itself after a tap (htmx
    out-of-band)."""
    position = player.position
    classes = "mj-player" + (" is-active" if player.active else "")
    classes += " has-error" if player.error else ""
    if player.unread:
        count = escape(_("typed line to fix"))
    else:
        count = ngettext("%(count)s tile", "%(count)s tiles", player.count) % {
            "count": player.count
        }
    tiles = ""
    if player.count:
        tiles = f'<span class="mj-player-tiles" aria-hidden="true">{tiles_use(player.tiles)}</span>'
    error = ""
    if player.error:
        error = format_html('<span class="field-error mj-player-error">{}</span>', player.error)
    pressed = "true" if player.active else "false"
    swap = _replacing(oob)
    return mark_safe(
        f'<li class="{classes}" id="mj-player-{position}"{swap}>'
        f'<button type="submit" class="mj-player-button" id="mj-show-{position}" name="player" '
        f'value="{position}" aria-pressed="{pressed}" aria-describedby="mj-about-{position}">'
        f"{escape(player.name)}</button>"
        f'<span class="mj-player-about" id="mj-about-{position}">{escape(player.wind)} · '
        f"{count}</span>{tiles}{error}</li>\n"
    )


@register.simple_tag
def game_hand_field(field, position: int, oob: bool = False) -> SafeString:
    """One player's tiles typed in notation: what the form submits, and what the picker
    edits; with `oob` it replaces itself after a tap on that player's picker. Its errors are
    Django's errors/list/ul.html written out."""
    swap = _replacing(oob)
    value = field.value()
    errors = ""
    if field.errors:
        listed = field.errors
        field_id = format_html(' id="{}_error"', listed.field_id) if listed.field_id else ""
        items = "".join(format_html("<li>{}</li>", error) for error in listed)
        errors = format_html(
            '<div class="field-error" role="alert"><ul class="{}"{}>{}</ul></div>',
            listed.error_class,
            field_id,
            mark_safe(items),
        )
    return format_html(
        '<div class="field" id="mj-typed-{}"{}>\n'
        '  <label for="{}">{}</label>\n'
        '  <input type="text" name="{}" id="{}" value="{}" class="mj-hand-input" '
        'autocomplete="off" autocapitalize="none" spellcheck="false" '
        'aria-describedby="mj-notation-help">\n'
        "  {}\n"
        "</div>\n",
        position,
        swap,
        field.id_for_label,
        field.label,
        field.html_name,
        field.id_for_label,
        "" if value is None else value,
        errors,
    )
