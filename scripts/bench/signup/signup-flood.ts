import { Pool } from "undici";

/**
 * The flood of `BENCH_ONLY=signup`, in a process of its own (signup.ts forks it) so that the
 * newcomer's requests and proof of work are not timed on an event loop busy with the flood's answers:
 * `flooders` clients register as fast as they are answered, each from its own address, straight to
 * the API (which trusts its loopback proxy's X-Forwarded-For), never solving a challenge. Posts its
 * answers by status and code ("201", "429 CHALLENGE_REQUIRED", ...) every 100 ms and when told to stop.
 */
const api = process.env.FLOOD_API!;
const flooders = Number(process.env.FLOOD_CLIENTS);
const statuses: Record<string, number> = {};
const pool = new Pool(api, { connections: flooders });
const stamp = Date.now().toString(36);
let stopped = false;
let n = 0;

process.on("message", () => {
  stopped = true;
});
const report = setInterval(() => process.send!({ statuses }), 100);

async function client(address: string) {
  const headers = { "content-type": "application/json", "x-forwarded-for": address };
  while (!stopped) {
    n += 1;
    const tag = `${stamp}f${n}`;
    const body = JSON.stringify({ userName: `su_${tag}`, email: `su.${tag}@example.ng`, password: "flood password 1", country: 1, acceptTerms: true });
    let key = "error";
    try {
      const res = await pool.request({ method: "PUT", path: "/users/register", headers, body });
      const answer = (await res.body.json()) as { error?: { code: string } };
      key = answer.error ? `${res.statusCode} ${answer.error.code}` : String(res.statusCode);
    } catch {
      // Counted as "error": no answer.
    }
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
}

// RFC 5737 TEST-NET-3 addresses, one per client.
await Promise.all(Array.from({ length: flooders }, (_, i) => client(`203.0.113.${i + 1}`)));
clearInterval(report);
await pool.close();
process.send!({ statuses, done: true });
process.disconnect();
