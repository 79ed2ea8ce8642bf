"""Gauntlet Forge morale: a whole conflict as a log of events.

Rules: docs/gauntlet-forge/conflicts.md#morale, edition by edition in
docs/gauntlet-forge/editions.md#morale. Editions ``2023`` (default), ``2022`` and ``wiki``.

A conflict is a :class:`Setup` (teams, captains, members) and a tuple of
events. The state is never stored: :func:`replay` folds :func:`apply` over the
log, so undo is "replay without the last event" and is exact.

================  ====================================================  ==========
event             what it is                                           editions
================  ====================================================  ==========
``success``       a member succeeds on a test (``margin`` in 2022)      2023 2022
``failure``       a member fails a test (``margin`` in 2022)            2023 2022
``attack``        both efforts, optional disposition                    all
``advantage``     a Vigor advantage: its margin goes to morale          all
``leave``         surrender or leaving; a captain hands over            all
``overwhelmed``   stress overwhelmed a member: they retire and leave    2023 2022
``end_turn``      the team's turn ends; the keep-morale test if due     all
``last_stand``    a member enters their Last Stand                      all
``concede``       the team's morale broke and nobody enters a Last      all
                  Stand: the team loses
``perish``        a member in their Last Stand perishes                 all
``adjust``        the GM corrects a team's morale by hand               all
================  ====================================================  ==========

How morale moves, per edition:

* ``2023`` — success +1, failure −1; in an attack the side with more effort
  succeeded and the other failed (the defender wins ties); a winning attacker
  deals the difference as stress.
* ``2022`` — success + margin, failure − margin; so an attack moves both teams
  by the difference (our reading of "as 2023, except"); when the defender
  defends with the attribute that the attacker's attribute is disposed
  against (Disposition I: attack with Vigor, defended with Reason), the
  defense reduces only the stress *or* the morale damage, the other is the
  attacker's full effort.
* ``wiki`` — base morale from the captains' Approach and positioning; only the
  loser of an attack loses morale (the difference, or all the attacker's
  successes against a perfect defense); morale never goes below 0.

Below 0 (2023, 2022) a team has ``BROKEN MORALE`` rated −morale; at the end of
its turn the captain tests to keep morale at that difficulty, +1 per helper,
and on a failure the team's morale **breaks**. A broken team (wiki: a team
reduced to 0) loses unless members are in their Last Stand; in 2023 a break
makes those already in their Last Stand perish, however they entered it.

When a break leaves a team with nobody in a Last Stand, the team is
*deciding*: its members (wiki: the member whose failed defense brought it to 0)
may enter their Last Stand now; the next event must be one of them doing so,
or ``concede`` (nobody does, and the team loses). Only then is a winner known.

>>> setup = Setup.from_teams("2023", [("Wolves", "Ada", ["Ada", "Bo"]), ("Crows", "Cy", ["Cy"])])
>>> state = replay(setup, [Event("failure", member="Bo"), Event("failure", member="Ada")])
>>> state.team("Wolves").morale, state.team("Wolves").broken_morale
(-2, 2)
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .editions import EDITIONS  # noqa: F401  (morale.EDITIONS: the editions a conflict can be in)
from .errors import RulesError, shown
from .words import minus

__docformat__ = "google"

EVENT_KINDS = (
    "success", "failure", "attack", "advantage", "leave", "overwhelmed",
    "end_turn", "last_stand", "concede", "perish", "adjust",
)

ACTIVE, LEFT, RETIRED, LAST_STAND, PERISHED = "active", "left", "retired", "last_stand", "perished"
IN_PLAY = (ACTIVE, LAST_STAND)


# ---------------------------------------------------------------- setup


@dataclass(frozen=True, slots=True)
class Member:
    """A participant. The ``wiki`` fields describe their positioning test.

    Attributes:
        successes: Positioning successes (wiki).
        perfect_defense: Their Approach would have to defend perfectly against
            the initiating captain's Disposition (wiki, defending teams).
        vigor: They took the Vigor benefit: successes count twice (wiki).
        intuition: They took the Intuition benefit: successes add to their
            captain's for turn order (wiki).
    """

    name: str
    successes: int = 0
    perfect_defense: bool = False
    vigor: bool = False
    intuition: bool = False


@dataclass(frozen=True, slots=True)
class Team:
    """A team as it starts: name, goal, captain, members (captain included).

    ``approach`` is the captain's chosen Approach rating (wiki base morale).
    """

    name: str
    captain: str
    members: tuple[Member, ...]
    goal: str = ""
    approach: int = 0


@dataclass(frozen=True, slots=True)
class Setup:
    """Edition and teams. The first team initiated the conflict; in 2023 and
    2022 the teams act in the order listed (the initiator decides it).

    A trusted value: :func:`rules_core.api.morale.read_setup` checks plain data
    once (edition, two teams or more, names, captains) and builds it; the core
    does not check it again."""

    edition: str
    teams: tuple[Team, ...]

    @classmethod
    def from_teams(cls, edition: str, teams) -> Setup:
        """Shorthand: ``(name, captain, [member names])`` triples."""
        return cls(edition, tuple(Team(n, c, tuple(Member(m) for m in ms)) for n, c, ms in teams))


# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. Only the fields its ``kind`` uses are set.

    * ``success`` / ``failure``: ``member``, ``margin`` (2022).
    * ``attack``: ``member`` (attacker), ``defender``,
      ``effort`` (attacker's), ``defender_effort``, ``disposed`` (the
      defender defends with the attribute that the attacker's attribute is
      disposed against;
      wiki: had to defend perfectly), ``reduce`` (2022, disposed: ``"stress"``
      or ``"morale"``, which one the defense reduces).
    * ``advantage``: ``member``, ``margin``.
    * ``leave``: ``member``; ``successes`` (wiki: surrendered on their own turn
      and tested the relevant skill); ``new_captain`` when the captain leaves.
    * ``overwhelmed``: ``member`` (could not absorb stress nor pay Favor for
      a trait: they retire at once); ``new_captain`` as for ``leave``.
    * ``end_turn``: ``team``; ``effort`` of the keep-morale test when due (or
      ``passed``), ``helpers``.
    * ``last_stand`` / ``perish``: ``member``.
    * ``concede``: ``team`` (its morale broke and nobody enters a Last Stand).
    * ``adjust``: ``team``, ``amount``, ``note``.
    """

    kind: str
    member: str | None = None
    defender: str | None = None
    team: str | None = None
    margin: int | None = None
    effort: int | None = None
    defender_effort: int | None = None
    disposed: bool = False
    reduce: str | None = None
    successes: int | None = None
    new_captain: str | None = None
    passed: bool | None = None
    helpers: int = 0
    amount: int | None = None
    note: str = ""


