"""Mah-Jongg as the British Mah-Jongg Association plays it (MAHJONGG.md), under a rule profile
the league chooses: entered game by game (docs/mahjongg_leagues.md), or played at a live table
(games/play/mahjongg/, games/mahjongg/) and recorded game by game when the match ends."""

from leagues.kinds.base import GameKind, Hook, Words

PKG = "leagues.kinds.mahjongg"

MAHJONGG = GameKind(
    key="mahjongg",
    package=PKG,
    read_rules=Hook(f"{PKG}.hooks.read_rules"),
    settings_form=Hook(f"{PKG}.settings_form.MahjonggSettingsForm"),
    table_size=Hook(f"{PKG}.hooks.table_size"),
    match_new=Hook(f"{PKG}.views.mahjongg_match_new"),
    match_fields=(),
    seat_name=Hook(f"{PKG}.hooks.seat_name"),
    seated_message=Hook(f"{PKG}.hooks.seated_message"),
    check_seats=Hook(f"{PKG}.hooks.check_seats"),
    render_sheet=Hook(f"{PKG}.views.render_mahjongg_sheet"),
    settle=Hook("leagues.models.mahjongg_game.settle_mahjongg"),
    entry_url="leagues:mj_game_new",
    played="mj_games",
    urls=f"{PKG}.urls",
    blank_sheet=Hook(f"{PKG}.blank_sheet.mahjongg_blank_sheet"),
    blank_sheet_template="leagues/mahjongg/blank_sheet.html",
    standings_columns=Hook(f"{PKG}.standings.MAHJONGG_COLUMNS"),
    standings_rows=Hook(f"{PKG}.standings.mahjongg_rows"),
    standings_figures=Hook(f"{PKG}.figures.mahjongg_figures"),
    write_standings_csv=Hook(f"{PKG}.exchange.write_standings_csv"),
    write_rounds_csv=Hook(f"{PKG}.games_csv.write_games_csv"),
    rounds_csv_name="games",
    count_played=Hook(f"{PKG}.hooks.count_played"),
    export_league=Hook(f"{PKG}.exchange.league_document"),
    export_match=Hook(f"{PKG}.exchange.match_document"),
    held_matches=Hook("leagues.exchange.held.held_mahjongg_matches"),
    words=Words("leagues/mahjongg/words.html"),
    player=Words("leagues/mahjongg/player.html"),
    player_figures=Hook(f"{PKG}.records.mahjongg_games_by_match"),
    player_best_hands=Hook(f"{PKG}.records.best_mahjongg_hands"),
    player_count_seat=Hook(f"{PKG}.records.count_seat"),
    calculator_url="scoring:mahjongg_calculator",
    live=True,
)
