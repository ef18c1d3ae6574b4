"""The Pygame front end of Connect Four. Imports nothing, so the search
worker processes stay free of pygame."""
