import { act } from "@testing-library/react";
import { vi } from "vitest";

type Listener = (event: MessageEvent | Event) => void;

/**
 * The browser's EventSource, which happy-dom lacks (the seam is the browser API, not our code):
 * records every stream the page opens, lets a test send frames on it, fail it, and see it closed.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];

  readyState = FakeEventSource.OPEN;
  closed = false;
  private listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
    this.closed = true;
  }

  /** One SSE frame: `id:` `seq`, `event:` `type`, `data:` the JSON of `data`. */
  send(type: string, seq: number, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: String(seq) });
    act(() => this.listeners.get(type)?.forEach((listener) => listener(event)));
  }

  /** A frame without an id (the web tier's `status`): the data is the JSON of `data`. */
  sendWithoutId(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    act(() => this.listeners.get(type)?.forEach((listener) => listener(event)));
  }

  /** The connection broke: EventSource says so and retries by itself (CONNECTING). */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    act(() => this.listeners.get("error")?.forEach((listener) => listener(new Event("error"))));
  }

  /** The retry connected. */
  reopen() {
    this.readyState = FakeEventSource.OPEN;
    act(() => this.listeners.get("open")?.forEach((listener) => listener(new Event("open"))));
  }

  /** The request was refused (a 401, a 404, not SSE): EventSource closes for good. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => this.listeners.get("error")?.forEach((listener) => listener(new Event("error"))));
  }

  /** The stream of the page's current view: the last one opened. */
  static latest(): FakeEventSource {
    const last = FakeEventSource.opened.at(-1);
    if (!last) throw new Error("no EventSource was opened");
    return last;
  }
}

/** Installs the fake as the page's EventSource for one test. */
export function installEventSource() {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
}

/** Sets document.hidden and tells the page, as a browser does when the tab is hidden or shown. */
export function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}