# ---------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class MemberState:
    name: str
    status: str = ACTIVE


@dataclass(frozen=True, slots=True)
class TeamState:
    """A team during the conflict.

    ``broken`` is sticky: once the team's morale broke (wiki: fell to 0) it
    stays broken; ``breaks`` counts the breaks. ``deciding`` names the
    members who may enter their Last Stand right after a break that left
    nobody of the team in one; until one does (or the team concedes) the
    team has neither lost nor kept fighting.
    """

    name: str
    goal: str
    captain: str | None
    morale: int
    members: tuple[MemberState, ...]
    edition: str
    breaks: int = 0
    status: str = "playing"
    deciding: tuple[str, ...] = ()

    @property
    def broken(self) -> bool:
        return self.breaks > 0

    @property
    def broken_morale(self) -> int:
        """Rating of the ``BROKEN MORALE`` trait: how far morale is below 0 (2023, 2022)."""
        return 0 if self.edition == "wiki" else max(0, -self.morale)

    @property
    def keep_morale_due(self) -> bool:
        """The captain must test to keep morale at the end of this team's turn."""
        return self.broken_morale > 0 and self.status != "lost"

    def keep_morale_difficulty(self, helpers: int = 0) -> int:
        """Difficulty of the keep-morale test: the trait's rating, +1 per teammate helping.

        Only teammates still in play, besides the captain, can help.
        """
        able = sum(1 for m in self.in_play() if m.name != self.captain)
        if helpers > able:
            raise RulesError(
                f"{self.name} has {able if able else 'no'} teammate{'' if able == 1 else 's'} in play besides "
                f"the captain, so {helpers} can't help.", field="helpers", code="too_large")
        return self.broken_morale + helpers

    def member(self, name: str) -> MemberState | None:
        return next((m for m in self.members if m.name == name), None)

    def in_play(self) -> list[MemberState]:
        return [m for m in self.members if m.status in IN_PLAY]

    def last_standers(self) -> list[MemberState]:
        return [m for m in self.members if m.status == LAST_STAND]


