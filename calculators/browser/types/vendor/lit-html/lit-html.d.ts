// The part of lit-html's API the board uses (the package ships full types; these keep the
// type check free of its folder layout).
export type TemplateResult = { readonly _$litType$: 1 | 2; strings: TemplateStringsArray; values: unknown[] };
export declare function html(strings: TemplateStringsArray, ...values: unknown[]): TemplateResult;
export declare function svg(strings: TemplateStringsArray, ...values: unknown[]): TemplateResult;
export declare const nothing: unique symbol;
export declare const noChange: unique symbol;
export declare function render(value: unknown, container: HTMLElement | DocumentFragment, options?: object): unknown;
