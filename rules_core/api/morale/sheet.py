"""The event sheet: everything the morale tracker shows for the event being composed
(docs/gauntlet-forge/conflicts.md#morale-tracker), answered by the rules so the page decides nothing.

``morale.sheet {token, length, action}`` takes the conflict and the draft (:mod:`.draft`: whatever has
been tapped or typed so far) and answers::

    {"round": 2, "turn": "Wolves", "over": false,
     "who": field,                       # who may act now: chips, the team whose turn it is first
     "kinds": [{"kind", "label", "who", "by", "at_once", "event"?}],   # what the chosen member and the teams may log
                                                             # (event: what one tap logs, when it asks nothing)
     "due": {"text", "choices": [kind, …]} | null,          # a decision the rules ask for now, or the result
     "kind": "attack" | null, "title": "Attack: Ada", "note": str | null,
     "fields": [field, …],               # in the order the sheet shows them
     "outcome": {"entry": the log line it would write, "ends": [what it decides]},
     "missing": [{"field", "message"}],  # still to give (said at the button)
     "errors": [{"field", "message"}],   # what is given and wrong (said at once)
     "log": {"label", "ready", "hint"},  # the button's own words: "Log attack: Cy perishes"
     "action": {…},                      # the draft as the sheet reads it (its choices made)
     "event": {…} | null}                # what the button sends to morale.apply (null until ready)

A *field* is ``{"name", "input", "label", "value", …}``; ``input`` is ``chips`` (one of ``options``),
``count`` (a whole number: ``picks`` to tap, ``text`` as typed, and for the hits of a roll ``pools``:
the pool sizes to roll in the sheet, and ``dice``: the faces rolled, each a hit or not), ``integer``
(may be negative), ``check`` (a tick), ``text`` or ``info`` (a line). An option is ``{"value",
"label", "note"?, "tags"?}``. The sheet chooses for the referee only what leaves no choice or costs
nothing to change: the first member of the team whose turn it is who has not acted yet, the only
defender, nobody helping, a new captain (the first still in the fight). A choice that changes the
outcome (2022: what a disposed defense reduces; 2023: whether a last-stander absorbed the stress) is
asked, never preset.
"""
from __future__ import annotations

from ... import morale, rolls
from ...errors import RulesError
from .. import fields as f
from .._sheets import Sheet
from .forms import _event_forms
from .payload import _actions
from .read import _EVENT_KEYS, event_payload, read_event
from .words import _possessive, announcement

PICKS = tuple(range(7))
"""The numbers a tap gives (0 to 6 hits, margins, helpers); a larger one is typed."""
POOLS = tuple(range(2, 8))
"""The pool sizes a tap rolls in the sheet; another pool is rolled at the table and its dice typed."""
AMOUNTS = (-3, -2, -1, 1, 2, 3)
"""A hand correction's taps; another amount is typed."""

MEMBER_KINDS = ("success", "failure", "attack", "advantage", "leave", "overwhelmed", "last_stand", "perish")
TEAM_KINDS = ("end_turn", "concede", "adjust")


def _missing(what: str) -> str:
    return f"Enter the {what}: tap it, roll it or type it."


