import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors.ts";
import { parseMintRequest, parseReadQuery } from "./request.ts";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  return undefined;
};

describe("booking calls' input", () => {
  it("takes a bookmaker and its code as the bettor pasted it, trimmed and upper-cased, in that book's own shape", () => {
    expect(parseReadQuery({ provider: "3", code: " 3q7xkd " })).toEqual({ provider: 3, code: "3Q7XKD" });
    expect(parseReadQuery({ provider: "1", code: "5q7xkdm" })).toEqual({ provider: 1, code: "5Q7XKDM" });
    expect(parseReadQuery({ provider: "5", code: "hytrc" })).toEqual({ provider: 5, code: "HYTRC" });
    expect(refusal(() => parseReadQuery({ provider: "1", code: "3Q7XKD" }))).toEqual({
      code: "VALIDATION_ERROR",
      message: "That is not a Bet9ja booking code: theirs are 7 letters and digits, like 5Q7XKDM.",
    });
    expect(refusal(() => parseReadQuery({ provider: "2", code: "N71-UH" }))?.code).toBe("VALIDATION_ERROR");
  });

  it("refuses NairaBet, unknown bookmakers, missing or extra parameters", () => {
    expect(refusal(() => parseReadQuery({ provider: "4", code: "ABCDEF" }))).toEqual({ code: "BOOKING_UNSUPPORTED", message: "NairaBet has no booking codes we can read." });
    for (const query of [{ provider: "6", code: "ABCDEF" }, { provider: "03", code: "ABCDEF" }, { code: "ABCDEF" }, { provider: "3" }, { provider: "3", code: "" }, { provider: "3", code: "ABCDEF", stake: "5" }]) {
      expect(refusal(() => parseReadQuery(query))?.code, JSON.stringify(query)).toBe("VALIDATION_ERROR");
    }
    expect(refusal(() => parseReadQuery({ provider: "3", code: "ABCDEF", x: "1" }))?.message).toBe("Reading a code takes only provider and code; unknown parameter: x.");
  });

  it("takes a mint's provider as a whole number from 1 to 5 and nothing else", () => {
    expect(parseMintRequest({ provider: 2 })).toEqual({ provider: 2 });
    for (const body of [{}, { provider: "2" }, { provider: 2.5 }, { provider: 6 }, { provider: 2, legs: [] }, null, [2]]) {
      expect(refusal(() => parseMintRequest(body))?.code, JSON.stringify(body)).toBe("VALIDATION_ERROR");
    }
  });
});
