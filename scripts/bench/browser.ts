import { chromium, type Browser, type Page } from "@playwright/test";

export interface SignedInPage {
  browser: Browser;
  page: Page;
}

/**
 * The system Chromium (as the browser suite and Lighthouse use), one page whose cookie jar holds
 * the bench user's session cookies: the page is signed in without going through the dialogs.
 */
export async function signedInPage(origin: string, cookieHeader: string): Promise<SignedInPage> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const context = await browser.newContext();
  const cookies = cookieHeader.split(/;\s*/).map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
  });
  await context.addCookies(cookies);
  return { browser, page: await context.newPage() };
}
