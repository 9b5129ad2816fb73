import { setLoadingFloor } from "#client/loaders/min-delay.ts";

/**
 * Component tests run with no minimum loading display: 300 ms a call was most of their time
 * (docs/conventions.md, Tests: cheap where the cost is not the subject). The floor itself is
 * proved in client/loaders/min-delay.test.ts; a test that reads a loading state holds its answer
 * pending until it has read it.
 */
setLoadingFloor(0);
