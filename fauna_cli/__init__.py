"""The fauna command line: renders what the pure rules package decides."""
