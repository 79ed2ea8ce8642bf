// The rules for a Node test: rules_core itself, in a CPython started once for the test file, answering
// engine.call(name, payload) as the page's worker does (rules_core.api.call). No page, no Pyodide: the
// same answers the golden cases hold.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SERVE = `
import json, sys
from rules_core.api import call
for line in sys.stdin:
    name, payload = json.loads(line)
    print(json.dumps(call(name, payload)), flush=True)
`;

/** An engine ({call, calls, close}) backed by rules_core in a CPython of its own. */
export function pythonEngine() {
  const py = spawn(process.env.PYTHON ?? "python3", ["-c", SERVE], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
  const waiting = [];
  createInterface({ input: py.stdout }).on("line", (line) => waiting.shift()(JSON.parse(line)));
  const engine = {
    calls: [],
    call(name, payload) {
      engine.calls.push(name);
      return new Promise((resolve) => {
        waiting.push(resolve);
        py.stdin.write(`${JSON.stringify([name, payload])}\n`);
      });
    },
    close: () => py.stdin.end(),
  };
  return engine;
}

/** What a widget store's Node test stands on: the page's window with a fake local storage (storage.mjs),
 *  emptied before each test, and the rules in a CPython of their own, closed after the file. Called before
 *  the store's module is imported (it reads `window` as it loads). */
export async function storeBench() {
  const { fakeWindow } = await import("./storage.mjs");
  const { after, beforeEach } = await import("node:test");
  const win = fakeWindow();
  const engine = pythonEngine();
  after(() => engine.close());
  beforeEach(() => win.localStorage.map.clear());
  return { win, engine };
}
