// @vitest-environment happy-dom
import { runInThisContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { documentHead } from "./document.ts";
import { EARLY_TAPS_SCRIPT, LINK_HOLD_MS } from "./early-taps.ts";

declare global {
  interface Window {
    __earlyTaps?: () => HTMLElement[];
  }
}

/** Taps the element at `selector`; answers whether the tap was held back from the page. */
function tap(selector: string): boolean {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true });
  document.querySelector(selector)!.dispatchEvent(event);
  return event.defaultPrevented;
}

afterEach(() => {
  // A page runs the script once; each test here runs it again, so each takes its listener away.
  window.__earlyTaps?.();
  delete window.__earlyTaps;
  document.body.innerHTML = "";
});

describe("the early-taps script", () => {
  it("holds taps on buttons until the app takes them (window.__earlyTaps), and lets links and later taps through", () => {
    runInThisContext(EARLY_TAPS_SCRIPT);
    document.body.innerHTML = '<button type="button" id="login"><span>Login</span></button><button type="button" id="signup">Sign up</button><a href="#x" id="link">x</a>';
    const reached = vi.fn();
    document.getElementById("login")!.addEventListener("click", reached);

    expect(tap("#login span")).toBe(true);
    expect(tap("#signup")).toBe(true);
    expect(tap("#login")).toBe(true);
    expect(tap("#link")).toBe(false);
    expect(reached).not.toHaveBeenCalled();
    // In the order tapped, each button once.
    expect(window.__earlyTaps!().map((b) => b.id)).toEqual(["login", "signup"]);

    expect(tap("#login")).toBe(false);
    expect(reached).toHaveBeenCalledTimes(1);
  });

  it("keeps its names out of the page's global scope", () => {
    const before = new Set(Object.keys(window));
    runInThisContext(EARLY_TAPS_SCRIPT);
    expect(Object.keys(window).filter((key) => !before.has(key))).toEqual(["__earlyTaps"]);
  });

  it("comes first in every page's head, before any markup that can be tapped, with the page's nonce", () => {
    const head = documentHead({ css: ".x{}", nonce: "abc", prerendered: false });
    const script = `<script nonce="abc">${EARLY_TAPS_SCRIPT}</script>`;
    expect(head.indexOf(script)).toBeGreaterThan(0);
    expect(head.indexOf(script)).toBeLessThan(head.indexOf("</head>"));
    expect(head.indexOf(script)).toBeLessThan(head.indexOf("<body>"));
    expect(documentHead({ css: "", prerendered: true })).toContain(`<script>${EARLY_TAPS_SCRIPT}</script>`);
  });

  it("holds a tap on a link that acts as a button, and follows the link after all when the app does not start in time", () => {
    vi.useFakeTimers();
    try {
      runInThisContext(EARLY_TAPS_SCRIPT);
      document.body.innerHTML = '<a href="/login" role="button" id="login">Login</a><a href="/register" role="button" id="signup">Sign up</a>';
      const followed = vi.spyOn(window.location, "assign").mockImplementation(() => {});
      expect(tap("#login")).toBe(true);
      vi.advanceTimersByTime(LINK_HOLD_MS - 1);
      expect(followed).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(followed).toHaveBeenCalledExactlyOnceWith(expect.stringMatching(/\/login$/));
      // Once the app has started it takes the taps, and no link is followed for them.
      expect(tap("#signup")).toBe(true);
      expect(window.__earlyTaps!().map((b) => b.id)).toEqual(["login", "signup"]);
      vi.advanceTimersByTime(LINK_HOLD_MS);
      expect(followed).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

