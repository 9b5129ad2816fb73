import { chromium } from "@playwright/test";

/**
 * A newcomer in the system Chromium registering through the register dialog while sign-up is under
 * a flood, the page's CPU slowed `cpuSlowdown` times (CDP's throttling, as Lighthouse's mobile runs
 * slow theirs by 4 to stand for a cheap phone): the time from the Register tap to the verification
 * dialog, and whether the dialog fetched a challenge (solved in the page with Web Crypto). The web
 * tier trusts the bench's X-Forwarded-For (TRUST_PROXY), so each newcomer is its own `address`.
 */
export async function browserNewcomer(origin: string, tag: string, address: string, cpuSlowdown: number): Promise<BrowserNewcomer> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const page = await (await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } })).newPage();
    let asked = false;
    page.on("request", (req) => {
      if (new URL(req.url()).pathname === "/api/users/register/challenge") asked = true;
    });
    // Hydrated once the shell's session check has gone out (tests/e2e/helpers.ts, gotoHydrated).
    const session = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/session");
    await page.goto(`${origin}/`);
    await session;
    await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
    await page.getByRole("dialog", { name: "Log In" }).getByRole("button", { name: "Register" }).click();
    const form = page.getByRole("dialog", { name: "Create Your Free Account" });
    await form.getByLabel("Username").fill(`sb_${tag}`);
    await form.getByLabel("Email").fill(`sb.${tag}@example.ng`);
    await form.getByLabel("Password", { exact: true }).fill("newcomer password 1");
    await form.getByLabel("Confirm Password", { exact: true }).fill("newcomer password 1");
    await form.getByRole("checkbox", { name: /18 or older/ }).check();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    const started = performance.now();
    await form.getByRole("button", { name: "Register" }).click();
    // Registered (the verification dialog), or refused (the form's alert says why).
    const verify = page.getByRole("dialog", { name: "Verify Your Email" });
    await verify.or(form.getByRole("alert")).first().waitFor({ timeout: 60_000 });
    const ms = performance.now() - started;
    return { ms, asked, refused: (await verify.isVisible()) ? undefined : await form.getByRole("alert").textContent() ?? "" };
  } finally {
    await browser.close();
  }
}

export interface BrowserNewcomer {
  /** From the Register tap to the verification dialog, or to the refusal. */
  ms: number;
  /** Whether the page fetched a challenge (and so solved one). */
  asked: boolean;
  /** The form's message when the registration was refused; undefined once registered. */
  refused: string | undefined;
}