class _Sheet(Sheet):
    """One answer (made once per call, field after field)."""

    def __init__(self, state: morale.Conflict, draft: dict, actions=None, forms=None):
        super().__init__(draft)
        self.s = state
        self.ed = state.edition
        self.forms = forms or {e["kind"]: e for e in _event_forms(self.ed)}
        self.members, self.teams = actions or _actions(state)
        self.after = self.entry = self.event = None   # the dry run's state, log line and event

    # ------------------------------------------------------------ plumbing

    def team_of(self, name: str | None) -> morale.TeamState | None:
        return next((t for t in self.s.teams if name and t.member(name)), None)

    # ------------------------------------------------------------ who acts, what they may log

    def who(self) -> dict:
        """The members who may log an event now, the team whose turn it is first (then the turn order).
        Chosen: the draft's; else, while no team decides, the first of the team whose turn it is who has
        not acted this round (docs/gauntlet-forge/conflicts.md#turn-order)."""
        s = self.s
        order = list(s.turn_order[s.turn:]) + list(s.turn_order[:s.turn])
        options, default = [], None
        for name in order:
            team = s.team(name)
            for m in team.members:
                if not self.members[m.name]:
                    continue
                mine = not s.over and name == s.current_team
                tags = ["turn" if mine else "other"] + (["acted"] if m.name in s.acted else []) + (
                    ["last_stand"] if m.status == morale.LAST_STAND else [])
                note = "acted" if m.name in s.acted else None
                options.append({"value": m.name, "label": m.name, "team": name, "tags": tags,
                                **({"note": note} if note else {})})
                if default is None and mine and m.name not in s.acted and s.deciding is None:
                    default = m.name
        chosen = self.d.get("member")
        value = chosen if any(o["value"] == chosen for o in options) else default
        return {"name": "member", "input": "chips", "label": "Who acts", "value": value, "options": options,
                "empty": "nobody can act now"}

    def kinds(self, member: str | None) -> list[dict]:
        """The kinds open now: the chosen member's, then the teams' (the team whose turn it is ends it or
        has its morale corrected; the chosen member's own team can have its morale corrected too). A team
        deciding after a break is asked in ``due``."""
        out = []
        if member:
            out += [self.kind_entry(k, member, "member") for k in MEMBER_KINDS if k in self.members[member]]
        if self.s.over:
            return out
        now = self.s.current_team
        out += [self.kind_entry(k, now, "team") for k in ("end_turn", "adjust") if k in self.teams[now]]
        mine = self.team_of(member)
        if mine is not None and mine.name != now and "adjust" in self.teams[mine.name]:
            out.append(self.kind_entry("adjust", mine.name, "team"))
        return out

    def kind_entry(self, kind: str, who: str, by: str) -> dict:
        label = self.forms[kind]["label"]
        if kind == "adjust" and who != self.s.current_team:
            label = f"{label}: {who}"
        event = self.at_once(kind, who, by)
        return {"kind": kind, "label": label, "who": who, "by": by, "at_once": event is not None,
                **({"event": event} if event is not None else {})}

    def at_once(self, kind: str, who: str, by: str) -> dict | None:
        """The event this kind logs at one tap, when it asks nothing (else None): its sheet alone says, no
        field to fill, a new captain included. The page logs it as it is, with no sheet asked first."""
        sheet = _Sheet(self.s, {"kind": kind, by: who}, (self.members, self.teams), self.forms)
        sheet.compose(by, who)
        return None if any(x["input"] != "info" for x in sheet.fields) else sheet.event

    def due(self) -> dict | None:
        """A decision the rules ask for before anything else (a team whose morale just broke: who enters a
        Last Stand, or nobody and it loses), or the conflict's result once it is over."""
        text = announcement(self.s)
        if text is None:
            return None
        choices = []
        deciding = self.s.deciding
        if deciding is not None:
            for name in deciding.deciding:
                entry = self.kind_entry("last_stand", name, "member")
                choices.append({**entry, "label": f"{entry['label']}: {name}", "primary": True})
            entry = self.kind_entry("concede", deciding.name, "team")
            choices.append({**entry, "label": f"{entry['label']}: {deciding.name} loses"})
        return {"text": text, "choices": choices}

    # ------------------------------------------------------------ the answer

    def answer(self) -> dict:
        who = self.who()
        member = who["value"]
        kinds = self.kinds(member)
        due = self.due()
        title, note = None, None
        if self.kind is not None:
            by = "team" if self.kind in TEAM_KINDS else "member"
            acting = self.d.get("team") if by == "team" else self.d.get("member") or member
            form = self.forms.get(self.kind)
            if form is None:
                self.error("kind", f"There is no {self.kind.replace('_', ' ')} in the {self.ed} edition.")
            elif by == "member" and (not acting or self.kind not in self.members.get(acting, ())):
                self.error("member", self.closed(acting))
            elif by == "team" and (not acting or self.kind not in self.teams.get(acting, ())):
                self.error("team", self.closed_team(acting))
            else:
                title = f"{form['label']}: {acting}"
                note = form.get("note")
                self.compose(by, acting)
        return self.result(who, kinds, due, title, note)

    def compose(self, by: str, acting: str):
        """The kind's fields for the one acting, then the dry run of the event they make."""
        self.v[by] = acting
        getattr(self, self.kind)(acting)
        self.dry_run()

    def closed(self, name: str | None) -> str:
        if not name:
            return "Choose who acts."
        team = self.team_of(name)
        if team is None:
            return f"Nobody called {name} is in this conflict."
        status = team.member(name).status
        if status not in morale.IN_PLAY:
            return f"{name} is no longer in the conflict."
        if self.s.deciding is not None:
            return f"First log what {self.s.deciding.name} does now that its morale broke."
        return f"{name} can't log a {self.forms.get(self.kind, {}).get('label', self.kind).lower()} now."

    def closed_team(self, name: str | None) -> str:
        if not name:
            return "Choose the team."
        if self.kind == "end_turn":
            return f"It is {self.s.current_team}'s turn." if not self.s.over else "The conflict is over."
        return f"{name} can't do that now."

    # ------------------------------------------------------------ the kinds' fields

    def count(self, name: str, label: str, *, what: str, picks=PICKS, rolled: bool = False, required: bool = True,
              low: int = 0, hint: str | None = None) -> int | None:
        """A whole number tapped, typed, or (``rolled``) the hits of dice rolled in the sheet or typed
        (``"6 5 2"``: each die at 5 or more is a hit, docs/table.md#dice)."""
        typed = self.d.get(name)
        faces = self.d.get(f"dice.{name}") if rolled else None
        value, dice = None, None
        if typed is not None:
            value = self.number(name, typed, what, low=low)
            if value is None and rolled and _looks_like_dice(typed):
                value, dice = self.dice(name, typed)
        elif faces is not None:
            value, dice = self.dice(name, faces)
        spec = self.field(name, "count", label, value, text=typed or "", picks=list(picks),
                          pools=list(POOLS) if rolled else None, dice=dice, hint=hint)
        if value is None and required and not any(e["field"] == name for e in self.errors):
            self.need(name, _missing(what) if rolled else f"Enter the {what}: tap it or type it.")
        if value is not None:
            self.v[name] = value
        return spec["value"]

    def number(self, name: str, text: str, what: str, *, low: int = 0) -> int | None:
        t = text.strip().replace("−", "-")
        if _looks_like_dice(t):
            return None
        try:
            value = int(t)
        except ValueError:
            self.error(name, f"The {what} is a whole number, not {t[:40]!r}.")
            return None
        if value < low:
            self.error(name, f"The {what} is at least {low}.")
            return None
        if value > 100:
            self.error(name, f"The {what} is at most 100.")
            return None
        return value

    def dice(self, name: str, faces: str) -> tuple[int | None, list | None]:
        try:
            r = rolls.pool_roll(faces)
        except RulesError as err:
            self.error(name, err.message)
            return None, None
        return r.effort, [{"face": v, "hit": h} for v, h in zip(r.faces, r.hits)]

    def choice(self, name: str, label: str, options: list[dict], *, default=None, required: str | None = None,
               **more) -> str | None:
        got = self.d.get(name)
        offered = [o["value"] for o in options]
        value = got if got in offered else default
        if got is not None and got not in offered:
            self.error(name, f"{got} can't be chosen here.")
        self.field(name, "chips", label, value, options=options, **more)
        if value is None and required:
            self.need(name, required)
        if value is not None:
            self.v[name] = value
        return value

    def margin(self, member: str, *, rolled: bool = False, label: str = "Margin of effort", what="margin of effort",
               low: int = 0):
        self.count("margin", label, what=what, rolled=rolled, low=low,
                   picks=[p for p in PICKS if p >= low])

    def success(self, member: str):
        if self.ed == "2022":
            self.margin(member)

    def failure(self, member: str):
        if self.ed == "2022":
            self.margin(member, low=1)

    def advantage(self, member: str):
        words = {"2023": "margin of effort", "2022": "effort of the Vigor positioning",
                 "wiki": "successes of the Vigor benefit"}[self.ed]
        label = next(f["label"] for f in self.forms["advantage"]["fields"] if f["name"] == "margin")
        self.margin(member, rolled=self.ed != "2023", label=label, what=words)

    def attack(self, member: str):
        s = self.s
        mine = self.team_of(member)
        options = [{"value": m.name, "label": m.name, "team": t.name,
                    "tags": ["last_stand"] if m.status == morale.LAST_STAND else []}
                   for t in s.teams if t.name != mine.name for m in t.in_play()]
        only = options[0]["value"] if len(options) == 1 else None
        defender = self.choice("defender", "Defender", options, default=only, required="Choose the defender.")
        scored = "successes" if self.ed == "wiki" else "effort"
        a = self.count("effort", f"Attacker's {scored}", what=f"attacker's {scored}", rolled=True)
        d = self.count("defender_effort", f"Defender's {scored}", what=f"defender's {scored}", rolled=True)
        if self.ed == "2022":
            self.disposed_2022(member, defender, a, d)
        elif self.ed == "wiki":
            label = next(f["label"] for f in self.forms["attack"]["fields"] if f["name"] == "disposed")
            disposed = bool(self.d.get("disposed"))
            self.field("disposed", "check", label, disposed)
            if disposed:
                self.v["disposed"] = True
        landed = defender and a is not None and d is not None and a > d
        if self.ed == "2023" and landed and s.team_of(defender).member(defender).status == morale.LAST_STAND:
            self.choice("absorbed", f"{defender} is in their Last Stand: did a wound box take the {a - d} stress?",
                        [{"value": "yes", "label": "Yes, absorbed"}, {"value": "no", "label": f"No: {defender} perishes"}],
                        required=f"Say whether {defender} absorbed the stress.")
            if self.v.get("absorbed") is not None:
                self.v["absorbed"] = self.v["absorbed"] == "yes"

    def disposed_2022(self, member: str, defender: str | None, a: int | None, d: int | None):
        """2022: was the defense disposed against the attack, and then what does it reduce? One choice, asked
        with nothing preset but the usual "no"; each answer says what it costs once both efforts are in (a dry
        run). Rule: docs/gauntlet-forge/editions.md#attacks (the defender reduces only the stress or only the
        morale damage; the other is the attacker's full effort)."""
        label = next(f["label"] for f in self.forms["attack"]["fields"] if f["name"] == "disposed")
        options = [{"value": "none", "label": "No"}]
        team = self.team_of(defender).name if defender else None
        for value, words in (("stress", "Yes: it reduces the stress only"), ("morale", "Yes: it reduces the morale damage only")):
            option = {"value": value, "label": words}
            if defender and a is not None and d is not None and a > d:
                event = morale.Event("attack", member=member, defender=defender, effort=a, defender_effort=d,
                                     disposed=True, reduce=value)
                try:
                    after = morale.apply(self.s, event)[0]
                except RulesError:
                    pass
                else:
                    loss = self.s.team(team).morale - after.team(team).morale
                    option["note"] = f"{defender} takes {morale.stress_dealt(self.ed, event)} stress, {team} lose {loss} morale"
            options.append(option)
        chosen = self.choice("reduce", label, options, default=None if self.d.get("disposed") else "none",
                             required="Choose what the disposed defense reduces: the stress or the morale damage.")
        if chosen == "none":
            del self.v["reduce"]
        elif chosen is not None:
            self.v["disposed"] = True

    def leave(self, member: str):
        if self.ed == "wiki":
            self.count("successes", "Surrendered on their own turn: successes of the test", what="successes",
                       rolled=True, required=False, hint="left empty when they left any other way")

    def overwhelmed(self, member: str):
        pass

    def last_stand(self, member: str):
        pass

    def perish(self, member: str):
        pass

    def concede(self, team: str):
        pass

    def end_turn(self, name: str):
        team = self.s.team(name)
        if not team.keep_morale_due:
            return
        able = sum(1 for m in team.in_play() if m.name != team.captain)
        helpers = 0
        if able:
            got = self.count("helpers", "Teammates helping the captain", what="number of helpers",
                             picks=range(able + 1), required=False, hint="each adds 1 to the difficulty")
            helpers = got or 0
            self.v["helpers"] = helpers
        try:
            difficulty = team.keep_morale_difficulty(helpers)
        except RulesError as err:
            self.error("helpers", err.message)
            difficulty = None
        if difficulty is not None:
            helping = f"{helpers} helping" if helpers else "nobody helping"
            self.field("difficulty", "info", "Keep-morale test",
                       text=f"Difficulty {difficulty} (BROKEN MORALE {team.broken_morale}, {helping}); "
                            f"the captain, {team.captain}, tests a skill other than the conflict's relevant one.")
        self.count("effort", "Captain's effort on the keep-morale test", what="captain's effort", rolled=True)

    def adjust(self, name: str):
        typed = self.d.get("amount")
        value = None
        if typed is not None:
            t = typed.strip().replace("−", "-").replace("+", "")
            try:
                value = f.check_integer(int(t), "The change to morale", field="amount", low=-100, high=100)
            except ValueError:
                self.error("amount", f"The change to morale is a whole number, e.g. 2 or -1, not {typed[:40]!r}.")
                value = None
            except RulesError as err:
                self.error("amount", err.message)
                value = None
        self.field("amount", "integer", "Change to morale", value, text=typed or "", picks=list(AMOUNTS))
        if value is None and "amount" not in {e["field"] for e in self.errors}:
            self.need("amount", "Enter the change to morale: tap it or type it.")
        if value is not None:
            self.v["amount"] = value
        note = self.d.get("note", "")
        self.field("note", "text", "Why (optional)", note)
        if note.strip():
            self.v["note"] = note.strip()

    # ------------------------------------------------------------ the event and its outcome

    def dry_run(self, named: bool = True):
        """The event the sheet makes, applied to a copy: its log line, what it decides, and a captain
        leaving the fight (surrendering, retiring, perishing) whose team has a choice of successor: the
        new captain is then asked (the first still in the fight, unless another is tapped; ``named``:
        the draft's is tried, and one the rules refuse is said beside the choices)."""
        self.after = self.entry = self.event = None
        if self.errors or self.missing:
            return
        takes = "new_captain" in _EVENT_KEYS[self.kind]
        if takes and named and self.d.get("new_captain"):
            self.v["new_captain"] = self.d["new_captain"]
        try:
            ev = read_event(self.v)
            after, entry = morale.apply(self.s, ev)
        except RulesError as err:
            if err.field == "new_captain" and "new_captain" in self.v:
                del self.v["new_captain"]
                self.dry_run(named=False)
                self.error("new_captain", err.message)
                return
            self.error(err.field if any(x["name"] == err.field for x in self.fields) else "", err.message)
            return
        if takes:
            for b, a in zip(self.s.teams, after.teams):
                gone = b.captain is not None and b.member(b.captain).status in morale.IN_PLAY \
                    and a.member(b.captain).status not in morale.IN_PLAY
                heirs = [m.name for m in a.in_play()]
                if gone and len(heirs) > 1:
                    self.field("new_captain", "chips", f"{_possessive(a.name)} new captain", a.captain,
                               options=[{"value": n, "label": n} for n in heirs])
        self.after, self.entry, self.event = after, entry, event_payload(ev)

    def result(self, who, kinds, due, title, note) -> dict:
        label = _LOG_WORDS.get(self.kind) or (f"Log {self.forms[self.kind]['label'].lower()}"
                                              if self.kind in self.forms else "Log it")
        outcome = {"entry": None, "ends": []}
        ready = self.kind is not None and self.event is not None and not self.errors
        if ready:
            outcome["entry"] = self.entry
            outcome["ends"] = ends = _consequences(self.s, self.after)
            if ends:
                label = f"{label}: {', '.join(ends)}"
        hint = None
        if self.kind is not None and self.missing:
            labels = {x["name"]: x["label"] for x in self.fields}
            hint = "Still to give: " + "; ".join(labels.get(m["field"], m["field"]) for m in self.missing)
        action = dict(self.d)
        if who["value"] and "member" not in action:
            action["member"] = who["value"]
        return {
            "round": self.s.round, "turn": None if self.s.over else self.s.current_team, "over": self.s.over,
            "who": who, "kinds": kinds, "due": due,
            "kind": self.kind, "title": title, "note": note,
            "fields": self.fields,
            "outcome": outcome, "missing": self.missing, "errors": self.errors,
            "log": {"label": label, "ready": ready, "hint": hint},
            "action": action, "event": self.event if ready else None,
        }


