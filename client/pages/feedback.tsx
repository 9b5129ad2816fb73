import { PageMeta } from "../components/page-meta.tsx";
import { useId, useState } from "react";
import { useAppRunning } from "../boot/use-app-running.ts";
import { FEEDBACK_MAX_LENGTH } from "#shared/constants.ts";
import { FEEDBACK_FAILED_MESSAGE, FEEDBACK_SUCCESS_MESSAGE } from "#shared/messages.ts";
import { validateFeedback } from "#shared/validation.ts";
import { api } from "../backend/endpoints.ts";
import { withMinimumDelay } from "../loaders/min-delay.ts";
import { RequireSession, useCurrentUser } from "../session/require-session.tsx";
import { useEarlyValue } from "../boot/use-early-value.ts";
import { FlashNotice, PageForm } from "../components/page-form.tsx";
import { FORM_POSTS } from "../route-paths.ts";

type Status = "idle" | "submitting" | "success" | "error";

/** The form alone; FeedbackPage wraps it in the session guard. */
export function FeedbackForm() {
  const { user } = useCurrentUser();
  const form = useFeedbackForm();
  // Without JavaScript (docs/design.md, Pages without JavaScript) nothing can follow the typing, so
  // the button is disabled for an empty message only once the app runs; the web tier checks it then.
  const started = useAppRunning();
  if (!user) return <p role="status">Please log in to submit feedback</p>;
  return (
    <PageForm action={FORM_POSTS.feedback} onSubmit={form.submit}>
      <FlashNotice />
      <MessageField
        message={form.message}
        invalid={form.invalid}
        submitting={form.submitting}
        edit={form.edit}
      />
      <SubmitNotice status={form.status} />
      <button
        type="submit"
        className="button is-primary"
        disabled={form.submitting || (started && form.message.trim() === "")}
      >
        {form.submitting ? "Submitting..." : "Submit Feedback"}
      </button>
    </PageForm>
  );
}

function useFeedbackForm() {
  const [message, setMessage] = useState("");
  const [status, setStatus] = useState<Status>("idle");
  const [invalid, setInvalid] = useState<string | null>(null);
  const submitting = status === "submitting";

  async function submit() {
    if (submitting) return;
    const issue = validateFeedback(message);
    setInvalid(issue?.message ?? null);
    if (issue) return;
    setStatus("submitting");
    try {
      await withMinimumDelay(api.feedback({ message: message.trim() }));
      setMessage("");
      setStatus("success");
    } catch {
      setStatus("error");
    }
  }

  function edit(value: string) {
    setMessage(value);
    setInvalid(null);
    if (status !== "submitting") setStatus("idle");
  }

  return { message, status, invalid, submitting, submit, edit };
}

type FieldProps = Pick<ReturnType<typeof useFeedbackForm>, "message" | "invalid" | "submitting" | "edit">;

function MessageField({ message, invalid, submitting, edit }: FieldProps) {
  const fieldId = useId();
  const fieldRef = useEarlyValue<HTMLTextAreaElement>(message, edit);
  return (
    <div className="field">
      <label className="label" htmlFor={fieldId}>
        Your feedback
      </label>
      <div className="control">
        <textarea
          id={fieldId}
          name="message"
          className={invalid ? "textarea is-danger" : "textarea"}
          rows={6}
          maxLength={FEEDBACK_MAX_LENGTH}
          ref={fieldRef}
          value={message}
          disabled={submitting}
          aria-describedby={invalid ? `${fieldId}-error ${fieldId}-count` : `${fieldId}-count`}
          aria-invalid={invalid ? true : undefined}
          onChange={(e) => edit(e.target.value)}
        />
      </div>
      <p className="help" id={`${fieldId}-count`}>
        {message.length}/{FEEDBACK_MAX_LENGTH} characters
      </p>
      {invalid && (
        <p className="help is-danger" id={`${fieldId}-error`} role="alert">
          {invalid}
        </p>
      )}
    </div>
  );
}

function SubmitNotice({ status }: { status: Status }) {
  if (status === "success") {
    return (
      <div className="notification is-success is-light" role="status">
        {FEEDBACK_SUCCESS_MESSAGE}
      </div>
    );
  }
  if (status === "error") {
    return (
      <div className="notification is-danger is-light" role="alert">
        {FEEDBACK_FAILED_MESSAGE}
      </div>
    );
  }
  return null;
}

/** /feedback (docs/product.md, Feedback page): an anonymous message to the team. */
export function FeedbackPage() {
  return (
    <RequireSession>
      <PageMeta
        title="Send feedback"
        description="Tell the AfriOdds team what would make odds comparison better for you."
      />
      <section className="section px-3">
        <div className="container is-max-tablet">
          <h1 className="title is-4">Feedback</h1>
          <p className="mb-4">Tell us what works and what does not. Your feedback is anonymous.</p>
          <FeedbackForm />
        </div>
      </section>
    </RequireSession>
  );
}
