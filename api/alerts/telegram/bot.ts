/**
 * What the bot answers (docs/design.md, Alerts, Channels, Telegram): a pasted booking code or
 * `/code`, `/best`, `/surebets`, `/alerts`, `/mute`, `/stop`, `/start <token>` to link, `/start`
 * and `/help`. Every message is counted against its chat's limit first; anything the bot cannot
 * use gets a short answer; nothing a user sends can make it fail, nor show them another user's data.
 */
import { InlineKeyboard, type Bot, type Context } from "grammy";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { bookmakerName } from "#shared/reference.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { checkMintRef, signMintRef } from "./callback-ref.ts";
import { mintFor, parseCodeCommand, pastedCode, rankedText, rankRead, readAsked, type CodeRequest, type CodeDeps } from "./codes.ts";
import { TELEGRAM_LIMITS, type BotLimiter } from "./limits.ts";
import { linkChat, linkOfChat, muteChat, unlinkChat } from "./links.ts";
import { oddsAnswers, type OddsAnswerDeps } from "./odds-answers.ts";
import { fitMessage } from "./text.ts";
import { ruleTitles } from "./rule-titles.ts";

export interface BotDeps extends CodeDeps, OddsAnswerDeps {
  db: Kysely<Database>;
  logger: Logger;
  limiter: BotLimiter;
  /** Signs the mint buttons (callback-ref.ts). */
  refKey: Buffer;
}

/** Longer than any command or code by far: a message past this is answered without being read. */
export const MAX_READ_TEXT = 1_000;
export const DEFAULT_MUTE_HOURS = 8;
const MAX_MUTE_HOURS = 168;

export const BOT_WORDS = {
  help: [
    "I compare what Nigerian bookmakers pay on your booking codes, after bonus and the 5% tax.",
    "",
    "Paste a booking code (e.g. 3Q7XKD), or:",
    "/code <book> <code> [stake] - e.g. /code sportybet 3Q7XKD 2000",
    "/best <team> - the team's next match and the best prices",
    "/surebets - today's sure bets after tax",
    "/alerts - your alerts (link your account first)",
    "/mute [hours] - no alerts for a while (8 hours unless you say)",
    "/stop - unlink this chat from your account",
  ].join("\n"),
  slowDown: "Slow down, please: too many messages at once. I will answer again in a minute.",
  tooLong: "That message is too long for me. Paste just the booking code, or send /help.",
  unknownCommand: "I do not know that command. Send /help to see what I can do.",
  notACode: "I did not find a booking code in that. Paste just the code (e.g. 3Q7XKD), or send /help.",
  notLinked: "This chat is not linked to an AfriOdds account. Open your profile page on AfriOdds and tap Link Telegram.",
  badToken: "That link has expired or was used already. Open your profile page on AfriOdds and tap Link Telegram for a new one.",
  chatTaken: "This chat is linked to another AfriOdds account. Send /stop here first, then open the link again.",
  privateOnly: "Link your account in a private chat with me, not in a group.",
  linked: "Linked: your AfriOdds alerts will come here. /alerts lists them, /mute pauses them, /stop unlinks.",
  stopped: "Unlinked: no more alerts here. You can still paste booking codes. Link again from your profile page.",
  refForged: "That button was made for another chat. Paste the code here to get your own.",
  refExpired: "That button has expired. Paste the code again for fresh prices.",
  refMalformed: "That button is not one of mine.",
  failed: "Something went wrong on our side. Please try again in a minute.",
} as const;

const chatIdOf = (ctx: Context): string | undefined => {
  const id = ctx.chat?.id ?? ctx.callbackQuery?.message?.chat.id ?? ctx.from?.id;
  return id === undefined ? undefined : String(id);
};

/** The words of an error a bettor can act on: the API's own description, never internals. */
function errorWords(error: unknown): string {
  if (error instanceof AppError && error.code !== "INTERNAL_ERROR") return error.message;
  return BOT_WORDS.failed;
}

