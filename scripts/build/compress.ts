import { readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;

/** Writes `.br` and `.gz` beside every compressible file, so the web tier serves them without work. */
export async function precompress(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const body = await readFile(path);
    await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
    await writeFile(
      `${path}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
    count += 1;
  }
  return count;
}
