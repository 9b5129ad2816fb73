import { describe, expect, it } from "vitest";
import { clashes, exportedNames } from "./check-export-names.ts";

describe("the exported-names check", () => {
  it("reads every kind of exported declaration, and no re-export", () => {
    const text = [
      "export const A = 1;",
      "export async function b() {}",
      "export function* c() {}",
      "export abstract class D {}",
      "export interface E {}",
      "export type F = string;",
      "export enum G {}",
      "export { H } from './h.ts';",
      "export { i as j };",
      "const k = 1;",
      "  export const notAtLineStart = 1;",
    ].join("\n");
    expect(exportedNames(text)).toEqual(["A", "b", "c", "D", "E", "F", "G"]);
  });

  it("fails a name two modules export, and passes React Router's route-module exports", () => {
    const modules = new Map([
      ["api/odds/read/cache.ts", ["oddsCache", "loader"]],
      ["server/bff/odds-cache.ts", ["oddsCache"]],
      ["client/pages/a.tsx", ["loader", "shouldRevalidate"]],
      ["client/pages/b.tsx", ["loader", "shouldRevalidate"]],
    ]);
    expect(clashes(modules)).toEqual(new Map([["oddsCache", ["api/odds/read/cache.ts", "server/bff/odds-cache.ts"]]]));
  });
});
