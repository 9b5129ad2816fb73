/** The web tier listens and drains with the helper both Node tiers share (docs/decisions/010-graceful-drain.md). */
export { serve, type Serving, type ServeOptions } from "../lib/node/serve.ts";
