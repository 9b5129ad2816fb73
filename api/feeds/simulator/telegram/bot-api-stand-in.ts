/**
 * A Telegram Bot API stand-in on loopback (docs/design.md, Alerts, Channels): the real Bot API's
 * shapes for the calls the bot makes (`getMe`, `getUpdates` with `offset` and `timeout`,
 * `sendMessage`, `answerCallbackQuery`, `editMessageText`, `setWebhook`, `deleteWebhook`), as the
 * bookmaker simulator stands in for the books. A test pushes a user's message or button tap in,
 * reads back everything the bot sent per chat, and can make the next calls answer 429 with
 * `parameters.retry_after` or 403 "bot was blocked by the user". With a webhook set, updates are
 * POSTed to it with the `X-Telegram-Bot-Api-Secret-Token` header, as Telegram does. Like Telegram it
 * refuses a bot that sends too fast: about 30 messages a second across chats, 1,000 as paid
 * broadcasts (`allow_paid_broadcast`), each beyond answered 429 with `retry_after`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The Bot API's limit on a message's text (characters as Telegram counts them: UTF-16 units). */
export const TELEGRAM_MAX_TEXT = 4096;

export interface StandInUser {
  id: number;
  first_name: string;
  username?: string;
}

/** An update as the Bot API delivers it: a message or a callback query (the two the bot reads). */
export interface StandInUpdate {
  update_id: number;
  message?: StandInMessage;
  callback_query?: { id: string; from: StandInUser; message?: StandInMessage; chat_instance: string; data?: string };
}

export interface StandInMessage {
  message_id: number;
  date: number;
  chat: { id: number; type: "private" | "group" | "supergroup"; first_name?: string; title?: string };
  from?: StandInUser & { is_bot: boolean };
  text?: string;
  entities?: { type: "bot_command"; offset: number; length: number }[];
  reply_markup?: unknown;
}

/** What the bot sent to one chat, in order: messages and edits. */
export interface SentToChat {
  method: "sendMessage" | "editMessageText";
  messageId: number;
  text: string;
  parseMode?: string;
  replyMarkup?: InlineMarkup;
  /** Sent with `allow_paid_broadcast` (Telegram's paid broadcasts, beyond 30 messages a second). */
  paidBroadcast?: boolean;
  at: number;
}

export interface InlineMarkup {
  inline_keyboard: { text: string; callback_data?: string; url?: string }[][];
}

export interface CallbackAnswer {
  callbackQueryId: string;
  text?: string;
  showAlert?: boolean;
}

/** A failure the next matching calls answer with. */
export type StandInFault = { kind: "too-many"; retryAfterS: number } | { kind: "blocked" };

export interface TelegramStandInOptions {
  token: string;
  username?: string;
  /** The bot's own id (the token's digits by default). */
  botId?: number;
  /** Messages a second the bot may send across chats (BROADCAST_LIMITS by default). */
  limits?: { free: number; paid: number };
  /** The clock the limits are kept by (epoch ms; the real one by default). */
  clock?: () => number;
}

/** Telegram's broadcast limits as the stand-in enforces them, in any second: 30 messages free, 1,000 as paid broadcasts. */
export const BROADCAST_LIMITS = { free: 30, paid: 1_000 } as const;

interface Waiter {
  resolve(): void;
}

type Params = Record<string, unknown>;

class BotApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly parameters?: { retry_after?: number },
  ) {
    super(description);
  }
}

