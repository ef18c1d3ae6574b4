"""The game flow, free of pygame: the session, its seats, searches and typed events."""
