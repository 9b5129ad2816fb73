import { describe, expect, it } from "vitest";
import { healthzUrl } from "./health-probe.ts";

const ports = { port: 3000, apiPort: 4000 };

describe("the container health probe", () => {
  it("probes the web tier's port when the container runs the web tier", () => {
    expect(healthzUrl("node dist/server/main.js", ports)).toBe("http://127.0.0.1:3000/healthz");
  });

  it("probes API_PORT when the container runs dist/api/main.js", () => {
    expect(healthzUrl("node dist/api/main.js", ports)).toBe("http://127.0.0.1:4000/healthz");
    expect(healthzUrl("/sbin/docker-init -- node /app/dist/api/main.js", { port: 3000, apiPort: 4100 })).toBe("http://127.0.0.1:4100/healthz");
  });

  it("is not fooled by a path that merely contains api", () => {
    expect(healthzUrl("node dist/server/main.js --title=api/main.jsx", ports)).toBe("http://127.0.0.1:3000/healthz");
  });
});