/** Bot API parameters may come as a JSON body, a form, or the query string; objects come as JSON text in the last two. */
function decoded(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

async function readParams(req: IncomingMessage, url: URL): Promise<Params> {
  const params: Params = Object.fromEntries(url.searchParams);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  if (body === "") return params;
  const type = req.headers["content-type"] ?? "";
  if (type.includes("application/json")) return { ...params, ...(JSON.parse(body) as Params) };
  if (type.includes("application/x-www-form-urlencoded")) return { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
  throw new BotApiError(400, "Bad Request: unsupported content type");
}

const numberOf = (value: unknown) => (typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN);

export class TelegramStandIn {
  readonly token: string;
  readonly username: string;
  readonly botId: number;
  private nextUpdateId = 1;
  private pending: StandInUpdate[] = [];
  private waiters = new Set<Waiter>();
  private sent = new Map<number, SentToChat[]>();
  private messageIds = new Map<number, number>();
  private answers: CallbackAnswer[] = [];
  private faults: { method: string; chatId?: number; fault: StandInFault; times: number }[] = [];
  private blocked = new Set<number>();
  private hook: { url: string; secret?: string } | undefined;
  private delivering = false;
  private sentListeners = new Set<() => void>();
  /** Each call the bot made, by method (what a test counts: no getUpdates while a webhook is set). */
  readonly calls: { method: string; params: Params; at: number }[] = [];
  /** Each webhook delivery's answer status, in order. */
  readonly deliveries: number[] = [];
  /** Sends refused for going past the broadcast limits (429). */
  rateRefusals = 0;
  private readonly limits: { free: number; paid: number };
  private readonly clock: () => number;
  /** When recent sends were taken, free and paid, oldest first: the last second's. */
  private recent = { free: [] as number[], paid: [] as number[] };

  constructor(options: TelegramStandInOptions) {
    this.token = options.token;
    this.username = options.username ?? "afriodds_test_bot";
    this.botId = options.botId ?? Number(options.token.split(":")[0]);
    this.limits = options.limits ?? BROADCAST_LIMITS;
    this.clock = options.clock ?? Date.now;
  }

  /** Past the broadcast limits: this send is refused with a 429, as Telegram refuses it. */
  private overLimit(paid: boolean): boolean {
    const now = this.clock();
    for (const times of [this.recent.free, this.recent.paid]) while (times.length > 0 && times[0]! <= now - 1_000) times.shift();
    const free = this.recent.free.length;
    const all = free + this.recent.paid.length;
    if (paid ? all >= this.limits.paid : free >= this.limits.free || all >= this.limits.paid) {
      this.rateRefusals += 1;
      return true;
    }
    (paid ? this.recent.paid : this.recent.free).push(now);
    return false;
  }

  /** A user writes `text` in their private chat with the bot (chat id = user id); a leading /command is marked as Telegram marks it. */
  userSays(user: number | StandInUser, text: string, chat?: StandInMessage["chat"]): StandInUpdate {
    const from = typeof user === "number" ? { id: user, first_name: `User ${user}` } : user;
    const command = /^\/[A-Za-z0-9_]+(@\w+)?/.exec(text);
    const message: StandInMessage = {
      message_id: this.messageIdFor(chat?.id ?? from.id),
      date: Math.floor(Date.now() / 1000),
      chat: chat ?? { id: from.id, type: "private", first_name: from.first_name },
      from: { ...from, is_bot: false },
      text,
      ...(command ? { entities: [{ type: "bot_command" as const, offset: 0, length: command[0].length }] } : {}),
    };
    return this.push({ message });
  }

  /** A user taps an inline button carrying `data` under the bot's message `messageId` in `chatId` (their own chat unless given). */
  userTaps(user: number, data: string, options: { chatId?: number; messageId?: number } = {}): string {
    const chatId = options.chatId ?? user;
    const id = `cb${this.nextUpdateId}`;
    const messageId = options.messageId ?? this.lastSent(chatId)?.messageId ?? 1;
    this.push({
      callback_query: {
        id,
        from: { id: user, first_name: `User ${user}` },
        message: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private" }, text: this.lastSent(chatId)?.text ?? "" },
        chat_instance: String(chatId),
        data,
      },
    });
    return id;
  }

  /** Everything the bot sent to this chat so far, oldest first. */
  sentTo(chatId: number): SentToChat[] {
    return [...(this.sent.get(chatId) ?? [])];
  }

  /** Everything the bot sent to any chat so far, chat by chat (the alert bench's count). */
  allSent(): SentToChat[] {
    return [...this.sent.values()].flat();
  }

  lastSent(chatId: number): SentToChat | undefined {
    return this.sent.get(chatId)?.at(-1);
  }

  callbackAnswers(): CallbackAnswer[] {
    return [...this.answers];
  }

  /** Resolves once the chat holds `count` sends (messages or edits), or rejects after `timeoutMs`. */
  waitForSent(chatId: number, count: number, timeoutMs = 10_000): Promise<SentToChat[]> {
    return this.waitUntil(() => (this.sent.get(chatId)?.length ?? 0) >= count, timeoutMs, () => `${count} messages to chat ${chatId}; got ${this.sentTo(chatId).length}: ${JSON.stringify(this.sentTo(chatId).map((s) => s.text))}`).then(() => this.sentTo(chatId));
  }

  /** Resolves once `done()` holds, checked after each call the bot makes; rejects after `timeoutMs` with `what()`. */
  waitUntil(done: () => boolean, timeoutMs = 10_000, what: () => string = () => "a condition"): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.sentListeners.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.sentListeners.delete(check);
        reject(new Error(`timed out waiting for ${what()}`));
      }, timeoutMs);
      this.sentListeners.add(check);
    });
  }

  /** The next `times` calls of `method` (to `chatId` when given) answer with `fault`. */
  failNext(method: string, fault: StandInFault, options: { chatId?: number; times?: number } = {}): void {
    this.faults.push({ method, fault, times: options.times ?? 1, ...(options.chatId === undefined ? {} : { chatId: options.chatId }) });
  }

  /** The user blocks the bot: every send to their chat answers 403 until `unblock`. */
  block(chatId: number): void {
    this.blocked.add(chatId);
  }

  unblock(chatId: number): void {
    this.blocked.delete(chatId);
  }

  /** The webhook the bot set, if any. */
  webhook(): { url: string; secret?: string } | undefined {
    return this.hook && { ...this.hook };
  }

  /** Updates not yet confirmed (long polling) or not yet accepted by the webhook. */
  pendingUpdates(): number {
    return this.pending.length;
  }

  private messageIdFor(chatId: number): number {
    const next = (this.messageIds.get(chatId) ?? 0) + 1;
    this.messageIds.set(chatId, next);
    return next;
  }

  private push(update: Omit<StandInUpdate, "update_id">): StandInUpdate {
    const full = { update_id: this.nextUpdateId++, ...update };
    this.pending.push(full);
    for (const waiter of this.waiters) waiter.resolve();
    void this.deliver();
    return full;
  }

  private notify(): void {
    for (const listener of [...this.sentListeners]) listener();
  }

  private record(chatId: number, entry: SentToChat): void {
    this.sent.set(chatId, [...(this.sent.get(chatId) ?? []), entry]);
  }

  /** Posts pending updates to the webhook one at a time, as Telegram does per bot; a refused one is tried again. */
  private async deliver(): Promise<void> {
    if (this.delivering || !this.hook) return;
    this.delivering = true;
    try {
      let refusals = 0;
      while (this.hook && this.pending.length > 0 && refusals < 5) {
        const update = this.pending[0]!;
        const { url, secret } = this.hook;
        const status = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", ...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}) },
          body: JSON.stringify(update),
        }).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
          () => 0,
        );
        this.deliveries.push(status);
        this.notify();
        if (status >= 200 && status < 300) {
          this.pending.shift();
          refusals = 0;
        } else {
          refusals += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    } finally {
      this.delivering = false;
    }
  }

  private takeFault(method: string, chatId: number | undefined): StandInFault | undefined {
    if ((method === "sendMessage" || method === "editMessageText") && chatId !== undefined && this.blocked.has(chatId)) return { kind: "blocked" };
    const index = this.faults.findIndex((f) => f.method === method && (f.chatId === undefined || f.chatId === chatId));
    if (index < 0) return undefined;
    const entry = this.faults[index]!;
    entry.times -= 1;
    if (entry.times <= 0) this.faults.splice(index, 1);
    return entry.fault;
  }

  /** One Bot API method: its result, or a BotApiError the answer carries. */
  async call(method: string, params: Params, res: ServerResponse): Promise<unknown> {
    const chatId = params.chat_id === undefined ? undefined : numberOf(params.chat_id);
    const fault = this.takeFault(method, chatId);
    if (fault?.kind === "too-many") throw new BotApiError(429, `Too Many Requests: retry after ${fault.retryAfterS}`, { retry_after: fault.retryAfterS });
    if (fault?.kind === "blocked") throw new BotApiError(403, "Forbidden: bot was blocked by the user");
    switch (method) {
      case "getMe":
        return { id: this.botId, is_bot: true, first_name: "AfriOdds", username: this.username, can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false };
      case "getUpdates":
        return this.getUpdates(params, res);
      case "sendMessage":
        return this.sendMessage(params);
      case "editMessageText":
        return this.editMessageText(params);
      case "answerCallbackQuery": {
        if (typeof params.callback_query_id !== "string") throw new BotApiError(400, "Bad Request: query is too old and response timeout expired or query ID is invalid");
        this.answers.push({
          callbackQueryId: params.callback_query_id,
          ...(typeof params.text === "string" ? { text: params.text } : {}),
          ...(params.show_alert === true || params.show_alert === "true" ? { showAlert: true } : {}),
        });
        return true;
      }
      case "setWebhook": {
        if (typeof params.url !== "string" || params.url === "") {
          this.hook = undefined;
          return true;
        }
        if (!/^https?:\/\//.test(params.url)) throw new BotApiError(400, "Bad Request: bad webhook: An HTTPS URL must be provided for webhook");
        const secret = typeof params.secret_token === "string" ? params.secret_token : undefined;
        this.hook = { url: params.url, ...(secret ? { secret } : {}) };
        if (params.drop_pending_updates === true || params.drop_pending_updates === "true") this.pending = [];
        void this.deliver();
        return true;
      }
      case "deleteWebhook":
        this.hook = undefined;
        if (params.drop_pending_updates === true || params.drop_pending_updates === "true") this.pending = [];
        return true;
      default:
        throw new BotApiError(404, "Not Found");
    }
  }

  private async getUpdates(params: Params, res: ServerResponse): Promise<StandInUpdate[]> {
    if (this.hook) throw new BotApiError(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
    const offset = numberOf(params.offset);
    if (Number.isFinite(offset)) this.pending = this.pending.filter((u) => u.update_id >= offset);
    const limit = Math.min(100, Math.max(1, Number.isFinite(numberOf(params.limit)) ? numberOf(params.limit) : 100));
    const timeoutS = Math.min(50, Math.max(0, Number.isFinite(numberOf(params.timeout)) ? numberOf(params.timeout) : 0));
    if (this.pending.length === 0 && timeoutS > 0) {
      await new Promise<void>((resolve) => {
        const waiter: Waiter = {
          resolve: () => {
            clearTimeout(timer);
            this.waiters.delete(waiter);
            res.off("close", waiter.resolve);
            resolve();
          },
        };
        const timer = setTimeout(waiter.resolve, timeoutS * 1000);
        this.waiters.add(waiter);
        // The bot gave up on this poll (stopping): the connection is gone before any answer.
        res.once("close", waiter.resolve);
      });
    }
    return this.pending.slice(0, limit);
  }

  private sendMessage(params: Params): unknown {
    const chatId = numberOf(params.chat_id);
    if (!Number.isFinite(chatId)) throw new BotApiError(400, "Bad Request: chat not found");
    const text = typeof params.text === "string" ? params.text : "";
    if (text.trim() === "") throw new BotApiError(400, "Bad Request: message text is empty");
    if (text.length > TELEGRAM_MAX_TEXT) throw new BotApiError(400, "Bad Request: message is too long");
    const markup = decoded(params.reply_markup) as InlineMarkup | undefined;
    const messageId = this.messageIdFor(chatId);
    const parseMode = typeof params.parse_mode === "string" ? params.parse_mode : undefined;
    const paid = params.allow_paid_broadcast === true || params.allow_paid_broadcast === "true";
    if (this.overLimit(paid)) throw new BotApiError(429, "Too Many Requests: retry after 1", { retry_after: 1 });
    this.record(chatId, { method: "sendMessage", messageId, text, ...(parseMode ? { parseMode } : {}), ...(markup ? { replyMarkup: markup } : {}), ...(paid ? { paidBroadcast: true } : {}), at: Date.now() });
    return {
      message_id: messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "private" },
      from: { id: this.botId, is_bot: true, first_name: "AfriOdds", username: this.username },
      text,
      ...(markup ? { reply_markup: markup } : {}),
    };
  }

  private editMessageText(params: Params): unknown {
    const chatId = numberOf(params.chat_id);
    const messageId = numberOf(params.message_id);
    const text = typeof params.text === "string" ? params.text : "";
    if (!Number.isFinite(chatId) || !Number.isFinite(messageId)) throw new BotApiError(400, "Bad Request: message to edit not found");
    if (text.trim() === "") throw new BotApiError(400, "Bad Request: message text is empty");
    if (text.length > TELEGRAM_MAX_TEXT) throw new BotApiError(400, "Bad Request: MESSAGE_TOO_LONG");
    const markup = decoded(params.reply_markup) as InlineMarkup | undefined;
    const parseMode = typeof params.parse_mode === "string" ? params.parse_mode : undefined;
    this.record(chatId, { method: "editMessageText", messageId, text, ...(parseMode ? { parseMode } : {}), ...(markup ? { replyMarkup: markup } : {}), at: Date.now() });
    return { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private" }, text };
  }

  /** The HTTP side: /bot<token>/<method>, answering {ok, result} or {ok: false, error_code, description[, parameters]}. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    const answer = (status: number, body: unknown) => {
      if (res.headersSent || res.destroyed) return;
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (!match) return answer(404, { ok: false, error_code: 404, description: "Not Found" });
    if (match[1] !== this.token) return answer(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const method = match[2]!;
    let params: Params;
    try {
      params = await readParams(req, url);
    } catch (error) {
      const status = error instanceof BotApiError ? error.status : 400;
      return answer(status, { ok: false, error_code: status, description: error instanceof BotApiError ? error.description : "Bad Request: can't parse JSON" });
    }
    this.calls.push({ method, params, at: Date.now() });
    try {
      const result = await this.call(method, params, res);
      answer(200, { ok: true, result });
    } catch (error) {
      if (!(error instanceof BotApiError)) throw error;
      answer(error.status, { ok: false, error_code: error.status, description: error.description, ...(error.parameters ? { parameters: error.parameters } : {}) });
    } finally {
      this.notify();
    }
  }
}

export interface RunningTelegramStandIn {
  /** The Bot API root to give the bot (TELEGRAM_API_ROOT). */
  apiRoot: string;
  bot: TelegramStandIn;
  close(): Promise<void>;
}

/** The stand-in listening on loopback at a free port. */
export async function startTelegramStandIn(options: TelegramStandInOptions): Promise<RunningTelegramStandIn> {
  const bot = new TelegramStandIn(options);
  const server: Server = createServer((req, res) => {
    bot.handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ ok: false, error_code: 500, description: "Internal Server Error" }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    bot,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
