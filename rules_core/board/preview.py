"""What an action's form needs before the choice (docs/edgerunner/conflicts.md#actions):
the zones a move reaches, the target's absorb options, a defense's threshold.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import borders, maneuver, tracks
from ..boosts import INVOKE_VALUE, Cover
from ..errors import RulesError, shown
from .rolled import _previous_key
from .state import _acting, _aspect_zone, _attack_target, _range, _reach, _shifts, _target, _track_name
from .values import ROLLED, TURNS, Board, Event, Previous


@dataclass(frozen=True, slots=True)
class Preview:
    """What an action's form needs before the choice: see :func:`preview`."""

    kind: str
    actor: str
    shifts: int | None
    must_continue: bool
    previous: Previous | None
    range: int | None = None
    reach: tuple[borders.Reach, ...] = ()
    track: str | None = None
    threshold: int | None = None
    absorb: tuple = ()
    defense_threshold: int | None = None
    free_invokes: int | None = None
    recovery: tracks.Recovery | None = None


def preview(board: Board, event: Event) -> Preview:
    """What the form of ``event`` (maybe incomplete) needs before choosing.

    * move / move another: every zone with its cost and shortfall from the
      mover's zone (:func:`rules_core.borders.reach`);
    * attack: the target's ways to stay in (:func:`rules_core.tracks.absorb_options`,
      with a defense in effect, and the target's free invokes on the board);
    * defense: the threshold it would set; maneuver: the free invokes;
    * recovery: the boxes the roll can clear (:func:`rules_core.tracks.recovery`).
    """
    if event.kind not in TURNS:
        raise RulesError(f"There is no action {shown(event.kind)} to preview.", field="kind", code="unknown")
    board, _, actor = _acting(board, event.actor)
    prev = actor.previous
    shifts = None
    if event.kind == "continue":
        if prev is None:
            raise RulesError(f"{actor.name} has no previous action to continue: roll a new one.", field="kind",
                             code="invalid")
        shifts = prev.shifts + INVOKE_VALUE * len(event.invokes)
        kind = prev.kind
        event = replace(event, kind=kind, target=prev.target if kind != "maneuver" else prev.target[1],
                        on=prev.target[0] if kind == "maneuver" else event.on, track=prev.track)
    elif event.roll is not None:
        shifts = _shifts(event.roll)
    kind = event.kind
    must = bool(prev and event.roll and kind in ROLLED
                and (prev.kind, prev.skill, prev.target) == (kind, event.roll.skill, _previous_key(board, event)))
    out = Preview(kind, actor.name, shifts, must, prev)
    m = board.setup.map
    if kind == "move":
        return replace(out, reach=tuple(_reach(m, actor.zone, shifts if shifts is not None else 0)))
    if kind not in ("move_another", "attack", "defense", "recovery", "maneuver") or event.target is None:
        return out
    if kind == "maneuver":
        free = maneuver.free_invokes(shifts) if shifts is not None and maneuver.placed(shifts) else None
        return replace(out, free_invokes=free)
    if kind == "attack":
        tkind, _, target = _attack_target(board, event.target)
    else:
        tkind, _, target = _target(board, event.target)
    if tkind == "aspect":
        # an aspect's stress boxes: no consequences, no invokes, one way to take the hit
        out = replace(out, range=_range(board, actor.zone, _aspect_zone(board, target)), track="aspect",
                      threshold=target.boxes)
        if shifts is None:
            return out
        return replace(out, absorb=((Cover((), 0, 0), tracks.hit(target.track(), max(0, shifts))),))
    distance = _range(board, actor.zone, target.zone)
    out = replace(out, range=distance)
    if kind == "move_another":
        if target.zone is None:
            return out
        return replace(out, reach=tuple(_reach(m, target.zone, shifts if shifts is not None else 0)))
    if kind == "defense":
        return replace(out, defense_threshold=None if shifts is None or distance is None
                       else tracks.defense_threshold(shifts, distance))
    if event.track is None and tkind == "actor":
        return out
    track = _track_name(target, event.track)
    d = target.defense(track)
    threshold = d.threshold if d else target.track(track).threshold
    out = replace(out, track=track, threshold=threshold)
    if shifts is None:
        return out
    if kind == "attack":
        # the target's own free invokes on the board (a thing does not resist)
        free = sum(a.free_invokes for a in board.aspects if a.on == "actor" and a.target == target.name)
        options = tracks.absorb_options(target.track(track), max(0, shifts), invokes=free if tkind == "actor" else 0,
                                        defense=d.threshold if d else None)
        return replace(out, absorb=tuple(options))
    return replace(out, recovery=tracks.recovery(target.track(track), max(0, shifts)))
