/* Generated from schemas/ by `npm run gen:types`. Do not edit by hand: edit the schema and regenerate. */
export declare const SCHEMA_SET_HASH: string;
export declare const validators: Record<string, (data: unknown) => boolean>;
