"""What the rules let an action choose on the board, in the order a referee wants it
(docs/edgerunner/conflicts.md#actions): the kinds open now, who may act, the targets with
their range, the tracks, the skills (the kind's usual one first), the zones a mover can
reach, the aspects that can be invoked, the ways to absorb a hit with the aspects each
invokes, and who may redefine a beaten border.

Every answer is plain data read off a :class:`~rules_core.board.Board`; the action's sheet
(:mod:`rules_core.api.board.sheet`) offers these and nothing else, so a page never decides
what is legal.

>>> from rules_core.api.board import read
>>> from rules_core.api.board.examples import warehouse_crew
>>> b = start(read.setup(warehouse_crew()))
>>> [t.name for t in targets(b, "attack", "Gatto")]
['Hargan', 'Rook', 'Jade', 'Loading door lock', 'Cluttered aisles']
>>> [s for s, _ in skills(b, "Gatto", "attack")], [s for s, _ in skills(b, "Gatto", "move")]
(['Shoot', 'Athletics', 'Stealth'], ['Athletics', 'Shoot', 'Stealth'])
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import tracks
from ..boosts import INVOKE_VALUE
from .setup import start  # noqa: F401  (the doctest above)
from .state import _aspect_zone, _range
from .values import ROLLED, TABLE, TRACKS, TURNS, Aspect, Board

USUAL_SKILLS = {
    "attack": ("Shoot", "Firearms", "Fight", "Melee", "Provoke", "Intimidate"),
    "defense": ("Athletics", "Fight", "Firearms", "Will", "Notice"),
    "move": ("Athletics", "Drive", "Pilot"),
    "move_another": ("Deception", "Provoke", "Physique", "Fight", "Netrunning"),
    "maneuver": ("Stealth", "Notice", "Deception", "Athletics", "Netrunning"),
    "recovery": ("Empathy", "Medicine", "Will"),
}
"""The skills a table usually rolls for each kind of action (the seed's Athletics to move,
Firearms to shoot, Deception to move another…). They change no rule: they only order an
actor's skills so the likely one is first (:func:`skills`)."""


@dataclass(frozen=True, slots=True)
class KindOpen:
    """A kind of event and whether the board takes it now; ``why`` says why not."""

    kind: str
    open: bool
    why: str | None = None


@dataclass(frozen=True, slots=True)
class Target:
    """Something an action can aim at: an actor, a thing or an aspect with stress boxes, and its
    range in borders from the actor (``None``: no way leads there)."""

    name: str
    what: str
    range: int | None


@dataclass(frozen=True, slots=True)
class Absorb:
    """One way for a target to take an attack: the consequences it takes, the aspects it invokes
    (one free invoke each), and the hit that follows."""

    consequences: tuple[str, ...]
    invokes: tuple[str, ...]
    hit: tracks.HitResult


def may_act(board: Board) -> list[str]:
    """The actors who may take a turn now: still in, and not yet acted this exchange (everyone
    still in once it has closed: the next action opens the next exchange)."""
    return [] if board.over else board.to_act()


def kinds(board: Board) -> list[KindOpen]:
    """Every kind of event, open or not now (docs/edgerunner/conflicts.md#exchanges)."""
    if board.over:
        why = "The conflict is over: undo the last event to change it."
        return [KindOpen(k, False, why) for k in TURNS + TABLE]
    actors = may_act(board)
    out = []
    for k in TURNS:
        if k == "continue" and not any(board.actor(a).previous for a in actors):
            out.append(KindOpen(k, False, "Nobody still to act has an action to continue."))
        else:
            out.append(KindOpen(k, True))
    for k in TABLE:
        if k == "end_exchange" and board.closed:
            out.append(KindOpen(k, False, f"Exchange {board.exchange} is already over: everyone still in has acted, "
                                          f"and the next action opens exchange {board.exchange + 1}."))
        elif k == "end_exchange" and not board.acted:
            out.append(KindOpen(k, False, f"Nobody has acted in exchange {board.exchange} yet."))
        elif k == "redefine_border" and not beaten_borders(board):
            out.append(KindOpen(k, False, "No thing standing for a border has been beaten."))
        else:
            out.append(KindOpen(k, True))
    return out


def targets(board: Board, kind: str, actor: str | None) -> list[Target]:
    """What ``actor``'s action of ``kind`` can aim at, with its range (docs/edgerunner/conflicts.md#actions).

    * attack: anyone else still in, any thing not beaten, any aspect with stress boxes;
    * defense: anyone still in (the defender too), any thing not beaten;
    * move another: anyone else still in, any thing with a zone;
    * recovery: the actor, anyone still in who has not acted this exchange (ruling), any thing;
    * taken out (the table's event): anyone still in, any thing not beaten.
    """
    me = board.actor(actor) if actor else None
    here = me.zone if me else None
    acted = set() if board.closed else board.acted
    people = [a for a in board.actors if not a.out]
    things = [t for t in board.things if not t.out]
    if kind == "attack":
        people = [a for a in people if a.name != actor]
    elif kind == "move_another":
        people = [a for a in people if a.name != actor]
        things = [t for t in things if t.zone is not None]
    elif kind == "recovery":
        people = [a for a in people if a.name == actor or a.name not in acted]
    elif kind not in ("defense", "taken_out"):
        return []
    side = me.side if me else None
    if kind in ("attack", "move_another"):    # the other sides first: who a referee aims at
        people.sort(key=lambda a: a.side == side)
    elif kind in ("defense", "recovery"):     # the actor, then their side
        people.sort(key=lambda a: (a.name != actor, a.side != side))
    out = [Target(a.name, "actor", _range(board, here, a.zone)) for a in people]
    out += [Target(t.name, "thing", _range(board, here, t.zone)) for t in things]
    if kind == "attack":
        out += [Target(a.name, "aspect", _range(board, here, _aspect_zone(board, a))) for a in board.aspects if a.boxes]
    return out