@dataclass(frozen=True, slots=True)
class Conflict:
    """The whole conflict after some events: teams, turn order, whose turn."""

    edition: str
    teams: tuple[TeamState, ...]
    turn_order: tuple[str, ...]
    turn: int = 0
    round: int = 1

    def team(self, name: str) -> TeamState:
        for t in self.teams:
            if t.name == name:
                return t
        raise RulesError(f"There is no team called {shown(name)}.", field="team", code="unknown")

    def team_of(self, member: str, field_name: str = "member") -> TeamState:
        for t in self.teams:
            if t.member(member):
                return t
        raise RulesError(f"Nobody called {shown(member)} is in this conflict.", field=field_name, code="unknown")

    @property
    def current_team(self) -> str:
        return self.turn_order[self.turn]

    @property
    def over(self) -> bool:
        return sum(t.status != "lost" for t in self.teams) <= 1

    @property
    def deciding(self) -> TeamState | None:
        """The team whose members may enter their Last Stand now, after a break."""
        return next((t for t in self.teams if t.status == "deciding"), None)

    @property
    def winner(self) -> str | None:
        return next((t.name for t in self.teams if t.status == "won"), None)

    def _with_team(self, team: TeamState) -> Conflict:
        return replace(self, teams=tuple(team if t.name == team.name else t for t in self.teams))


def start(setup: Setup) -> Conflict:
    """The conflict before anything happens: base morale and turn order."""
    teams = tuple(
        TeamState(t.name, t.goal, t.captain, base_morale(setup, t), tuple(MemberState(m.name) for m in t.members), setup.edition)
        for t in setup.teams
    )
    return _settle(Conflict(setup.edition, teams, turn_order(setup)))


def _eligible(setup: Setup, team: Team) -> list[Member]:
    """wiki: members whose positioning counts. The initiating team's always do;
    a defender forced to defend perfectly counts only with at least as many
    successes as the initiating captain."""
    initiator = setup.teams[0]
    if team is initiator:
        return list(team.members)
    bar = next(m.successes for m in initiator.members if m.name == initiator.captain)
    return [m for m in team.members if not m.perfect_defense or m.successes >= bar]


def base_morale(setup: Setup, team: Team) -> int:
    """Morale at the start: 0 in 2023 and 2022; in the wiki, the captain's
    Approach plus every eligible member's positioning successes (twice with
    the Vigor benefit).

    Rule: morale.wiki.base.
    """
    if setup.edition != "wiki":
        return 0
    return team.approach + sum(m.successes * (2 if m.vigor else 1) for m in _eligible(setup, team))


def turn_order(setup: Setup) -> tuple[str, ...]:
    """Team names in the order they act.

    2023 and 2022: as listed (the initiator decides). wiki: the captain with
    the most positioning successes first (Intuition benefits add theirs), ties
    to the higher base morale, then as listed.
    """
    if setup.edition != "wiki":
        return tuple(t.name for t in setup.teams)

    def captain_successes(team: Team) -> int:
        captain = next(m for m in team.members if m.name == team.captain)
        helpers = sum(m.successes for m in _eligible(setup, team) if m.intuition and m.name != team.captain)
        return captain.successes + helpers

    order = sorted(
        enumerate(setup.teams),
        key=lambda it: (-captain_successes(it[1]), -base_morale(setup, it[1]), it[0]),
    )
    return tuple(t.name for _, t in order)


# ---------------------------------------------------------------- applying events


@dataclass(frozen=True, slots=True)
class Step:
    """One replayed event: the state after it and what it did, in plain words."""

    event: Event
    text: str
    state: Conflict


def replay(setup: Setup, events) -> Conflict:
    """The state after the whole log. Rule: morale.log."""
    state = start(setup)
    for i, event in enumerate(events):
        state = _apply_at(state, event, i)[0]
    return state


def history(setup: Setup, events) -> list[Step]:
    """Every step of the log, in order (an accumulate over :func:`apply`)."""
    steps: list[Step] = []
    state = start(setup)
    for i, event in enumerate(events):
        state, text = _apply_at(state, event, i)
        steps.append(Step(event, text, state))
    return steps


def _apply_at(state: Conflict, event: Event, index: int) -> tuple[Conflict, str]:
    try:
        return apply(state, event)
    except RulesError as err:
        raise RulesError(
            f"Event {index + 1}: {err.message}", field=err.field or "kind", code=err.code, event=index
        ) from None


