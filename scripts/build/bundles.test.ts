import type { Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { startChunks } from "./bundles.ts";

type Import = Metafile["outputs"][string]["imports"][number];
const output = (imports: Import[]): Metafile["outputs"][string] => ({ bytes: 1, inputs: {}, imports, exports: [] });
const statically = (path: string): Import => ({ path, kind: "import-statement" });
const dynamically = (path: string): Import => ({ path, kind: "dynamic-import" });

describe("startChunks", () => {
  it("is the entry's static imports and its own import() steps with theirs, transitively; not the pages those steps import", () => {
    const outputs: Metafile["outputs"] = {
      "entry.js": output([statically("react.js"), dynamically("app.js")]),
      "react.js": output([]),
      "app.js": output([statically("router.js"), statically("react.js"), dynamically("page.js")]),
      "router.js": output([statically("shared.js")]),
      "shared.js": output([]),
      "page.js": output([statically("page-only.js"), statically("shared.js")]),
      "page-only.js": output([]),
    };
    expect(startChunks(outputs, "entry.js").sort()).toEqual(["app.js", "react.js", "router.js", "shared.js"]);
  });

  it("leaves external imports out", () => {
    const outputs: Metafile["outputs"] = { "entry.js": output([{ path: "https://cdn.example/x.js", kind: "import-statement", external: true }]) };
    expect(startChunks(outputs, "entry.js")).toEqual([]);
  });
});
