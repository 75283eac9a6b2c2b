"""Widgets of the game screens. They render and post messages; screens act."""
