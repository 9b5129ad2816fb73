import { describe, expect, it } from "vitest";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";
import { TEST_ORIGIN } from "../helpers/web.ts";
import { cookiesOf, formPage, pairs, postForm } from "../helpers/forms.ts";

/** Log in and log out as HTML forms, without JavaScript (docs/design.md, Pages without JavaScript). */

describe("signing in and out with HTML forms", () => {
  const suite = useWebSuite();

  it("logs in by form post and sends the bettor on with a redirect, the tokens only in HttpOnly cookies", async () => {
    const { account } = await signInThroughWeb(suite);
    const page = await formPage(suite, "/login");
    const res = await postForm(suite, "/login", page.cookie, { _csrf: page.token, username: account.userName, password: account.password });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/dashboard");
    const session = cookiesOf(res).filter((c) => /^afriodds_(at|rt)=/.test(c));
    expect(session).toHaveLength(2);
    for (const c of session) expect(c).toMatch(/HttpOnly/);
    expect(res.text).not.toContain(account.password);
    const dashboard = await suite.stack.http.get("/dashboard").set("cookie", [page.cookie, ...pairs(session)].join("; "));
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain("odds-table");
  });

  it("goes back to the sign-in page with the spec's message after a wrong password, once, and keeps the name typed", async () => {
    const { account } = await signInThroughWeb(suite);
    const page = await formPage(suite, "/login");
    const res = await postForm(suite, "/login", page.cookie, { _csrf: page.token, username: account.userName, password: "not the password 1" });
    expect([res.status, res.headers.location]).toEqual([303, "/login"]);
    const flash = pairs(cookiesOf(res));
    const again = await suite.stack.http.get("/login").set("cookie", [page.cookie, ...flash].join("; "));
    expect(again.text).toContain("Invalid username or password. Please check your credentials and try again.");
    expect(again.text).toContain(`value="${account.userName}"`);
    // Read once: the message goes with that answer, so a reload does not show it again.
    expect(cookiesOf(again).some((c) => /^afriodds_flash=;/.test(c))).toBe(true);
  });

  it("changes nothing for a post without the form token, with another's token, or from another origin", async () => {
    const { account: real } = await signInThroughWeb(suite);
    const page = await formPage(suite, "/login");
    const other = await formPage(suite, "/login");
    const good = { username: real.userName, password: real.password };
    const refused = [
      await postForm(suite, "/login", page.cookie, good),
      await postForm(suite, "/login", page.cookie, { ...good, _csrf: other.token }),
      await postForm(suite, "/login", "", { ...good, _csrf: page.token }),
      await postForm(suite, "/login", page.cookie, { ...good, _csrf: page.token }, "https://evil.example"),
      await postForm(suite, "/logout", page.cookie, {}),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.text).toContain("This request was refused to protect your account.");
      expect(cookiesOf(res).filter((c) => /^afriodds_(at|rt)=/.test(c))).toEqual([]);
    }
  });

  it("logs out by form post: the API revokes the session, the cookies go, and the bettor is home", async () => {
    const signedIn = await signInThroughWeb(suite);
    const page = await formPage(suite, "/login");
    const cookie = `${page.cookie}; ${signedIn.cookie}`;
    const res = await postForm(suite, "/logout", cookie, { _csrf: page.token });
    expect([res.status, res.headers.location]).toEqual([303, "/"]);
    expect(cookiesOf(res).filter((c) => /^afriodds_(at|rt)=;/.test(c))).toHaveLength(2);
    // The refresh token was revoked at the API: it refreshes nothing any more.
    const refresh = await suite.stack.http.post("/api/users/refresh").set({ origin: TEST_ORIGIN, "content-type": "application/json", cookie: signedIn.cookie }).send({});
    expect(refresh.status).toBe(401);
  });

  it("redirects a form post without JavaScript the same way from a browser that sends no Origin (Opera Mini's servers)", async () => {
    const { account } = await signInThroughWeb(suite);
    const page = await formPage(suite, "/login");
    const res = await postForm(suite, "/login", page.cookie, { _csrf: page.token, username: account.userName, password: account.password }, undefined);
    expect([res.status, res.headers.location]).toEqual([303, "/dashboard"]);
  });
});
