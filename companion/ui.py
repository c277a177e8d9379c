"""Shared view helpers for the notebooks: one look and one way of working everywhere.

Views are thin: they read and write ``.value`` of widgets and call the pure rules
in ``companion/<game>/``. They never ``print`` (outputs stay stable under nbval);
errors become an error panel, never a traceback (see :func:`guarded`).

Every notebook builds its page from these pieces: :func:`header`, :func:`help_box` (the
collapsed "How to use this page", its command-line paragraphs left out of the app: :func:`in_app`),
:func:`panel`
(verdicts, messages, errors), :func:`stepper` (tablet-sized +/- number input),
:func:`big_button` (an :class:`ActionButton`: a double tap acts once), :func:`card_tile` and
:func:`progress`; a computation that may take
seconds runs through :class:`Latest` (off the notebook's thread, cancelled when stale). A tracker
page says what a click did under the buttons of its section, the latest click's only
(:class:`SectionMessages`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import os
import urllib.parse
import weakref
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from time import monotonic
from typing import Any, ClassVar

import ipywidgets as w

from . import RULE_BOOKS
from .errors import CompanionError, PathError
from .eventlog import HEADER, REDO, UNDO, Event, LoggedEvent, MissingFolderError, missing_folder, redone_said
from .textio import LONE_SURROGATE, lone_surrogate, player_name
from .verdict import LEGAL_COLOUR, NOT_LEGAL_COLOUR

#: Palette shared by every view (and the printables' screen previews).
COLOURS = {
    "ok": LEGAL_COLOUR, "warn": "#9a6700", "error": NOT_LEGAL_COLOUR, "info": "#0b57d0",
    "muted": "#5f6368", "paper": "#fffdf7", "ink": "#202124",
}

BUTTON_HEIGHT = "48px"  # tablet-sized touch targets
#: The width of a button that is as wide as its text: in a row as "auto" is, and in a column too
#: (where "auto" stretches it across the page).
FIT = "fit-content"
#: The one size of a page's text: the header's lines, the panels and every widget (ipywidgets' own
#: ``--jp-widgets-font-size`` is set to it, so a label reads as big as the message under it).
BASE_FONT = "14px"
#: Where a page's "◀ All tools" link goes: the start page, beside every notebook (a relative link,
#: so it opens the start page in JupyterLab and in the Voila app alike).
START_NOTEBOOK = "start.ipynb"
CSS = """
<style>
body {--jp-widgets-font-size: @BASE@}
.companion-page {font-family: var(--jp-ui-font-family, system-ui, sans-serif); font-size: @BASE@;
                 color: #202124}
.companion-header h2 {margin: 4px 0; font-size: 22px}
.companion-header .companion-home {font-size: @BASE@; color: #0b57d0; text-decoration: none;
                                   display: inline-block; padding: 4px 0}
.companion-panel {border-left: 6px solid; padding: 6px 12px; margin: 6px 0; border-radius: 4px;
                  background: #fafafa; font-size: @BASE@; line-height: 1.45}
.companion-tile {display:inline-block; border:1px solid #ccc; border-radius:8px; padding:6px 10px;
                 margin:3px; min-width: 120px; background:#fffdf7; vertical-align: top}
.companion-tile .t {font-weight:bold} .companion-tile .s {color:#5f6368; font-size: 13px}
.widget-button, .jupyter-button {min-height: 40px; font-size: @BASE@}
/* an off button looks off, whatever its colour: grey as a plain one (and faded, as every off one) */
.jupyter-button:disabled:is(.mod-primary, .mod-success, .mod-info, .mod-warning, .mod-danger) {
  color: var(--jp-ui-font-color1, #202124); background-color: var(--jp-layout-color2, #eeeeee)}
.jupyter-widgets.widget-tab > .p-TabBar .p-TabBar-tab,
.jupyter-widgets.widget-tab > .lm-TabBar .lm-TabBar-tab,
.jupyter-widgets.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab {
  flex: 0 0 auto; min-height: 36px; padding: 0 18px; color: #202124; font-size: 15px; font-weight: 500}
.jupyter-widgets.widget-tab > .p-TabBar .p-TabBar-tabLabel,
.jupyter-widgets.widget-tab > .lm-TabBar .lm-TabBar-tabLabel,
.jupyter-widgets.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tabLabel {line-height: 36px}
.jupyter-widgets.widget-tab > .p-TabBar .p-TabBar-tab.p-mod-current,
.jupyter-widgets.widget-tab > .lm-TabBar .lm-TabBar-tab.lm-mod-current,
.jupyter-widgets.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab.lm-mod-current {
  color: #0b57d0; font-weight: 700; min-height: 38px}
.jupyter-widgets.widget-tab > .p-TabBar, .jupyter-widgets.widget-tab > .lm-TabBar,
.jupyter-widgets.jupyter-widget-tab > .lm-TabBar {min-height: 38px}
.jupyter-widgets .jupyter-widget-Collapse-header, .jupyter-widgets .p-Collapse-header {
  color: #202124; font-size: @BASE@; min-height: 36px; line-height: 24px}
/* an upload button shows its tooltip (upload_button): ipywidgets' own label adds the files it holds,
   "(0)" once the page has taken the file and emptied it for the next one */
.companion-upload.widget-upload {font-size: 0}
.companion-upload.widget-upload > i, .companion-upload.widget-upload::after {font-size: @BASE@}
.companion-upload.widget-upload::after {content: attr(title)}
.companion-stepper-label {font-size: @BASE@}
.jupyter-widgets.companion-stepper-number {height: 40px}
.jupyter-widgets.companion-stepper-number input {height: 40px; font-size: 16px; text-align: center}
</style>
""".replace("@BASE@", BASE_FONT)


def header(title: str, subtitle: str = "", *, game: str | None = None, home: bool = True) -> w.HTML:
    """The page title block (includes the shared CSS, so put it first).

    ``game`` (a game id) adds the rule book the page follows, e.g. "· tmnt-tcg.txt". ``home``: a
    small "◀ All tools" link back to the start page above the title (the Voila app has no other way
    back); the start page itself passes ``home=False``.
    """
    book = RULE_BOOKS.get(game, game) if game else None
    tag = f"<span style='color:{COLOURS['muted']}'> · {html.escape(book)}</span>" if book else ""
    sub = f"<div style='color:{COLOURS['muted']}'>{html.escape(subtitle)}</div>" if subtitle else ""
    back = (f"<a class='companion-home' href='{START_NOTEBOOK}' target='_self' "
            "title='The start page: every tool of the companion'>◀ All tools</a>" if home else "")
    return w.HTML(f"{CSS}<div class='companion-page companion-header'>{back}"
                  f"<h2>{html.escape(title)}{tag}</h2>{sub}</div>")


def upload_button(label: str, accept: str) -> w.FileUpload:
    """A button that uploads one file (``accept``: its suffixes), labelled ``label``: the label is its
    tooltip (see :data:`CSS`), so the page can say the file taken ("Upload another file (last: …)") and
    it never reads ipywidgets' "(0)" once the page empties it to take the same file again."""
    upload = w.FileUpload(accept=accept, multiple=False, description=label, tooltip=label,
                          layout=w.Layout(width="auto", height=BUTTON_HEIGHT))
    upload.add_class("companion-upload")
    return upload


def panel_html(kind: str, title: str, lines: Iterable[str] = (), *, raw: bool = False, note: str = "") -> str:
    """HTML for a message panel; ``kind`` is ``ok``, ``warn``, ``error`` or ``info``; ``note``: HTML put
    right after the title, on its line (a rule-book section beside it)."""
    colour = COLOURS.get(kind, COLOURS["info"])
    items = "".join(f"<li>{line if raw else html.escape(line)}</li>" for line in lines)
    body = f"<ul style='margin:4px 0'>{items}</ul>" if items else ""
    return (f"<div class='companion-panel companion-{kind}' style='border-color:{colour}'>"
            f"<b style='color:{colour}'>{html.escape(title)}</b>{note}{body}</div>")


def panel(kind: str = "info", title: str = "", lines: Iterable[str] = ()) -> w.HTML:
    """A message panel widget; update it later with :func:`show`."""
    return w.HTML(panel_html(kind, title, lines) if title else "")


def show(target: w.HTML, kind: str, title: str, lines: Iterable[str] = ()) -> None:
    """Replace a panel's content (views set ``.value``; they never print)."""
    target.value = panel_html(kind, title, lines)


def half_character(text: str, what: str = "the text typed", done: str = "") -> CompanionError | None:
    """Why ``text`` (typed in a box) cannot be saved or shown, if it holds half of a character (a lone
    surrogate, which a copy and paste can leave), else ``None``; ``done``: what came of the action
    ("; nothing was done")."""
    found = lone_surrogate(text)
    if found is None:
        return None
    return CompanionError(f"{what} holds half of a character (U+{ord(found):04X}, a lone surrogate "
                          "left by a copy and paste), which cannot be saved or shown" + done,
                          suggestion="Delete that character and type it again (what you typed stays in its "
                                     "box).")


def _as_half_character(exc: BaseException) -> CompanionError | None:
    """A write or a drawing that failed on half of a character typed in a box (UTF-8 refuses a lone
    surrogate: see :func:`half_character`), as the page says it."""
    if isinstance(exc, UnicodeEncodeError) and isinstance(exc.object, str):
        return half_character(exc.object[exc.start:exc.end])
    return None


def show_error(target: w.HTML, exc: BaseException) -> None:
    """An error panel: the message the user needs, never a traceback."""
    if isinstance(exc, OSError):  # a path the system refused (too long, a folder we may not enter)
        exc = PathError(exc)
    exc = _as_half_character(exc) or exc
    if isinstance(exc, CompanionError):
        show(target, "error", "That did not work", [exc.render()])
    else:
        show(target, "error", "Something went wrong (this is a bug)",
             [f"{type(exc).__name__}: {exc}"])


def guarded(target: w.HTML | Callable[[], w.HTML], *,
            show: Callable[[w.HTML, BaseException], None] = show_error,
            ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a widget callback so any error is shown in ``target`` instead of raised. ``target``
    may be a function giving the panel once the error comes (an action may move where its words
    show: :class:`SectionMessages`); ``show``: how the error is shown (default :func:`show_error`)."""

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def inner(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:
                show(target() if callable(target) else target, exc)
                return None

        return inner

    return wrap


class SectionMessages:
    """The message panels of a page's sections, one under each group of buttons: what a click did (a
    result, a refusal, an error: never a traceback) is read right under the buttons of the section
    whose control was pressed, and only the latest click's words show, so a message an earlier click
    left in another section never reads as if it were about this one.

    :meth:`panel` makes (and registers) a section's panel; :meth:`guard` wraps a control's callback:
    every registered panel is cleared, then the callback runs with its errors shown in its section's
    panel. :attr:`current` is that panel (where the page writes what the action says); an action may
    move it (:meth:`use`), and its error follows. ``show``: how an error is shown (default
    :func:`show_error`; a page may draw itself again first, or say it in its own words)."""

    def __init__(self, *, show: Callable[[w.HTML, BaseException], None] = show_error) -> None:
        self._panels: list[w.HTML] = []
        self._current: w.HTML | None = None
        self._show = show
        self._found: tuple[w.HTML, str] | None = None  # the panel :meth:`say_found` wrote in last, and what

    def panel(self, *css_classes: str) -> w.HTML:
        """A new section's panel (empty until a control of the section says something), registered so
        that a click elsewhere clears it; ``css_classes``: what the page's tests find it by."""
        made = panel()
        for css in css_classes:
            made.add_class(css)
        self._panels.append(made)
        return made

    def forget(self, panels: Iterable[w.HTML]) -> None:
        """Unregister ``panels``, those of a section the page no longer shows (a mouse left the party)."""
        gone = {id(p) for p in panels}
        self._panels = [p for p in self._panels if id(p) not in gone]

    @property
    def panels(self) -> tuple[w.HTML, ...]:
        """Every registered panel, in the order made."""
        return tuple(self._panels)

    @property
    def current(self) -> w.HTML:
        """The panel of the section acted in last (before any action, the first made): where what the
        latest action says goes."""
        if self._current is not None:
            return self._current
        if not self._panels:
            raise LookupError("no section panel has been made yet")
        return self._panels[0]

    def clear(self) -> None:
        """Empty every registered panel."""
        for made in self._panels:
            made.value = ""

    def use(self, target: w.HTML) -> w.HTML:
        """Clear every panel and make ``target`` the :attr:`current` one: the latest action's words show
        there, and only there. ``target`` may be a panel not registered (a page's status), which stays."""
        self.clear()
        self._current = target
        return target

    def say_error(self, exc: BaseException) -> w.HTML:
        """Show ``exc`` in :attr:`current` as a control's error is shown there (the page's ``show``): for
        what the page found by itself, with no click (its log became unreadable meanwhile:
        :meth:`TrackerPage.follow_once`); the panel it is shown in."""
        target = self.current
        self._show(target, exc)
        return target

    def say_found(self, text: str) -> w.HTML:
        """Show ``text`` (HTML: what the page found by itself, with no click, such as another window's
        action: :meth:`TrackerPage.follow_once`) in :attr:`current`: in place of what the latest click
        said there (a section's panel), or above what a panel the page draws itself holds (a status, just
        drawn again), never instead of it; the panel it is shown in. What it showed there before goes."""
        target = self.current
        if any(made is target for made in self._panels):
            target.value = text
        else:
            shown = target.value
            before = self._found[1] if self._found is not None and self._found[0] is target else ""
            target.value = text + (shown[len(before):] if before and shown.startswith(before) else shown)
        self._found = (target, text)
        return target

    def guard(self, target: w.HTML) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorate the callback of a control of ``target``'s section: every panel is cleared and
        ``target`` made :attr:`current` first, then the callback runs under :func:`guarded`, its error
        shown in :attr:`current` (``target``, unless the action moved it)."""

        def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
            run = guarded(lambda: self.current, show=self._show)(fn)

            @functools.wraps(fn)
            def inner(*args: Any, **kwargs: Any) -> Any:
                self.use(target)
                return run(*args, **kwargs)

            return inner

        return wrap


class StaleRefusal(CompanionError):
    """A click refused because another window (or a command) wrote the log since the page was drawn
    (:meth:`TrackerPage._run_locked`): the page is drawn again as the log holds it, and the refusal is
    said once, under the button pressed (its section's panel); a page says nothing more of that write
    elsewhere (a notice above would say it twice, far apart)."""


#: Why every control is off on a log the page cannot use (:meth:`TrackerPage._lock_if_unusable`);
#: pages skip it where they list why controls are off (their notice says it already).
UNUSABLE = "this log cannot be opened (see the message)"


def default_log(name: str) -> Path:
    """A page's log when it is given none: ``<user data>/logs/<name>``. The logs folder is made here,
    where the default is chosen, and with it the user data folder itself and every folder above it that
    is missing (:func:`companion.cards.user_data_dir`: a mistyped ``COMPANION_USER_DATA`` makes that
    whole tree, where a mistyped folder is refused everywhere else). It is the one folder the companion
    makes for a log by itself (a log given by path never makes one: :meth:`TrackerPage.open_tracker`).
    A folder that cannot be made is left for the page to say on opening, never raised."""
    from .cards import user_data_dir

    folder = user_data_dir() / "logs"
    with contextlib.suppress(OSError, ValueError):
        folder.mkdir(parents=True, exist_ok=True)
    return folder / name


def in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (JupyterLab, the Voila app), whose event loop serves the
    page's widgets: only there does a page follow its log in the background (another library's loop,
    such as a browser driver's in a test run, is no page's)."""
    import sys

    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    return getattr(shell, "kernel", None) is not None


#: The most lines of an action's words a followed change shows (:func:`followed_words`).
FOLLOWED_LINES = 4


def followed_words(tracker: Any, shown: Any, history: list[Event], events: list[LoggedEvent]) -> list[str]:
    """What another window (or a command) wrote to ``tracker``'s log since its page showed the state
    ``shown`` (``history``: the actions then in force; ``events``: the log's lines then), as the page
    says it (:meth:`TrackerPage.follow_once`): the latest change in the tracker's own words
    (:meth:`~companion.eventlog.Tracker.action_words`; an undo as :meth:`~companion.eventlog.Tracker.
    undone_words`, ``Undone: …``), after "Another window: "; plainer words where the tracker has none,
    never nothing."""
    now = tracker.log.events
    added = ([le.event for le in now[len(events):] if le.event.get("event") != HEADER]
             if len(now) >= len(events) and now[:len(events)] == events else None)
    if added is None:  # (not only added to: a new game's log in its place, a line taken out by hand)
        said = tracker.action_words(tracker.before_latest(), tracker.state) if tracker.history else []
        return ["Another window changed the log: the page shows it as it now holds", *said[:FOLLOWED_LINES]]
    if not added:  # (lines that are no action: set aside)
        return ["Another window wrote to the log: the page shows it as it now holds"]
    latest = added[-1]
    kind, done = latest.get("event"), tracker.history
    if kind == UNDO:
        said = (tracker.undo_words(shown, tracker.state) if len(done) == len(history) - 1
                and done == history[:-1] else tracker.undone_words([]))
    elif kind == REDO:
        said = tracker.redo_words(tracker.before_latest(), tracker.state) if done else redone_said([])
    elif done and done[-1] == latest:
        said = tracker.action_words(tracker.before_latest(), tracker.state) or [f"a {kind} action"]
    else:  # (a line the rules refused: set aside)
        said = [f"a {kind} line, which could not be used"]
    more = f" (the latest of {len(added)} changes)" if len(added) > 1 else ""
    return [f"Another window: {said[0]}{more}", *said[1:FOLLOWED_LINES]]


class TrackerPage:
    """A page over an event-log tracker (:class:`~companion.eventlog.Tracker`): it has
    ``self.tracker`` and redraws with ``self.refresh()``. Another window (or a command) may write
    the same log; the tracker then reads it again before acting, and the page follows.

    Following: the page does not wait for a click to notice. While a kernel's event loop runs
    (JupyterLab, the Voila app), a watcher started by :meth:`open_tracker` looks at the log every
    :attr:`FOLLOW_SECONDS` (one ``stat``) and, when someone else wrote it, reads it again and redraws
    (:meth:`follow_once`): what the page shows, and which of its buttons are on, is the log's as it
    now holds (a fate chip awarded in another window turns Spend on here). It never prints; what the
    other window did ("Another window: Undone: …"), or a log that can no longer be read, is said in the
    page's message panel. Where no loop runs (a script, the
    command line, a test) nothing is started, and the page follows at each click as before."""

    tracker: Any
    #: Why the page's log cannot be used (another game's log; a last line cut by a crash that
    #: cannot be set aside): the page then shows it and refuses every action (:meth:`open_tracker`).
    unusable: CompanionError | None = None
    #: How often, in seconds, the watcher looks whether another window wrote the log (see above).
    FOLLOW_SECONDS: ClassVar[float] = 2.0
    #: The page's message panels (every tracker page has them): where the watcher says a log it can
    #: no longer read (the latest click's panel, in the page's words: :meth:`SectionMessages.say_error`).
    section_messages: SectionMessages
    _following: asyncio.Task[None] | None = None  # the watcher (one per page: :meth:`_start_following`)
    #: the latest watcher by (page class, log path): an older page on the same log stops following
    _WATCHERS: ClassVar[dict[tuple[type, str], asyncio.Task[None]]] = {}
    #: a log the watcher could not read, and the file's (size, time) then: not read again until it changes
    _follow_stuck: tuple[Any, tuple[int, int] | None] | None = None
    _follow_said: tuple[w.HTML, str] | None = None  # the watcher's error on show, cleared once it reads

    def open_tracker(self, factory: Callable[[Any], Any], path: Any) -> Any:
        """``factory(path)``, the page's tracker; a log that cannot be used gives an empty tracker
        that refuses every action with the reason instead (kept in :attr:`unusable` for the page
        to show): a notebook cell must not end in a traceback, and the file stays untouched. A log in
        a folder that does not exist is one (:func:`~companion.eventlog.missing_folder`): nothing is
        written and no folder made (only :func:`default_log`'s own folder is ever made). The
        page starts following its log here (once: the watcher reads ``self.tracker`` at each look)."""
        self._start_following(path)
        try:
            refused = missing_folder(path)  # (no folder is made for a log: a mistyped one is said)
            if refused is not None:
                raise refused
            return factory(path)
        except CompanionError as exc:
            self.unusable = exc
            tracker = factory(None)
            tracker.refuse_writes(exc)
            return tracker

    def _start_following(self, path: Any) -> None:
        """Start the page's watcher (:meth:`_follow`) as a task on the running event loop, the
        ipywidgets way of a widget that works in the background; once per page (a page opening
        another log later keeps its one watcher). A page of the same kind opened on the same ``path``
        (its notebook cell run again) stops the older page's watcher: the page on show follows. Outside a
        kernel (:func:`in_kernel`: a script, the command line, a test) or with no running loop, nothing
        starts."""
        if self._following is not None or not in_kernel():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        key = (type(self), str(path))
        older = TrackerPage._WATCHERS.get(key)
        if older is not None:
            older.cancel()
        self._following = TrackerPage._WATCHERS[key] = loop.create_task(
            self._follow(weakref.ref(self)), name="companion-follow")

    @staticmethod
    async def _follow(page_ref: weakref.ref[TrackerPage]) -> None:
        """The watcher: :meth:`follow_once` every :attr:`FOLLOW_SECONDS`, until the page is gone (it
        holds the page weakly). Nothing it meets ends it or leaves it: the page says its errors."""
        while (page := page_ref()) is not None:
            seconds = page.FOLLOW_SECONDS
            del page  # (not held while asleep)
            await asyncio.sleep(seconds)
            if (page := page_ref()) is None:
                return
            try:
                page.follow_once()
            except Exception:  # pragma: no cover - follow_once says its errors in the page
                pass
            del page

    def follow_once(self) -> bool:
        """One look of the watcher: if another window or a command wrote the log since this page read
        it (one ``stat``), read it again and redraw; whether it redrew. Cheap when nothing changed, and
        it never prints. What changed is said in the page's message panel, the latest click's (as a
        click's error is there: :meth:`SectionMessages.say_found`), in the tracker's words
        (:func:`followed_words`): a table that changes with no word reads as a bug. A log that cannot be
        read now (another game's, a file that is no log) is said there too, never raised, and looked at
        again only once the file changes again."""
        tracker = getattr(self, "tracker", None)
        if tracker is None:  # (a page still being built)
            return False
        log = tracker.log
        stuck = self._follow_stuck
        if stuck is not None and stuck[0] is log:
            if log._disk_stamp() == stuck[1]:  # (one stat, as changed_on_disk's)
                return False
        elif not log.changed_on_disk():
            return False
        stamp = log._disk_stamp()  # (before reading: a write meanwhile is read at the next look)
        self._follow_stuck = None
        shown = (tracker.state, tracker.history, log.events)  # (what changed is said: followed_words)
        try:
            redrew = self._sync()  # (unlocked, as a click's: a write under way is read whole, or later)
        except Exception as exc:
            self._follow_stuck = (log, stamp)
            messages = getattr(self, "section_messages", None)
            if messages is not None:
                said = messages.say_error(exc)
                self._follow_said = (said, said.value)
            return False
        said_before, self._follow_said = self._follow_said, None
        if said_before is not None and said_before[0].value == said_before[1]:
            said_before[0].value = ""  # the log reads again: its error no longer holds
        messages = getattr(self, "section_messages", None)
        if redrew and messages is not None:
            words = followed_words(tracker, *shown)
            messages.say_found(panel_html("info", words[0], words[1:]))
        return redrew

    def refuse_if_unusable(self) -> None:
        """Refuse an action that does not write through the tracker (a new game renames the old
        log; a preview) while the page's log cannot be used, with the reason."""
        if self.unusable is not None:
            raise self.unusable

    def show_unusable(self, panel: w.HTML) -> bool:
        """Say in ``panel`` why the page's log cannot be used (see :meth:`open_tracker`); whether
        it cannot."""
        if self.unusable is None:
            return False
        if isinstance(self.unusable, MissingFolderError):
            show(panel, "error", "This log's folder does not exist: every action is off",
                 [self.unusable.render(), "Once the folder exists (or with the log's path corrected), run "
                  "this cell again."])
            return True
        show(panel, "error", "This log cannot be used: every action is off",
             [self.unusable.render(), "The file was left untouched. Open the page on another file "
              "(a new name starts a new log)."])
        return True

    def refresh(self) -> None:  # pragma: no cover - every page defines it
        raise NotImplementedError

    def _run(self, action: Callable[[], Any]) -> Any:
        """Run a tracker action, then redraw; if the tracker read the log again first, even a
        refused action redraws, so the page shows the log as it now holds (the error follows)."""
        reloads = self.tracker.reloads
        try:
            result = action()
        except BaseException:  # (an interrupt too: a page left undrawn would take a stale click later)
            if self.tracker.reloads != reloads:
                self.refresh()
            raise
        self.refresh()
        return result

    def _run_locked(self, action: Callable[[], Any], *, refuse_stale: bool = False,
                    stale_error: CompanionError | None = None) -> Any:
        """Run ``action`` on the log as it holds now: the log is read again and ``action`` run under
        its lock, so no other window writes between the read and the write; the page is redrawn once
        the lock is let go (another window never waits on this one's drawing), after a refusal too
        when the log was read again (the error follows). ``refuse_stale``: if another window wrote
        the log since this page was drawn, refuse (see :meth:`_refuse_if_stale`), with ``stale_error``
        when given (a page's own words), else :meth:`_stale_error`: a :class:`StaleRefusal` either way."""
        def locked() -> Any:
            with self.tracker.log.locked():
                if self.tracker.sync() and refuse_stale:
                    raise (self._stale_error() if stale_error is None
                           else stale_error.relabel(cls=StaleRefusal))
                return action()

        return self._run(locked)  # (its redraw comes after the lock is let go)

    def _show_set_aside(self, panel: w.HTML, extra: Iterable[str] = ()) -> bool:
        """Say in ``panel`` what resuming the saved log set aside (a line cut by a crash,
        lines that could not be used: :meth:`~companion.eventlog.Tracker.set_aside`), and the fields of
        its lines that the replay ignored (a hand edit's misspelt field:
        :meth:`~companion.eventlog.Tracker.stray_fields`, as the replay command warns of them), with
        ``extra`` lines after; whether there was anything. A start cut off by a crash before any action
        (:meth:`_cut_start`) is said as a game that never began, nothing lost, never as a resumed one; a
        start cut after one that was logged, as a second start that never took effect (the game resumes:
        :meth:`~companion.eventlog.Tracker.cut_second_start`)."""
        set_aside, strays = self.tracker.set_aside(), self.tracker.stray_fields()
        cut = self._cut_start()
        if cut is not None:  # (the start cut by a crash is the only line set aside: said in its words)
            thing, said = cut
            show(panel, "warn", f"The {thing} never began: its start was cut off by a crash, and nothing "
                                "was lost", [said, *strays, *extra])
            return True
        second = self.tracker.cut_second_start()  # (a start cut after one logged: the game did begin)
        lines = [*set_aside[:1], *([second] if second is not None else []), *set_aside[1:], *strays]
        if not lines:
            return False
        if len(lines) > 6:  # a log of many bad lines: the first few, and how many more
            lines = [*lines[:5], f"… and {len(lines) - 5} more (companion's replay command lists them all)"]
        title = ("Resumed after a crash: the last, half-written line was set aside"
                 if self.tracker.log.recovered is not None else
                 "Resumed: some lines of the saved log could not be used (they stay in the file)" if set_aside
                 else "Resumed: some fields of the saved log were not read (a hand edit?); they stay in the "
                      "file")
        show(panel, "warn", title, [*lines, *extra])
        return True

    def _cut_start(self) -> tuple[str, str] | None:
        """When the log's start was cut off mid-write by a crash before any action was logged
        (:meth:`~companion.eventlog.Tracker.cut_start`): (the thing that never began, a game or a session,
        that said in a sentence with what to do), else ``None``. A page that starts its log by itself on
        opening (the Mouse Card page) has logged a start since: the log is said as it was opened
        (:meth:`~companion.eventlog.Tracker.restarted_after_cut`)."""
        from .logstarts import LOG_STARTS

        tracker = self.tracker
        said = tracker.cut_start(as_opened=True)
        if said is None:
            return None
        started = tracker.restarted_after_cut()
        thing = LOG_STARTS[tracker.KIND].thing
        now = (f"the {thing} on show starts afresh, with no action yet" if started
               else f"start the {thing} again here")
        return thing, f"{said[0].upper()}{said[1:]}. Nothing of the table's state is lost: {now}."

    def _sync(self) -> bool:
        """Read the log again if another window wrote it, and redraw; whether it did. Called
        before an event (or a preview) is built from the state on show."""
        if not self.tracker.sync():
            return False
        self.refresh()
        return True

    def _lock_if_unusable(self, buttons: Iterable[Any]) -> None:
        """On a log this page cannot use, turn ``buttons`` off, saying why (nothing may be done)."""
        if self.unusable is None:
            return
        for button in buttons:
            gate(button, UNUSABLE)

    def _refuse_if_stale(self) -> None:
        """Before an action chosen from what the page shows: if another window wrote the log since,
        redraw and refuse, so a click never applies to a table the player has not seen (a "Next
        turn" pressed on one card's turn would end the next card's)."""
        if self._sync():  # (which drew the page again)
            raise self._stale_error()

    def _refuse_changed(self) -> None:
        """Refuse an action because the tracker has just read what another window wrote: the page is
        drawn again first (see :meth:`_refuse_if_stale`)."""
        self.refresh()
        raise self._stale_error()

    @staticmethod
    def _stale_error() -> StaleRefusal:
        return StaleRefusal("the log changed in another window since this page was drawn; nothing "
                              "was done", suggestion="The page now shows the table as it is: check it, "
                                                     "then press again.")


class Latest:
    """Runs one computation at a time off the caller's thread; a newer request cancels the older.

    A large exact computation can take seconds (a Mouse Card check that keeps drawing,
    skills above 10); run in the notebook's thread it would freeze every control. Here
    :meth:`submit` starts ``work()`` in a daemon thread under a fresh cancellation token
    (:mod:`companion.interrupt`) and cancels the one before. If the work ends within
    ``settle`` seconds, ``done(result)`` (or ``failed(exc)``) runs before :meth:`submit`
    returns, so a quick result shows at once, exactly as without a thread; otherwise
    ``pending()`` runs first and ``done`` later from the worker thread, unless a newer
    request came in meanwhile (its result is then dropped). ``settle=None`` waits for every
    result (what a script or a test wants).
    """

    def __init__(self, settle: float | None = 0.3) -> None:
        import threading

        self.settle = settle
        self._lock = threading.Lock()
        self._generation = 0
        self._token: Any = None
        self._thread: Any = None

    @property
    def busy(self) -> bool:
        """A computation is still running (and wanted)."""
        thread = self._thread
        return thread is not None and thread.is_alive() and not self._token.cancelled

    def submit(self, work: Callable[[], Any], done: Callable[[Any], None],
               failed: Callable[[BaseException], None], pending: Callable[[], None] = lambda: None) -> None:
        import threading

        from . import interrupt

        with self._lock:
            if self._token is not None:
                self._token.cancel()
            self._generation += 1
            generation, token = self._generation, interrupt.Token()
            self._token = token
        box: dict[str, Any] = {}
        wake = threading.Event()

        def run() -> None:
            try:
                with interrupt.cancellable(token):
                    box["result"] = work()
            except interrupt.Cancelled:
                box["cancelled"] = True
            except Exception as exc:
                box["error"] = exc
            with self._lock:  # deliver from here only if submit() stopped waiting first
                box["ready"] = True
                late = box.get("late", False) and self._wanted(box, generation)
            wake.set()
            if late:
                self._deliver(box, done, failed)

        thread = threading.Thread(target=run, name="companion-compute", daemon=True)
        self._thread = thread
        thread.start()
        wake.wait(self.settle)
        with self._lock:
            ready = box.get("ready", False)
            if not ready:  # under the lock, so that a result cannot arrive before "pending"
                box["late"] = True
                pending()
        if ready and self._wanted(box, generation):
            self._deliver(box, done, failed)

    def _wanted(self, box: dict[str, Any], generation: int) -> bool:
        return "cancelled" not in box and generation == self._generation

    @staticmethod
    def _deliver(box: dict[str, Any], done: Callable[[Any], None],
                 failed: Callable[[BaseException], None]) -> None:
        if "error" in box:
            failed(box["error"])
            return
        try:
            done(box["result"])
        except Exception as exc:
            failed(exc)

    def cancel(self) -> None:
        """Drop the computation under way (its result is never delivered)."""
        with self._lock:
            if self._token is not None:
                self._token.cancel()
            self._generation += 1

    def wait(self, timeout: float | None = None) -> None:
        """Block until the current computation has ended (and delivered its result)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)


#: A front-end click that comes less than this many seconds after the previous click's handling ended, on
#: the same action button, is the second of a double tap (:class:`ActionButton`).
DOUBLE_TAP_AFTER_END = 0.2
#: ... or less than this many seconds after the previous click's handling began.
DOUBLE_TAP_AFTER_START = 0.35


class ActionButton(w.Button):
    """A button that acts once for a double tap (or a double click): a click from the page (the front
    end's message) that is the second of a double tap is ignored, saying nothing; the first's message
    stays. Every action button is one (:func:`big_button`); the stepper's − and + are not (quick
    repeated taps there are meant), nor is :meth:`~ipywidgets.Button.click`, which a test or a notebook
    calls twice on purpose.

    Why these thresholds: a double tap's second click is sent while the kernel still handles the
    first, so it starts a few ms after the first's handling ends (however long that took); a double
    click on a quick action comes some 0.1-0.3 s after the first. A deliberate second press comes after
    the page has shown the first's result: the kernel's changes travel to the browser and are drawn,
    then a person sees them and presses again, which takes longer than :data:`DOUBLE_TAP_AFTER_END`
    (0.2 s) after the handling ended and :data:`DOUBLE_TAP_AFTER_START` (0.35 s) after it began. Kept
    that short because a table stepping through turns (Next turn, Next turn...) presses again quickly:
    a press a person meant is never dropped (an audit at 0.5 s dropped one).
    Both are measured on the kernel's clock (:func:`time.monotonic`), as each click is handled."""

    #: when the latest click from the page began and ended being handled (``None``: none yet)
    _handled: tuple[float, float] | None = None

    def _handle_button_msg(self, _widget: Any, content: dict[str, Any], buffers: Any) -> None:
        """A message from the front end: a click, unless it is the second of a double tap."""
        if content.get("event", "") != "click":
            return
        began = monotonic()
        last = self._handled
        if last is not None and (began - last[1] < DOUBLE_TAP_AFTER_END
                                 or began - last[0] < DOUBLE_TAP_AFTER_START):
            return
        try:
            self.click()
        finally:
            self._handled = (began, monotonic())


def big_button(description: str, *, style: str = "", icon: str = "",
               tooltip: str = "", repeatable: bool = False) -> w.Button:
    """A tablet-sized action button (a double tap acts once: :class:`ActionButton`), as wide as its
    text (never cut to "…"); ``style`` is '', 'primary', 'success', 'info', 'warning' or 'danger'.
    ``repeatable``: a step the table repeats on purpose, tap after tap (−1 MP, +1 cheese, a wound,
    Undo): every tap counts, as on a stepper, so a plain button."""
    kind = w.Button if repeatable else ActionButton
    return kind(description=description, button_style=style, icon=icon, tooltip=tooltip or description,
                layout=w.Layout(width=FIT, height=BUTTON_HEIGHT, min_width="120px"))


def gate(widget: Any, reason: str | None) -> None:
    """Turn ``widget`` off, its tooltip saying why (``reason``), or on (``None``) with its own tooltip
    back: a control that cannot work is off before the click, never refused after it. A tooltip
    needs a mouse: pages also show the reasons in words (:func:`off_reasons`)."""
    own = widget.__dict__.setdefault("_cmp_tooltip", widget.tooltip or "")
    widget.disabled = reason is not None
    widget.tooltip = reason if reason is not None else own


#: :func:`keep_choice` with no ``chosen``: the choice shown now stays.
_SHOWN = object()


def keep_choice(picker: Any, options: Sequence[Any], fallback: Any, *, chosen: Any = _SHOWN) -> None:
    """Offer ``options`` in ``picker`` (a Dropdown, ToggleButtons: ``(label, value)`` pairs or plain values)
    and keep ``chosen`` (default: the choice shown now) while it is offered, else choose ``fallback``: new
    options make ipywidgets choose the first, which would drop the user's choice unseen. Options the same
    as those offered are not set again (their observers do not run for nothing)."""
    wanted = picker.value if chosen is _SHOWN else chosen  # (read first: new options change the value)
    if list(picker.options) != list(options):
        picker.options = options
    values = [o[1] if isinstance(o, tuple) else o for o in options]
    picker.value = wanted if wanted in values else fallback


def off_reasons(widgets: Iterable[Any], *, skip: Iterable[str] = (), heading: str = "Off for now:") -> str:
    """HTML saying why the controls among ``widgets`` that are off are off (their tooltips, as
    :func:`gate` sets them), one line per reason naming the controls it covers; ``""`` when none
    is off. Why: a touch screen shows no tooltip, and a dead button with no reason in sight looks
    broken. ``skip``: reasons not to repeat (one the page already says, such as "no game yet");
    ``heading``: the line above the list ("" for none, where the page says it another way)."""
    by_reason: dict[str, list[str]] = {}
    skipped = set(skip)
    for widget in widgets:
        reason = (getattr(widget, "tooltip", "") or "").strip()
        if not getattr(widget, "disabled", False) or not reason or reason in skipped:
            continue
        label = ((getattr(widget, "description", "") or "").strip()
                 or str(getattr(widget, "caption", "") or "").strip() or "this control")
        names = by_reason.setdefault(reason, [])
        if label not in names:
            names.append(label)
    if not by_reason:
        return ""
    return off_note(heading, [f"<b>{html.escape(', '.join(names))}</b>: {html.escape(reason)}"
                              for reason, names in by_reason.items()])


def off_note(text: str, items: Sequence[str] = ()) -> str:
    """HTML of a muted note under a page's controls about what is off (how :func:`off_reasons` says its
    reasons): ``text`` (escaped here), then ``items`` (HTML, each a list item) as a list, if any."""
    listed = "".join(f"<li>{item}</li>" for item in items)
    listed = f"<ul style='margin:2px 0'>{listed}</ul>" if listed else ""
    return (f"<div class='companion-off' style='color:{COLOURS['muted']}; font-size:13px'>"
            f"{html.escape(text)}{listed}</div>")


def in_app() -> bool:
    """Whether this page runs in the Voila app (``companion app``) rather than in JupyterLab: Voila
    starts the page's kernel with its ``VOILA_*`` variables (and ``SERVER_SOFTWARE=voila/...``). The
    app hides the code, so what only a notebook user can do (the command line, ``browser.frame``) is
    left out of it."""
    return (any(key in os.environ for key in ("VOILA_BASE_URL", "VOILA_PREHEAT", "VOILA_REQUEST_URL"))
            or os.environ.get("SERVER_SOFTWARE", "").startswith("voila/"))


def query_value(name: str, query: str | None = None) -> str | None:
    """The value of ``name`` in the page's address (``deck_builder.ipynb?game=tmnt`` gives ``tmnt``),
    or ``None``. ``query``: the query string (default: the one Voila gives the page's kernel in
    ``QUERY_STRING``; JupyterLab gives none, so there the page's own choice counts)."""
    raw = os.environ.get("QUERY_STRING", "") if query is None else query
    values = urllib.parse.parse_qs(raw.lstrip("?")).get(name)
    return values[-1].strip() if values and values[-1].strip() else None


def help_box(paragraphs: Sequence[str], notebook_only: Sequence[str] = (), *,
             title: str = "How to use this page") -> w.Accordion:
    """A page's help, collapsed under ``title``: ``paragraphs`` (HTML) for everyone, then
    ``notebook_only`` (the command line, the notebook's variables) only outside the app
    (:func:`in_app`). Why: a page starts with a short lead; the rest waits for whoever wants it."""
    shown = [*paragraphs, *(() if in_app() else notebook_only)]
    body = w.HTML("".join(f"<p style='margin:4px 0 8px 0'>{p}</p>" for p in shown),
                  layout=w.Layout(max_width="900px"))
    box = w.Accordion(children=[body], selected_index=None)
    box.set_title(0, title)
    box.add_class("cmp-help")
    return box


def row(*children: Any) -> w.HBox:
    """Controls side by side, centred on one line, wrapping onto the next where the page is narrow."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap", align_items="center"))


def player_names(boxes: list[Any]) -> list[str]:
    """The names typed in ``boxes`` (text widgets), spaces trimmed and each run of them one (a tab pasted
    into the one-line box too), ``Player N`` for an empty one. A name the rules core refuses for a new
    start (:func:`~companion.textio.player_name`: too long, an invisible format character) is refused
    here, at the page's boundary, in the core's words, as is one holding half of a character
    (:func:`half_character`)."""
    names = []
    for i, box in enumerate(boxes, 1):
        typed = " ".join(str(box.value).split())
        if (half := half_character(typed, f"player {i}'s name", "; nothing was done")) is not None:
            raise half
        names.append(player_name(typed, i) if typed else f"Player {i}")
    return names


def stepper(description: str, value: int = 0, *, min: int = 0, max: int = 99,
            step: int = 1, bounded: bool = True) -> w.BoundedIntText | w.IntText:
    """A labelled number with big - and + buttons around it; returns the number widget.

    The returned widget is what callers observe; the row to display is stored on it as
    ``.box``: the label (its own widget, as wide as its text, so a long label never squeezes the
    digits), then ``−``, the number (room for the digits) and ``+``, centred on one line. The
    label's text is kept as ``.caption`` (the number itself has no description: the label shows
    it); the parts as ``.label``, ``.minus`` and ``.plus``. ``bounded=False``: the box keeps what
    was typed past ``min``/``max`` (stored as ``.limits``), so a page can say so, quoting it,
    instead of cutting 500 down to 99 unseen. Either way - and + stay within the box's ``.min`` and
    ``.max`` as they are when pressed: a page may move them (Aged and a disadvantage share their
    levels), and a button press is never "entered" past them.
    """
    looks: dict[str, Any] = {"layout": w.Layout(width="80px")}
    number: w.BoundedIntText | w.IntText
    if bounded:
        number = w.BoundedIntText(value=value, min=min, max=max, step=step, **looks)
    else:
        number = w.IntText(value=value, step=step, **looks)
        number.limits = (min, max)
        number.min, number.max = min, max  # (the limits in force: a page may move them)
    number.add_class("companion-stepper-number")
    label = _label(description)
    minus = w.Button(description="−", layout=w.Layout(width="48px", height=BUTTON_HEIGHT),
                     tooltip=f"{description} −{step}")
    plus = w.Button(description="+", layout=w.Layout(width="48px", height=BUTTON_HEIGHT),
                    tooltip=f"{description} +{step}")

    def bump(delta: int) -> None:
        number.value = max_(min_(number.value + delta, number.max), number.min)

    minus.on_click(lambda _b: bump(-step))
    plus.on_click(lambda _b: bump(step))
    number.caption, number.label, number.minus, number.plus = description, label, minus, plus
    number.box = _labelled_row(label, minus, number, plus)
    number.box.add_class("companion-stepper")
    return number


min_, max_ = min, max  # the builtins, shadowed by stepper's keyword names


def _label(text: str) -> w.Label:
    """A control's label on its left (a stepper's, :func:`labelled`'s)."""
    label = w.Label(text, layout=w.Layout(width="auto", margin="0 8px 0 0"))
    label.add_class("companion-stepper-label")
    return label


def _labelled_row(*children: Any) -> w.HBox:
    """A label and its control(s), centred on one line, with a gap after them."""
    return w.HBox(list(children),
                  layout=w.Layout(align_items="center", width="auto", margin="2px 24px 2px 0"))


def labelled(text: str, widget: Any) -> w.HBox:
    """``widget`` with ``text`` as its label on its left, both centred on one line: for a
    ToggleButtons row, whose own ``description`` sits above its buttons rather than beside them.
    The label is kept as ``widget.caption`` (what :func:`off_reasons` names the control by)."""
    widget.caption = text
    return _labelled_row(_label(text), widget)


def card_tile(title: str, subtitle: str = "", body: str = "", *, colour: str | None = None,
              tooltip: str | None = None) -> str:
    """HTML for one card tile (used in card tables, hands, the initiative track); ``tooltip``: a text
    shown on hovering the tile (a card's whole text where ``body`` is cut short)."""
    border = f"border-left:6px solid {colour};" if colour else ""
    tip = f" title='{html.escape(tooltip, quote=True)}'" if tooltip is not None else ""
    return (f"<div class='companion-tile'{tip} style='{border}'><div class='t'>{html.escape(title)}</div>"
            f"<div class='s'>{html.escape(subtitle)}</div><div>{html.escape(body)}</div></div>")


def progress(total: int, description: str = "Working") -> w.IntProgress:
    """A progress bar for long work (PDF runs); advance it by setting ``.value``."""
    return w.IntProgress(value=0, min=0, max=max_(total, 1), description=description,
                         layout=w.Layout(width="100%"))


def figure_widget(fig: Any) -> w.Image:
    """A matplotlib figure as a PNG image widget (stable output, no print)."""
    import io
    import warnings

    for text in fig.findobj(lambda artist: hasattr(artist, "get_text") and hasattr(artist, "set_text")):
        shown = text.get_text()
        if isinstance(shown, str) and lone_surrogate(shown) is not None:  # (a title typed with half of a
            text.set_text(LONE_SURROGATE.sub("\ufffd", shown))  # character: drawn as one, not refused)
    buf = io.BytesIO()
    with warnings.catch_warnings():  # a name in a script the font lacks draws as boxes; no stderr
        warnings.filterwarnings("ignore", message="Glyph .* missing from font", category=UserWarning)
        fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    if getattr(fig.canvas, "manager", None) is not None:  # made by pyplot, which keeps it until closed
        import matplotlib.pyplot as plt

        plt.close(fig)
    return w.Image(value=buf.getvalue(), format="png")
