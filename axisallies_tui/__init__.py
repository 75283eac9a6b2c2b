"""Axis & Allies for the terminal. Kept import-free so `--version` and the CLI start fast."""

__version__ = "0.1.0"
