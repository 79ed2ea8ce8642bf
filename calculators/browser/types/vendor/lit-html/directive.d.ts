// The part of lit-html's directive.js this site uses (types only; the module is shipped from npm).
export declare const PartType: { readonly ATTRIBUTE: 1; readonly CHILD: 2; readonly PROPERTY: 3; readonly BOOLEAN_ATTRIBUTE: 4; readonly EVENT: 5; readonly ELEMENT: 6 };
export type PartInfo = { readonly type: number };
export type ElementPart = { readonly type: 6; readonly element: Element };
export declare class Directive {
  constructor(partInfo: PartInfo);
  render(...props: unknown[]): unknown;
  update(part: unknown, props: unknown[]): unknown;
}
export declare function directive<C extends new (partInfo: PartInfo) => Directive>(c: C): (...values: Parameters<InstanceType<C>["render"]>) => unknown;
