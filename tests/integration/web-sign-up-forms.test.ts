import { describe, expect, it, vi } from "vitest";
import { VALIDATION_MESSAGES } from "#shared/validation.ts";
import { newAccount } from "../factories.ts";
import { cookiesOf, follow, formPage, postForm, sessionSetCookies } from "../helpers/forms.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";
import { TEST_ORIGIN } from "../helpers/web.ts";

/** Sign-up, verification and a new code as HTML forms, without JavaScript (docs/design.md, Pages without JavaScript). */

/** The page's <input> of one field, as rendered. */
const inputTag = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";

const fieldsOf = (account: ReturnType<typeof newAccount>, terms = true) => ({
  username: account.userName,
  email: account.email,
  password: account.password,
  confirmPassword: account.password,
  country: "1",
  ...(terms ? { acceptTerms: "on" } : {}),
});

describe("signing up with HTML forms", () => {
  const suite = useWebSuite();

  it("registers by form, verifies the mailed code on the verification page and lands signed in on the dashboard", async () => {
    const account = newAccount();
    const register = await formPage(suite, "/register");
    const posted = await postForm(suite, "/register", register.cookie, { _csrf: register.token, ...fieldsOf(account) });
    expect([posted.status, posted.headers.location]).toEqual([303, "/verify"]);
    expect(posted.text).not.toContain(account.password);
    const verify = await follow(suite, posted, register.cookie);
    expect(verify.page.text).toContain(`We have sent a 6-digit verification code to ${account.email}.`);
    const token = /name="_csrf" value="([^"]+)"/.exec(verify.page.text)![1]!;

    const verified = await postForm(suite, "/verify", verify.cookie, { _csrf: token, email: account.email, context: "registration", code: suite.sink.latestCode(account.email) });
    expect([verified.status, verified.headers.location]).toEqual([303, "/dashboard"]);
    const session = sessionSetCookies(verified);
    expect(session).toHaveLength(2);
    for (const c of session) expect(c).toMatch(/HttpOnly/);
    const dashboard = await suite.stack.http.get("/dashboard").set("cookie", session.map((c) => c.split(";")[0]).join("; "));
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain("odds-table");
  });

  it("sends a registration without the 18+ and Terms box back with the spec's message, what was typed but no password, and creates nothing", async () => {
    const account = newAccount();
    const register = await formPage(suite, "/register");
    const refused = await postForm(suite, "/register", register.cookie, { _csrf: register.token, ...fieldsOf(account, false) });
    const again = await follow(suite, refused, register.cookie);
    expect(again.page.text).toContain("Please confirm you are 18 or older and accept the Terms of Service and Privacy Policy");
    expect(again.page.text).toContain(`value="${account.userName}"`);
    expect(again.page.text).toContain(`value="${account.email}"`);
    expect(again.page.text).not.toContain(account.password);
    expect(suite.sink.to(account.email)).toHaveLength(0);
    // The same details with the box ticked register: nothing was kept of the refused one.
    const page = await formPage(suite, "/register");
    const accepted = await postForm(suite, "/register", page.cookie, { _csrf: page.token, ...fieldsOf(account) });
    expect(accepted.headers.location).toBe("/verify");
  });

  it("sends a registration with four bad fields back once, every field's message beside it, the first focused, what was typed but no password", async () => {
    const register = await formPage(suite, "/register");
    const typed = { username: "ada obi", email: "ada@example", password: "short12", confirmPassword: "short13", country: "1" };
    const refused = await postForm(suite, "/register", register.cookie, { _csrf: register.token, ...typed });
    expect([refused.status, refused.headers.location]).toEqual([303, "/register"]);
    const again = await follow(suite, refused, register.cookie);
    const html = again.page.text;
    const messages = [
      VALIDATION_MESSAGES.usernameCharacters,
      VALIDATION_MESSAGES.invalidEmail,
      VALIDATION_MESSAGES.passwordTooShort,
      VALIDATION_MESSAGES.passwordsDoNotMatch,
      VALIDATION_MESSAGES.termsRequired,
    ];
    for (const message of messages) expect(html).toMatch(new RegExp(`<p id="[^"]+-problem" class="help is-danger field-problem">${message}</p>`));
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(5);
    // The first field in error is focused when the page opens, and described by its own message.
    const username = inputTag(html, "username");
    expect(username).toContain('autofocus=""');
    expect(username).toMatch(/aria-invalid="true" aria-describedby="[^"]+-problem"/);
    expect(html.match(/autofocus=""/g)).toHaveLength(1);
    expect(html).toContain('value="ada obi"');
    expect(html).toContain('value="ada@example"');
    expect(html).not.toContain("short12");
    expect(html).not.toContain("short13");
  });

  it("says once that all fields are needed when some are empty, naming each beside it", async () => {
    const register = await formPage(suite, "/register");
    const refused = await postForm(suite, "/register", register.cookie, { _csrf: register.token, username: "", email: "", password: "", confirmPassword: "", country: "1", acceptTerms: "on" });
    const html = (await follow(suite, refused, register.cookie)).page.text;
    expect(html).toContain(VALIDATION_MESSAGES.allFieldsRequired);
    for (const message of [VALIDATION_MESSAGES.usernameRequired, VALIDATION_MESSAGES.emailRequired, VALIDATION_MESSAGES.passwordRequired, VALIDATION_MESSAGES.confirmPasswordRequired]) {
      expect(html).toContain(`field-problem">${message}</p>`);
    }
  });

  it("puts the API's refusal of a common password under the password field, keeps the rest, and creates nothing", async () => {
    const account = newAccount({ password: "Password1" });
    const register = await formPage(suite, "/register");
    const refused = await postForm(suite, "/register", register.cookie, { _csrf: register.token, ...fieldsOf(account) });
    expect([refused.status, refused.headers.location]).toEqual([303, "/register"]);
    const html = (await follow(suite, refused, register.cookie)).page.text;
    const password = inputTag(html, "password");
    expect(password).toContain('autofocus=""');
    const describedBy = /aria-describedby="([^"]+)"/.exec(password)?.[1];
    expect(html).toContain(`<p id="${describedBy}" class="help is-danger field-problem">${VALIDATION_MESSAGES.passwordCommon}</p>`);
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(1);
    expect(html).toContain(`value="${account.userName}"`);
    expect(html).not.toContain("Password1");
    expect(suite.sink.to(account.email)).toHaveLength(0);
  });

  it("says an e-mail already registered is in use, as the dialog does", async () => {
    const { account } = await signInThroughWeb(suite);
    const register = await formPage(suite, "/register");
    const taken = await postForm(suite, "/register", register.cookie, { _csrf: register.token, ...fieldsOf(newAccount({ email: account.email })) });
    const again = await follow(suite, taken, register.cookie);
    expect(again.page.text).toContain("An account with this email already exists. Please use a different email or try logging in.");
  });

  it("refuses a wrong code with the spec's message and keeps the address; a request for a new code is answered as the dialog answers it, and the newest code works", async () => {
    const account = newAccount();
    const register = await formPage(suite, "/register");
    const verify = await follow(suite, await postForm(suite, "/register", register.cookie, { _csrf: register.token, ...fieldsOf(account) }), register.cookie);
    const token = /name="_csrf" value="([^"]+)"/.exec(verify.page.text)![1]!;
    const first = suite.sink.latestCode(account.email);
    const wrong = first === "000000" ? "111111" : "000000";
    const refused = await follow(suite, await postForm(suite, "/verify", verify.cookie, { _csrf: token, email: account.email, code: wrong }), verify.cookie);
    expect(refused.page.text).toContain("Invalid or expired verification code. Please try again.");
    expect(refused.page.text).toContain(account.email);
    expect(sessionSetCookies(refused.page)).toEqual([]);

    const resent = await follow(suite, await postForm(suite, "/verify/resend", verify.cookie, { _csrf: token, email: account.email }), verify.cookie);
    expect(resent.page.text).toContain(`We'll send a new code to ${account.email} if we can`);
    const verified = await postForm(suite, "/verify", verify.cookie, { _csrf: token, email: account.email, code: suite.sink.latestCode(account.email) });
    expect(verified.headers.location).toBe("/dashboard");
    expect(sessionSetCookies(verified)).toHaveLength(2);
  });

  it("sends a login of an account not yet verified on to the verification page, with the account's address", async () => {
    const account = newAccount();
    await suite.stack.http.put("/api/users/register").set({ origin: TEST_ORIGIN, "content-type": "application/json" }).send(account).expect(201);
    const login = await formPage(suite, "/login");
    const posted = await postForm(suite, "/login", login.cookie, { _csrf: login.token, username: account.userName, password: account.password });
    expect(posted.headers.location).toBe("/verify");
    const verify = await follow(suite, posted, login.cookie);
    expect(verify.page.text).toContain("Please verify your email address to continue.");
    expect(verify.page.text).toContain(account.email);
  });

  it("changes nothing for a sign-up or verification post without the form token or from another origin", async () => {
    const account = newAccount();
    const page = await formPage(suite, "/register");
    const refused = [
      await postForm(suite, "/register", page.cookie, fieldsOf(account)),
      await postForm(suite, "/register", page.cookie, { _csrf: page.token, ...fieldsOf(account) }, "https://evil.example"),
      await postForm(suite, "/verify/resend", page.cookie, { email: account.email }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(cookiesOf(res)).toEqual([]);
    }
    expect(suite.sink.to(account.email)).toHaveLength(0);
  });
});

