import { createServer, type RequestListener, type Server, type ServerResponse } from "node:http";
import { Server as NetServer, type AddressInfo, type Socket } from "node:net";
import { answerClientError } from "./client-error.ts";

/** In-flight work gets this long after a stop begins; then whatever is left is cut. */
const DRAIN_MS = 10_000;
/**
 * A kept-alive socket with nothing in flight is closed once it has been idle this long during a
 * drain. Closing it at once would race a request already on the wire (decision 010).
 */
const IDLE_GRACE_MS = 1_000;

/**
 * Keep-alive between our own tiers: the calling pool (server/bff/upstream.ts) closes a socket idle
 * POOL_IDLE_MS, the called server (the API) one idle SERVER_IDLE_MS. The caller must be the side
 * that closes: a server closing an idle socket just as a request arrives on it resets that request.
 * With Node's 5 s beside undici's 4 s, a login failed that way on a loaded host, when the pool's
 * timer ran late (docs/benchmarks.md, the loaded runs of 2026-11-28).
 */
export const POOL_IDLE_MS = 4_000;
export const SERVER_IDLE_MS = 30_000;

export interface ServeOptions {
  port: number;
  host: string;
  drainMs?: number;
  idleGraceMs?: number;
  /** How long an idle kept-alive socket stays open (Node's default, 5 s, when unset). */
  keepAliveTimeoutMs?: number;
}

export interface Serving {
  server: Server;
  port: number;
  /**
   * Drains: refuses new connections, answers every request from now on (and any in flight that
   * has not sent its headers) with `Connection: close`, lets in-flight requests and streams finish
   * (`drainMs` at most), and closes kept-alive sockets once idle for `idleGraceMs`.
   */
  close(): Promise<void>;
}

/** Listens on `port` (0: any free one) and knows how to stop without losing a request. Used by both tiers. */
export async function serve(handler: RequestListener, options: ServeOptions): Promise<Serving> {
  const inFlight = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let draining = false;

  const server = createServer((req, res) => {
    if (draining) {
      res.setHeader("Connection", "close");
      // A socket set to close when idle is busy again: its request runs to the end.
      req.socket.setTimeout(0);
    }
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    handler(req, res);
  });
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket, answered(inFlight, socket)));
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
        draining = true;
        const grace = options.idleGraceMs ?? IDLE_GRACE_MS;
        const force = setTimeout(() => server.closeAllConnections(), options.drainMs ?? DRAIN_MS);
        force.unref();
        // net's close, not http's: http's also drops idle sockets at once (see IDLE_GRACE_MS).
        NetServer.prototype.close.call(server, () => {
          clearTimeout(force);
          // Nothing is left open; this only stops http's connection-checking timer.
          server.closeAllConnections();
          resolve();
        });
        for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
        // Sockets whose response went out before the drain and that go idle later close after the same grace.
        server.keepAliveTimeout = grace;
        for (const socket of sockets) if (!busy(inFlight, socket)) socket.setTimeout(grace);
      });
      return closing;
    },
  };
}

/** Whether an answer on this socket has begun: after that, bytes of ours would corrupt it. */
function answered(inFlight: Set<ServerResponse>, socket: Socket): boolean {
  for (const res of inFlight) if (res.socket === socket && res.headersSent) return true;
  return false;
}

function busy(inFlight: Set<ServerResponse>, socket: Socket): boolean {
  for (const res of inFlight) if (res.socket === socket) return true;
  return false;
}
