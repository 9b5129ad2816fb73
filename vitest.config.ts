import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["shared/**/*.test.ts", "client/**/*.test.{ts,tsx}", "tests/client/**/*.test.{ts,tsx}", "server/**/*.test.ts", "api/**/*.test.ts", "tests/integration/**/*.test.ts", "scripts/**/*.test.ts", "lib/**/*.test.ts"],
    environment: "node",
    // Components render in happy-dom; everything else runs in plain Node.
    environmentMatchGlobs: [["client/**/*.test.tsx", "happy-dom"], ["tests/client/**/*.test.tsx", "happy-dom"]],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
