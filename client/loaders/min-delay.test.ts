import { afterEach, describe, expect, it } from "vitest";
import { MIN_LOADING_MS } from "#shared/constants.ts";
import { setLoadingFloor, withMinimumDelay } from "./min-delay.ts";

describe("withMinimumDelay", () => {
  afterEach(() => setLoadingFloor(MIN_LOADING_MS));

  it("keeps an instant answer loading for the product's 300 ms", async () => {
    expect(MIN_LOADING_MS).toBe(300);
    const slept: number[] = [];
    const value = await withMinimumDelay(Promise.resolve("done"), undefined, async (ms) => void slept.push(ms));
    expect(value).toBe("done");
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThan(MIN_LOADING_MS - 50);
    expect(slept[0]).toBeLessThanOrEqual(MIN_LOADING_MS);
  });

  it("waits nothing more for an answer slower than the floor, and nothing at all with the tests' floor of 0", async () => {
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    await withMinimumDelay(new Promise((resolve) => setTimeout(resolve, 40)), 30, sleep);
    setLoadingFloor(0);
    await withMinimumDelay(Promise.resolve(1), undefined, sleep);
    expect(slept).toEqual([]);
  });

  it("settles as its work does when the work fails, after the floor", async () => {
    const slept: number[] = [];
    await expect(withMinimumDelay(Promise.reject(new Error("no")), undefined, async (ms) => void slept.push(ms))).rejects.toThrow("no");
    expect(slept).toHaveLength(1);
  });
});
