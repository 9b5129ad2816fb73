// @vitest-environment happy-dom
import { runInThisContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { documentHead } from "./document.ts";
import { APP_HOLD_MS, EARLY_TAPS_SCRIPT, HELD_ATTRIBUTE, TAP_GRACE_MS } from "./early-taps.ts";

declare global {
  interface Window {
    __earlyTaps?: () => HTMLElement[];
    __earlyTapDone?: (button: HTMLElement) => void;
    __appArrived?: () => void;
  }
}

/** Taps the element at `selector`; answers whether the tap was held back from the page. */
function tap(selector: string): boolean {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true });
  document.querySelector(selector)!.dispatchEvent(event);
  return event.defaultPrevented;
}

/** `count` preloads in the page's head as the boot script adds them, `ended` of them loaded. */
function preloadsEnded(count: number, ended = count): void {
  document.head.innerHTML = "";
  for (let i = 0; i < count; i += 1) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = `/assets/chunks/c${i}.js`;
    document.head.append(link);
    if (i < ended) link.dispatchEvent(new Event("load"));
  }
}

/** The submitter's value of each post the form makes (none leaves: the test stops it). */
function postsOf(form: HTMLFormElement): (string | null)[] {
  const posted: (string | null)[] = [];
  form.addEventListener("submit", (event) => {
    posted.push(((event as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? null);
    event.preventDefault();
  });
  return posted;
}

afterEach(() => {
  // A page runs the script once; each test here runs it again, so each takes its listener away.
  window.__earlyTaps?.();
  delete window.__earlyTaps;
  delete window.__earlyTapDone;
  delete window.__appArrived;
  document.head.innerHTML = "";
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
    expect(Object.keys(window).filter((key) => !before.has(key))).toEqual(["__earlyTaps", "__earlyTapDone", "__appArrived"]);
  });

  it("comes first in every page's head, before any markup that can be tapped, with the page's nonce", () => {
    const head = documentHead({ css: ".x{}", nonce: "abc", prerendered: false });
    const script = `<script nonce="abc">${EARLY_TAPS_SCRIPT}</script>`;
    expect(head.indexOf(script)).toBeGreaterThan(0);
    expect(head.indexOf(script)).toBeLessThan(head.indexOf("</head>"));
    expect(head.indexOf(script)).toBeLessThan(head.indexOf("<body>"));
    expect(documentHead({ css: "", prerendered: true })).toContain(`<script>${EARLY_TAPS_SCRIPT}</script>`);
  });

  it("holds a tap on a link that acts as a button while the app's code has arrived, and follows the link after all when the app does not start in time", () => {
    vi.useFakeTimers();
    try {
      runInThisContext(EARLY_TAPS_SCRIPT);
      preloadsEnded(2);
      document.body.innerHTML = '<a href="/login" role="button" id="login">Login</a><a href="/register" role="button" id="signup">Sign up</a>';
      const followed = vi.spyOn(window.location, "assign").mockImplementation(() => {});
      expect(tap("#login")).toBe(true);
      vi.advanceTimersByTime(APP_HOLD_MS - 100);
      expect(followed).not.toHaveBeenCalled();
      vi.advanceTimersByTime(200);
      expect(followed).toHaveBeenCalledExactlyOnceWith(expect.stringMatching(/\/login$/));
      // Once the app has started it takes the taps still held, and no link is followed for them.
      expect(tap("#signup")).toBe(true);
      expect(window.__earlyTaps!().map((b) => b.id)).toEqual(["signup"]);
      vi.advanceTimersByTime(2 * APP_HOLD_MS);
      expect(followed).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows at once that a tap was taken, and the app clears the mark", () => {
    runInThisContext(EARLY_TAPS_SCRIPT);
    document.body.innerHTML = '<button type="button" id="menu">Menu</button><button type="button" id="other">Other</button>';
    tap("#menu");
    const menu = document.getElementById("menu")!;
    expect(menu.hasAttribute(HELD_ATTRIBUTE)).toBe(true);
    expect(menu.getAttribute("aria-busy")).toBe("true");
    expect(document.getElementById("other")!.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
    const [taken] = window.__earlyTaps!();
    window.__earlyTapDone!(taken!);
    expect(menu.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
    expect(menu.hasAttribute("aria-busy")).toBe(false);
  });

  // docs/design.md, Latency: on a slow link the app is seconds away; the page's own form answers now.
  it("posts a form's button without the app when the app's code is still on its way once the tap is judged; a button with no form waits for the app", () => {
    vi.useFakeTimers();
    try {
      runInThisContext(EARLY_TAPS_SCRIPT);
      preloadsEnded(2, 1);
      document.body.innerHTML =
        '<form action="/betslip/add" method="post"><button name="leg" value="e1:1:1" id="add">Add</button></form><button type="button" id="menu">Menu</button><a href="/login" role="button" id="login">Login</a>';
      const followed = vi.spyOn(window.location, "assign").mockImplementation(() => {});
      const stopped = vi.fn();
      window.stop = stopped;
      const posted = postsOf(document.querySelector("form")!);
      expect(tap("#add")).toBe(true);
      expect(tap("#add")).toBe(true);
      expect(tap("#menu")).toBe(true);
      expect(tap("#login")).toBe(true);
      vi.advanceTimersByTime(TAP_GRACE_MS - 1);
      expect(posted).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(posted).toEqual(["e1:1:1"]);
      // The page's own loads (the app's script on its way) stop before it goes.
      expect(stopped).toHaveBeenCalledTimes(2);
      expect(followed).toHaveBeenCalledExactlyOnceWith(expect.stringMatching(/\/login$/));
      // The tapped button keeps its mark while the page goes.
      expect(document.getElementById("add")!.hasAttribute(HELD_ATTRIBUTE)).toBe(true);
      vi.advanceTimersByTime(10 * APP_HOLD_MS);
      expect(posted).toHaveLength(1);
      // The app, starting late, gets only what is still waiting for it.
      expect(window.__earlyTaps!().map((b) => b.id)).toEqual(["menu"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("leaves a form's button to the app once the app has said its code is here, and the app takes it", () => {
    vi.useFakeTimers();
    try {
      runInThisContext(EARLY_TAPS_SCRIPT);
      window.__appArrived!();
      document.body.innerHTML = '<form action="/betslip/add" method="post"><button name="leg" value="e1:1:1" id="add">Add</button></form>';
      const posted = postsOf(document.querySelector("form")!);
      tap("#add");
      vi.advanceTimersByTime(APP_HOLD_MS / 2);
      expect(window.__earlyTaps!().map((b) => b.id)).toEqual(["add"]);
      vi.advanceTimersByTime(APP_HOLD_MS);
      expect(posted).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("leaves a tap to the app when the app's code arrives within the grace, as on a fast link", () => {
    vi.useFakeTimers();
    try {
      runInThisContext(EARLY_TAPS_SCRIPT);
      preloadsEnded(2, 0);
      document.body.innerHTML = '<form action="/betslip/add" method="post"><button name="leg" value="e1:1:1" id="add">Add</button></form>';
      window.stop = vi.fn();
      const posted = postsOf(document.querySelector("form")!);
      tap("#add");
      vi.advanceTimersByTime(TAP_GRACE_MS / 2);
      for (const link of document.head.querySelectorAll("link")) link.dispatchEvent(new Event("load"));
      vi.advanceTimersByTime(TAP_GRACE_MS);
      expect(posted).toEqual([]);
      expect(window.__earlyTaps!().map((b) => b.id)).toEqual(["add"]);
      vi.advanceTimersByTime(2 * APP_HOLD_MS);
      expect(posted).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
