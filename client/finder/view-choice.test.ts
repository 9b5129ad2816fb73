// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { chosenView, rememberView, viewInCookie, VIEW_COOKIE } from "./view-choice.ts";

afterEach(() => {
  document.cookie = `${VIEW_COOKIE}=; Path=/; Max-Age=0`;
});

describe("the dashboard's view choice", () => {
  it("takes the URL's view over the remembered one, the remembered one over the default cards", () => {
    const url = (search: string) => new URLSearchParams(search);
    expect(chosenView(url("view=cards"), `${VIEW_COOKIE}=list`)).toBe("cards");
    expect(chosenView(url("view=list"), null)).toBe("list");
    expect(chosenView(url(""), `afriodds_at=x; ${VIEW_COOKIE}=list; tz=Africa/Lagos`)).toBe("list");
    expect(chosenView(url("view=tiles"), `${VIEW_COOKIE}=list`)).toBe("list");
    expect(chosenView(url(""), undefined)).toBe("cards");
    expect(chosenView(url(""), `${VIEW_COOKIE}=grid`)).toBe("cards");
  });

  it("reads only its own cookie", () => {
    expect(viewInCookie(`x${VIEW_COOKIE}=list`)).toBeUndefined();
    expect(viewInCookie(`${VIEW_COOKIE}=list`)).toBe("list");
  });

  it("remembers the choice in a first-party cookie the page can read back", () => {
    rememberView("list");
    expect(viewInCookie(document.cookie)).toBe("list");
    rememberView("cards");
    expect(viewInCookie(document.cookie)).toBe("cards");
  });

  it("writes a one-year, SameSite=Lax cookie for the whole site, Secure over HTTPS", () => {
    const written: string[] = [];
    const fake = (protocol: string) => ({ location: { protocol }, set cookie(value: string) { written.push(value); } }) as unknown as Document;
    rememberView("list", fake("http:"));
    rememberView("list", fake("https:"));
    expect(written).toEqual([`${VIEW_COOKIE}=list; Path=/; Max-Age=31536000; SameSite=Lax`, `${VIEW_COOKIE}=list; Path=/; Max-Age=31536000; SameSite=Lax; Secure`]);
  });
});
