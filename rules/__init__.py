"""Pure game logic for the fauna engine: no printing, prompting or file writes happen here."""
