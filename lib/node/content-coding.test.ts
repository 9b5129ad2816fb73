import { describe, expect, it } from "vitest";
import { chooseCoding, codedEtag, etagMatches, identityEtag, type Coding } from "./content-coding.ts";

const ALL: Coding[] = ["br", "gzip", "identity"];
const choose = (acceptEncoding: string | undefined, available: Coding[] = ALL) =>
  chooseCoding(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }, available);

describe("chooseCoding (RFC 9110 12.5.3)", () => {
  it("prefers brotli, then gzip, when the browser takes both at the same q, whatever their order", () => {
    expect(choose("gzip, deflate, br, zstd")).toBe("br");
    expect(choose("gzip, br")).toBe("br");
    expect(choose("gzip, br", ["gzip", "identity"])).toBe("gzip");
  });

  it("gives no brotli to br;q=0 and no gzip to gzip;q=0, though the token is in the header", () => {
    expect(choose("br;q=0, gzip")).toBe("gzip");
    expect(choose("gzip, br;q=0.0")).toBe("gzip");
    expect(choose("br;q=0")).toBe("identity");
    expect(choose("gzip;q=0, br")).toBe("br");
    expect(choose("gzip;q=0", ["gzip", "identity"])).toBe("identity");
  });

  it("follows the q-values the client gives", () => {
    expect(choose("br;q=0.5, gzip;q=0.9")).toBe("gzip");
    expect(choose("identity, gzip;q=0.5")).toBe("identity");
  });

  it("reads * as every coding not named, and *;q=0 as refusing them", () => {
    expect(choose("*")).toBe("br");
    expect(choose("br;q=0, *")).toBe("gzip");
    expect(choose("gzip, *;q=0")).toBe("gzip");
    expect(choose("*;q=0, identity")).toBe("identity");
  });

  it("answers in a coding when identity;q=0 rules out the plain body, and in identity when nothing held is acceptable", () => {
    expect(choose("gzip, identity;q=0")).toBe("gzip");
    expect(choose("identity;q=0", ["gzip", "identity"])).toBe("identity");
    expect(choose("*;q=0")).toBe("identity");
  });

  it("answers identity to no header, an empty one, and codings it does not hold", () => {
    expect(choose(undefined)).toBe("identity");
    expect(choose("")).toBe("identity");
    expect(choose("deflate, zstd")).toBe("identity");
    expect(choose("br", ["identity"])).toBe("identity");
  });

  it("matches coding tokens case-insensitively", () => {
    expect(choose("GZIP")).toBe("gzip");
  });
});

describe("per-coding ETags", () => {
  it("gives br, gzip and identity three different tags, and maps each back to the identity one", () => {
    const tags = ALL.map((coding) => codedEtag('"abc"', coding));
    expect(tags).toEqual(['"abc-br"', '"abc-gzip"', '"abc"']);
    expect(ALL.map((coding, i) => identityEtag(tags[i]!, coding))).toEqual(['"abc"', '"abc"', '"abc"']);
  });

  it("compares If-None-Match weakly: a listed tag with or without W/, or *", () => {
    expect(etagMatches('"x", W/"abc-br"', '"abc-br"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
    expect(etagMatches('"abc-gzip"', '"abc-br"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
