"""Per-game terminal pictures: each module draws one game's view as plain text."""
