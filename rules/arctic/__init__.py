"""Arctic (Ludonaute, 2024): the rules package; RULES is what the engine plugs in."""
