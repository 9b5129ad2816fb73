import { useId, useState, type ReactNode } from "react";
import { useAppRunning } from "../../boot/use-app-running.ts";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { stripToDigits } from "#shared/validation.ts";

/** A form-level message; `field` names the input it is about, if any (validation issues carry it). */
export interface FormMessage {
  message: string;
  field?: string | undefined;
}

interface FieldBase {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  /** The message this field is the subject of, so the input is marked invalid and described by it. */
  error?: FormMessage | null;
  errorId?: string;
  /** This field's own message, shown beside it (a form that says every field's problem at once, decision 038). */
  problem?: string | undefined;
}

function invalidProps(name: string, error: FormMessage | null | undefined, errorId: string | undefined, problemId?: string) {
  if (problemId) return { "aria-invalid": true, "aria-describedby": problemId };
  return error?.field === name ? { "aria-invalid": true, "aria-describedby": errorId } : {};
}

/** A field's own message, under it, in danger style; the input names it in aria-describedby. */
function FieldProblem({ id, problem }: { id: string; problem: string | undefined }) {
  if (!problem) return null;
  return (
    <p id={id} className="help is-danger field-problem">
      {problem}
    </p>
  );
}

interface TextFieldProps extends FieldBase {
  type?: "text" | "email" | "password";
  autoComplete: string;
  /** Focused when the page loads: a form page without JavaScript puts the first field in error here. */
  autoFocus?: boolean | undefined;
}

export function TextField({
  label,
  name,
  value,
  onChange,
  type = "text",
  autoComplete,
  error,
  errorId,
  problem,
  autoFocus,
}: TextFieldProps) {
  const id = useId();
  const problemId = `${id}-problem`;
  // A password can be shown: typing one blind on a phone keyboard is where sign-ups fail
  // (docs/product.md, Registration and login).
  const [shown, setShown] = useState(false);
  const isPassword = type === "password";
  // The Show button needs the app: a page without JavaScript has no such button, rather than a dead one.
  const running = useAppRunning();
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className={isPassword ? "control password-control" : "control"}>
        <input
          id={id}
          className="input"
          name={name}
          type={isPassword && shown ? "text" : type}
          value={value}
          autoComplete={autoComplete}
          autoCapitalize={type === "email" ? undefined : "none"}
          spellCheck={false}
          autoFocus={autoFocus}
          onChange={(event) => onChange(event.target.value)}
          {...invalidProps(name, error, errorId, problem ? problemId : undefined)}
        />
        {isPassword && running && (
          <button
            type="button"
            className="button is-white password-toggle"
            aria-controls={id}
            aria-label={`${shown ? "Hide" : "Show"} ${label.toLowerCase()}`}
            onClick={() => setShown(!shown)}
          >
            {shown ? "Hide" : "Show"}
          </button>
        )}
      </div>
      <FieldProblem id={problemId} problem={problem} />
    </div>
  );
}

/**
 * The 6-digit code (docs/product.md, Validation rules): typed and pasted text alike are reduced to at most
 * six digits. No maxLength: it would cut a pasted "12-34 56" before the non-digits could be stripped.
 */
export function CodeField({ label, name, value, onChange, error, errorId }: FieldBase) {
  const id = useId();
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="control">
        <input
          id={id}
          className="input dialog-code"
          name={name}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          value={value}
          onChange={(event) => onChange(stripToDigits(event.target.value))}
          {...invalidProps(name, error, errorId)}
        />
      </div>
    </div>
  );
}

export function FormError({ id, error }: { id: string; error: FormMessage | null }) {
  if (!error) return null;
  return (
    <div id={id} className="notification is-danger is-light dialog-message" role="alert">
      {error.message}
    </div>
  );
}

export function FormStatus({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="notification is-success is-light dialog-message" role="status">
      {message}
    </div>
  );
}

export function SubmitButton({ running, children }: { running: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className={running ? "button is-primary is-fullwidth is-loading" : "button is-primary is-fullwidth"}
      disabled={running}
      aria-busy={running}
    >
      {children}
    </button>
  );
}

/** A text-style button that moves to another dialog. */
export function DialogLink({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className="button is-ghost dialog-link" onClick={onClick}>
      {children}
    </button>
  );
}

/** The 18+ and Terms confirmation at registration (docs/product.md, Registration and login); the links open beside the dialog. */
export function TermsField({
  checked,
  onChange,
  error,
  errorId,
  problem,
  autoFocus,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  error?: FormMessage | null;
  errorId?: string;
  problem?: string | undefined;
  autoFocus?: boolean | undefined;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <div className="field">
      <label className="checkbox terms-field" htmlFor={id}>
        <input id={id} type="checkbox" name="acceptTerms" checked={checked} autoFocus={autoFocus} onChange={(event) => onChange(event.target.checked)} {...invalidProps("acceptTerms", error, errorId, problem ? problemId : undefined)} />
        {/* One flex item for the words: as loose text and links, each was a column of its own at 360 px. */}
        <span>
          I am 18 or older and accept the{" "}
          <a href="/terms" target="_blank" rel="noopener">
            Terms of Service
          </a>{" "}
          and{" "}
          <a href="/privacy" target="_blank" rel="noopener">
            Privacy Policy
          </a>
          .
        </span>
      </label>
      <FieldProblem id={problemId} problem={problem} />
    </div>
  );
}

/** The country at registration: only Nigeria can be chosen (docs/product.md, Who it is for). */
export function CountryField({
  name,
  value,
  onChange,
  problem,
}: {
  name: string;
  value: string;
  onChange(value: string): void;
  problem?: string | undefined;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        Country
      </label>
      <div className="control">
        <div className="select is-fullwidth">
          <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)} {...invalidProps(name, null, undefined, problem ? problemId : undefined)}>
            <option value={String(LIVE_COUNTRY_ID)}>Nigeria</option>
          </select>
        </div>
      </div>
      <FieldProblem id={problemId} problem={problem} />
    </div>
  );
}
