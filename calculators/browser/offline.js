// Offline use: register the service worker (Workbox's, made at build time) and, when a new version
// waits, offer to reload into it. It takes over only once every open tab of the site has agreed
// (sw-update.js); until then the old worker serves the old files, so no tab mixes versions.
import { Workbox } from "./vendor/workbox-window.prod.mjs";
import { html, nothing, render } from "./vendor/lit-html/lit-html.js";

const root = new URL("../../", import.meta.url); // the site's root, also under a sub-path
// status: unsupported | registering | ready | failed (then retrying) | full (the browser's storage
// for the site is full: said once, not retried, the site works online as before); stale: another
// version took over without this tab agreeing (its links then load whole pages); retryIn: the seconds
// until the next try, once one is set (null: none is).
export const offline = { status: "unsupported", updateWaiting: false, error: null, stale: false, retryIn: null, quietWork };
window.calcOffline = offline; // for the tests, and early.js (quietWork)

// Work a page starts by itself (calc.js warming the calculators' code, early.js the theme's search) asks
// quietWork() first: false while a new version waits. A request reaching the outgoing worker as it stops
// starts it again, and the switch then waits until it is idle once more (Chromium: 30 s): Reload seems dead.
const SUPPORTED = "serviceWorker" in navigator && window.isSecureContext;
let registeredOnce;
const registeredFirst = new Promise((resolve) => (registeredOnce = resolve));
function quietWork() {
  return (SUPPORTED ? registeredFirst : Promise.resolve()).then(() => !offline.updateWaiting);
}

const RETRY_SECONDS = [5, 15, 60, 300]; // then every 5 minutes
const AGREE_EVERY_MS = 3000;

/** The shelf the bars sit in, at the bottom of the screen: its height is kept in --calc-bars, where the page and a
 *  table view end (calc.css), so a bar never lies over a control. */
function shelf() {
  const found = document.querySelector(".calc-bars");
  if (found) return found;
  const box = Object.assign(document.createElement("div"), { className: "calc-bars" });
  document.body.append(box);
  new ResizeObserver(() => document.documentElement.style.setProperty("--calc-bars", `${box.offsetHeight}px`)).observe(box);
  return box;
}

/** A bar with its words and buttons ([label, class, onClick(button, bar), aria-label?]); unless one of them
 *  dismisses it (`dismisses`), a Dismiss button of its own (onDismiss: what else it does). */
function bar(className, text, buttons = [], { dismisses = false, onDismiss = () => {} } = {}) {
  document.querySelector(`.${className}`)?.remove();
  const all = dismisses ? buttons : [...buttons, ["Dismiss", "calc-update__later", (_button, n) => (n.remove(), onDismiss())]];
  const button = ([label, cls, onClick, aria]) => html`<button type="button" class=${cls} aria-label=${aria ?? nothing}
    @click=${(event) => onClick(event.currentTarget, event.currentTarget.parentElement)}>${label}</button>`;
  const box = document.createDocumentFragment();
  render(html`<div class=${`calc-update ${className}`} role="status"><span>${text}</span>${all.map(button)}</div>`, box);
  shelf().append(box);
}

// On a page with a calculator the engine downloads first, alone (the precache then finds its files in
// the HTTP cache), and a second more and an idle moment pass: filling the precache as the engine turns
// ready slowed the first answers on a phone's CPU (benchmarks/phone_cpu.py).
async function engineSettled() {
  if (!document.querySelector(".calc[data-calc]")) return;
  const { engine } = await import("./engine.js");
  await new Promise((resolve) => engine.watch((state) => ["ready", "failed"].includes(state) && resolve()));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await new Promise((resolve) => (window.requestIdleCallback ? requestIdleCallback(resolve, { timeout: 2000 }) : resolve(undefined)));
}

// ---- updates: every tab agrees, or none switches
let agreed = false;
let askedAgain = false;
let agreeTimer = null;

async function agree() {
  const registration = await navigator.serviceWorker.getRegistration(root.href);
  registration?.waiting?.postMessage({ type: "UPDATE_AGREE" });
}

let dismissed = false; // the player said "Later"

function offerUpdate(text) {
  if (agreed) return;
  bar("calc-update--offer", text, [
    ["Reload", "calc-update__reload", (button) => {
      button.disabled = true;
      agreed = true;
      agree();
      agreeTimer = setInterval(agree, AGREE_EVERY_MS); // a waiting worker may be stopped and forget
    }],
    ["Later", "calc-update__later", (button, node) => {
      dismissed = true;
      node.remove();
    }, "Not now"],
  ], { dismisses: true });
}

let storageFull = false; // the installing worker said the precache did not fit (sw-update.js)