/** What the code commands and the mint button share: the limits' admission and the conversion. */
function codeKit(deps: BotDeps) {
  const { limiter } = deps;

  /** Whose allowance a code read or mint spends: the linked account, else the chat. */
  async function ownerOf(chatId: string): Promise<{ key: string; userId: string | undefined }> {
    const link = await linkOfChat(deps.db, chatId);
    return link ? { key: link.userId, userId: link.userId } : { key: `tg:${chatId}`, userId: undefined };
  }

  /** One more of `action` for this bettor: false when over the limit (answered once with "slow down", then silence). */
  async function admit(ctx: Context, chatId: string, action: "read" | "mint"): Promise<{ ok: boolean; owner: string }> {
    const owner = await ownerOf(chatId);
    const verdict = await limiter.take(owner.key, action, TELEGRAM_LIMITS[action]);
    if (verdict === "warn") await ctx.reply(BOT_WORDS.slowDown);
    if (verdict !== "ok") return { ok: false, owner: owner.key };
    // A linked bettor's reads and mints count with the site's (api/booking/rate.ts).
    if (owner.userId) await deps.booking.deps.rates.admit(owner.userId, action);
    return { ok: true, owner: owner.key };
  }

  async function convert(ctx: Context, chatId: string, ask: CodeRequest): Promise<void> {
    if (!(await admit(ctx, chatId, "read")).ok) return;
    const read = await readAsked(deps, ask);
    const ranked = await rankRead(deps, read, ask.stakeKobo);
    const text = fitMessage(rankedText(ranked, ask.stakeKobo, deps.clock()));
    if (ranked.mintAt === undefined) {
      await ctx.reply(text, { link_preview_options: { is_disabled: true } });
      return;
    }
    const data = signMintRef(deps.refKey, chatId, { to: ranked.mintAt, from: read.provider, code: read.code }, deps.clock());
    await ctx.reply(text, { link_preview_options: { is_disabled: true }, reply_markup: new InlineKeyboard().text(`Get code at ${bookmakerName(ranked.mintAt)}`, data) });
  }

  return { admit, convert };
}

type CodeKit = ReturnType<typeof codeKit>;

/** An error boundary, then each chat's limit, then the length check: before any command is read. */
function installGuards(bot: Bot, deps: BotDeps): void {
  // Whatever fails below, the user gets a short answer and the bot goes on.
  bot.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof AppError)) deps.logger.warn({ err: error, update: ctx.update.update_id }, "a Telegram update failed");
      // The answer itself failing (the user blocked the bot meanwhile) is the end of it.
      if (ctx.chat || ctx.callbackQuery) await ctx.reply(errorWords(error)).catch(() => undefined);
    }
  });

  // Each chat's limit, for messages and button taps alike.
  bot.use(async (ctx, next) => {
    const chatId = chatIdOf(ctx);
    if (chatId === undefined) return;
    const verdict = await deps.limiter.take(`tg:${chatId}`, "chat", TELEGRAM_LIMITS.chat);
    if (verdict === "ok") return next();
    if (ctx.callbackQuery) await ctx.answerCallbackQuery(verdict === "warn" ? { text: BOT_WORDS.slowDown } : undefined).catch(() => undefined);
    else if (verdict === "warn") await ctx.reply(BOT_WORDS.slowDown);
  });

  bot.on("message:text", async (ctx, next) => {
    if (ctx.message.text.length > MAX_READ_TEXT) return void (await ctx.reply(BOT_WORDS.tooLong));
    return next();
  });
}

const argsOf = (ctx: Context) => (typeof ctx.match === "string" ? ctx.match.trim() : "");

/** `/start [token]`, `/help`, `/alerts`, `/mute [hours]`, `/stop`: the linked account's side. */
function installAccountCommands(bot: Bot, deps: BotDeps): void {
  bot.command(["start", "help"], async (ctx) => {
    const token = argsOf(ctx);
    if (ctx.message?.text.startsWith("/help") || token === "") return void (await ctx.reply(BOT_WORDS.help));
    if (ctx.chat.type !== "private") return void (await ctx.reply(BOT_WORDS.privateOnly));
    const outcome = await linkChat(deps.db, token, String(ctx.chat.id), deps.clock());
    await ctx.reply(outcome.status === "linked" ? BOT_WORDS.linked : outcome.status === "chat-taken" ? BOT_WORDS.chatTaken : BOT_WORDS.badToken);
  });

  bot.command("alerts", async (ctx) => {
    const link = await linkOfChat(deps.db, String(ctx.chat.id));
    if (!link) return void (await ctx.reply(BOT_WORDS.notLinked));
    const titles = await ruleTitles(deps.db, link.userId);
    const muted = link.mutedUntil !== null && link.mutedUntil > deps.clock();
    const head = titles.length === 0 ? "You follow nothing yet. Tap Alert me on a match, your betslip or a sure bet." : `You have ${titles.length} alert${titles.length === 1 ? "" : "s"}:`;
    const lines = [head, ...titles.slice(0, 50).map((t) => `- ${t}`)];
    if (muted) lines.push("", `Muted here until ${new Date(link.mutedUntil!).toISOString().slice(0, 16).replace("T", " ")} UTC.`);
    lines.push("", `Manage them at ${deps.publicOrigin}/alerts`);
    await ctx.reply(fitMessage(lines.join("\n")), { link_preview_options: { is_disabled: true } });
  });

  bot.command("mute", async (ctx) => {
    const arg = argsOf(ctx);
    const hours = arg === "" ? DEFAULT_MUTE_HOURS : /^\d{1,3}$/.test(arg) ? Number(arg) : NaN;
    if (!(hours >= 0 && hours <= MAX_MUTE_HOURS)) return void (await ctx.reply(`Send /mute with a number of hours from 0 to ${MAX_MUTE_HOURS}, e.g. /mute 8 (0 unmutes).`));
    const until = hours === 0 ? null : deps.clock() + hours * 3_600_000;
    if (!(await muteChat(deps.db, String(ctx.chat.id), until))) return void (await ctx.reply(BOT_WORDS.notLinked));
    await ctx.reply(hours === 0 ? "Unmuted: alerts come here again." : `Muted for ${hours} hour${hours === 1 ? "" : "s"}: alerts wait until then. /mute 0 unmutes.`);
  });

  bot.command("stop", async (ctx) => {
    const was = await unlinkChat(deps.db, String(ctx.chat.id));
    await ctx.reply(was ? BOT_WORDS.stopped : "This chat is not linked to an account: nothing to stop.");
  });
}

