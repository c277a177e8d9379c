"""nbval runs each notebook in a kernel started from this pytest process.

Point the companion's user data folder (autosaved logs, saved decks, high scores) at a
fresh temporary folder, so running the suite never touches the player's own saves.
"""

import os
import tempfile

os.environ["COMPANION_USER_DATA"] = tempfile.mkdtemp(prefix="companion-nbval-")
os.environ.setdefault("MPLBACKEND", "Agg")
