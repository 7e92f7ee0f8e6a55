"""Per-game drawing for the terminal: plain functions that turn a view into text."""
