"""The scoring rows of MAHJONGG.md §3 and §5, each under a stable key.

The key is what the code's table, the breakdown a user sees, the JSON and the tests all use,
so "why 416?" is answered by rows. Names in English, German and French are data here, as
Mhing's combination names are (`scoring.mhing.combinations`): the package stays pure, and a
page picks the language it shows.

`value` is points (kind POINTS), doublings (DOUBLINGS), or 0 for the special hands and the
cap (LIMIT: seven pairs' item carries its 3000, the others' the agreed limit) and the
settlement rows (PAYMENT).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class RowKind(Enum):
    POINTS = "points"
    DOUBLINGS = "doublings"
    LIMIT = "limit"
    PAYMENT = "payment"


@dataclass(frozen=True)
class Row:
    key: str
    kind: RowKind
    value: int
    section: str  # where in MAHJONGG.md
    name_en: str
    name_de: str
    name_fr: str
    caller_only: bool = False

    @property
    def names(self) -> dict[str, str]:
        return {"en": self.name_en, "de": self.name_de, "fr": self.name_fr}


P, D, L, PAY = RowKind.POINTS, RowKind.DOUBLINGS, RowKind.LIMIT, RowKind.PAYMENT

# §3.1 points of sets, every player: (key, points, EN, DE, FR).
_SET_POINTS = (
    ("open_pon_simples", 2, "Open pung of simples",
     "Offener Pon aus Grundfarben (2–8)", "Pon exposé de tuiles simples"),
    ("concealed_pon_simples", 4, "Concealed pung of simples",
     "Verdeckter Pon aus Grundfarben (2–8)", "Pon caché de tuiles simples"),
    ("open_pon_terminals", 4, "Open pung of terminals",
     "Offener Pon aus 1en oder 9en", "Pon exposé de terminales"),
    ("concealed_pon_terminals", 8, "Concealed pung of terminals",
     "Verdeckter Pon aus 1en oder 9en", "Pon caché de terminales"),
    ("open_pon_honours", 4, "Open pung of honours",
     "Offener Drachen- oder Windpon", "Pon exposé d'honneurs"),
    ("concealed_pon_honours", 8, "Concealed pung of honours",
     "Verdeckter Drachen- oder Windpon", "Pon caché d'honneurs"),
    ("open_kan_simples", 8, "Open kong of simples",
     "Offener Kan aus Grundfarben (2–8)", "Kan exposé de tuiles simples"),
    ("concealed_kan_simples", 16, "Concealed kong of simples",
     "Halbverdeckter Kan aus Grundfarben (2–8)", "Kan caché de tuiles simples"),
    ("open_kan_terminals", 16, "Open kong of terminals",
     "Offener Kan aus 1en oder 9en", "Kan exposé de terminales"),
    ("concealed_kan_terminals", 32, "Concealed kong of terminals",
     "Halbverdeckter Kan aus 1en oder 9en", "Kan caché de terminales"),
    ("open_kan_honours", 16, "Open kong of honours",
     "Offener Drachen- oder Windkan", "Kan exposé d'honneurs"),
    ("concealed_kan_honours", 32, "Concealed kong of honours",
     "Halbverdeckter Drachen- oder Windkan", "Kan caché d'honneurs"),
    ("bonus_tile", 4, "Bonus tile",
     "Blumen- oder Jahreszeitenstein", "Tuile bonus"),
)  # fmt: skip

# §3.1 variant `pairs=all` (004): a non-caller's pair of dragons or winds scores as the
# caller's pair rows of §3.3 do, under keys of its own (the caller's rows stay caller-only).
_UNFINISHED_PAIRS = (
    ("unfinished_dragon_pair", 2, "Pair of dragons (pairs=all)",
     "Pärchen aus Drachen (alle Pärchen zählen)", "Paire de dragons (toutes les paires)"),
    ("unfinished_wind_pair", 2, "Pair of a wind, neither seat nor round wind (pairs=all)",
     "Pärchen aus einem Wind, weder Platz- noch Rundenwind (alle Pärchen zählen)",
     "Paire de vent, ni de place ni dominant (toutes les paires)"),
    ("unfinished_seat_wind_pair", 2, "Pair of the seat wind (pairs=all)",
     "Pärchen aus dem Platzwind (alle Pärchen zählen)",
     "Paire du vent de place (toutes les paires)"),
    ("unfinished_round_wind_pair", 2, "Pair of the round wind (pairs=all)",
     "Pärchen aus dem Rundenwind (alle Pärchen zählen)",
     "Paire du vent dominant (toutes les paires)"),
    ("unfinished_double_wind_pair", 2,
     "Pair of the seat and round wind, in addition (pairs=all)",
     "Pärchen aus Platz- und Rundenwind, zusätzlich (alle Pärchen zählen)",
     "Paire du vent de place et dominant, en plus (toutes les paires)"),
)  # fmt: skip

# §3.2 doublings, every player. Set rows are totals ([ruling]): a set takes exactly one.
_DOUBLINGS = (
    ("suit_kan", 1, "Kong of suit tiles", "Kan aus Grundfarben", "Kan de tuiles de couleur"),
    ("dragon_pon", 1, "Dragon pung", "Drachenpon", "Pon de dragons"),
    ("dragon_kan", 2, "Dragon kong", "Drachenkan", "Kan de dragons"),
    ("wind_pon", 1, "Wind pung (neither seat nor round wind)",
     "Windpon (weder Platz- noch Rundenwind)", "Pon de vent (ni de place ni dominant)"),
    ("wind_kan", 2, "Wind kong (neither seat nor round wind)",
     "Windkan (weder Platz- noch Rundenwind)", "Kan de vent (ni de place ni dominant)"),
    ("seat_wind_pon", 2, "Seat-wind pung", "Platzwindpon", "Pon du vent de place"),
    ("seat_wind_kan", 3, "Seat-wind kong", "Platzwindkan", "Kan du vent de place"),
    ("round_wind_pon", 2, "Round-wind pung", "Rundenwindpon", "Pon du vent dominant"),
    ("round_wind_kan", 3, "Round-wind kong", "Rundenwindkan", "Kan du vent dominant"),
    ("double_wind_pon", 3, "Pung of the seat and round wind",
     "Pon des Platz- und Rundenwindes", "Pon du vent de place et dominant"),
    ("double_wind_kan", 4, "Kong of the seat and round wind",
     "Kan des Platz- und Rundenwindes", "Kan du vent de place et dominant"),
    ("one_suit", 3, "One suit only", "Nur Steine einer Grundfarbe", "Une seule couleur"),
    ("one_suit_with_honours", 2, "One suit with honours",
     "Eine Grundfarbe mit Drachen und Winden", "Une couleur avec honneurs"),
    ("terminals_and_honours", 4, "Only terminals and honours",
     "Nur Drachen, Winde, 1en und 9en", "Que des terminales et des honneurs"),
    ("own_flower", 1, "Own flower", "Eigener Blumenstein", "Fleur de son vent"),
    ("own_season", 1, "Own season", "Eigener Jahreszeitenstein", "Saison de son vent"),
    ("all_flowers", 2, "All four flowers", "Alle vier Blumensteine", "Les quatre fleurs"),
    ("all_seasons", 2, "All four seasons", "Alle vier Jahreszeitenstein", "Les quatre saisons"),
    ("all_bonus_tiles", 5, "All eight bonus tiles",
     "Alle acht Blumen- und Jahreszeitenstein", "Les huit tuiles bonus"),
)  # fmt: skip

# §3.3 the caller's points and doublings.
_CALLER_POINTS = (
    ("mahjongg", 20, "Mah-Jongg", "Mah-Jongg", "Mah-Jong"),
    ("from_the_wall", 2, "Winning tile from the wall",
     "Schlussstein von der Mauer", "Tuile gagnante prise au mur"),
    ("completes_pair", 2, "Winning tile completes the pair",
     "Schlussstein vervollständigt das Schlusspärchen", "La tuile gagnante complète la paire"),
    ("middle_of_chi", 2, "Winning tile in the middle of a chow",
     "Schlussstein vervollständigt Chi als mittlerer Stein",
     "Tuile gagnante au milieu d'un chi"),
    ("dragon_pair", 2, "Pair of dragons", "Schlusspärchen aus Drachen", "Paire de dragons"),
    ("wind_pair", 2, "Pair of a wind (neither seat nor round wind)",
     "Schlusspärchen aus einem Wind (weder Platz- noch Rundenwind)",
     "Paire de vent (ni de place ni dominant)"),
    ("seat_wind_pair", 2, "Pair of the seat wind",
     "Schlusspärchen aus dem Platzwind", "Paire du vent de place"),
    ("round_wind_pair", 2, "Pair of the round wind",
     "Schlusspärchen aus dem Rundenwind", "Paire du vent dominant"),
    ("double_wind_pair", 2, "Pair of the seat and round wind, in addition",
     "Schlusspärchen aus Platz- und Rundenwind, zusätzlich",
     "Paire du vent de place et dominant, en plus"),
    ("only_pons", 2, "Only pungs and kongs", "Nur Pons und Schlusspärchen", "Que des pons et kans"),
)  # fmt: skip
_CALLER_DOUBLINGS = (
    ("from_the_hand", 1, "From the hand", "Aus der Hand", "Main cachée"),
    ("only_chis", 1, "Only chows, a pair of suit tiles",
     "Nur Chis und Grundfarbenschlußpärchen", "Que des chis, paire de couleur"),
    ("only_simples", 1, "Only simples",
     "Nur Grundfarben und keine 1en und 9en", "Que des tuiles simples"),
    ("last_tile", 1, "Last tile of the wall",
     "Schlussstein ist der letzte der lebenden Mauer", "Dernière tuile du mur"),
    ("kan_replacement", 1, "Winning tile replaces a kong",
     "Schlussstein ist Ersatzstein für einen Kan", "Tuile de remplacement d'un kan"),
)  # fmt: skip

# §3.4 the special hands (seven pairs 3000, the others exactly the limit), and the cap.
_LIMIT_ROWS = (
    ("seven_pairs", "Seven pairs", "Himmlische Zwillinge", "Sept paires"),
    ("thirteen_orphans", "Thirteen orphans", "Dreizehn Waisen", "Treize orphelins"),
    ("nine_gates", "Nine gates", "Neun Tore", "Neuf portes"),
    ("limit", "Limit", "Höchstgrenze", "Limite"),
)

# §5 settlement.
_PAYMENT_ROWS = (
    ("difference", "Difference", "Punktedifferenz", "Différence"),
    ("full_value", "Full value to the caller", "Voller Wert an den Mah-Jongg-Rufer",
     "Pleine valeur au gagnant"),
    ("east_pays_double", "East (the dealer) pays and receives double",
     "Ostwind (der Geber) zahlt und bekommt doppelt", "Est (le donneur) paie et reçoit double"),
)  # fmt: skip

ROWS: tuple[Row, ...] = (
    *(Row(k, P, v, "3.1", en, de, fr) for k, v, en, de, fr in _SET_POINTS),
    *(Row(k, P, v, "3.1", en, de, fr) for k, v, en, de, fr in _UNFINISHED_PAIRS),
    *(Row(k, D, v, "3.2", en, de, fr) for k, v, en, de, fr in _DOUBLINGS),
    *(Row(k, P, v, "3.3", en, de, fr, caller_only=True) for k, v, en, de, fr in _CALLER_POINTS),
    *(Row(k, D, v, "3.3", en, de, fr, caller_only=True) for k, v, en, de, fr in _CALLER_DOUBLINGS),
    *(Row(k, L, 0, "3.4", en, de, fr) for k, en, de, fr in _LIMIT_ROWS),
    *(Row(k, PAY, 0, "5", en, de, fr) for k, en, de, fr in _PAYMENT_ROWS),
)
BY_KEY: dict[str, Row] = {row.key: row for row in ROWS}  # keys are unique (tested)
