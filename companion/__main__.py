"""``python -m companion`` is the ``companion`` command."""

import sys

from .cli import main

sys.exit(main())
