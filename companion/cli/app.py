"""``companion app``: open the notebooks in the browser (JupyterLab, or Voila as an app)."""

from __future__ import annotations

import argparse
from typing import Any


def _port(text: str) -> int:
    """A TCP port for ``--port``: 1-65535 (a port beyond it wrapped round to another one, and
    a negative one crashed the server)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r} (expected 1-65535)") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is out of range: expected 1-65535, or leave "
                                         "--port out for a free one")
    return port


def _app(args: argparse.Namespace) -> int:
    from ..app import run_lab, run_voila

    if args.voila:
        return run_voila(args.port, open_browser=not args.no_browser, extra=args.extra_args)
    port = [f"--ServerApp.port={args.port}"] if args.port is not None else []  # (it had been ignored)
    return run_lab((["--no-browser"] if args.no_browser else []) + port + args.extra_args)


def register(sub: Any, groups: dict[str, Any]) -> None:
    p = sub.add_parser("app", help="open the companion's notebooks in the browser",
                       description="Open the companion at its start page: JupyterLab by default, "
                                   "or with --voila as an app with no code showing (localhost only). "
                                   "Once the server answers, the start page's address is printed ('The "
                                   "companion is at ...', with JupyterLab's token). "
                                   "Other options are passed on, e.g. --ServerApp.port=8899.")
    p.add_argument("--voila", action="store_true", help="serve as an app with Voila")
    p.add_argument("--port", type=_port, default=None,
                   help="port for JupyterLab or Voila, 1-65535 (default: a free one)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser window")
    p.set_defaults(handler=_app, passes_on_options=True)  # other options go to JupyterLab/Voila