def apply(state: Conflict, event: Event) -> tuple[Conflict, str]:
    """Apply one event; returns the new state and a sentence saying what happened.

    Raises:
        RulesError: the event cannot happen now (unknown member, someone who
            left acting, an edition without that event, the conflict is over…).
    """
    handler = _HANDLERS.get(event.kind)
    if handler is None:
        raise RulesError(
            f"Unknown event {shown(event.kind)}. Events: {', '.join(EVENT_KINDS)}.", field="kind", code="unknown"
        )
    if state.over and event.kind != "adjust":
        raise RulesError("The conflict is over: undo, or start a new one.", field="kind", code="invalid")
    _check_decision(state, event)
    new, text = handler(state, event)
    return _settle(new), text


def _check_decision(state: Conflict, event: Event) -> None:
    """Right after a break that left nobody in a Last Stand, the team decides
    first: one of ``deciding`` enters their Last Stand, or it concedes."""
    team = state.deciding
    if team is None or event.kind == "adjust":
        return
    if event.kind == "concede" and event.team == team.name:
        return
    if event.kind == "last_stand" and event.member in team.deciding:
        return
    raise RulesError(
        f"First log what {team.name} does now that its morale broke: {either_of(team.deciding)} "
        f"may enter their Last Stand, or nobody does and {team.name} loses.",
        field="kind", code="invalid",
    )


def either_of(names) -> str:
    """"Ada", "Ada or Bo", "Ada, Bo or Cy"."""
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _after_break(state: Conflict, team: TeamState, may_enter: list[str]) -> tuple[Conflict, str]:
    """The team's morale just broke: with nobody of it in a Last Stand, those in
    ``may_enter`` (still active) decide whether to enter one; nobody able to: it loses."""
    if team.last_standers():
        return state, ""
    may_enter = [m.name for m in team.members if m.name in may_enter and m.status == ACTIVE]
    if not may_enter:
        return state, f"; nobody of {team.name} can enter a Last Stand, so {team.name} loses"
    state = state._with_team(replace(team, deciding=tuple(may_enter)))
    return state, f"; {either_of(may_enter)} may enter their Last Stand now, or {team.name} loses"


def _actor(state: Conflict, name: str | None, field_name: str = "member") -> TeamState:
    if not name:
        raise RulesError("Choose who acts.", field=field_name, code="required")
    team = state.team_of(name, field_name)
    status = team.member(name).status
    if status not in IN_PLAY:
        raise RulesError(f"{name} is no longer in the conflict ({_STATUS_WORDS[status]}).", field=field_name, code="invalid")
    return team


def _count(value: int | None, field_name: str, what: str, *, minimum: int = 0) -> int:
    """A number an event of this kind needs here (the boundary made it a whole
    number already). This check stays in the core because it is a rule, not a
    shape: which numbers a kind needs depends on the edition (a 2022 test
    needs its margin, the 2023 one none) and a failure's margin is at least 1."""
    if value is None:
        raise RulesError(f"Enter the {what}.", field=field_name, code="required")
    if value < minimum:
        raise RulesError(f"The {what} is at least {minimum}.", field=field_name, code="too_small")
    return value


def _shift(state: Conflict, team: TeamState, delta: int) -> tuple[Conflict, TeamState, str]:
    """Move a team's morale; returns the new state, the team, and "−1 → −2, BROKEN MORALE 2"."""
    before = team.morale
    after = before + delta
    if state.edition == "wiki":
        after = max(0, after)
    breaks = team.breaks
    if state.edition == "wiki" and after == 0 and before > 0:
        breaks += 1
    new_team = replace(team, morale=after, breaks=breaks)
    return state._with_team(new_team), new_team, _morale_words(team, new_team)


def _morale_words(before: TeamState, after: TeamState) -> str:
    text = f"{before.name} {minus(before.morale)} → {minus(after.morale)}"
    if after.broken_morale:
        text += f", BROKEN MORALE {after.broken_morale}"
    elif before.broken_morale:
        text += ", BROKEN MORALE gone"
    if after.edition == "wiki" and after.breaks > before.breaks:
        text += f"; {after.name} is down to 0"
    return text


