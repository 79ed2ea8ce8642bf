"""The action sheet: everything the board's sheet shows for the action being composed
(docs/edgerunner/conflicts.md#actions), answered by the rules so the page decides nothing.

``board.sheet {token, length, action}`` takes the conflict and the draft (:mod:`.draft`: whatever
has been tapped so far) and answers::

    {"kind": "attack" | null, "title": "Attack",
     "kinds": [{"kind", "label", "group": "turn" | "table", "open", "why"}],
     "fields": [field, …],                 # in the order the sheet shows them
     "folds": {"roll-more": {"summary", "open"}},   # parts shown folded, by the fields' "fold"
     "outcome": {"shifts", "line", "entry", "out": [names], "over"},
     "missing": [{"field", "message"}],    # still to choose (said at Log it)
     "errors": [{"field", "message"}],     # what is chosen or typed and wrong (said at once)
     "log": {"label", "ready", "hint"},    # Log it's own words: never plain "Log it" for a take-out
     "action": {…},                        # the draft as the sheet reads it: every choice made for it shown
     "event": {…} | null}                  # what Log it sends to board.apply (null until ready)

A *field* is ``{"name", "input", "label", "value", "options"?, "hint"?, "fold"?, …}``; ``input`` is
``chips`` (one of ``options``), ``multi`` (any of them), ``text``, ``number``, ``select``, ``check``,
``skill`` (chips with ratings, or a typed skill), ``dice`` (four dice that turn on a tap, or typed),
``absorb`` (the ways to take a hit) or ``info`` (a line). An option is ``{"value", "label", "note"?,
"disabled"?, "tags"?}``. The sheet chooses for the referee only what leaves no choice or what a table
would take anyway, and shows it chosen: the first actor still to act, the kind's usual skill
(:func:`rules_core.board.choices.skills`), Cool as an actor's track, the only target, zone or way to
absorb, the boxes a recovery clears best; an option that invokes aspects ticks them.
"""
from __future__ import annotations

import json

from ... import board as core
from ... import dice
from ...board import choices
from ...boosts import INVOKE_VALUE
from ...errors import RulesError
from .. import fields as f
from .._sheets import Sheet
from . import events as read_events
from .payload import _hit_payload

WORDS = {"move": "Move", "attack": "Attack", "defense": "Defense", "maneuver": "Maneuver",
         "move_another": "Move another", "recovery": "Recovery", "continue": "Continue", "simple": "Simple action",
         "compel": "Compel", "taken_out": "Taken out", "concession": "Concession", "redefine_border": "Beaten border",
         "end_exchange": "End of exchange", "end": "End the conflict"}
"""Each kind of event as its button says it."""

TRACK_LABELS = (("cool", "Cool"), ("humanity", "Humanity"), ("reputation", "Reputation"))
ON = (("zone", "a zone"), ("border", "a border"), ("actor", "an actor"), ("thing", "a thing"))

FIELDS = {
    "move": ("actor", "roll", "zone", "extras"),
    "attack": ("actor", "target", "track", "roll", "absorb", "extras"),
    "defense": ("actor", "target", "track", "roll", "extras"),
    "maneuver": ("actor", "aspect", "on", "roll", "resist", "extras"),
    "move_another": ("actor", "target", "roll", "zone", "resist", "extras"),
    "recovery": ("actor", "target", "track", "roll", "boxes", "extras"),
    "continue": ("actor", "invokes", "again"),
    "simple": ("actor", "note"),
    "compel": ("actor", "compelled", "accepted"),
    "taken_out": ("target",),
    "concession": ("side", "story"),
    "redefine_border": ("beater", "thing", "pass"),
    "end_exchange": (),
    "end": ("note",),
}
"""The parts of each kind's sheet, in order (a Continue's depend on the previous action: :data:`AGAIN`)."""

AGAIN = {"move": ("zone",), "move_another": ("zone", "resist"), "attack": ("absorb",),
         "maneuver": ("aspect", "resist"), "recovery": ("boxes",), "defense": ()}
"""What a Continue asks besides the new invokes: the previous action's own choices
(docs/edgerunner/conflicts.md#continue)."""

_plural = lambda n, word: f"{n} {word}{'' if n == 1 else 's'}"  # noqa: E731


def _int(text, what: str, field: str, *, low: int, high: int) -> int | None:
    """A number typed in a field (``None`` when empty)."""
    if text is None or str(text).strip() == "":
        return None
    t = str(text).strip().replace("−", "-")
    try:
        value = int(t)
    except ValueError:
        raise RulesError(f"{what} is a whole number, not {t[:40]!r}.", field=field, code="invalid") from None
    return f.check_integer(value, what, field=field, low=low, high=high)


