import { describe, expect, it } from "vitest";
import {
  hasBrokenCharacters,
  hasControlCharacters,
  isValidEmail,
  normaliseEmail,
  registerIssues,
  registerProblems,
  stripToDigits,
  validateEmailAddress,
  validateFeedback,
  validateForgotPassword,
  validateLogin,
  validatePassword,
  validateRegister,
  validateResetPassword,
  validateResetPasswordRequest,
  validateUsername,
  validateVerificationCode,
  validateVerifyEmail,
  VALIDATION_MESSAGES,
} from "./validation.ts";

const validRegistration = {
  username: "ada_obi",
  email: "ada@example.ng",
  password: "correct horse",
  confirmPassword: "correct horse",
  country: 1,
  acceptTerms: true,
};

describe("validatePassword", () => {
  it("rejects a 7-character password with code 'password' and the spec's message", () => {
    expect(validatePassword("1234567")).toEqual({
      code: "password",
      message: "Password must be at least 8 characters long",
      field: "password",
    });
  });

  it("accepts exactly 8 and exactly 128 characters and rejects 129", () => {
    expect(validatePassword("12345678")).toBeNull();
    expect(validatePassword("a".repeat(128))).toBeNull();
    expect(validatePassword("a".repeat(129))).toMatchObject({
      code: "password",
      message: "Password must be at most 128 characters long",
    });
  });

  it("counts an emoji as one character, so eight emoji are long enough but seven are not", () => {
    expect(validatePassword("🔑".repeat(8))).toBeNull();
    expect(validatePassword("🔑".repeat(7))).toMatchObject({ code: "password" });
  });

  it("does not trim: spaces count towards the length", () => {
    expect(validatePassword("  abcdef  ")).toBeNull();
  });
});

describe("validateLogin", () => {
  it("asks for both fields when the username is only whitespace", () => {
    expect(validateLogin({ username: "   ", password: "secret123" })).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "Please enter both username and password",
      field: "username",
    });
  });

  it("asks for both fields when the password is missing from a JSON body", () => {
    expect(validateLogin({ username: "ada" })).toMatchObject({
      message: "Please enter both username and password",
      field: "password",
    });
  });

  it("takes a username up to 254 characters after trimming, far beyond the registration rule, and refuses a longer one", () => {
    expect(validateLogin({ username: ` ${"a".repeat(254)} `, password: "x" })).toBeNull();
    expect(validateLogin({ username: "a".repeat(255), password: "x" })).toEqual({
      code: "VALIDATION_ERROR",
      message: "Username must be at most 254 characters long",
      field: "username",
    });
  });

  it("does not apply the new-password length rule to a login attempt", () => {
    expect(validateLogin({ username: "ada", password: "short" })).toBeNull();
  });

  it("takes a locked account's mailed code only as six digits, and no code at all", () => {
    expect(validateLogin({ username: "ada", password: "x", code: " 012345 " })).toBeNull();
    expect(validateLogin({ username: "ada", password: "x", code: "" })).toBeNull();
    for (const code of ["12345", "1234567", "12a456", 123456]) {
      expect(validateLogin({ username: "ada", password: "x", code })).toEqual({ code: "VALIDATION_ERROR", message: VALIDATION_MESSAGES.codeRequired, field: "code" });
    }
  });
});

describe("isValidEmail and normaliseEmail", () => {
  it("accepts x@y.z and rejects addresses without a dot, an @, or with a space", () => {
    expect(isValidEmail("a@b.co")).toBe(true);
    expect(isValidEmail(" ada@example.ng ")).toBe(true);
    expect(isValidEmail("ada@example")).toBe(false);
    expect(isValidEmail("ada.example.ng")).toBe(false);
    expect(isValidEmail("ada obi@example.ng")).toBe(false);
    expect(isValidEmail("ada@@example.ng")).toBe(false);
  });

  it("rejects an address longer than 254 characters", () => {
    const local = "a".repeat(64);
    const at254 = `${local}@${"b".repeat(254 - 64 - 1 - 3)}.ng`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(`a${at254}`)).toBe(false);
  });

  it("accepts one addr-spec with the usual local-part characters", () => {
    expect(isValidEmail("ada.obi+odds@mail.example.ng")).toBe(true);
    expect(isValidEmail("o'neil_1@example-mail.ie")).toBe(true);
  });

  it("rejects anything a mailer could read as a list, a display name or a comment", () => {
    for (const address of [
      "x1,victim@example.test",
      "a@b.test,victim@example.test",
      "a@b.test;victim@example.test",
      "Victim <victim@example.test>",
      "<victim@example.test>",
      '"a b"@example.test',
      "ada(comment)@example.test",
      "ada@[127.0.0.1]",
      "ada:group@example.test",
      "ada\\@example.test",
      "ada@-example.test",
      "ada@example..test",
      "adá@example.test",
    ]) {
      expect(isValidEmail(address), address).toBe(false);
    }
  });

  it("rejects control characters anywhere, even where trimming would remove them", () => {
    for (const address of ["ada@example.ng\u0000", "ada\t@example.ng", "ada@example.ng\n", "\tada@example.ng", "ada@exa\u0085mple.ng"]) {
      expect(isValidEmail(address), JSON.stringify(address)).toBe(false);
    }
  });

  it("rejects a local part longer than 64 characters", () => {
    expect(isValidEmail(`${"a".repeat(64)}@example.ng`)).toBe(true);
    expect(isValidEmail(`${"a".repeat(65)}@example.ng`)).toBe(false);
  });

  it("normalises by trimming and lower-casing", () => {
    expect(normaliseEmail("  Ada.Obi@Example.NG ")).toBe("ada.obi@example.ng");
  });
});

