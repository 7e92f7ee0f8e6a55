"""Terminal drawings of each game's views, one module per game (plain functions returning text)."""
