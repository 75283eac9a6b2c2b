"""The app's screens: start, setup, game, help, and the small dialogs."""
