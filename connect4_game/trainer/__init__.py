"""What teaches: the puzzles and the practice of a reviewed game's mistakes
(docs/ai.md: puzzles and practice)."""
