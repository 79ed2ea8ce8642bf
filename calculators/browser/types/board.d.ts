// The rules' replies the conflict board reads (widgets/board/): the shapes rules_core/api/board returns, as its
// docstrings describe them (board.replay, .apply, .at, .sheet, .draft; payload.state and payload.entry), and the
// conflict it keeps.

/** An event of the log, as board.apply takes and cleans it: its kind, who acts, its own fields. */
export type BoardEvent = { kind: string; actor?: string; side?: string; target?: string; note?: string; story?: string;
  [field: string]: unknown };
/** The action being composed (board:action): whatever has been tapped or typed so far; from "undo": put back by Undo. */
export type Draft = { kind?: string | null; actor?: string; from?: string; faces?: string;
  [field: string]: string | number | boolean | string[] | null | undefined };
/** The conflict kept: its setup and log, the undone events to redo, and the bookkeeping that merges two tabs' logs. */
export type Conflict = { setup: any; events: BoardEvent[]; redo: BoardEvent[]; ids: string[]; redoIds: string[];
  dropped: string[]; refused?: string[] };

/** A track (stress or a thing's): its threshold (with a defense, the defense's), the boxes marked. */
export type Track = { threshold: number; base: number; defense: { by: string; threshold: number } | null; marked: number[] };
/** An actor on the board. */
export type Actor = { name: string; side: string; zone: string; out: boolean; acted: boolean; tracks: Record<string, Track>;
  consequences: { name: string; value: number; taken: boolean; label: string | null }[];
  previous: Record<string, unknown> | null; skills: Record<string, number>; aspects: string[] };
/** A thing on the board (a door, a crate): its track, the border it blocks, who beat it. */
export type Thing = { name: string; zone: string; out: boolean; track: Track; border: [string, string] | null; beaten_by: string | null };
/** An aspect: where it is (on an actor, a zone, a border), its free invokes, its boxes. */
export type Aspect = { name: string; on: string; target: string | string[] | null; free_invokes: number;
  boxes: { threshold: number; marked: number[] } | null };
/** payload.state: the board's whole state (without the map). */
export type State = { exchange: number; closed: boolean; to_act: string[]; acted: string[]; over: boolean; ended: string | null;
  winner: string | null; conceded: string | null; story: string | null; sides: { name: string; in: string[]; out: string[] }[];
  actors: Actor[]; things: Thing[]; aspects: Aspect[]; passes: { between: [string, string]; pass: number; by: string }[];
  borders: { between: [string, string]; label: string }[] };
/** A line of the log (payload.entry). */
export type Entry = { index: number; exchange: number; kind: string; actor: string | null; target: unknown; shifts: number | null;
  range: number | null; text: string };
/** What the board draws (store.js's viewOf): the state and log, with the map's zones, borders and grid. */
export type View = { state: State; entries: Entry[]; layout: Record<string, [number, number]> | null; zones: string[];
  borders: [string, string][] };

/** A choice of a sheet's field; a skill carries its rating. */
export type Option = { value: string; label: string; note?: string; disabled?: boolean; tags?: string[]; rating?: number };
/** A field of the action sheet (its input says which of the rest it carries). */
export type Field = { name: string; input: "chips" | "multi" | "text" | "number" | "select" | "check" | "skill" | "dice" | "absorb" | "info";
  label: string; value?: any; options: Option[]; hint?: string; fold?: string; empty?: string; wide?: boolean; other?: boolean;
  text?: string; line?: string; out?: boolean; total?: number | null;
  dice: { face: string; next: string; words: string }[]; totals: { value: string; label: string }[] };
/** A kind of action: open now, or why not. */
export type Kind = { kind: string; label: string; group: "turn" | "table"; open: boolean; why?: string | null };
/** A message about a field. */
export type Said = { field: string; message: string };
/** board.sheet: everything the action sheet shows for the draft. */
export type Sheet = { kind: string | null; title: string; kinds: Kind[]; fields: Field[];
  folds: Record<string, { summary: string; open: boolean }>;
  outcome: { shifts: number | null; line: string; entry: string | null; out: string[]; over: boolean };
  missing: Said[]; errors: Said[]; log: { label: string; ready: boolean; hint: string | null }; action: Draft;
  event: BoardEvent | null };

/** A map the build offers (calculators/pages/widgets/board.py): its id, its title, the map as data. */
export type MapChoice = { id: string; title?: string; map: { name?: string; zones: unknown[]; borders?: { between: [string, string] }[] } };
/** The build's options for one board: the maps, the one a new setup starts on. */
export type Options = { maps: MapChoice[]; map: string };

/** An actor as typed in the setup: its side's place ("0"), its zone, three thresholds, skills and aspects as typed. */
export type DraftActor = { name: string; side: string; zone: string; cool: string; humanity: string; reputation: string;
  skills: string; aspects: string; [field: string]: string };
/** A thing as typed: its threshold, its zone, the border it stands for (as JSON). */
export type DraftThing = { name: string; threshold: string; zone: string; border: string };
/** An aspect as typed: where it is ([on, target] as JSON), its free invokes. */
export type DraftAspect = { name: string; where: string; free: string };
/** The setup as typed (board:draft): the map chosen, the sides, actors, things and aspects. */
export type SetupDraft = { mapId: string; map: MapChoice["map"]; setupName?: string; sides: string[]; actors: DraftActor[];
  things: DraftThing[]; aspects?: DraftAspect[] };
/** A setup as the rules take it (board.replay's setup, an example's), read back into a draft. */
export type Setup = { map: MapChoice["map"]; sides?: (string | { name?: string })[];
  actors?: { name?: string; side?: string; zone?: string; tracks?: Record<string, { threshold?: number }>; // (or the number itself)
    skills?: unknown; aspects?: unknown }[];
  things?: { name?: string; threshold?: unknown; zone?: string; border?: unknown }[];
  aspects?: { name?: string; on?: string; target?: unknown; free_invokes?: number }[] };