def _test(state: Conflict, event: Event) -> tuple[Conflict, str]:
    team = _actor(state, event.member)
    if state.edition == "wiki":
        raise RulesError(
            "In the wiki edition tests don't move morale: log attacks, advantages and departures.",
            field="kind", code="invalid",
        )
    if state.edition == "2022":
        margin = _count(event.margin, "margin", "margin of effort", minimum=0 if event.kind == "success" else 1)
    else:
        margin = 1
    delta = margin if event.kind == "success" else -margin
    state, _, words = _shift(state, team, delta)
    verb = "succeeded on" if event.kind == "success" else "failed"
    return state, f"{event.member} {verb} a test: {words}"


def _landed(edition: str, a: int, d: int, event: Event) -> tuple[int, int, int]:
    """A landed attack (effort ``a`` over the defender's ``d``): the stress the
    defender takes, the defender's team's morale loss and the attacker's team's gain."""
    diff = a - d
    stress, damage, gain = diff, diff, diff
    if edition == "2023":
        damage, gain = 1, 1
    elif edition == "2022" and event.disposed:
        if event.reduce == "stress":
            damage = a
        else:
            stress = a
    elif edition == "wiki":
        gain = 0
        if event.disposed:
            damage = a
    return stress, damage, gain


def stress_dealt(edition: str, event: Event) -> int | None:
    """The stress an attack deals its defender (0 when held off); ``None`` for other events.
    For an event :func:`apply` accepted.

    >>> stress_dealt("2023", Event("attack", member="Ada", defender="Cy", effort=5, defender_effort=2))
    3
    >>> stress_dealt("2022", Event("attack", member="Leo", defender="Ned", effort=4, defender_effort=1,
    ...                            disposed=True, reduce="morale"))
    4
    >>> stress_dealt("2023", Event("attack", member="Ada", defender="Cy", effort=2, defender_effort=2))
    0
    """
    if event.kind != "attack":
        return None
    a, d = event.effort or 0, event.defender_effort or 0
    return _landed(edition, a, d, event)[0] if a > d else 0


def _attack(state: Conflict, event: Event) -> tuple[Conflict, str]:
    attacking = _actor(state, event.member)
    defending = _actor(state, event.defender, "defender")
    if attacking.name == defending.name:
        raise RulesError("Attack someone on another team.", field="defender", code="invalid")
    a = _count(event.effort, "effort", "attacker's effort")
    d = _count(event.defender_effort, "defender_effort", "defender's effort")
    ed = state.edition
    parts: list[str] = []
    if a > d:
        if ed == "2022" and event.disposed and event.reduce not in ("stress", "morale"):
            raise RulesError(
                "Disposed against: the defender reduces only the stress or the morale damage. Choose which.",
                field="reduce", code="required",
            )
        stress, damage, gain = _landed(ed, a, d, event)
        summary = f"{event.member} hit {event.defender} ({a} vs {d}): {stress} stress to {event.defender}"
        state, after, words = _shift(state, defending, -damage)
        if after.breaks > defending.breaks:  # wiki: down to 0, and the defender's failed defense did it
            state, then = _after_break(state, after, [event.defender])
            words += then
        parts.append(words)
        if gain:
            state, _, words = _shift(state, state.team(attacking.name), gain)
            parts.append(words)
        if ed == "wiki" and state.team(defending.name).breaks > defending.breaks and attacking.member(event.member).status == LAST_STAND:
            parts.append(f"{event.member} gains a Legacy for bringing {defending.name} to 0")
    else:
        diff = d - a
        tie = ", a tie goes to the defender" if d == a else ""
        summary = f"{event.defender} held off {event.member} ({d} vs {a}{tie})"
        loss, gain = (1, 1) if ed == "2023" else (diff, diff if ed == "2022" else 0)
        state, after, words = _shift(state, attacking, -loss)
        if after.breaks > attacking.breaks:  # wiki: down to 0, but no failed defense: nobody may enter
            state, then = _after_break(state, after, [])
            words += then
        parts.append(words)
        if gain:
            state, _, words = _shift(state, state.team(defending.name), gain)
            parts.append(words)
    return state, summary + "; " + "; ".join(parts)


def _advantage(state: Conflict, event: Event) -> tuple[Conflict, str]:
    team = _actor(state, event.member)
    margin = _count(event.margin, "margin", "margin of effort")
    state, _, words = _shift(state, team, margin)
    return state, f"{event.member} gained a Vigor advantage (margin {margin}): {words}"


