"""What every game in the engine shares: errors, the seeded generator, name matching."""
