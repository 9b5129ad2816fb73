import { useId, type FormEvent, type JSX } from "react";
import type { AlertSettings } from "#shared/alerts-contract.ts";
import { PageForm } from "../components/page-form.tsx";
import { FORM_POSTS } from "../route-paths.ts";
import { ALERT_TIME_ZONES, settingsOfForm } from "./settings-form.ts";

/** The form's fields as the browser holds them at submit. */
function fieldsOf(event: FormEvent<HTMLFormElement>) {
  const form = new FormData(event.currentTarget);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { timeZone: text("timeZone"), quietFrom: text("quietFrom"), quietTo: text("quietTo"), email: text("email") };
}

/**
 * Quiet hours, their zone, and e-mail alerts on or off (docs/design.md, The sender): one form, posted
 * without JavaScript, the contract's alertSettings call with it (`save`, or `refuse` with what is
 * wrong before any call). `key` it by the settings so a save shows what the API kept.
 */
export function SettingsPanel({ settings, busy, save, refuse }: { settings: AlertSettings; busy: boolean; save(settings: AlertSettings): void; refuse(message: string): void }): JSX.Element {
  const id = useId();
  const zones: readonly string[] = ALERT_TIME_ZONES.includes(settings.timeZone as (typeof ALERT_TIME_ZONES)[number]) ? ALERT_TIME_ZONES : [settings.timeZone, ...ALERT_TIME_ZONES];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const read = settingsOfForm(fieldsOf(event));
    if (read.ok) save(read.settings);
    else refuse(read.message);
  };
  return (
    <section className="alert-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="title is-5 mb-2">
        Quiet hours and e-mail
      </h2>
      <p className="mb-3">During quiet hours alerts wait until the hours end, except sure bets, which do not keep. Leave both times empty for none.</p>
      <PageForm action={FORM_POSTS.alertSettings} onSubmit={submit}>
        <div className="alert-quiet">
          <div className="field">
            <label className="label" htmlFor={`${id}-from`}>
              Quiet from
            </label>
            <input id={`${id}-from`} className="input" type="time" name="quietFrom" defaultValue={settings.quietFrom ?? ""} />
          </div>
          <div className="field">
            <label className="label" htmlFor={`${id}-to`}>
              Quiet until
            </label>
            <input id={`${id}-to`} className="input" type="time" name="quietTo" defaultValue={settings.quietTo ?? ""} />
          </div>
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-zone`}>
            Time zone
          </label>
          <div className="select is-fullwidth">
            <select id={`${id}-zone`} name="timeZone" defaultValue={settings.timeZone}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, " ")}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label className="checkbox" htmlFor={`${id}-email`}>
            <input id={`${id}-email`} type="checkbox" name="email" value="on" defaultChecked={!settings.emailOff} /> Send alerts by e-mail
          </label>
        </div>
        <button type="submit" className="button is-primary" disabled={busy}>
          Save alert settings
        </button>
      </PageForm>
    </section>
  );
}