def _leave(state: Conflict, event: Event) -> tuple[Conflict, str]:
    team = _actor(state, event.member)
    name = event.member
    remaining = [m.name for m in team.in_play() if m.name != name]
    is_captain = team.captain == name
    overwhelmed = event.kind == "overwhelmed"
    if overwhelmed:
        if state.edition == "wiki":
            raise RulesError(
                "In the wiki edition stress that no condition can take becomes a trait: log a surrender or a "
                "Last Stand instead.", field="kind", code="invalid",
            )
        if team.member(name).status != ACTIVE:
            raise RulesError(
                f"{name} is in their Last Stand: stress they can't absorb makes them perish, not retire.",
                field="member", code="invalid",
            )
        loss = len(remaining) if is_captain else 1
        how = "was overwhelmed and retired, leaving the conflict" + (" as captain" if is_captain else "")
    elif event.successes is not None and state.edition == "wiki":
        loss = _count(event.successes, "successes", "successes of the surrender test")
        how = f"surrendered (tested {loss})"
    elif is_captain:
        loss = len(remaining)
        how = "left as captain"
    else:
        loss = 1
        how = "left"
    captain = team.captain
    handover = ""
    if is_captain:
        if event.new_captain is not None and event.new_captain not in remaining:
            raise RulesError(
                f"The new captain must be someone still in {team.name}: {', '.join(remaining) or 'nobody is left'}.",
                field="new_captain", code="invalid",
            )
        captain = event.new_captain or (remaining[0] if remaining else None)
        if captain:
            handover = f"; {captain} is the new captain"
    members = tuple(replace(m, status=RETIRED if overwhelmed else LEFT) if m.name == name else m for m in team.members)
    team = replace(team, members=members, captain=captain)
    state = state._with_team(team)
    state, after, words = _shift(state, team, -loss)
    if after.breaks > team.breaks:  # wiki: down to 0 without a failed defense: nobody may enter
        state, then = _after_break(state, after, [])
        words += then
    return state, f"{name} {how}: {words}{handover}"


def _end_turn(state: Conflict, event: Event) -> tuple[Conflict, str]:
    name = event.team or state.current_team
    team = state.team(name)
    if name != state.current_team:
        raise RulesError(f"It is {state.current_team}'s turn, not {name}'s.", field="team", code="invalid")
    text = f"{name} ended their turn"
    if team.keep_morale_due:
        helpers = _count(event.helpers, "helpers", "number of helpers")
        difficulty = team.keep_morale_difficulty(helpers)
        if event.effort is not None:
            effort = _count(event.effort, "effort", "effort of the keep-morale test")
            kept = effort >= difficulty
            roll = f"{effort} vs difficulty {difficulty}"
        elif event.passed is not None:
            kept = bool(event.passed)
            roll = f"difficulty {difficulty}"
        else:
            raise RulesError(
                f"{name} has BROKEN MORALE {team.broken_morale}: enter the captain's effort on the keep-morale test "
                f"(difficulty {difficulty}).",
                field="effort", code="required",
            )
        if kept:
            text += f"; kept morale ({roll})"
        else:
            # 2023: a break kills everyone already in a Last Stand, however they entered it
            doomed = [m.name for m in team.last_standers()] if state.edition == "2023" else []
            members = tuple(replace(m, status=PERISHED) if m.name in doomed else m for m in team.members)
            team = replace(team, breaks=team.breaks + 1, members=members)
            state = state._with_team(team)
            text += f"; MORALE BROKE ({roll})"
            if doomed:
                text += f"; {', '.join(doomed)} perish{'es' if len(doomed) == 1 else ''} in their Last Stand"
            state, then = _after_break(state, team, [m.name for m in team.members])
            text += then
    return _next_turn(state), text


def _next_turn(state: Conflict) -> Conflict:
    turn, rnd = state.turn, state.round
    for _ in range(len(state.turn_order)):
        turn += 1
        if turn == len(state.turn_order):
            turn, rnd = 0, rnd + 1
        if state.team(state.turn_order[turn]).status != "lost":
            break
    return replace(state, turn=turn, round=rnd)


def _last_stand(state: Conflict, event: Event) -> tuple[Conflict, str]:
    if not event.member:
        raise RulesError("Choose who enters their Last Stand.", field="member", code="required")
    team = state.team_of(event.member)
    status = team.member(event.member).status
    if status != ACTIVE:
        raise RulesError(
            f"{event.member} can't enter a Last Stand: {_STATUS_WORDS[status]}.", field="member", code="invalid"
        )
    if team.status == "lost":
        raise RulesError(f"{team.name} has lost: nobody of it enters a Last Stand now.", field="member", code="invalid")
    members = tuple(replace(m, status=LAST_STAND) if m.name == event.member else m for m in team.members)
    text = f"{event.member} entered their Last Stand"
    if team.deciding:
        text += f"; {team.name} fights on"
    return state._with_team(replace(team, members=members, deciding=())), text


