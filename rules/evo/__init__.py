"""Evo: dinosaurs on an island in a changing climate (rules package)."""
