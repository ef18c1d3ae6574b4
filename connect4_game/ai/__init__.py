"""The computer players' machinery; nothing here imports pygame."""
