export declare function keyed(key: unknown, value: unknown): unknown;