def read_dice(text) -> tuple[str | None, int | None]:
    """The dice as typed or tapped: four faces (``+0--``, ``⊞⊡⊟⊟``) or their total (−4…4);
    ``(faces, total)``, both ``None`` when nothing is there yet.

    >>> read_dice("⊞⊡⊟⊟"), read_dice("−1"), read_dice("")
    (('+0--', -1), (None, -1), (None, None))
    """
    t = "".join(str(text or "").split()).replace("−", "-")
    if not t:
        return None, None
    if len(t) == 4 and all(c in "+0-⊞⊡⊟" for c in t):
        faces = t.translate(str.maketrans("⊞⊡⊟", "+0-"))
        return faces, dice.fate_total(faces)
    try:
        total = int(t)
    except ValueError:
        raise RulesError("Enter the four dice (e.g. +0--) or their total (−4 to 4).", field="faces",
                         code="invalid") from None
    return None, f.check_integer(total, "The dice total", field="faces", low=-4, high=4)


_TURN = {"0": "+", "+": "-", "-": "0"}


class _Sheet(Sheet):
    """One answer of :func:`answer` (a sheet is made once per call, field after field)."""

    def __init__(self, board: core.Board, draft: dict, full: str | None = None):
        super().__init__(draft)
        self.b = board
        self.full = full
        self.folds: dict = {}
        self.shifts: int | None = None
        self.roll_ok = True
        self.line: list[str] = []

    # ------------------------------------------------------------ plumbing

    def choose(self, name: str, options: list[dict], *, default=None, wrong=None, required: str | None = None):
        """The value of a one-of field: the draft's when offered, else ``default`` (or the only
        option); a draft value not offered is an error (``wrong(value)`` says why)."""
        offered = [o["value"] for o in options if not o.get("disabled")]
        got = self.d.get(name)
        if got is not None and got in offered:
            return got
        if got is not None and wrong:
            self.error(name, wrong(got))
            return None
        if default is not None and default in offered:
            return default
        if len(offered) == 1:
            return offered[0]
        if required:
            self.need(name, required)
        return None

    # ------------------------------------------------------------ the answer

    def answer(self) -> dict:
        b = self.b
        open_kinds = {k.kind: k for k in choices.kinds(b)}
        if self.full:  # the log holds all a conflict may: nothing more is taken
            open_kinds = {k: choices.KindOpen(k, False, self.full) for k in open_kinds}
        kinds = [{"kind": k, "label": WORDS[k], "group": "turn" if k in core.TURNS else "table",
                  "open": open_kinds[k].open, "why": open_kinds[k].why} for k in WORDS
                 if k != "redefine_border" or open_kinds[k].open]
        if self.kind is None:
            self.actor(default=False)
            return self.result(kinds)
        if not open_kinds[self.kind].open:
            self.error("", open_kinds[self.kind].why)
        parts = FIELDS[self.kind]
        for part in parts:
            getattr(self, "pass_" if part == "pass" else part)()
        if self.kind == "continue":
            for part in AGAIN.get(self.previous_kind(), ()):
                getattr(self, part)()
        return self.result(kinds)

    def result(self, kinds) -> dict:
        event = None
        outcome = {"shifts": self.shifts, "line": " ".join(self.line), "entry": None, "out": [], "over": None}
        label, ready = "Log it", False
        if self.kind is not None and not self.errors and not self.missing:
            try:
                event = self.event()
                after, entry = core.apply(self.b, read_events.event(event))
            except RulesError as err:
                self.error(self.where(err.field), err.message)
                event = None
            else:
                ready = True
                outcome["entry"] = entry.text
                outcome["out"] = out = _gone(self.b, after)
                if after.over and not self.b.over:
                    outcome["over"] = (f"the conflict ends: {after.winner} win" if after.winner
                                       else "the conflict ends")
                if out:
                    names = " and ".join(n for n, _ in out)
                    verb = {"actor": "taken out", "thing": "beaten", "aspect": "removed"}
                    what = verb[out[0][1]] if len({w for _, w in out}) == 1 else "out"
                    label = f"Log it: {names} {'are' if len(out) > 1 else 'is'} {what}"
                    outcome["out"] = [n for n, _ in out]
                elif outcome["over"]:
                    label = f"Log it: {outcome['over']}"
        hint = None
        if self.missing:
            hint = "Still to choose: " + "; ".join(m["message"] for m in self.missing)
        return {"kind": self.kind, "title": WORDS.get(self.kind), "kinds": kinds, "fields": self.fields,
                "folds": self.folds, "outcome": outcome, "missing": self.missing, "errors": self.errors,
                "log": {"label": label, "ready": ready, "hint": hint},
                "action": {k: v for k, v in self.v.items() if v not in (None, "", [])}, "event": event}

    # ------------------------------------------------------------ who acts, and at what

    def actor(self, default: bool = True):
        b = self.b
        may = choices.may_act(b)
        acted = [a.name for a in b.actors if not a.out and a.name not in may]
        options = [{"value": n, "label": n} for n in may]
        options += [{"value": n, "label": f"{n} ✓", "disabled": True, "tags": ["acted"]} for n in acted]
        hint = None if b.over else (f"to act: {', '.join(may)}" if may else "everyone has acted")

        def wrong(name):
            a = b.actor(name)
            if a is None:
                return f"There is no actor called {name} on the board: choose who acts."
            if a.out:
                return f"{name} is taken out and no longer acts: choose who acts."
            return f"{name} has already acted in exchange {b.exchange}: choose who acts."

        chosen = self.choose("actor", options, default=(may[0] if may and default else None),
                             wrong=wrong if default else None, required="who acts" if default else None)
        if not default and self.d.get("actor") not in may:
            chosen = None
        self.v["actor"] = chosen
        self.field("actor", "chips", "Who acts", chosen, options=options, hint=hint, empty="nobody is still in")

    def beater(self):
        pairs = choices.beaten_borders(self.b)
        who = list(dict.fromkeys(a for a, _ in pairs))
        options = [{"value": n, "label": n} for n in who]
        chosen = self.choose("actor", options, required="who beat it")
        self.v["actor"] = chosen
        self.field("actor", "chips", "Who beat it", chosen, options=options, empty="nobody has beaten a border")

    def thing(self):
        pairs = [(a, t) for a, t in choices.beaten_borders(self.b) if a == self.v.get("actor")]
        options = [{"value": t, "label": f"{t} ({' – '.join(self.b.things[self.b.who(t)[1]].border)})"}
                   for _, t in pairs]
        chosen = self.choose("thing", options, required="the beaten thing")
        self.v["thing"] = chosen
        self.field("thing", "chips", "The beaten thing", chosen, options=options, empty="choose who beat it first")

    def target(self):
        b, kind = self.b, self.kind
        actor = self.v.get("actor")
        found = choices.targets(b, kind, actor)
        options = []
        for t in found:
            note = None
            if kind != "taken_out" and actor:
                note = "no way there" if t.range is None else ("here" if t.range == 0 else f"range {t.range}")
            tags = [t.what] + (["self"] if t.name == actor else [])
            options.append({"value": t.name, "label": t.name, "note": note, "tags": tags})
        default = actor if kind == "recovery" else None

        def wrong(name):
            if name == actor and kind in ("attack", "move_another"):
                return f"{name} can't be the target of their own {WORDS[kind].lower()}."
            try:
                (core.state._attack_target if kind == "attack" else core.state._target)(b, name)
            except RulesError as err:
                return err.message
            if kind == "recovery":
                return f"{name} has already acted in exchange {b.exchange}: a recovery needs the target's turn too."
            return f"{name} can't be the target of this action."

        chosen = self.choose("target", options, default=default, wrong=wrong,
                             required="who is taken out" if kind == "taken_out" else "the target")
        self.v["target"] = chosen
        label = "Who (or what) is taken out" if kind == "taken_out" else "Target"
        self.field("target", "chips", label, chosen, options=options,
                   hint=None if kind == "taken_out" else "or tap a token", empty="none on the table")
        if chosen is not None and kind != "taken_out":
            t = next(x for x in found if x.name == chosen)
            if t.range is not None and actor:
                self.range = t.range

    def track(self):
        target = self.v.get("target")
        names = choices.tracks_of(self.b, target) if target else core.TRACKS
        if target and not names:
            self.v["track"] = None
            return
        options = [{"value": k, "label": w} for k, w in TRACK_LABELS]
        default = "cool"
        if self.kind == "recovery" and target and self.b.actor(target):
            a = self.b.actor(target)
            default = next((k for k in core.TRACKS if a.track(k).marked), "cool")
        chosen = self.choose("track", options, default=default)
        self.v["track"] = chosen
        self.field("track", "chips", "Track", chosen, options=options)

    # ------------------------------------------------------------ the roll

    def roll(self):
        """Skill and rating, the dice, and (folded) the invokes, the bid and the opposing skill
        (docs/edgerunner/conflicts.md#rolling-shifts)."""
        d = self.d
        actor = self.v.get("actor")
        own = choices.skills(self.b, actor, self.kind)
        ratings = dict(own)
        typed_rating = d.get("rating")
        skill = d.get("skill")
        other = bool(skill) and skill not in ratings
        if not skill or (not other and skill not in ratings):
            skill = own[0][0] if own else None
        if skill is None and not own:
            other = True
        try:
            rating = _int(typed_rating, "The skill's rating", "rating", low=-10, high=30)
        except RulesError as err:
            self.error("rating", err.message)
            rating, self.roll_ok = None, False
        if rating is None and skill in ratings:
            rating = ratings[skill]
        self.v.update(skill=skill, rating=None if typed_rating in (None, "") else str(rating if rating is not None else typed_rating))
        self.field("skill", "skill", "Skill", skill, rating=None if rating is None else str(rating), other=other,
                   options=[{"value": s, "label": s, "rating": r} for s, r in own])
        if rating is None and self.roll_ok:
            self.need("rating", "the skill's rating" if skill else "the skill and its rating")
            self.roll_ok = False
        elif not skill:
            self.need("skill", "the skill's name")
        # the dice
        faces, total = None, None
        try:
            faces, total = read_dice(d.get("faces"))
        except RulesError as err:
            self.error("faces", err.message)
            self.roll_ok = False
        self.v["faces"] = d.get("faces")
        now = faces or "0000"
        words = {"+": "plus", "0": "blank", "-": "minus"}
        self.field("faces", "dice", "Dice", faces, typed=d.get("faces") or "", total=total,
                   dice=[{"face": faces[i] if faces else None, "words": words[faces[i]] if faces else "not rolled",
                          "next": now[:i] + _TURN[now[i]] + now[i + 1:]} for i in range(4)],
                   totals=[{"value": str(n), "label": f"{n:+d}" if n else "0"} for n in range(-4, 5)])
        if total is None and "faces" not in {e["field"] for e in self.errors}:
            self.need("faces", "the dice")
            self.roll_ok = False
        # folded: invokes, bid, opposition (shown after the kind's own choices: extras())
        at = len(self.fields)
        invoked = self.invokes_field("invokes", "Aspects invoked (+2 each)", fold="roll-invokes")
        extra = {}
        for key, what in (("bid", "Initiative bid"), ("opposition", "Opposing skill")):
            try:
                extra[key] = _int(d.get(key), what if key == "bid" else "The opposing skill", key, low=0, high=30) or 0
            except RulesError as err:
                self.error(key, err.message)
                extra[key], self.roll_ok = 0, False
            self.v[key] = d.get(key)
            self.field(key, "number", what, d.get(key) or "", fold="roll-more",
                       hint="active opposition only" if key == "opposition" else None)
        n = len(self.invokable_list)
        self.folds["roll-invokes"] = {"summary": f"Invoke an aspect ({n})" + (f" — {len(invoked)} invoked" if invoked else ""),
                                      "open": bool(invoked or any(e["field"] == "invokes" for e in self.errors))}
        self.folds["roll-more"] = {"summary": "Bid, opposition",
                                   "open": bool(extra["bid"] or extra["opposition"]
                                                or any(e["field"] in ("bid", "opposition") for e in self.errors))}
        # the invokes stay with the roll (they add to its shifts); the bid and the opposition come last
        self.later = [f for f in self.fields[at:] if f["fold"] == "roll-more"]
        self.fields = [f for f in self.fields if f not in self.later]
        if self.roll_ok and rating is not None:
            self.shifts = rating + total - extra["bid"] + INVOKE_VALUE * len(invoked) - extra["opposition"]
            self.line.append(f"{_plural(self.shifts, 'shift')}.")
            self.preview_line()

    later: list = []

    def extras(self):
        """The roll's rarer parts, folded, after the kind's own choices: the bid and the opposition."""
        self.fields += self.later

    @property
    def invokable_list(self):
        return choices.invokable(self.b)

    def invokes_field(self, name: str, label: str, *, fold=None, exclude=()) -> list[str]:
        options = [{"value": n, "label": n, "note": f"{free} free" if free else None}
                   for n, free in self.invokable_list if n not in exclude]
        offered = {o["value"] for o in options}
        got = self.d.get(name) or []
        chosen = [n for n in got if n in offered]
        for n in got:
            if n not in offered:
                self.error(name, f"{n} is not on the board any more: untick it.")
        self.v[name] = chosen
        self.field(name, "multi", label, chosen, options=options, fold=fold, empty="no aspect to invoke")
        return chosen

    range: int | None = None

    def preview_line(self):
        """What the roll does before the choice: range, a defense's threshold, a maneuver's free invokes."""
        if self.range is not None and self.kind in ("attack", "defense", "move_another", "recovery"):
            self.line.append(f"Range to the target: {_plural(self.range, 'border')}.")
        if self.kind == "defense" and self.range is not None:
            from ... import tracks
            self.line.append(f"New threshold while the defense holds: {tracks.defense_threshold(self.shifts, self.range)}.")
        if self.kind == "maneuver":
            from ... import maneuver
            if maneuver.placed(self.shifts):
                self.line.append(f"The aspect would get {_plural(maneuver.free_invokes(self.shifts), 'free invoke')}.")
            else:
                self.line.append("Too few shifts: no aspect would be placed.")
        actor = self.b.actor(self.v.get("actor") or "")
        prev = actor.previous if actor else None
        if prev and self.kind in core.ROLLED and prev.kind == self.kind and prev.skill == self.v.get("skill"):
            key = self.v.get("target") if self.kind != "move" else None
            if self.kind == "maneuver" or prev.target == key:
                self.line.append("This repeats the previous action: log it as a Continue.")

    # ------------------------------------------------------------ where to

    def mover(self) -> tuple[str | None, int | None]:
        """Who moves (a zone) and the shifts they move with."""
        if self.kind == "continue":
            prev = self.b.actor(self.v["actor"]).previous
            mover = prev.target if prev.kind == "move_another" else self.v["actor"]
        else:
            mover = self.v.get("target") if self.kind == "move_another" else self.v.get("actor")
        w = self.b.who(mover) if mover else None
        if w is None:
            return None, self.shifts
        value = self.b.actors[w[1]] if w[0] == "actor" else self.b.things[w[1]]
        return value.zone, self.shifts

    def zone(self):
        here, shifts = self.mover()
        if here is None:
            self.v["zone"] = None
            return
        reach = core.state._reach(self.b.setup.map, here, shifts if shifts is not None else 0)
        options = []
        for r in reach:
            if r.zone == here:
                continue
            if r.shortfall is None:
                note, disabled = "no way through", True
            elif shifts is None:
                note, disabled = f"cost {r.route.cost}", False
            elif r.reachable:
                note, disabled = f"reached, cost {r.route.cost}", False
            else:
                note, disabled = f"{r.shortfall} short, cost {r.route.cost}", True
            options.append({"value": r.zone, "label": r.zone, "note": note, "disabled": disabled,
                            "tags": ["reach"] if shifts is not None and r.reachable else []})
        reachable = [o["value"] for o in options if "reach" in o["tags"]]
        got = self.d.get("zone")
        chosen = None
        if got is not None and got != here and any(o["value"] == got for o in options):
            r = next(x for x in reach if x.zone == got)
            if shifts is not None and not r.reachable:
                why = ("no way leads there" if r.shortfall is None
                       else f"the way there costs {r.route.cost} shifts and the roll has {shifts} ({r.shortfall} short)")
                self.error("zone", f"{got} is beyond reach: {why}.")
            else:
                chosen = got
        elif shifts is not None and len(reachable) == 1:
            chosen = reachable[0]
        elif shifts is not None and reachable:
            self.need("zone", "where they go")
        self.v["zone"] = chosen
        hint = "or tap it on the map"
        if shifts is not None and not reachable:
            hint = f"{_plural(shifts, 'shift')} reach no other zone: logged as staying in {here}"
        self.field("zone", "chips", "To zone", chosen, options=options, hint=hint, empty="no other zone")

    # ------------------------------------------------------------ taking the hit

    def absorb(self):
        b = self.b
        if self.kind == "continue":
            prev = b.actor(self.v["actor"]).previous
            target, track = prev.target, prev.track
            shifts = prev.shifts + INVOKE_VALUE * len(self.v.get("invokes") or [])
        else:
            target, track, shifts = self.v.get("target"), self.v.get("track"), self.shifts
        what = choices.target_kind(b, target) if target else None
        extra = []
        if what == "actor":
            options_all = [{"value": n, "label": n, "note": f"{free} free" if free else None}
                           for n, free in self.invokable_list]
            got = [n for n in (self.d.get("resist.invokes") or []) if n in {o["value"] for o in options_all}]
            extra = got
        if target is None or shifts is None or (what == "actor" and track is None):
            self.field("absorb", "absorb", "The target absorbs", None, options=[],
                       line=None, hint="Choose the target and roll to see the ways to absorb the hit.")
            self.v["absorb"] = None
            return
        ways = choices.absorb(b, target, track or core.THING_TRACK, shifts, invoked=tuple(extra))
        options = []
        for w in ways:
            parts = [" + ".join(w.consequences) if w.consequences else "no consequence"]
            if w.invokes:
                parts.append("invoke " + ", ".join(w.invokes))
            hit = _hit_payload(w.hit)
            options.append({"value": json.dumps(list(w.consequences)), "label": ", ".join(parts),
                            "note": hit["message"], "invokes": list(w.invokes), "consequences": list(w.consequences)})
        if what == "aspect":
            a = next(x for x in b.aspects if x.name == target)
            line = f"The aspect's boxes: {a.boxes}."
        else:
            value = b.actors[b.who(target)[1]] if what == "actor" else b.things[b.who(target)[1]]
            name = track if what == "actor" else core.THING_TRACK
            d = value.defense(name)
            threshold = d.threshold if d else value.track(name).threshold
            line = f"{core.TRACK_WORDS[name] if what == 'actor' else target}: threshold {threshold}."
        if not ways:
            gone = {"actor": "taken out", "thing": "beaten", "aspect": "removed from the board"}[what]
            line += f" No way to absorb enough: {target} is {gone}."
            self.v["absorb"] = None
            self.field("absorb", "absorb", "The target absorbs", None, options=[], line=line, out=True)
        else:
            chosen = self.choose("absorb", options, required=f"how {target} absorbs the hit")
            if self.d.get("absorb") is not None and chosen is None:
                # a way chosen for another roll: asked again, and said why
                self.errors = [e for e in self.errors if e["field"] != "absorb"]
                self.need("absorb", f"how {target} absorbs the hit (the ways changed with the roll)")
            self.v["absorb"] = chosen
            self.field("absorb", "absorb", "The target absorbs", chosen, options=options, line=line)
            picked = next((o for o in options if o["value"] == chosen), None)
            for slot in (picked or {}).get("consequences", []):
                key = f"named.{slot}"
                self.v[key] = self.d.get(key)
                self.field(key, "text", f"Name the {slot} consequence (optional)", self.d.get(key) or "", wide=True)
            self.absorbed = picked
        if what == "actor":
            self.v["resist.invokes"] = extra
            self.field("resist.invokes", "multi", "Aspects the target invokes (+2 each, paid)", extra,
                       options=[{"value": n, "label": n, "note": f"{free} free" if free else None}
                                for n, free in self.invokable_list], fold="resist-invokes")
            self.folds["resist-invokes"] = {
                "summary": "The target invokes an aspect" + (f" — {len(extra)} invoked" if extra else ""),
                "open": bool(extra)}

    absorbed = None

    def resist(self):
        """A resist against a maneuver or a move of another (docs/edgerunner/conflicts.md#resist): optional."""
        b = self.b
        if self.kind == "continue":
            prev = b.actor(self.v["actor"]).previous
            target = prev.target[1] if prev.kind == "maneuver" else prev.target
            on = prev.target[0] if prev.kind == "maneuver" else "actor"
        elif self.kind == "maneuver":
            target, on = self.v.get("which"), self.v.get("on")
        else:
            target, on = self.v.get("target"), "actor"
        a = b.actor(target) if isinstance(target, str) and on in ("actor", "thing") else None
        if a is None or target == self.v.get("actor"):
            for key in ("resist.stress.track", "resist.stress.amount", "resist.consequences", "resist.invokes"):
                self.v[key] = None
            return
        d = self.d
        opened = any(d.get(k) for k in ("resist.stress.track", "resist.stress.amount", "resist.consequences",
                                         "resist.invokes"))
        self.folds["resist"] = {"summary": f"{target} resists (optional)", "open": opened}
        track = d.get("resist.stress.track")
        if track is not None and track not in core.TRACKS:
            self.error("resist.stress.track", f"{target} has no such track.")
        self.v["resist.stress.track"] = track
        self.field("resist.stress.track", "select", "Stress on track", track or "",
                   options=[{"value": "", "label": "—"}] + [{"value": k, "label": w} for k, w in TRACK_LABELS],
                   fold="resist")
        try:
            amount = _int(d.get("resist.stress.amount"), "The stress", "resist.stress.amount", low=0, high=50)
        except RulesError as err:
            self.error("resist.stress.amount", err.message)
            amount = None
        if amount and not track:
            self.need("resist.stress.track", f"the track {target} takes the stress on")
        self.v["resist.stress.amount"] = d.get("resist.stress.amount")
        self.field("resist.stress.amount", "number", "Stress taken", d.get("resist.stress.amount") or "",
                   fold="resist")
        free = a.track(core.TRACKS[0]).free_consequences()
        options = [{"value": c, "label": f"{c} ({v})"} for c, v in free.items()]
        got = d.get("resist.consequences") or []
        chosen = [c for c in got if c in free]
        for c in got:
            if c not in free:
                self.error("resist.consequences", f"{target}'s {c} consequence is already taken: untick it.")
        self.v["resist.consequences"] = chosen
        self.field("resist.consequences", "multi", "Consequences taken", chosen, options=options, fold="resist",
                   empty="no consequence slot left")
        for slot in chosen:
            key = f"named.{slot}"
            self.v[key] = d.get(key)
            self.field(key, "text", f"Name the {slot} consequence (optional)", d.get(key) or "", fold="resist",
                       wide=True)
        self.invokes_field("resist.invokes", "Aspects the target invokes", fold="resist")

    def boxes(self):
        b = self.b
        if self.kind == "continue":
            prev = b.actor(self.v["actor"]).previous
            target, track = prev.target, prev.track
            shifts = prev.shifts + INVOKE_VALUE * len(self.v.get("invokes") or [])
        else:
            target, track, shifts = self.v.get("target"), self.v.get("track"), self.shifts
        w = b.who(target) if target else None
        if w is None or shifts is None:
            self.v["boxes"] = None
            self.field("boxes", "multi", "Boxes to clear", [], options=[],
                       hint="Choose the target and roll to see what it can clear.")
            return
        from ... import tracks
        value = b.actors[w[1]] if w[0] == "actor" else b.things[w[1]]
        name = track or core.THING_TRACK
        r = tracks.recovery(value.track(name), max(0, shifts))
        options = [{"value": str(x), "label": f"box {x}"} for x in r.clearable]
        got = self.d.get("boxes")
        if got is None:
            chosen = [str(x) for x in r.suggested]
        else:
            chosen = [x for x in got if x in {o["value"] for o in options}]
        self.v["boxes"] = chosen
        self.field("boxes", "multi", "Boxes to clear", chosen, options=options, empty="no marked box this roll can clear")

    # ------------------------------------------------------------ the other kinds' parts

    def aspect(self):
        label = "Aspect name" if self.kind in ("maneuver", "continue") else "The aspect"
        value = self.d.get("aspect")
        self.v["aspect"] = value
        self.field("aspect", "text", label, value or "", wide=True)
        if not value:
            self.need("aspect", "the aspect's name")

    def compelled(self):
        value = self.d.get("aspect")
        self.v["aspect"] = value
        self.field("aspect", "text", "The aspect compelled", value or "", wide=True)

    def on(self):
        b = self.b
        target = self.d.get("target")
        inferred = choices.target_kind(b, target) if target else None
        on_default = inferred if inferred in ("actor", "thing") else "zone"
        options = [{"value": k, "label": w} for k, w in ON]
        on = self.choose("on", options, default=on_default)
        self.v["on"] = on
        self.field("on", "chips", "Placed on", on, options=options)
        if on == "zone":
            which = [{"value": z, "label": z} for z in b.setup.map.zones]
        elif on == "border":
            pairs = []
            for border in b.setup.map.borders:
                pair = [border.a, border.b]
                if pair not in pairs and list(reversed(pair)) not in pairs:
                    pairs.append(pair)
            which = [{"value": json.dumps(p, ensure_ascii=False), "label": " – ".join(p)} for p in pairs]
        elif on == "actor":
            which = [{"value": a.name, "label": a.name} for a in b.actors if not a.out]
        else:
            which = [{"value": t.name, "label": t.name} for t in b.things if not t.out]
        default = target if on in ("actor", "thing") else None
        got = self.d.get("which")
        if got is None and default is not None:
            chosen = default if any(o["value"] == default for o in which) else None
        else:
            chosen = self.choose("which", which, wrong=lambda v: f"Choose {dict(ON)[on]} to place it on.")
        if chosen is None and not any(e["field"] == "which" for e in self.errors):
            self.need("which", f"{dict(ON)[on]} to place it on")
        self.v["which"] = chosen
        self.field("which", "chips", "Which", chosen, options=which, empty=f"no {on} to place it on")

    def again(self):
        a = self.b.actor(self.v.get("actor") or "")
        prev = a.previous if a else None
        if prev is None:
            text = "This actor has no previous action to continue."
            if a is not None:
                self.error("", f"{a.name} has no previous action to continue: roll a new one.")
        else:
            target = prev.target[1] if prev.kind == "maneuver" else prev.target
            if isinstance(target, tuple):
                target = " – ".join(target)
            text = (f"Continues: {WORDS[prev.kind].lower()}{f' on {target}' if target else ''}"
                    f"{f' ({prev.track})' if prev.track else ''}, {_plural(prev.shifts, 'shift')}.")
            self.shifts = prev.shifts + INVOKE_VALUE * len(self.v.get("invokes") or [])
            self.line.append(f"{_plural(self.shifts, 'shift')}.")
        self.field("again", "info", "Continues", text=text)

    def previous_kind(self):
        a = self.b.actor(self.v.get("actor") or "")
        return a.previous.kind if a and a.previous else None

    def invokes(self):
        a = self.b.actor(self.v.get("actor") or "")
        before = a.previous.invoked if a and a.previous else ()
        self.invokes_field("invokes", "Aspects newly invoked (+2 each)", exclude=before)

    def note(self):
        value = self.d.get("note")
        self.v["note"] = value
        self.field("note", "text", "How it ends" if self.kind == "end" else "What they do", value or "", wide=True)

    def accepted(self):
        value = self.d.get("accepted", True)
        self.v["accepted"] = value
        self.field("accepted", "check", "The compel lands (they lose this turn)", value)

    def side(self):
        options = [{"value": s, "label": s} for s in choices.conceding_sides(self.b)]
        chosen = self.choose("side", options, required="the side that concedes")
        self.v["side"] = chosen
        self.field("side", "chips", "The side that concedes", chosen, options=options)

    def story(self):
        value = self.d.get("story")
        self.v["story"] = value
        self.field("story", "text", "The story they offer (accepted by the others)", value or "", wide=True)

    def pass_(self):
        value = self.d.get("pass")
        try:
            _int(value, "The pass value", "pass", low=0, high=999)
        except RulesError as err:
            self.error("pass", err.message)
        if value in (None, ""):
            self.need("pass", "the border's new pass value")
        self.v["pass"] = value
        self.field("pass", "number", "The border's new pass value", value or "")

    # ------------------------------------------------------------ the event

    def event(self) -> dict:
        """The event board.apply takes, from the draft as the sheet reads it."""
        v, kind = self.v, self.kind
        e: dict = {"kind": kind}
        keys = read_events.EVENT_KEYS[kind]

        def put(key, value):
            if value not in (None, "", []):
                e[key] = value

        if "actor" in keys:
            put("actor", v.get("actor"))
        if kind in core.ROLLED:
            put("skill", v.get("skill"))
            rating = self.fields_by("skill").get("rating")
            e["rating"] = int(rating)
            faces, total = read_dice(v.get("faces"))
            if faces:
                e["faces"] = faces
            else:
                e["dice"] = total
            for key in ("bid", "opposition"):
                n = _int(v.get(key), key, key, low=0, high=30)
                if n:
                    e[key] = n
        if "invokes" in keys:
            put("invokes", v.get("invokes"))
        if kind == "maneuver":
            e["on"] = v["on"]
            e["target"] = json.loads(v["which"]) if v["on"] == "border" else v["which"]
        elif "target" in keys:
            put("target", v.get("target"))
        if "track" in keys:
            put("track", v.get("track"))
        if "zone" in keys:
            put("zone", v.get("zone"))
        if "aspect" in keys:
            put("aspect", v.get("aspect"))
        if "boxes" in keys and v.get("boxes") is not None:
            e["boxes"] = [int(x) for x in v["boxes"]]
        if "resist" in keys:
            r: dict = {}
            if kind == "attack" or (kind == "continue" and self.previous_kind() == "attack"):
                picked = self.absorbed or {}
                if picked.get("consequences"):
                    r["consequences"] = picked["consequences"]
                invokes = list(v.get("resist.invokes") or []) + list(picked.get("invokes") or [])
                if invokes:
                    r["invokes"] = invokes
            else:
                amount = _int(v.get("resist.stress.amount"), "The stress", "resist.stress.amount", low=0, high=50)
                if amount:
                    r["stress"] = {"track": v.get("resist.stress.track"), "amount": amount}
                if v.get("resist.consequences"):
                    r["consequences"] = v["resist.consequences"]
                if v.get("resist.invokes"):
                    r["invokes"] = v["resist.invokes"]
            names = {c: v[f"named.{c}"] for c in r.get("consequences", []) if v.get(f"named.{c}")}
            if names:
                r["names"] = names
            if r:
                e["resist"] = r
        if "note" in keys:
            put("note", v.get("note"))
        for key in ("side", "story", "thing"):
            if key in keys:
                put(key, v.get(key))
        if "accepted" in keys:
            e["accepted"] = v.get("accepted", True) is not False
        if "pass" in keys:
            e["pass"] = _int(v.get("pass"), "The pass value", "pass", low=0, high=999)
        return e

    def fields_by(self, name: str) -> dict:
        return next((x for x in self.fields if x["name"] == name), {})

    def where(self, field: str | None) -> str:
        """The sheet's field for a field the rules named in the event (``resist.consequences[0]`` of an attack →
        ``absorb``; a maneuver's ``target`` → ``which``); ``""``: the form as a whole."""
        field = str(field or "")
        names = {x["name"] for x in self.fields}
        if field in ("faces", "dice"):
            return "faces"
        if field.startswith("resist") and "absorb" in names:
            return "absorb"
        if field.startswith("target") and self.kind == "maneuver":
            return "which"
        for candidate in (field, field.split("[")[0], field.split("[")[0].split(".")[0]):
            if candidate in names:
                return candidate
        return ""


def _gone(before: core.Board, after: core.Board) -> list[tuple[str, str]]:
    """Who an event takes out (actors), beats (things) or removes (aspects): ``(name, what)``."""
    out = [(a.name, "actor") for a, b in zip(before.actors, after.actors) if b.out and not a.out]
    out += [(t.name, "thing") for t, u in zip(before.things, after.things) if u.out and not t.out]
    left = {a.name for a in after.aspects}
    out += [(a.name, "aspect") for a in before.aspects if a.name not in left and a.boxes]
    return out


def answer(board: core.Board, draft: dict, *, full: str | None = None) -> dict:
    """The sheet for ``draft`` (already read by :func:`rules_core.api.board.draft.read`) on ``board``; ``full``:
    the sentence every kind says when the log can take no more events."""
    return _Sheet(board, draft, full).answer()
