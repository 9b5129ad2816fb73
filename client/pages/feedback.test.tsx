import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { jsonResponse, renderPage } from "../../tests/client/harness.tsx";
import { setLoadingFloor } from "../loaders/min-delay.ts";
import { MIN_LOADING_MS } from "#shared/constants.ts";
import { FeedbackForm, FeedbackPage } from "./feedback.tsx";

const SLOW = { timeout: 3000 };
const THANKS = "Thank you for your feedback! It helps us make AfriOdds better.";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stubFeedback(
  answer: () => Response | Promise<Response> = () => jsonResponse({ data: { ok: true } }),
) {
  const fetchMock = vi.fn(async (input: string | URL | Request, _init?: RequestInit) => {
    if (String(input) !== "/api/users/feedback") throw new Error(`unexpected call ${String(input)}`);
    return answer();
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function renderFeedback() {
  renderPage({ path: "feedback", Component: FeedbackPage });
  const box = (await screen.findByLabelText("Your feedback")) as HTMLTextAreaElement;
  const button = screen.getByRole("button", { name: "Submit Feedback" }) as HTMLButtonElement;
  return { box, button };
}

describe("FeedbackPage", () => {
  it("counts characters as the user types, up to a 2000 limit", async () => {
    const { box } = await renderFeedback();
    expect(screen.getByText("0/2000 characters")).toBeTruthy();
    expect(box.maxLength).toBe(2000);
    await userEvent.setup().type(box, "Great odds");
    expect(screen.getByText("10/2000 characters")).toBeTruthy();
  });

  it("enables the button only when the trimmed message has text", async () => {
    const { box, button } = await renderFeedback();
    const user = userEvent.setup();
    expect(button.disabled).toBe(true);
    await user.type(box, "   ");
    expect(button.disabled).toBe(true);
    await user.type(box, "x");
    expect(button.disabled).toBe(false);
  });

  it("refuses an empty message in danger style and sends nothing", async () => {
    const fetchMock = stubFeedback();
    const { box } = await renderFeedback();
    await userEvent.setup().type(box, "  \n ");
    fireEvent.submit(box.closest("form") as HTMLFormElement);

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Please enter your feedback message.");
    expect(alert.classList.contains("is-danger")).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();

    // The box is marked invalid and described by the message (and still by its counter).
    expect(box.getAttribute("aria-invalid")).toBe("true");
    const described = (box.getAttribute("aria-describedby") ?? "").split(" ");
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      "Please enter your feedback message.",
      "4/2000 characters",
    ]);

    await userEvent.setup().type(box, "x");
    expect(box.getAttribute("aria-invalid")).toBeNull();
    expect(document.getElementById(box.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "5/2000 characters",
    );
  });

  it("sends the trimmed message, then clears the box and thanks the user", async () => {
    const fetchMock = stubFeedback();
    const { box, button } = await renderFeedback();
    const user = userEvent.setup();
    await user.type(box, "  Add the Eredivisie please  ");
    await user.click(button);

    expect((await screen.findByRole("status", {}, SLOW)).textContent).toBe(THANKS);
    expect(box.value).toBe("");
    expect(screen.getByText("0/2000 characters")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      message: "Add the Eredivisie please",
    });
  });

  it("keeps the message and says so when sending fails", async () => {
    stubFeedback(() =>
      jsonResponse({ error: { code: "INTERNAL_ERROR", description: "Boom", type: "server" } }, 500),
    );
    const { box, button } = await renderFeedback();
    const user = userEvent.setup();
    await user.type(box, "Odds look stale");
    await user.click(button);

    expect((await screen.findByRole("alert", {}, SLOW)).textContent).toBe(
      "Failed to submit feedback. Please try again.",
    );
    expect(box.value).toBe("Odds look stale");
    expect(screen.queryByText(THANKS)).toBeNull();
    expect(button.disabled).toBe(false);
  });

  it("shows 'Submitting...' with the inputs disabled for at least 300 ms even when the answer is instant", async () => {
    stubFeedback();
    const { box, button } = await renderFeedback();
    fireEvent.change(box, { target: { value: "Fast answer" } });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    // The product's floor (the suite runs with none: tests/client/setup.ts), free on fake time.
    setLoadingFloor(MIN_LOADING_MS);
    onTestFinished(() => setLoadingFloor(0));

    fireEvent.click(button);
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(button.textContent).toBe("Submitting...");
    expect(button.disabled).toBe(true);
    expect(box.disabled).toBe(true);
    expect(screen.queryByText(THANKS)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(screen.getByText(THANKS)).toBeTruthy();
    expect(button.textContent).toBe("Submit Feedback");
    expect(box.disabled).toBe(false);
  });
});

describe("FeedbackForm without a user", () => {
  it("asks the visitor to log in instead of showing the form", async () => {
    renderPage({ path: "feedback", Component: FeedbackForm, user: null });
    expect(await screen.findByText("Please log in to submit feedback")).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});
