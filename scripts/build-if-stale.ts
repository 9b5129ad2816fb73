/**
 * `npm test`'s first step: build dist/ when it is missing or older than its sources
 * (tests/helpers/build-once.ts), so every test project, the unit tests that read the build
 * included, and the browser suite serve one build made before any of them starts.
 */
import { buildOnce } from "../tests/helpers/build-once.ts";

buildOnce("test");
