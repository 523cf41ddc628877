"""The round as a pure state machine (deal, draw, discard, claims); imports no Django.

    round.py      new_round, apply, legal_actions, awaiting    (RULES.md §5)
    actions.py    the closed set of actions, action_from_dict
    claims.py     which claims a hand can make, which claim wins, whether a hand wins
    state.py      RoundState and its parts (immutable)
    events.py     what happened, as each seat may see it
    views.py      view_for: the round as one seat (or a spectator) sees it
    serialize.py  state_to_dict / state_from_dict, for storage
    match.py      a match over rounds: dealer, totals, the end       (RULES.md §6)
    bots.py       choose_action from a seat's view; distance.py, its measure of a hand
    autoplay.py   bots playing rounds and matches (play_bots, tests)
    errors.py     one exception per kind of refusal
    tiles.py      cards as ints, and their names

Documented for client and bot writers in docs/play_engine.md.
"""