describe("stripToDigits", () => {
  it("keeps only the first six digits of pasted text", () => {
    expect(stripToDigits("Your code: 123-456 789")).toBe("123456");
  });

  it("honours a custom maximum", () => {
    expect(stripToDigits("9a8b7c", 2)).toBe("98");
  });
});

describe("validateUsername", () => {
  it("accepts letters, digits, underscore, dot and hyphen between 3 and 30 characters after trimming", () => {
    expect(validateUsername("  ada.obi-99_x ")).toBeNull();
    expect(validateUsername("abc")).toBeNull();
    expect(validateUsername("a".repeat(30))).toBeNull();
  });

  it("rejects 2 and 31 characters with the length message", () => {
    const message = "Username must be between 3 and 30 characters long";
    expect(validateUsername("ab")).toMatchObject({ code: "VALIDATION_ERROR", message, field: "username" });
    expect(validateUsername("a".repeat(31))).toMatchObject({ message });
  });

  it("rejects spaces, @ and non-ASCII letters inside the name", () => {
    const message = "Username can only contain letters, numbers, underscores, dots and hyphens";
    expect(validateUsername("ada obi")).toMatchObject({ message });
    expect(validateUsername("ada@obi")).toMatchObject({ message });
    expect(validateUsername("adéobi")).toMatchObject({ message });
  });
});

describe("registerIssues", () => {
  it("answers every field's issue at once, one a field, in the form's order", () => {
    const issues = registerIssues({ username: "a b", email: "ada@example", password: "short12", confirmPassword: "short13", country: "2", acceptTerms: false });
    expect(issues.map((found) => [found.field, found.message])).toEqual([
      ["username", VALIDATION_MESSAGES.usernameCharacters],
      ["email", VALIDATION_MESSAGES.invalidEmail],
      ["password", VALIDATION_MESSAGES.passwordTooShort],
      ["confirmPassword", VALIDATION_MESSAGES.passwordsDoNotMatch],
      ["country", VALIDATION_MESSAGES.invalidCountry],
      ["acceptTerms", VALIDATION_MESSAGES.termsRequired],
    ]);
    expect(validateRegister({ username: "a b", email: "ada@example", password: "short12", confirmPassword: "short13", country: "2" })).toMatchObject({ field: "username" });
  });

  it("names each empty field with its own message, and the form says once that all fields are needed", () => {
    const issues = registerIssues({ username: " ", email: "", password: "", confirmPassword: "", country: 1, acceptTerms: true });
    expect(issues.map((found) => [found.field, found.message, found.missing])).toEqual([
      ["username", VALIDATION_MESSAGES.usernameRequired, true],
      ["email", VALIDATION_MESSAGES.emailRequired, true],
      ["password", VALIDATION_MESSAGES.passwordRequired, true],
      ["confirmPassword", VALIDATION_MESSAGES.confirmPasswordRequired, true],
    ]);
    expect(registerProblems(issues)).toEqual({
      summary: VALIDATION_MESSAGES.allFieldsRequired,
      fields: { username: VALIDATION_MESSAGES.usernameRequired, email: VALIDATION_MESSAGES.emailRequired, password: VALIDATION_MESSAGES.passwordRequired, confirmPassword: VALIDATION_MESSAGES.confirmPasswordRequired },
    });
    expect(registerProblems(registerIssues({ ...validRegistration, email: "bad" })).summary).toBeNull();
    expect(registerIssues(validRegistration)).toEqual([]);
  });
});

