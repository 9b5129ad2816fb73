import { builtinModules } from "node:module";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

/** client/ and shared/ run in the browser: no Node built-ins, and never the server tiers (docs/design.md, Tiers and folders). */
const browserSafeImports = {
  paths: builtinModules.map((name) => ({ name, message: "client/ and shared/ run in the browser: no Node built-ins." })),
  patterns: [
    { regex: "^node:", message: "client/ and shared/ run in the browser: no Node built-ins." },
    // Gitignore-style groups treat a leading "#" as a comment, so the aliases need a regex.
    { regex: "^#(server|api|lib)/|(^|/)(server|api|lib)/", message: "client/ and shared/ may not import the server tiers or their Node-only code (lib/)." },
  ],
};

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "data/", "coverage/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // A function reads in one screen (docs/conventions.md); tests' describe blocks are lists, not functions.
    files: ["{api,server,lib,client,shared}/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "max-lines-per-function": ["error", { max: 60 }] },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", browserSafeImports] },
  },
  {
    // The two rules of hooks, not the plugin's React Compiler rules (the app is not compiled by it).
    // A deliberate exception says why beside its eslint-disable comment.
    files: ["client/**/*.{ts,tsx}", "tests/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          ...browserSafeImports,
          patterns: [
            ...browserSafeImports.patterns,
            { regex: "^#client/|(^|/)client/", message: "shared/ imports nothing outside shared/." },
            { group: ["express", "react-dom/server", "react-dom/server.*"], message: "shared/ is isomorphic: no server-only packages." },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^#api/|(^|/)api/", message: "server/ talks to the odds API only over HTTP." }] }],
    },
  },
);
