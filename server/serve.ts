import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

const DRAIN_MS = 10_000;

export interface Serving {
  server: Server;
  port: number;
  /** Stops accepting connections and closes idle ones; in-flight requests and streams finish (`drainMs` at most). */
  close(): Promise<void>;
}

/** Listens on `port` (0: any free one) and knows how to stop gracefully. */
export async function serve(handler: RequestListener, options: { port: number; host: string; drainMs?: number }): Promise<Serving> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  let closing: Promise<void> | undefined;
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), options.drainMs ?? DRAIN_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
