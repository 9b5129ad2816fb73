import { describe, expect, it } from "vitest";
import { headingsOf, namesHeading, problemsIn } from "./check-doc-refs.ts";

const DESIGN = "# AfriOdds design\n\n## Live push\n\n### Stream limits\n\ntext\n";
const docs = (path: string) => (path === "design.md" ? DESIGN : path === "decisions/026-x.md" ? "# 026" : undefined);

describe("check-doc-refs", () => {
  it("reads a document's headings", () => {
    expect(headingsOf(DESIGN)).toEqual(["AfriOdds design", "Live push", "Stream limits"]);
  });

  it("accepts a heading followed by punctuation or the end, not a longer word", () => {
    expect(namesHeading("Live push", ["Live push"])).toBe(true);
    expect(namesHeading("Live push).", ["Live push"])).toBe(true);
    expect(namesHeading("Live pushes", ["Live push"])).toBe(false);
  });

  it("passes citations of existing documents and headings", () => {
    const text = '// docs/design.md, Stream limits: at most 32 KB\n// docs/decisions/026-x.md\n// see docs/design.md, "Live push"\n// docs/design.md, and prose after it';
    expect(problemsIn("a.ts", text, docs)).toEqual([]);
  });

  it("fails a missing heading, a missing document, and a citation of an issue or an outside document", () => {
    // Built from parts, so this file does not cite them itself.
    const [issue, design, spec] = ["issue", "DESIGN", "spec"].map((word) => `${word} `);
    const text = `// docs/design.md, Live odds\n// docs/nothing.md\n// (${issue}23, item 2)\n// ${design}section 9\n// ${spec}section 4\n// ../shared/DESIGN.md`;
    expect(problemsIn("a.ts", text, docs).map((p) => p.line)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("passes an import of the repository's own shared/ from a folder two levels down", () => {
    expect(problemsIn("a.ts", 'import { formatOdds } from "../../shared/format.ts";', docs)).toEqual([]);
  });
});