describe("validateRegister", () => {
  it("accepts a complete registration for Nigeria, given as a number or as the select's text", () => {
    expect(validateRegister(validRegistration)).toBeNull();
    expect(validateRegister({ ...validRegistration, country: "1" })).toBeNull();
  });

  it("reports missing fields before anything else, naming the first empty field", () => {
    const issue = validateRegister({
      ...validRegistration,
      email: "not-an-email",
      password: "x",
      confirmPassword: "",
      country: 1,
    });
    expect(issue).toEqual({
      code: "VALIDATION_ERROR",
      message: "Please fill in all fields",
      field: "confirmPassword",
    });
    expect(validateRegister({ ...validRegistration, country: undefined })).toMatchObject({
      message: "Please fill in all fields",
      field: "country",
    });
  });

  it("checks the e-mail before the passwords", () => {
    const issue = validateRegister({
      ...validRegistration,
      email: "ada@example",
      confirmPassword: "different",
    });
    expect(issue).toMatchObject({ message: "Please enter a valid email address", field: "email" });
  });

  it("reports a password mismatch before a too-short password", () => {
    const issue = validateRegister({ ...validRegistration, password: "short", confirmPassword: "shorter" });
    expect(issue).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "Passwords do not match",
      field: "confirmPassword",
    });
    expect(
      validateRegister({ ...validRegistration, password: "short", confirmPassword: "short" }),
    ).toMatchObject({ code: "password" });
  });

  it("skips the match check when no confirmation is given, as on the server", () => {
    const { confirmPassword: _omit, ...serverBody } = validRegistration;
    expect(validateRegister(serverBody)).toBeNull();
    expect(validateRegister({ ...serverBody, password: "1234567" })).toMatchObject({ code: "password" });
  });

  it("rejects the username format after presence but before the e-mail", () => {
    expect(validateRegister({ ...validRegistration, username: "a b", email: "bad" })).toMatchObject({
      field: "username",
    });
  });

  it("refuses a registration without the 18+ and Terms confirmation (exactly true), after every other check", () => {
    for (const acceptTerms of [undefined, false, "true", 1]) {
      expect(validateRegister({ ...validRegistration, acceptTerms })).toMatchObject({ field: "acceptTerms" });
    }
    expect(validateRegister({ ...validRegistration, acceptTerms: false, email: "bad" })).toMatchObject({ field: "email" });
  });

  it("rejects Ghana, Kenya and non-numeric countries", () => {
    for (const country of [2, 3, "2", true, 1.5, {}, [1], { toString: 1 }]) {
      expect(validateRegister({ ...validRegistration, country })).toMatchObject({
        code: "VALIDATION_ERROR",
        message: "Please select a valid country",
        field: "country",
      });
    }
  });

  it("treats a non-string username from a JSON body as missing", () => {
    expect(validateRegister({ ...validRegistration, username: 12345 })).toMatchObject({
      message: "Please fill in all fields",
      field: "username",
    });
  });
});

describe("verification codes", () => {
  it("accepts exactly six digits and rejects five, seven, or letters", () => {
    const message = "Please enter the 6-digit verification code";
    expect(validateVerificationCode("012345")).toBeNull();
    expect(validateVerificationCode("01234")).toMatchObject({
      code: "VALIDATION_ERROR",
      message,
      field: "code",
    });
    expect(validateVerificationCode("0123456")).toMatchObject({ message });
    expect(validateVerificationCode("01234a")).toMatchObject({ message });
    expect(validateVerificationCode(123456)).toMatchObject({ message });
  });

  it("checks the verify-email body's e-mail and then its otp", () => {
    expect(validateVerifyEmail({ email: "", otp: "123456" })).toMatchObject({
      message: "Please enter your email address",
    });
    expect(validateVerifyEmail({ email: "ada@example.ng", otp: "12" })).toMatchObject({ field: "code" });
    expect(validateVerifyEmail({ email: "ada@example.ng", otp: "123456" })).toBeNull();
  });
});

describe("validateForgotPassword", () => {
  it("asks for the e-mail when empty and for a valid one when malformed", () => {
    expect(validateForgotPassword({ email: "  " })).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "Please enter your email address",
    });
    expect(validateForgotPassword({ email: "ada@" })).toMatchObject({
      message: "Please enter a valid email address",
    });
    expect(validateEmailAddress("ada@example.ng")).toBeNull();
  });
});

