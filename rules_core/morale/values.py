"""The values of a morale conflict: the setup, the events, the state.

Rules: docs/gauntlet-forge/conflicts.md#starting (teams, captains, members),
docs/gauntlet-forge/conflicts.md#broken-morale (the trait a team below 0
has) and docs/gauntlet-forge/conflicts.md#keeping-morale (the test's
difficulty). All frozen: an event gives a new :class:`Conflict`, it never
changes one.

* :class:`Member`, :class:`Team`, :class:`Setup` — the conflict as it starts.
* :class:`Event` — one thing that happened; :data:`EVENT_KINDS` lists the kinds.
* :class:`MemberState`, :class:`TeamState`, :class:`Conflict` — the state
  after some events (what :func:`rules_core.morale.replay` gives).
* :class:`Step` — one replayed event with its sentence.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import RulesError, shown

__docformat__ = "google"

EVENT_KINDS = (
    "success", "failure", "attack", "advantage", "leave", "overwhelmed",
    "end_turn", "last_stand", "concede", "perish", "adjust",
)

ACTIONS = ("success", "failure", "attack", "advantage")
"""The kinds that are a member's own action in their team's turn: who took one is marked as having
acted this round (:attr:`Conflict.acted`). Leaving, a Last Stand and perishing are what happens to
them, not their action."""

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
      or ``"morale"``, which one the defense reduces), ``absorbed`` (2023, a
      defender in their Last Stand hit by stress: ``False`` when no wound box
      could take it, so they perish; unset: it was absorbed),
      ``new_captain`` (a defender who perishes as captain hands over).
    * ``advantage``: ``member``, ``margin``.
    * ``leave``: ``member``; ``successes`` (wiki: surrendered on their own turn
      and tested the relevant skill); ``new_captain`` when the captain leaves.
    * ``overwhelmed``: ``member`` (could not absorb stress nor pay Favor for
      a trait: they retire at once); ``new_captain`` as for ``leave``.
    * ``end_turn``: ``team``; ``effort`` of the keep-morale test when due (or
      ``passed``), ``helpers``; ``new_captain`` when a break (2023) makes a
      captain in their Last Stand perish.
    * ``last_stand``: ``member``. ``perish``: ``member``, ``new_captain``.
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
    absorbed: bool | None = None
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
    """The whole conflict after some events: teams, turn order, whose turn.

    ``acted`` names the members who took an action (:data:`ACTIONS`) this
    round, in the order they did; it empties when a new round begins."""

    edition: str
    teams: tuple[TeamState, ...]
    turn_order: tuple[str, ...]
    turn: int = 0
    round: int = 1
    acted: tuple[str, ...] = ()

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


@dataclass(frozen=True, slots=True)
class Step:
    """One replayed event: the state after it and what it did, in plain words."""

    event: Event
    text: str
    state: Conflict


_STATUS_WORDS = {
    ACTIVE: "still fighting", LEFT: "they left the conflict", RETIRED: "they were overwhelmed and retired",
    LAST_STAND: "already in their Last Stand", PERISHED: "they perished",
}
