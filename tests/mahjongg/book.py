"""The book's worked examples (MAHJONGG.md §4 and §5), each line with its score: one list for
the tests of the calculator's page and of the score_hand command."""

# The book of 2026-11-28: the hand over the limit is 78 x 512, its Sw pair scoring 2; seven
# pairs 3000.
WORKED_EXAMPLES = [
    ("234b 567c 345k [678b] 55k seat=S round=E win=4k by=discard", 88),
    ("[RdRdRd] 111c 555b 789k EwEw seat=E round=S win=Ew by=wall", 84),
    ("111222333b 789c 55k seat=S round=E win=2b by=wall", 96),
    ("234b 234b 666c 888c 99k seat=N round=E win=8c by=discard", 26),
    ("[WwWwWwWw] 222c 345c 678c GdGd seat=W round=W win=Gd by=discard", 2816),
    ("{EwEwEwEw} [RdRdRd] 999b 111k SwSw seat=E round=E win=1k by=wall", 3000),
    ("[5b5b5b5b] 123c 456c 789c 22k F3 S3 seat=W round=S win=2k by=kan", 640),
    ("[NwNwNw] 777k 1111c 29b Rd F4 S1 seat=N round=S", 192),
    ("11b 22b 55c 77c 99k EwEw RdRd seat=W round=E win=Rd by=discard", 3000),
]
