"""``companion app``: open the notebooks in the browser (JupyterLab, or Voila as an app)."""

from __future__ import annotations

import argparse
from typing import Any


def _app(args: argparse.Namespace) -> int:
    from ..app import run_lab, run_voila

    if args.voila:
        return run_voila(args.port, open_browser=not args.no_browser, extra=args.extra_args)
    return run_lab((["--no-browser"] if args.no_browser else []) + args.extra_args)


def register(sub: Any, groups: dict[str, Any]) -> None:
    p = sub.add_parser("app", help="open the companion's notebooks in the browser",
                       description="Open the companion at its start page: JupyterLab by default, "
                                   "or with --voila as an app with no code showing (localhost only). "
                                   "Other options are passed on, e.g. --ServerApp.port=8899.")
    p.add_argument("--voila", action="store_true", help="serve as an app with Voila")
    p.add_argument("--port", type=int, default=None, help="port for Voila (default: a free one)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser window")
    p.set_defaults(handler=_app, passes_on_options=True)  # other options go to JupyterLab/Voila
