"""The fauna data files (board, scales, presets, deck); installed as the package `fauna_data`."""
