import { defineConfig } from "vitest/config";

/**
 * Three projects run side by side (`npx vitest run --project integration` runs one): unit tests in
 * plain Node, component tests in happy-dom, and integration tests against real databases, a real
 * SMTP sink and the built site, which the integration project's global setup builds once per run
 * (tests/helpers/build-once.ts; the browser suite then serves the same build).
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["shared/**/*.test.ts", "client/**/*.test.ts", "server/**/*.test.ts", "api/**/*.test.ts", "scripts/**/*.test.ts", "lib/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "component",
          environment: "happy-dom",
          include: ["client/**/*.test.tsx", "tests/client/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/client/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/helpers/build-once.ts"],
        },
      },
    ],
  },
});