/** `/code`, `/best`, `/surebets`: anyone's, linked or not. */
function installOddsCommands(bot: Bot, deps: BotDeps, kit: CodeKit): void {
  const odds = oddsAnswers(deps);
  bot.command("code", async (ctx) => {
    const parsed = parseCodeCommand(argsOf(ctx));
    if (!parsed.ok) return void (await ctx.reply(parsed.message));
    await kit.convert(ctx, String(ctx.chat.id), parsed.ask);
  });
  bot.command("best", async (ctx) => {
    await ctx.reply(odds.best(argsOf(ctx)), { link_preview_options: { is_disabled: true } });
  });
  bot.command("surebets", async (ctx) => {
    await ctx.reply(fitMessage(odds.sureBets()), { link_preview_options: { is_disabled: true } });
  });
}

/** After the commands: an unknown one, a pasted code or chatter, anything else. */
function installCatchAll(bot: Bot, kit: CodeKit): void {
  bot.on("message::bot_command", async (ctx) => {
    await ctx.reply(BOT_WORDS.unknownCommand);
  });
  bot.on("message:text", async (ctx) => {
    const pasted = pastedCode(ctx.message.text);
    if (!pasted) return void (await ctx.reply(BOT_WORDS.notACode));
    if (!pasted.ok) return void (await ctx.reply(pasted.message));
    await kit.convert(ctx, String(ctx.chat.id), pasted.ask);
  });
  // A photo, a sticker: what the bot does take.
  bot.on("message", async (ctx) => {
    await ctx.reply(BOT_WORDS.notACode);
  });
}

/** The "Get code at <book>" button: checked for this chat, then minted as the betslip mints. */
function installMintButton(bot: Bot, deps: BotDeps, kit: CodeKit): void {
  bot.on("callback_query:data", async (ctx) => {
    const chatId = chatIdOf(ctx)!;
    const check = checkMintRef(deps.refKey, chatId, ctx.callbackQuery.data, deps.clock());
    if (!check.ok) {
      const text = check.reason === "expired" ? BOT_WORDS.refExpired : check.reason === "forged" ? BOT_WORDS.refForged : BOT_WORDS.refMalformed;
      return void (await ctx.answerCallbackQuery({ text, show_alert: true }));
    }
    const { ref } = check;
    const admitted = await kit.admit(ctx, chatId, "mint");
    if (!admitted.ok) return void (await ctx.answerCallbackQuery().catch(() => undefined));
    await ctx.answerCallbackQuery({ text: `Asking ${bookmakerName(ref.to)} for a code...` });
    const read = await readAsked(deps, { provider: ref.from, code: ref.code, stakeKobo: 0 });
    const code = await mintFor(deps, read, ref.to, admitted.owner);
    const lines = [`${bookmakerName(code.provider)} code: ${code.code}`, `${code.legs} selection${code.legs === 1 ? "" : "s"}, checked on ${bookmakerName(code.provider)}.`];
    for (const miss of code.notPlaced ?? []) lines.push(`- ${miss.reason}`);
    if (code.url) lines.push("", code.url);
    await ctx.reply(fitMessage(lines.join("\n")), { link_preview_options: { is_disabled: true } });
  });
  bot.on("callback_query", async (ctx) => {
    await ctx.answerCallbackQuery({ text: BOT_WORDS.refMalformed });
  });
}

export function installBot(bot: Bot, deps: BotDeps): void {
  const kit = codeKit(deps);
  installGuards(bot, deps);
  installAccountCommands(bot, deps);
  installOddsCommands(bot, deps, kit);
  installCatchAll(bot, kit);
  installMintButton(bot, deps, kit);
}
