import pg from "pg";
import type { Logger } from "pino";
import { CHANGES_CHANNEL } from "../write/changes.ts";

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

export interface ChangeListener {
  /** Whether the LISTEN connection is up (tests wait for it). */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * One dedicated PostgreSQL connection per API replica that LISTENs for written changes and calls
 * `onNotice` for each (docs/design.md, Announcing changes: the NOTIFY carries the sequence only; the
 * replica reads the rows). A lost connection is reopened with backoff, and each (re)connect calls
 * `onNotice` once, so notices missed while it was down are caught up from the change log.
 */
export function listenForChanges(options: { databaseUrl: string; logger: Logger; onNotice: () => Promise<void> }): ChangeListener {
  const { logger, onNotice } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let up = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  const notice = () => void onNotice().catch((error: unknown) => logger.error({ err: error }, "reading odds changes failed"));

  const retry = (current: pg.Client, error: unknown) => {
    if (client !== current) return;
    client = undefined;
    up = false;
    void current.end().catch(() => undefined);
    if (closed) return;
    logger.warn({ err: error }, "odds change listener lost its connection; reconnecting");
    timer = setTimeout(connect, retryMs);
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
  };

  async function connect() {
    if (closed) return;
    const current = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true });
    client = current;
    current.on("error", (error) => retry(current, error));
    current.on("end", () => retry(current, new Error("connection ended")));
    current.on("notification", (message) => message.channel === CHANGES_CHANNEL && notice());
    try {
      await current.connect();
      await current.query(`listen ${CHANGES_CHANNEL}`);
      if (client !== current) return;
      up = true;
      retryMs = RETRY_MIN_MS;
      notice();
    } catch (error) {
      retry(current, error);
    }
  }

  void connect();
  return {
    listening: () => up,
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      up = false;
      await current?.end().catch(() => undefined);
    },
  };
}
