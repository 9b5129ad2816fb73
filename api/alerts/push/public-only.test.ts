import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { LookupAddress } from "node:dns";
import { request } from "undici";
import { describe, expect, it } from "vitest";
import { isPublicAddress, publicLookup, publicOnlyAgent } from "./public-only.ts";

describe("a push service's address (docs/design.md, Channels: Web Push)", () => {
  it("is public unicast only", () => {
    for (const address of ["8.8.8.8", "142.250.74.106", "2001:4860:4860::8888"]) expect(isPublicAddress(address), address).toBe(true);
    const inside = ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fc00::1", "fe80::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "not an address", ""];
    for (const address of inside) expect(isPublicAddress(address), address).toBe(false);
  });

  it("is looked up keeping only a name's public addresses, and a name with none is not found", async () => {
    const answers: Record<string, LookupAddress[]> = {
      "mixed.example": [{ address: "127.0.0.1", family: 4 }, { address: "8.8.8.8", family: 4 }],
      "inside.example": [{ address: "10.0.0.5", family: 4 }, { address: "::1", family: 6 }],
    };
    const lookup = publicLookup((hostname, _options, callback) => {
      const found = answers[hostname];
      if (!found) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []);
      return callback(null, found);
    });
    const ask = (hostname: string, all: boolean) => new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) => lookup(hostname, { all }, (error, address, family) => resolve({ error, address, family })));
    expect(await ask("mixed.example", true)).toEqual({ error: null, address: [{ address: "8.8.8.8", family: 4 }], family: undefined });
    expect(await ask("mixed.example", false)).toEqual({ error: null, address: "8.8.8.8", family: 4 });
    const inside = await ask("inside.example", false);
    expect(inside.error?.code).toBe("ENOTFOUND");
    expect(inside.error?.message).toMatch(/no public address/);
    expect((await ask("nowhere.example", true)).error?.message).toMatch(/ENOTFOUND nowhere\.example/);
  });

  it("is the only kind the production dispatcher connects to: a loopback service, by name or by address, is never reached", async () => {
    let reached = 0;
    const server = createServer((_req, res) => {
      reached += 1;
      res.writeHead(201).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = publicOnlyAgent();
    try {
      // Without it, the loopback service answers: the refusals below are the dispatcher's.
      expect((await request(`http://127.0.0.1:${port}/push/a`, { method: "POST", body: "x" })).statusCode).toBe(201);
      expect(reached).toBe(1);
      for (const host of ["127.0.0.1", "localhost"]) {
        await expect(request(`http://${host}:${port}/push/a`, { method: "POST", body: "x", dispatcher: agent }), host).rejects.toThrow(/no public address/);
      }
      expect(reached).toBe(1);
    } finally {
      await agent.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