def target_kind(board: Board, name) -> str | None:
    """``"actor"``, ``"thing"``, ``"aspect"`` or ``None`` for a name on the board."""
    w = board.who(name)
    if w is not None:
        return w[0]
    return "aspect" if any(a.name == name for a in board.aspects) else None


def tracks_of(board: Board, name) -> tuple[str, ...]:
    """The tracks a target offers a choice of: an actor's three; a thing or an aspect has one, so none."""
    return TRACKS if target_kind(board, name) == "actor" else ()


def skills(board: Board, actor: str | None, kind: str | None) -> list[tuple[str, int]]:
    """``actor``'s skills with their ratings, the likely one for ``kind`` first: the skill they last
    rolled for this kind, then the kind's usual skills (:data:`USUAL_SKILLS`), then the rest as the
    setup lists them."""
    a = board.actor(actor) if actor else None
    if a is None:
        return []
    last = dict(a.habits).get(kind)
    usual = USUAL_SKILLS.get(kind, ())

    def rank(item):
        i, (skill, _) = item
        if skill == last:
            return (0, 0)
        if skill in usual:
            return (1, usual.index(skill))
        return (2, i)

    return [s for _, s in sorted(enumerate(a.skills), key=rank)]


def invokable(board: Board) -> list[tuple[str, int]]:
    """Every aspect that can be invoked, with the free invokes it has left: the board's, then the
    actors' own aspects and their named consequences (paid at the table; docs/edgerunner/conflicts.md#at-the-table)."""
    out = [(a.name, a.free_invokes) for a in board.aspects]
    seen = {n for n, _ in out}
    for actor in board.actors:
        taken = actor.track(TRACKS[0]).taken
        own = list(actor.aspects) + [label for slot, label in actor.labels if slot in taken]
        for n in own:
            if n not in seen:
                seen.add(n)
                out.append((n, 0))
    return out


def free_for(board: Board, target: str, without=()) -> list[Aspect]:
    """The aspects on ``target`` with a free invoke left, each usable once in a resist (ruling: an aspect
    is invoked once per action), but those in ``without`` (already invoked)."""
    return [a for a in board.aspects
            if a.on == "actor" and a.target == target and a.free_invokes > 0 and a.name not in without]


def absorb(board: Board, target: str, track: str, shifts: int, invoked=()) -> list[Absorb]:
    """The cheapest ways for an actor to stay in against an attack of ``shifts`` on ``track``
    (docs/edgerunner/stress.md#soak): consequences, and free invokes of the aspects on them, each
    option naming the aspects it invokes. ``invoked``: aspects the target invokes anyway (paid or
    free), which soak 2 each before any option. An empty list: nothing is enough, the hit takes
    them out. A thing or an aspect does not resist: its one way is the hit itself."""
    w = board.who(target)
    if w is None:
        a = next(x for x in board.aspects if x.name == target)
        r = tracks.hit(a.track(), max(0, shifts))
        return [] if r.taken_out else [Absorb((), (), r)]
    value = board.actors[w[1]] if w[0] == "actor" else board.things[w[1]]
    d = value.defense(track)
    defense = d.threshold if d else None
    t = value.track(track)
    if w[0] == "thing":
        r = tracks.hit(t, max(0, shifts), defense=defense)
        return [] if r.taken_out else [Absorb((), (), r)]
    free = free_for(board, target, invoked)
    rest = max(0, shifts - INVOKE_VALUE * len(invoked))
    out = []
    for cover, _ in tracks.absorb_options(t, rest, invokes=len(free), defense=defense):
        names = tuple(a.name for a in free[:cover.invokes])
        hit = tracks.hit(t, max(0, shifts), consequences=cover.consequences, invokes=len(invoked) + cover.invokes,
                         defense=defense)
        out.append(Absorb(cover.consequences, names, hit))
    return out


def beaten_borders(board: Board) -> list[tuple[str, str]]:
    """``(actor, thing)`` for each beaten thing standing for a border, by the actor who beat it: who may
    redefine that border (docs/edgerunner/conflicts.md#at-the-table)."""
    return [(t.beaten_by, t.name) for t in board.things if t.out and t.border and t.beaten_by]


def conceding_sides(board: Board) -> list[str]:
    """The sides that can concede: those with an actor still in."""
    return [s for s in board.setup.sides if any(a.side == s and not a.out for a in board.actors)]


def rolls(kind: str) -> bool:
    """Does an action of ``kind`` roll (skill, rating, dice)?"""
    return kind in ROLLED
