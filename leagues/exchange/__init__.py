"""A league in and out of files (docs/league_json.md): export.py writes the CSV sheets and the
JSON file, reader.py reads a JSON file into a plan, held.py keys the matches a league already
holds, replay.py and importer.py save a plan, forms.py is the import page's form. What differs
by game is asked of the league's game (leagues/kinds/)."""
