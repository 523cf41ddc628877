"""Classical Mah-Jongg at the live table (MAHJONGG.md §6, §7): a pure state machine like
Mhing's (`engine`), per-seat views (`views`), bots (`bots`, `autoplay`) and a match over the
profile's rounds (`match`). Hands are scored and games settled by `scoring.mahjongg`.
docs/play_engine.md, "Mah-Jongg"."""
