import { describe, expect, it } from "vitest";
import { VALIDATION_MESSAGES } from "#shared/validation.ts";
import { commonPasswords, newPasswordIssue, registrationIssues } from "./password-rules.ts";

describe("new password rules", () => {
  it("loads the 49,233 common passwords once and keeps the one Set", async () => {
    const first = await commonPasswords();
    expect(first.size).toBe(49_233);
    expect(await commonPasswords()).toBe(first);
  });

  it("refuses a listed password whatever its case, width or surrounding spaces, and takes one not listed", async () => {
    for (const password of ["password", "Password1", "QWERTY123", " iloveyou1 ", "ＰＡＳＳＷＯＲＤ"]) {
      expect(await newPasswordIssue(password), password).toEqual({ code: "password", message: VALIDATION_MESSAGES.passwordCommon, field: "password" });
    }
    expect(await newPasswordIssue("jollof at ikeja 9")).toBeNull();
  });

  it("refuses the account's own username, e-mail or e-mail name, and allows a password that only contains one", async () => {
    const context = { username: "Ada_Obi", email: "Ada.Lagos@Example.ng" };
    for (const password of ["ada_obi", "ada.lagos@example.ng", "ADA.LAGOS"]) {
      expect(await newPasswordIssue(password, context), password).toMatchObject({ message: VALIDATION_MESSAGES.passwordIsName });
    }
    expect(await newPasswordIssue("ada_obi goes to lagos", context)).toBeNull();
  });

  it("adds the password's own rules to a registration's other issues, in the form's order, only once its length passed", async () => {
    const issues = await registrationIssues({ username: "ada obi", email: "ada@example.ng", password: "Password1", country: 2, acceptTerms: true });
    expect(issues.map((found) => [found.field, found.message])).toEqual([
      ["username", VALIDATION_MESSAGES.usernameCharacters],
      ["password", VALIDATION_MESSAGES.passwordCommon],
      ["country", VALIDATION_MESSAGES.invalidCountry],
    ]);
    const short = await registrationIssues({ username: "ada", email: "ada@example.ng", password: "pass", country: 1, acceptTerms: true });
    expect(short.map((found) => found.message)).toEqual([VALIDATION_MESSAGES.passwordTooShort]);
  });
});
