// The rules' replies the border calculator reads (widgets/borders/): the shapes rules_core/api/borders
// returns, as its docstrings describe them (borders.check, .diagram, .route, .range, .move, .edit).

/** A refusal: the rules' message, and the field it is about ("map.borders[1].pass", "edit.name", "shifts"). */
export type Refusal = { code?: string; message: string; field?: string | null };
/** A call's reply: its result, or the rules' refusal. */
export type Reply<T> = { ok: true; result: T; error?: undefined } | { ok: false; error: Refusal; result?: undefined };
/** The engine a widget is handed: calls to rules_core, and its state as it starts (or fails). */
export type Engine = {
  call(name: string, payload: object): Promise<Reply<any>>;
  watch(heard: (state: string) => void): () => void;
};

/** A map as plain data (borders.check's `map`; zones drawn at a grid place keep it). */
export type MapData = { name?: string; zones: (string | { name: string; at: [number, number] })[]; borders: object[] };
/** borders.check: the map cleaned, its zones, its borders listed (each way's pass values, in words too) and in words. */
export type Checked = {
  map: MapData;
  zones: string[];
  borders: { between: [string, string]; ways: { name: string; pass: number; back: number; on: boolean; cost: string }[] }[];
  text: string[];
};
/** borders.diagram: where each zone's box is drawn (its grid cell), and the rest of the drawing (maps/svg.js draws it). */
export type Drawing = { zones: { zone: string; cell: [number, number]; x: number; y: number; w: number; h: number }[];
  step: [number, number]; [more: string]: unknown };
/** A map the rules accepted: as kept, checked and drawn. */
export type Current = { map: MapData; checked: Checked; drawing: Drawing };

/** borders.route: the cheapest route and each border it crosses; range: the fewest borders. */
export type Route = { cost: number; zones: string[]; borders: number; range: number;
  crossings: { from: string; to: string; way: string; cost: number }[] };
/** One zone of borders.move's answer: its cost from the start (null: no way), whether the shifts reach it, what is short. */
export type Reached = { zone: string; cost: number | null; reachable: boolean; shortfall: number | null; cover_text: string;
  range: number | null };
/** borders.move: what the shifts reach; the destination's odds when a skill is given; the roll, the zones reached
 *  and the destination in words (sum, reach_text, text). */
export type Move = {
  shifts: number; dice: number | null; sum: string | null; zones: Reached[]; reachable: string[]; reach_text: string;
  destination: (Reached & { text: string; odds: { probability: { percent: string; exact: string }; needed: number } | null }) | null;
};
/** The move as sent to borders.move (skill, bid, shifts as typed: numbers, or text the rules quote back). */
export type MovePayload = { map: MapData; start: string; destination: string; skill: number | string; bid: number | string;
  faces?: string; shifts?: number | string };

/** The build's options for one border calculator (calculators/pages/widgets/borders.py): the example maps, the
 *  one shown first, the move's ends and roll, the name the map is kept under, the dice faces' choices. */
export type Options = { examples: { id: string; title: string; map: MapData }[]; map: string; start: string; destination: string;
  roll: { skill: number; faces: string; bid: number }; store: string; faces: [string, string][] };