function onWorkerMessage(event) {
  const data = event.data || {};
  if (data.type === "STORAGE_FULL") storageFull = true;
  if (data.type !== "UPDATE_PENDING") return;
  const offer = document.querySelector(".calc-update--offer");
  if (data.agreed && offer) {
    const others = data.waitingFor === 1 ? "the other tab of this site agrees" : `${data.waitingFor} other tabs of this site agree`;
    offer.querySelector("span").textContent =
      `The new version loads once ${others}: tap Reload there, or close ${data.waitingFor === 1 ? "it" : "them"}.`;
  } else if (!data.agreed && !askedAgain) {
    askedAgain = true; // once: "Later" stays later
    offerUpdate("Another tab of this site is switching to the new version: Reload here too, or close this tab.");
  }
}

let controlled = false; // whether a worker controlled this tab already (the first install takes over silently)

function onControllerChange() {
  const before = controlled;
  controlled = true;
  if (agreed) {
    clearInterval(agreeTimer);
    window.location.reload();
  } else if (before) offline.stale = true; // an older release's tab switched without asking: links load whole pages
}

// A stale tab follows links with full page loads (Material's instant navigation would
// put the new version's page and modules under this tab's old scripts).
window.addEventListener("click", (event) => {
  if (!offline.stale || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? /** @type {HTMLAnchorElement | null} */ (event.target.closest("a[href]")) : null;
  if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  window.location.assign(url.href);
}, true);

// ---- registering, told and retried when it fails
function installed(registration) {
  return new Promise((resolve, reject) => {
    const worker = registration.installing || registration.waiting || registration.active;
    if (!worker) return reject(new Error("the offline copy could not be saved"));
    const check = () => {
      const failed = worker.state === "redundant" && !registration.active;
      if (failed) reject(new Error("a file of the site could not be downloaded"));
      else if (worker.state === "activated" || worker.state === "redundant") resolve();
    };
    worker.addEventListener("statechange", check);
    check();
  });
}

/** Why a try failed, in words. Workbox reads the registration the browser gives without looking at it, and
 *  Chromium has been seen to give none (register() resolved with undefined): Workbox then fails reading its
 *  `waiting`, which the bar said as "Cannot read properties of undefined (reading 'waiting')". */
const failure = (error) => error instanceof TypeError && /\bwaiting\b/.test(error.message)
  ? "the browser did not register its offline worker" : error?.message || String(error);

let attempt = 0;
let retryTimer = null;
let failureDismissed = false; // the player dismissed the failure's bar: the retries go on without it

async function register() {
  clearTimeout(retryTimer);
  Object.assign(offline, { status: "registering", error: null, retryIn: null });
  // A fresh Workbox each try: one instance registers once.
  const wb = new Workbox(new URL("sw.js", root).href, { scope: root.pathname });
  wb.addEventListener("waiting", () => {
    offline.updateWaiting = true;
    if (!dismissed && !document.querySelector(".calc-update--offer")) offerUpdate("A new version of this site is ready.");
  });
  try {
    const registration = await wb.register().finally(registeredOnce); // an already waiting worker is told by now
    if (!registration) throw new Error("the browser refused the offline worker");
    if (!registration.active) await installed(registration);
    await navigator.serviceWorker.ready;
    offline.status = "ready";
    attempt = 0;
    document.querySelector(".calc-offline-failed")?.remove();
  } catch (error) {
    registeredOnce();
    if (!storageFull) await new Promise((resolve) => setTimeout(resolve, 500)); // the worker's word may come just after
    if (storageFull || error?.name === "QuotaExceededError") {
      Object.assign(offline, { status: "full", error: "storage full" });
      bar("calc-offline-failed",
        "This site could not be saved for offline use: the browser's storage for it is full. " +
        "Everything works while you are online. To use it offline, free some space (another site's data, " +
        "or this browser's cached files) and reload.");
      return;
    }
    Object.assign(offline, { status: "failed", error: failure(error) });
    const seconds = RETRY_SECONDS[Math.min(attempt, RETRY_SECONDS.length - 1)];
    attempt += 1;
    if (!failureDismissed) {
      bar("calc-offline-failed",
        `This site could not be saved for offline use yet (${offline.error}). ` +
        `It works while you are online; trying again in ${seconds} s.`,
        [["Try now", "calc-update__later", () => register()]], { onDismiss: () => (failureDismissed = true) });
    }
    retryTimer = setTimeout(register, seconds * 1000);
    offline.retryIn = seconds;
  }
}

if (SUPPORTED) {
  controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("message", onWorkerMessage);
  navigator.serviceWorker.addEventListener("controllerchange", onControllerChange);
  window.addEventListener("online", () => { if (offline.status === "failed") register(); });
  engineSettled().then(register, register);
}
