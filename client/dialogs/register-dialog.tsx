import { useId, useState, type FormEvent } from "react";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { normaliseEmail, validateRegister } from "#shared/validation.ts";
// client/api is the browser's API client, not the api/ tier the lint rule guards against.
import { api } from "../backend/endpoints.ts";
import { DialogLink, FormError, SubmitButton, TextField, type FormMessage } from "./form-fields.tsx";
import { failureMessage } from "./failure-message.ts";
import { Modal } from "./modal.tsx";
import { useDialogs } from "./store.ts";
import { useAsyncAction } from "./use-async-action.ts";

export function RegisterDialog() {
  const show = useDialogs((s) => s.show);
  const { running, run } = useAsyncAction();
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [country, setCountry] = useState(String(LIVE_COUNTRY_ID));
  const [error, setError] = useState<FormMessage | null>(null);
  const errorId = useId();
  const countryId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (running) return;
    const issue = validateRegister({ username, email, password, confirmPassword, country });
    setError(issue);
    if (issue) return;
    const outcome = await run(() =>
      api.register({ userName: username.trim(), email: email.trim(), password, country: Number(country) }),
    );
    if (!outcome) return;
    if (!outcome.ok) {
      setError({ message: failureMessage("register", outcome.error) });
      return;
    }
    // The server answers the e-mail the code went to, normalised; verification must use exactly that.
    const sentTo = outcome.value.email || normaliseEmail(email);
    if (useDialogs.getState().open === "register")
      show("verify", { email: sentTo, verifyContext: "registration" });
  }

  const fieldError = { error, errorId };
  return (
    <Modal title="Create Your Free Account">
      <form noValidate onSubmit={submit}>
        <FormError id={errorId} error={error} />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={setUsername}
          {...fieldError}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          {...fieldError}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          {...fieldError}
        />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirmPassword}
          {...fieldError}
        />
        <div className="field">
          <label className="label" htmlFor={countryId}>
            Country
          </label>
          <div className="control">
            <div className="select is-fullwidth">
              {/* Spec section 1: only Nigeria can be chosen at registration. */}
              <select
                id={countryId}
                name="country"
                value={country}
                onChange={(event) => setCountry(event.target.value)}
              >
                <option value={String(LIVE_COUNTRY_ID)}>Nigeria</option>
              </select>
            </div>
          </div>
        </div>
        <SubmitButton running={running}>Register</SubmitButton>
      </form>
      <p className="has-text-centered mt-3">
        Already have an account? <DialogLink onClick={() => show("login")}>Log in</DialogLink>
      </p>
    </Modal>
  );
}