_LOG_WORDS = {"end_turn": "End the turn", "concede": "Nobody enters a Last Stand", "last_stand": "Enter the Last Stand",
              "adjust": "Correct morale"}
"""The button's words for the kinds whose "Log …" would read oddly."""


def _looks_like_dice(text: str) -> bool:
    """Typed dice (``"6 5 2 1"``, ``"6,5,2"``) rather than a number: several values with separators."""
    return any(c.isspace() or c in ",;/" for c in text.strip())


def _consequences(before: morale.Conflict, after: morale.Conflict) -> list[str]:
    """What an event decides, in a few words for its button: who perishes, whose morale breaks,
    who loses, who wins."""
    out = []
    for b, a in zip(before.teams, after.teams):
        for mb, ma in zip(b.members, a.members):
            if ma.status == morale.PERISHED and mb.status != morale.PERISHED:
                out.append(f"{ma.name} perishes")
        if a.breaks > b.breaks:
            out.append(f"{_possessive(a.name)} morale {'falls to 0' if after.edition == 'wiki' else 'breaks'}")
    for b, a in zip(before.teams, after.teams):
        if a.status == "lost" and b.status != "lost":
            out.append(f"{a.name} loses")
    if after.winner and not before.winner:
        out.append(f"{after.winner} wins")
    return out


def _at_once(state: morale.Conflict, kind: str, who: str, by: str) -> bool:
    """Does this kind log at one tap (it asks nothing)? The sheet for it alone says: no field to fill."""
    sheet = _Sheet(state, {"kind": kind, by: who})
    getattr(sheet, kind)(who)
    return not any(x["input"] != "info" for x in sheet.fields)


def answer(state: morale.Conflict, draft: dict) -> dict:
    """Everything the tracker shows for the draft on this conflict."""
    return _Sheet(state, draft).answer()
