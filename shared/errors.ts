// Transitional: removed once the last importers move (issue 12).
export * from "./error-codes.ts";
export * from "./error-decoding.ts";
export * from "./messages.ts";
