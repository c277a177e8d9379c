"""Shared test fixtures for the Mice and Mystics tests: a die, heroes and minions of our own.

The tests never depend on the bundled card data: faces and stats are made up here so
that each rule is checked at its boundaries with known numbers.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.eventlog import EventLog
from companion.mystics.data import DieFace
from companion.mystics.party import CardInfo, HeroInfo, MinionInfo
from companion.mystics.tracker import MysticsTracker

if TYPE_CHECKING:
    from companion.views.mystics import MysticsDashboard


def face(fid: str, symbols: tuple[str, ...], movement: int | None = 1) -> DieFace:
    return DieFace(id=fid, symbols=symbols, movement=movement, source="test", certain=True)


#: A six-sided test die: melee hits on 3 faces, blocks on 2, bows on 1, cheese on 1, checks on 2.
DIE = (
    face("a", ("sword",), 1),
    face("b", ("sword-shield",), 2),
    face("c", ("sword-shield", "star"), 3),
    face("d", ("bow",), 1),
    face("e", ("cheese",), 2),
    face("f", ("sword", "star"), 3),
)

HEROES = {
    "collin": HeroInfo("collin", "Collin", life=3, classes=("leader", "warrior"),
                       starting_equipment=("Collin's Sword", "Leather Breastplate"),
                       abilities=("Born to Lead",)),
    "filch": HeroInfo("filch", "Filch", life=3, classes=("scamp",), starting_equipment=("Dagger",),
                      abilities=("Pilfer", "Prehensile Tail")),
    "tilda": HeroInfo("tilda", "Tilda", life=4, classes=("healer",)),
    "maginos": HeroInfo("maginos", "Maginos", life=2, classes=("mystic",)),
    "nez": HeroInfo("nez", "Nez", life=5, classes=("warrior", "tinkerer")),
}

MINIONS = {
    "rat_warriors": MinionInfo("rat_warriors", "Rat Warriors", life=1, aggressive=True),
    "spider": MinionInfo("spider", "Spider", life=2),
    "roach": MinionInfo("roach", "Roach", life=1),
    "centipede": MinionInfo("centipede", "Cave Centipede", life=3),
    "vurst": MinionInfo("vurst", "Captain Vurst", boss=True,
                        cards=(CardInfo("vurst:1", "Vurst I", 2), CardInfo("vurst:2", "Vurst II", 2),
                               CardInfo("vurst:3", "Vurst III", 2))),
    # no boss, as in the card data: 2 initiative cards, a turn for each (mice-and-mystics.txt, Brodie)
    "brodie": MinionInfo("brodie", "Brodie",
                         cards=(CardInfo("brodie:pounces", "Brodie Pounces", 3),
                                CardInfo("brodie:chases", "Brodie Chases", 3))),
}


def tracker(log: Any = None, **kw: Any) -> MysticsTracker:
    return MysticsTracker(log if log is not None else EventLog(None), die=DIE, heroes=HEROES,
                          minions=MINIONS, abilities={"inspire": ("leader",), "first aid": ("any",),
                                                      "chain lightning": ("mystic",)}, **kw)


def start(mice: list[Any] | None = None, minions: dict[str, Any] | None = None,
          **extra: Any) -> dict[str, Any]:
    return {"event": "start", "chapter_end": 6, "mice": mice or ["collin", "filch", "tilda", "maginos"],
            "minions": minions if minions is not None else {}, "seed": 3, **extra}


def order(t: MysticsTracker) -> list[str]:
    return [c.id for c in t.state.track]


def dash(path: Path, **kw: Any) -> MysticsDashboard:
    """The page on ``path`` with the test card data (``kw``: more tracker arguments)."""
    from companion.views.mystics import MysticsDashboard

    return MysticsDashboard(path, tracker_kwargs={"die": DIE, "heroes": HEROES, "minions": MINIONS, **kw})


def started(path: Path, mice: tuple[str, ...] = ("collin", "filch", "tilda", "maginos"),
            **kw: Any) -> MysticsDashboard:
    """The page with a chapter started from its controls: ``mice``, 2 rat warriors, seed 3."""
    d = dash(path, **kw)
    d.mice_pick.value = mice
    d.start_minions.value = "rat_warriors=2"
    d.seed.value = "3"
    d.start_btn.click()
    assert d.state.started, d.status.value
    return d


def spider_surge(path: Path) -> MysticsDashboard:
    """The started page (:func:`started`) after an encounter whose surge places a spider, and cheese on
    the wheel until it surges: the red panel's case."""
    d = started(path)
    d.enc_name.value = "Spiders"
    d.enc_surge.value = "spider=1"
    d.enc_btn.click()
    for _ in range(3):
        d.add2.click()
    return d


def break_user_die() -> None:
    """Put a copy of the bundled die into the user data folder: a card file whose ids repeat the
    bundled ones, so the Mice and Mystics card data cannot be loaded."""
    from companion.cards import DATA_DIR, user_data_dir

    folder = user_data_dir() / "mystics"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "action-die.json").write_text((DATA_DIR / "mystics" / "action-die.json").read_text())


def test_a_plural_minion_name_takes_a_bare_apostrophe() -> None:
    from companion import possessive

    assert possessive("Collin") == "Collin's" and possessive("Rat Warriors") == "Rat Warriors'"
