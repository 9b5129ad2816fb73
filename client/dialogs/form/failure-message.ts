import { ApiError } from "#shared/error-decoding.ts";
import { flowErrorMessage, type ErrorFlow, type VerificationContext } from "#shared/messages.ts";

/** The spec's per-flow message for a failed call; anything that is not an ApiError (a bug) gets the flow's generic text. */
export function failureMessage(flow: ErrorFlow, error: unknown, context?: VerificationContext): string {
  return flowErrorMessage(flow, error instanceof ApiError ? error : {}, context);
}
