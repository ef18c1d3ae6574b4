"""The core: the assignment's engine (BU CS111 ps9: board and console), the sides, the
one game record, the notation, the shared validators and message helpers. It imports
nothing else of the package."""
