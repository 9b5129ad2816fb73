import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_WORDS } from "#api/alerts/telegram/bot.ts";
import { startTelegramStandIn, type RunningTelegramStandIn } from "#api/feeds/simulator/telegram/bot-api-stand-in.ts";
import type { AlertsView } from "#shared/alerts-contract.ts";
import { follow, formPage, postForm } from "../helpers/forms.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

/**
 * The profile page's Telegram link as HTML forms, without JavaScript (docs/design.md, Alerts,
 * Channels, Telegram; Pages without JavaScript): the real API with its bot long-polling the Bot API
 * stand-in, the web tier's form posts, and the page read again after each.
 */

const TOKEN = "123456789:AAFakeTokenForTheStandIn_0123456789";
let telegram: RunningTelegramStandIn;
// Registered before the suite's own, so the stand-in listens when the API starts (and closes after it).
beforeAll(async () => {
  telegram = await startTelegramStandIn({ token: TOKEN });
});
afterAll(async () => {
  await telegram?.close();
});
const suite = useWebSuite({ apiEnv: () => ({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot }) });

async function telegramOf(cookie: string): Promise<AlertsView["channels"]["telegram"]> {
  return ((await suite.stack.http.get("/api/users/alerts").set("cookie", cookie).expect(200)).body.data as AlertsView).channels.telegram;
}

/** The t.me link's single-use token, from where the link post sent the browser. */
function startToken(location: string): string {
  expect(location).toMatch(/^https:\/\/t\.me\/\w{5,32}\?start=[A-Za-z0-9_-]{32}$/);
  return new URL(location).searchParams.get("start")!;
}

describe("the profile page's Telegram form posts", () => {
  it("links: the post sends the browser on to the single-use t.me link; once the bot took it the page says Linked, and Unlink posts, unlinks and comes back saying so", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const before = await formPage(suite, "/profile", cookie);
    expect(before.res.text).toContain('action="/profile/telegram/link"');
    expect(before.res.text).not.toContain('action="/profile/telegram/unlink"');
    expect(before.res.text).toContain("Link Telegram");
    expect(before.res.text).not.toContain("Linked to Telegram");
    expect(before.res.text).toMatch(/<a [^>]*href="\/alerts"[^>]*>Your alerts<\/a>/);

    const linkRes = await postForm(suite, "/profile/telegram/link", before.cookie, { _csrf: before.token });
    expect(linkRes.status).toBe(303);
    const token = startToken(String(linkRes.headers.location));
    // Telegram opens the link: the bettor's private chat sends /start <token>, and the bot answers that it is linked.
    const chat = 8_100_001;
    telegram.bot.userSays(chat, `/start ${token}`);
    const [answer] = await telegram.bot.waitForSent(chat, 1);
    expect(answer!.text).toBe(BOT_WORDS.linked);
    expect(await telegramOf(cookie)).toEqual({ available: true, linked: true, muted: false });

    const linked = await formPage(suite, "/profile", before.cookie);
    expect(linked.res.text).toContain("Linked to Telegram.");
    expect(linked.res.text).toContain('action="/profile/telegram/unlink"');
    expect(linked.res.text).not.toContain('action="/profile/telegram/link"');

    const unlinkRes = await postForm(suite, "/profile/telegram/unlink", linked.cookie, { _csrf: linked.token });
    expect(unlinkRes.headers.location).toBe("/profile");
    const { page } = await follow(suite, unlinkRes, linked.cookie);
    expect(page.text).toContain("Telegram unlinked: no more alerts there.");
    expect(page.text).not.toContain("Linked to Telegram");
    expect(page.text).toContain('action="/profile/telegram/link"');
    expect(page.text).not.toContain('action="/profile/telegram/unlink"');
    expect(await telegramOf(cookie)).toEqual({ available: true, linked: false, muted: false });
  });

  it("refuses either post without the form token, linking and unlinking nothing", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const calls = () => suite.stack.proxy.seen.filter((r) => r.path === "/users/telegram/link").length;
    const before = calls();
    for (const path of ["/profile/telegram/link", "/profile/telegram/unlink"]) {
      expect((await postForm(suite, path, cookie, {})).status, path).toBe(403);
    }
    expect(calls()).toBe(before);
  });
});
