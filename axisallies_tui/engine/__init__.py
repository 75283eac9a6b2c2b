"""The rules engine: pure, immutable, and free of any terminal or Textual code.

Everything that plays the game (the TUI, the headless driver, tests, bots)
submits actions to `Game.apply` and reads back events and the new state.
"""