describe("validateResetPassword", () => {
  it("checks the code first, then presence, then match, then length", () => {
    expect(validateResetPassword({ code: "12", password: "", confirmPassword: "x" })).toMatchObject({
      field: "code",
    });
    expect(validateResetPassword({ code: "123456", password: "abc", confirmPassword: "" })).toMatchObject({
      message: "Please fill in all fields",
    });
    expect(validateResetPassword({ code: "123456", password: "abc", confirmPassword: "abd" })).toMatchObject({
      message: "Passwords do not match",
    });
    expect(validateResetPassword({ code: "123456", password: "abc", confirmPassword: "abc" })).toMatchObject({
      code: "password",
    });
    expect(
      validateResetPassword({ code: "123456", password: "new password", confirmPassword: "new password" }),
    ).toBeNull();
  });

  it("validates the API's reset body including the e-mail", () => {
    expect(
      validateResetPasswordRequest({ email: "nope", otp: "123456", password: "new password" }),
    ).toMatchObject({ field: "email" });
    expect(
      validateResetPasswordRequest({ email: "ada@example.ng", otp: "123456", password: "short" }),
    ).toMatchObject({ code: "password" });
    expect(
      validateResetPasswordRequest({ email: "ada@example.ng", otp: "123456", password: "new password" }),
    ).toBeNull();
  });
});

describe("validateFeedback", () => {
  it("rejects whitespace-only feedback with the spec's message", () => {
    expect(validateFeedback(" \n\t ")).toEqual({
      code: "VALIDATION_ERROR",
      message: "Please enter your feedback message.",
      field: "message",
    });
  });

  it("measures the 2000-character limit after trimming", () => {
    expect(validateFeedback(`  ${"x".repeat(2000)}  `)).toBeNull();
    expect(validateFeedback("x".repeat(2001))).toMatchObject({
      message: "Feedback must be at most 2000 characters.",
    });
  });
});

describe("control and broken characters", () => {
  it("finds C0 controls, DEL and C1 controls, but not other text", () => {
    for (const c of ["\u0000", "\u0007", "\t", "\n", "\r", "\u001b", "\u001f", "\u007f", "\u0085", "\u009f"]) {
      expect(hasControlCharacters(`ada${c}obi`), JSON.stringify(c)).toBe(true);
    }
    expect(hasControlCharacters("Àdá Obí ₦500 🙂 \u00a0")).toBe(false);
  });

  it("lets tab and line breaks through only in multi-line text", () => {
    expect(hasControlCharacters("one\r\ntwo\tthree", { multiline: true })).toBe(false);
    for (const c of ["\u0000", "\u000b", "\u000c", "\u001b", "\u007f", "\u0085"]) {
      expect(hasControlCharacters(`one${c}two`, { multiline: true }), JSON.stringify(c)).toBe(true);
    }
  });

  it("finds lone surrogates but not surrogate pairs", () => {
    expect(hasBrokenCharacters("ok 🙂 ok")).toBe(false);
    for (const broken of ["\ud800", "a\ud800b", "\udc00", "a\udc00", "🙂\udc00", "\ud83d\ud83d\ude42", "end\ud83d"]) {
      expect(hasBrokenCharacters(broken), JSON.stringify(broken)).toBe(true);
    }
  });

  const control = { code: "VALIDATION_ERROR", message: VALIDATION_MESSAGES.controlCharacters };

  it("refuses control characters in registration fields, naming the field", () => {
    expect(validateRegister({ ...validRegistration, username: "ada\u0000obi" })).toEqual({ ...control, field: "username" });
    expect(validateRegister({ ...validRegistration, username: "ada_obi\n" })).toEqual({ ...control, field: "username" });
    const password = "correct\u0000horse";
    expect(validateRegister({ ...validRegistration, password, confirmPassword: password })).toEqual({ ...control, field: "password" });
    expect(validateRegister({ ...validRegistration, email: "ada\u0000@example.ng" })).toMatchObject({ message: VALIDATION_MESSAGES.invalidEmail, field: "email" });
  });

  it("refuses control and broken characters in login, codes and new passwords", () => {
    expect(validateLogin({ username: "ada\u0000", password: "x" })).toEqual({ ...control, field: "username" });
    expect(validateLogin({ username: "ada", password: "pass\tword" })).toEqual({ ...control, field: "password" });
    expect(validateLogin({ username: "ada\ud800", password: "x" })).toEqual({ code: "VALIDATION_ERROR", message: VALIDATION_MESSAGES.brokenCharacters, field: "username" });
    expect(validateVerificationCode("123456\n")).toEqual({ ...control, field: "code" });
    expect(validateResetPassword({ code: "123456", password: "new\u0000password" })).toEqual({ ...control, field: "password" });
  });

  it("keeps a multi-line feedback message but refuses other control characters in it", () => {
    expect(validateFeedback("Line one\r\nline two\n\tindented")).toBeNull();
    expect(validateFeedback("nul\u0000byte")).toEqual({ ...control, field: "message" });
    expect(validateFeedback("\u001b[31mred")).toEqual({ ...control, field: "message" });
  });
});
