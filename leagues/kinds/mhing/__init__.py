"""Mhing, the club's own game (RULES.md): entered round by round on the score sheet, and
played at live tables (games/)."""

from leagues.kinds.base import GameKind, Hook, Words

PKG = "leagues.kinds.mhing"

MHING = GameKind(
    key="mhing",
    package=PKG,
    read_rules=Hook(f"{PKG}.hooks.read_rules"),
    settings_form=Hook(f"{PKG}.settings_form.MhingSettingsForm"),
    table_size=Hook(f"{PKG}.hooks.table_size"),
    match_new=Hook(f"{PKG}.match_pages.mhing_match_new"),
    match_fields=(("variant", "variant"), ("target_points", "target")),
    seat_name=Hook(f"{PKG}.hooks.seat_name"),
    seated_message=Hook(f"{PKG}.hooks.seated_message"),
    check_seats=Hook(f"{PKG}.hooks.check_seats"),
    render_sheet=Hook(f"{PKG}.match_pages.render_mhing_sheet"),
    settle=Hook(f"{PKG}.hooks.settle"),
    entry_url="leagues:round_new",
    played="rounds",
    urls=f"{PKG}.urls",
    blank_sheet=Hook(f"{PKG}.blank_sheet.blank_sheet"),
    blank_sheet_template="leagues/mhing/blank_sheet.html",
    standings_columns=Hook("leagues.standings.table.COLUMNS"),
    standings_rows=Hook("leagues.standings.html.standings_rows"),
    standings_figures=Hook(f"{PKG}.figures.mhing_figures"),
    write_standings_csv=Hook("leagues.exchange.export.write_round_standings_csv"),
    write_rounds_csv=Hook("leagues.exchange.export.write_round_rows_csv"),
    rounds_csv_name="rounds",
    count_played=Hook(f"{PKG}.hooks.count_played"),
    export_league=Hook(f"{PKG}.hooks.export_league"),
    export_match=Hook(f"{PKG}.hooks.export_match"),
    held_matches=Hook("leagues.exchange.held.held_round_matches"),
    words=Words("leagues/mhing/words.html"),
    player=Words("leagues/mhing/player.html"),
    player_figures=Hook(f"{PKG}.records.rounds_by_match"),
    player_best_hands=Hook(f"{PKG}.records.best_hands"),
    player_count_seat=Hook(f"{PKG}.records.count_seat"),
    calculator_url="scoring:calculator",
    live=True,
)
