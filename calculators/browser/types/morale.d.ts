// The rules' replies the morale tracker reads (widgets/morale/): the shapes rules_core/api/morale returns,
// as its docstrings describe them (morale.form, .replay, .apply, .sheet, .draft), and the conflict it keeps.
import type { Reply } from "./widget";

/** An event of the log, as morale.apply takes and cleans it: its kind, who acts, its own fields. */
export type MoraleEvent = { kind: string; member?: string; team?: string; [field: string]: unknown };
/** The event being composed (morale:action): whatever has been tapped or typed so far. */
export type Draft = { kind?: string | null; member?: string; team?: string; [field: string]: string | number | boolean | null | undefined };

/** A field of the edition's form (morale.form): a setup field, or an event's. */
export type FormField = { name: string; label: string; type: string; hint?: string; optional?: boolean;
  choices?: [string, string][]; when?: string };
/** morale.form: what the tracker asks for in an edition (rendered into the page at build time). */
export type Form = { edition: string; team: FormField[]; member: FormField[];
  events?: { kind: string; label: string; by: "member" | "team"; fields: FormField[]; note?: string }[] };

/** A team member as typed in the setup (draft.js). */
export type DraftMember = { name: string; successes: string; perfect_defense: boolean; vigor: boolean; intuition: boolean;
  [field: string]: string | boolean };
/** A team as typed in the setup: its fields, its members, the index of its captain among them. */
export type DraftTeam = { name: string; goal: string; approach: string; captain: number; members: DraftMember[];
  [field: string]: string | number | DraftMember[] };
/** The setup as typed (morale:draft). */
export type SetupDraft = { edition: string; teams: DraftTeam[] };
/** The setup as morale.replay takes it. */
export type Setup = { edition?: string; teams?: { name?: string; goal?: string; approach?: unknown; captain?: string;
  members?: (string | Record<string, unknown>)[]; [field: string]: unknown }[] };

/** The conflict kept: its setup and log, the undone events to redo, and the bookkeeping that merges two tabs' logs. */
export type Conflict = { setup: Setup; events: MoraleEvent[]; redo: MoraleEvent[]; ids: string[]; redoIds: string[];
  dropped: string[]; refused?: string[]; replaced?: string | null };

/** A member as morale.replay says it. */
export type Member = { name: string; status: "active" | "left" | "retired" | "last_stand" | "perished" | "survived";
  status_text: string; captain: boolean; in_play: boolean; acted: boolean };
/** A team as morale.replay says it. */
export type Team = { name: string; goal: string | null; captain: string | null; morale: number; broken_morale: number | null;
  keep_morale: { due: boolean; difficulty: number; per_helper: number }; broken: boolean;
  status: "playing" | "deciding" | "broken" | "lost" | "won"; status_text: string; badge: string; members: Member[] };
/** A line of the log (newest first). */
export type LogEntry = { index: number; kind: string; text: string };
/** morale.replay (and .apply): the conflict's state after its log. */
export type View = { edition: string; round: number; turn: string | null; turn_order: string[]; over: boolean;
  announcement: string | null; teams: Team[]; form: Form; log: LogEntry[]; token?: string; event?: MoraleEvent;
  opening?: { preview: string; started: string } | null };

/** A choice of a sheet's field (a name, a number, an answer); who acts carries their team. */
export type Option = { value: string; label: string; note?: string; tags?: string[]; team?: string };
/** A field of the event sheet, with its legal choices and the value read (tapped, typed, or dice rolled). */
export type Field = { name: string; input: "chips" | "count" | "integer" | "check" | "text" | "info"; label: string;
  value: string | number | boolean | null; hint?: string; text?: string; options: Option[]; picks: number[];
  pools?: number[]; dice?: { face: number; hit: boolean }[] };
/** What the one who acts (or their team) may log: at_once when it asks nothing, and then the event one tap logs. */
export type Kind = { kind: string; label: string; who: string; by: "member" | "team"; at_once: boolean; event?: MoraleEvent;
  primary?: boolean };
/** A message about a field. */
export type Said = { field: string; message: string };
/** morale.sheet: everything the event sheet shows for the draft. */
export type Sheet = { round: number; turn: string | null; over: boolean;
  who: { value: string | null; options: (Option & { tags: string[] })[] }; kinds: Kind[];
  due: { text: string; choices: Kind[] } | null; kind: string | null; title: string; note: string | null; fields: Field[];
  outcome: { entry: string | null; ends: string[] }; missing: Said[]; errors: Said[];
  log: { label: string; ready: boolean; hint: string | null }; action: Draft; event: MoraleEvent | null };

/** The rules as the tracker asks them (tap.js: one event per tap on the log the engine holds). */
export type Rules = { call(name: string, payload: object): Promise<Reply> };
