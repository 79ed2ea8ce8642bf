export declare function live(value: unknown): unknown;
