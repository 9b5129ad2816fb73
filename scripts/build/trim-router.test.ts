import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { trimRouter, trimRouterSource } from "./trim-router.ts";

describe("trimRouterSource", () => {
  it("drops top-level displayName assignments and marks top-level forwardRef, memo and createContext calls pure", () => {
    const source = [
      "var RouteContext = React.createContext(null);",
      'RouteContext.displayName = "Route";',
      "var Link = React10.forwardRef(function LinkWithRef() {});",
      'Link.displayName = "Link";',
      "var Memo = React3.memo(DataRoutes);",
      "var other = React.createElement(Thing);",
      '  inner.displayName = "kept: not top level";',
      "",
    ].join("\n");
    expect(trimRouterSource(source)).toBe(
      [
        "var RouteContext = /* @__PURE__ */ React.createContext(null);",
        "var Link = /* @__PURE__ */ React10.forwardRef(function LinkWithRef() {});",
        "var Memo = /* @__PURE__ */ React3.memo(DataRoutes);",
        "var other = React.createElement(Thing);",
        '  inner.displayName = "kept: not top level";',
        "",
      ].join("\n"),
    );
  });
});

async function bundle(plugins: esbuild.Plugin[]): Promise<string> {
  const result = await esbuild.build({
    stdin: { contents: 'import { Link, createBrowserRouter } from "react-router"; export { Link, createBrowserRouter };', resolveDir: process.cwd(), loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
    plugins,
  });
  return result.outputFiles[0]!.text;
}

describe("the trimRouter plugin", () => {
  it("leaves the router's unused components out of a bundle that imports Link (NavLink's aria-current, Form's displayName)", async () => {
    const [plain, trimmed] = await Promise.all([bundle([]), bundle([trimRouter])]);
    // The published files as they are: NavLink and Form come along (the test notices when a new React Router no longer needs this).
    expect(plain).toContain('"aria-current"');
    expect(plain).toContain('"Form"');
    expect(trimmed).not.toContain('"aria-current"');
    expect(trimmed).not.toContain('"Form"');
    expect(trimmed.length).toBeLessThan(plain.length - 5_000);
  });
});
