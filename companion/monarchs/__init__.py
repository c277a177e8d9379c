"""Of Mice and Monarchs: the game's model and rules as pure code (no widgets, files or printing)."""
