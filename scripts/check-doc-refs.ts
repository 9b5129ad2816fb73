import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm run lint`'s check that the repository explains itself (docs/conventions.md, Comments):
 * every `docs/...md` a source file names exists, and a citation of the form
 * `docs/design.md, Heading` names a heading that file has (the heading starts the text after the
 * comma, on the same line). A comment that cites an issue instead of a document fails too.
 */
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCE_DIRS = ["client", "server", "api", "shared", "lib", "scripts", "tests"];
const SOURCE = /\.(ts|tsx|js|mjs|scss|css|md)$/;
/**
 * Citations of documents outside the repository, or of issues, which a clone cannot read. `../shared/`
 * is the folder beside the repository; `../../shared/` from tests/e2e/ is the repository's own.
 */
const OUTSIDE = /\bDESIGN\ssection\b|\bspec\ssection\b|\bissue\s\d+\b|(?<![./])\.\.\/shared\//i;
const CITATION = /docs\/([\w./-]+\.md)(?:,[ \t]*"?([^\n"]*))?/g;

export interface Problem {
  file: string;
  line: number;
  message: string;
}

/** The headings of a Markdown file, without their leading hashes. */
export function headingsOf(markdown: string): string[] {
  return markdown
    .split("\n")
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#{1,6} /, "").trim());
}

/** Whether `text` (what follows `docs/x.md, `) starts with one of the headings, as a whole phrase. */
export function namesHeading(text: string, headings: readonly string[]): boolean {
  return headings.some((heading) => text.startsWith(heading) && !/^[\p{L}\p{N}]/u.test(text.slice(heading.length)));
}

/** The problems in one file's text. `docs` reads a document by its path under docs/ (undefined: none). */
export function problemsIn(file: string, text: string, docs: (path: string) => string | undefined): Problem[] {
  const problems: Problem[] = [];
  text.split("\n").forEach((line, index) => {
    const at = (message: string) => problems.push({ file, line: index + 1, message });
    if (OUTSIDE.test(line)) at(`cites a document outside the repository or an issue: "${line.trim().slice(0, 100)}"`);
    for (const match of line.matchAll(CITATION)) {
      const [, path, after] = match;
      const doc = docs(path!);
      if (doc === undefined) {
        at(`names docs/${path}, which does not exist`);
        continue;
      }
      // "docs/x.md, and then prose" is no citation of a heading: only check what starts with a capital or a quote.
      if (after !== undefined && /^[A-Z0-9"']/.test(after) && !namesHeading(after.trim(), headingsOf(doc))) {
        at(`names a heading docs/${path} does not have: "${after.trim().slice(0, 80)}"`);
      }
    }
  });
  return problems;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    // This check and its test hold examples of what it refuses.
    if (name === "node_modules" || name === "dist" || name.startsWith(".") || name.startsWith("check-doc-refs.")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(name)) yield path;
  }
}

function main(): void {
  const docs = (path: string) => {
    const full = join(ROOT, "docs", path);
    return existsSync(full) ? readFileSync(full, "utf8") : undefined;
  };
  const problems: Problem[] = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(join(ROOT, dir))) problems.push(...problemsIn(relative(ROOT, file), readFileSync(file, "utf8"), docs));
  }
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
  if (problems.length > 0) {
    console.error(`${problems.length} reference(s) to fix (docs/conventions.md, Comments).`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
