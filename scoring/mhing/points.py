"""Credits to points (RULES.md §4)."""


def points_for(credits: int) -> int:
    """1 credit = 2 points, doubling with each credit up to 5, then every 3 credits.

    >>> [points_for(c) for c in (0, 1, 4, 5, 7, 8, 17, 41)]
    [0, 2, 16, 32, 32, 64, 512, 131072]
    """
    if credits < 0:
        raise ValueError("credits cannot be negative")
    if credits == 0:
        return 0
    if credits <= 4:
        return 2**credits
    return 2 ** (5 + (credits - 5) // 3)
