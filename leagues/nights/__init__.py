"""Club nights: forms.py seats a night's present players (the organiser's form), seating.py is the
pure seating (which players sit at which table, fewest repeats), qr.py the code a phone at a
table scans to enter its rounds (docs/club_nights.md)."""