def _concede(state: Conflict, event: Event) -> tuple[Conflict, str]:
    if not event.team:
        raise RulesError("Choose the team.", field="team", code="required")
    team = state.team(event.team)
    if not team.deciding:
        raise RulesError(
            f"{team.name} has nothing to concede: a team loses this way only right after its morale breaks.",
            field="team", code="invalid",
        )
    return state._with_team(replace(team, deciding=())), f"Nobody of {team.name} entered a Last Stand: {team.name} loses"


def _perish(state: Conflict, event: Event) -> tuple[Conflict, str]:
    team = _actor(state, event.member)
    if team.member(event.member).status != LAST_STAND:
        raise RulesError(
            f"Only someone in their Last Stand perishes; {event.member} is not.", field="member", code="invalid"
        )
    members = tuple(replace(m, status=PERISHED) if m.name == event.member else m for m in team.members)
    remaining = [m.name for m in members if m.status in IN_PLAY]
    captain = team.captain
    text = f"{event.member} perished"
    if captain == event.member:
        captain = remaining[0] if remaining else None
        if captain:
            text += f"; {captain} is the new captain"
    return state._with_team(replace(team, members=members, captain=captain)), text


def _adjust(state: Conflict, event: Event) -> tuple[Conflict, str]:
    if not event.team:
        raise RulesError("Choose the team.", field="team", code="required")
    team = state.team(event.team)
    amount = _count(event.amount, "amount", "amount", minimum=-10**6)  # any whole number: the boundary bounds it
    state, _, words = _shift(state, team, amount)
    note = f" ({event.note})" if event.note else ""
    return state, f"Morale corrected by hand{note}: {words}"


_HANDLERS = {
    "success": _test, "failure": _test, "attack": _attack, "advantage": _advantage,
    "leave": _leave, "overwhelmed": _leave, "end_turn": _end_turn, "last_stand": _last_stand,
    "concede": _concede, "perish": _perish, "adjust": _adjust,
}

_STATUS_WORDS = {
    ACTIVE: "still fighting", LEFT: "they left the conflict", RETIRED: "they were overwhelmed and retired",
    LAST_STAND: "already in their Last Stand", PERISHED: "they perished",
}


# ---------------------------------------------------------------- who wins


def survivors(state: Conflict) -> list[str]:
    """Members who leave their Last Stand alive: those still in it once every
    opposing team has lost (even when their own team lost too; 2023: they gain
    an Epiphany)."""
    return [
        m.name
        for t in state.teams
        if all(o.status == "lost" for o in state.teams if o.name != t.name)
        for m in t.last_standers()
    ]


def _settle(state: Conflict) -> Conflict:
    """Recompute every team's status (playing, deciding, broken, lost, won).

    Rule: morale.end — a team loses when nobody of it is left; when its morale
    broke and nobody of it is (still) in their Last Stand, once it is no
    longer deciding whether to enter one; or when its morale broke and every
    opponent lost. A team wins when every other team lost (a team still
    deciding has not lost yet, so nobody has won while it decides).
    Last-standers whose opponents have all lost leave their Last Stand alive
    (see :func:`survivors`).
    """
    lost = {}
    for t in state.teams:
        gone = not t.in_play()
        lost[t.name] = gone or (t.broken and not t.last_standers() and not t.deciding)
    for t in state.teams:
        if t.broken and not lost[t.name] and all(lost[o.name] for o in state.teams if o.name != t.name):
            lost[t.name] = True
    standing = [t.name for t in state.teams if not lost[t.name]]
    teams = []
    for t in state.teams:
        if lost[t.name]:
            status = "lost"
        elif t.deciding:
            status = "deciding"
        elif len(standing) == 1:
            status = "won"
        else:
            status = "broken" if t.broken else "playing"
        teams.append(replace(t, status=status, deciding=() if lost[t.name] else t.deciding))
    state = replace(state, teams=tuple(teams))
    if state.team(state.current_team).status == "lost" and not state.over:
        state = _next_turn(state)
    return state