describe("a forgotten password with HTML forms", () => {
  const suite = useWebSuite();

  it("asks for a code by form, then sets the new password with it and signs the user in; the old password no longer works", async () => {
    const { account } = await signInThroughWeb(suite);
    const forgot = await formPage(suite, "/forgot-password");
    const asked = await postForm(suite, "/forgot-password", forgot.cookie, { _csrf: forgot.token, email: account.email });
    expect(asked.headers.location).toBe("/reset-password");
    const reset = await follow(suite, asked, forgot.cookie);
    expect(reset.page.text).toContain(`If an account exists for ${account.email}, we are sending a 6-digit code`);
    // The reset code is mailed after the answer, the second mail to the address.
    await vi.waitFor(() => expect(suite.sink.to(account.email)).toHaveLength(2), { timeout: 10_000 });

    const mismatch = await follow(suite, await postForm(suite, "/reset-password", reset.cookie, { _csrf: forgot.token, email: account.email, code: suite.sink.latestCode(account.email), password: "a new password 2", confirmPassword: "another one 3" }), reset.cookie);
    expect(mismatch.page.text).toContain("Passwords do not match");

    const done = await postForm(suite, "/reset-password", reset.cookie, { _csrf: forgot.token, email: account.email, code: suite.sink.latestCode(account.email), password: "a new password 2", confirmPassword: "a new password 2" });
    expect([done.status, done.headers.location]).toEqual([303, "/dashboard"]);
    expect(sessionSetCookies(done)).toHaveLength(2);
    const login = await formPage(suite, "/login");
    const old = await postForm(suite, "/login", login.cookie, { _csrf: login.token, username: account.userName, password: account.password });
    expect(old.headers.location).toBe("/login");
  });

  it("answers an address without an account as one with, saying nothing of which it is", async () => {
    const forgot = await formPage(suite, "/forgot-password");
    const asked = await postForm(suite, "/forgot-password", forgot.cookie, { _csrf: forgot.token, email: "nobody.here@example.ng" });
    expect(asked.headers.location).toBe("/reset-password");
  });
});
