"""A player's page: records.py gathers their matches, leagues, best hands and head-to-head
(Mah-Jongg's figures from leagues.kinds.mahjongg.records), charts.py draws the points chart."""
