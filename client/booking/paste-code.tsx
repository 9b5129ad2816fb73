import { bookmakerName } from "#shared/reference.ts";
import { useId, useState, type FormEvent, type JSX, type RefObject } from "react";
import type { BookingRead } from "#shared/contract.ts";
import { api } from "../backend/endpoints.ts";
import { useEarlyValue } from "../boot/use-early-value.ts";
import { READ_CODE_PATH } from "../route-paths.ts";
import { useAsyncAction } from "../dialogs/form/use-async-action.ts";
import { bookingFailure } from "./booking-errors.ts";
import { CODE_FORMAT_MESSAGE, isWellFormedCode, normalisePastedCode, READ_BOOKS } from "./books.ts";
import { CodeContents } from "./code-contents.tsx";

type Reading = { kind: "idle" } | { kind: "reading"; provider: number } | { kind: "read"; read: BookingRead } | { kind: "failed"; message: string };

/**
 * The betslip's "Paste a booking code" form (docs/design.md, Booking codes): a bookmaker whose codes
 * we can read, the code, and what it holds once read. Reading is the bettor's action, not the page's
 * data, so it is asked here on submit; the shareable page of one code (/code/:bookmaker/:code) reads
 * through its loader. Nothing of an earlier code stays on screen while a new one is read.
 */
export function PasteCode(): JSX.Element {
  const id = useId();
  const [provider, setProvider] = useState(String(READ_BOOKS[0]));
  const [text, setText] = useState("");
  const providerRef = useEarlyValue<HTMLSelectElement>(provider, setProvider);
  const codeRef = useEarlyValue<HTMLInputElement>(text, setText);
  const [invalid, setInvalid] = useState(false);
  const [reading, setReading] = useState<Reading>({ kind: "idle" });
  const { running, run } = useAsyncAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = normalisePastedCode(text);
    const book = Number(provider);
    if (!isWellFormedCode(code)) {
      setInvalid(true);
      codeRef.current?.focus();
      return;
    }
    setInvalid(false);
    setReading({ kind: "reading", provider: book });
    const outcome = await run(() => api.readBookingCode(book, code));
    if (!outcome) return;
    setReading(outcome.ok ? { kind: "read", read: outcome.value } : { kind: "failed", message: bookingFailure(outcome.error, book, "read") });
  }

  return (
    <section className="booking-paste" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="title is-5 mb-2">
        Paste a booking code
      </h2>
      <p className="mb-2">Got a code from a tipster or a friend? We read it and compare its selections across the five bookmakers.</p>
      {/* Without JavaScript the form itself goes to the code's page, which the server reads before it answers. */}
      <form className="booking-form" method="get" action={READ_CODE_PATH} noValidate onSubmit={(event) => void submit(event)}>
        <BookField id={id} provider={provider} onChange={setProvider} selectRef={providerRef} />
        <CodeField id={id} text={text} onChange={setText} invalid={invalid} inputRef={codeRef} />
        <button type="submit" className={running ? "button is-primary is-loading" : "button is-primary"} disabled={running}>
          Read code
        </button>
      </form>
      <ReadingState reading={reading} />
    </section>
  );
}

interface BookFieldProps {
  /** The form's id: the field's ids derive from it. */
  id: string;
  provider: string;
  onChange: (value: string) => void;
  selectRef: RefObject<HTMLSelectElement | null>;
}

/** The books whose codes we can read. */
function BookField({ id, provider, onChange, selectRef }: BookFieldProps): JSX.Element {
  return (
    <div className="field">
      <label className="label" htmlFor={`${id}-book`}>
        Bookmaker
      </label>
      <div className="control">
        <div className="select is-fullwidth">
          <select id={`${id}-book`} name="provider" ref={selectRef} value={provider} onChange={(event) => onChange(event.target.value)}>
            {READ_BOOKS.map((book) => (
              <option key={book} value={book}>
                {bookmakerName(book)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

interface CodeFieldProps {
  id: string;
  text: string;
  onChange: (value: string) => void;
  /** The code is not of the form books give out: the field says so, and the message is read out. */
  invalid: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
}

function CodeField({ id, text, onChange, invalid, inputRef }: CodeFieldProps): JSX.Element {
  return (
    <div className="field">
      <label className="label" htmlFor={`${id}-code`}>
        Booking code
      </label>
      <div className="control">
        <input
          id={`${id}-code`}
          className={invalid ? "input is-danger" : "input"}
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          ref={inputRef}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
      </div>
      {invalid && (
        <p id={`${id}-error`} className="help booking-error-text" role="alert">
          {CODE_FORMAT_MESSAGE}
        </p>
      )}
    </div>
  );
}

function ReadingState({ reading }: { reading: Reading }): JSX.Element | null {
  switch (reading.kind) {
    case "idle":
      return null;
    case "reading":
      return (
        <p className="mt-3" role="status">
          Reading the code at {bookmakerName(reading.provider)}...
        </p>
      );
    case "failed":
      return (
        <div className="notification is-danger is-light mt-3" role="alert">
          {reading.message}
        </div>
      );
    case "read":
      return (
        <div className="mt-4">
          <CodeContents read={reading.read} onBetslip level={3} />
        </div>
      );
  }
}
