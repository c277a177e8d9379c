"""Cooperative cancellation of long exact computations.

A notebook page computes in a background thread so that a large check (seconds, not
milliseconds) never freezes it; when the user changes a control meanwhile, the old
computation is no longer wanted. The pure cores call :func:`check` at safe points
(between batches of states), and a thread that runs a computation for a page binds a
:class:`Token` with :func:`cancellable`. Outside such a thread :func:`check` costs one
context-variable lookup and never raises, so the CLI and the tests are unaffected.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar


class Cancelled(Exception):
    """The computation was cancelled: whoever asked for it no longer wants the result."""


class Token:
    """A flag that one computation checks and another thread sets."""

    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


_CURRENT: ContextVar[Token | None] = ContextVar("companion_cancel_token", default=None)


def check() -> None:
    """Raise :class:`Cancelled` if the computation running in this thread was cancelled."""
    token = _CURRENT.get()
    if token is not None and token.cancelled:
        raise Cancelled


@contextmanager
def cancellable(token: Token) -> Iterator[Token]:
    """Run the enclosed computation under ``token`` (``token.cancel()`` stops it at its next check)."""
    reset = _CURRENT.set(token)
    try:
        yield token
    finally:
        _CURRENT.reset(reset)
