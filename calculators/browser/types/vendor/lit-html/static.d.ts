// The part of lit-html's static.js the widgets use: a heading's tag chosen by its level (draw.js hx).
import type { TemplateResult } from "./lit-html.js";
export declare function html(strings: TemplateStringsArray, ...values: unknown[]): TemplateResult;
export declare function unsafeStatic(value: string): unknown;
