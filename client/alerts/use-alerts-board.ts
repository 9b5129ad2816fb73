import { useState } from "react";
import type { AlertRuleView, AlertSettings, AlertsView } from "#shared/alerts-contract.ts";
import { alertCalls, refusalWords } from "./alert-calls.ts";
import type { RuleAction } from "./rule-list.tsx";

/** What the page's status line says after an action: the news, or why it did not happen. */
export type BoardSaid = { status: string } | { message: string };

/**
 * The Alerts page with JavaScript (docs/design.md, Alerts): the rules and settings as the loader
 * read them, changed in place by each answer of the contract's calls, without reloading the page.
 * `busy`: the rule being changed ("settings" for the settings form), so a second tap waits.
 */
export function useAlertsBoard(view: AlertsView) {
  const [rules, setRules] = useState<readonly AlertRuleView[]>(view.rules);
  const [settings, setSettings] = useState<AlertSettings>(view.settings);
  const [busy, setBusy] = useState<string | null>(null);
  const [said, setSaid] = useState<BoardSaid | null>(null);

  async function run(key: string, call: () => Promise<string>, failed: string) {
    if (busy !== null) return;
    setBusy(key);
    setSaid(null);
    try {
      setSaid({ status: await call() });
    } catch (error) {
      setSaid({ message: refusalWords(error, failed) });
    } finally {
      setBusy(null);
    }
  }

  function act(action: RuleAction) {
    if (action.kind === "delete") {
      return void run(
        action.id,
        async () => {
          await alertCalls.deleteAlert({ id: action.id });
          setRules((now) => now.filter((rule) => rule.id !== action.id));
          return "Alert deleted.";
        },
        "That alert could not be deleted. Please try again.",
      );
    }
    void run(
      action.id,
      async () => {
        const changed = await alertCalls.changeAlert({ id: action.id, muteHours: action.hours });
        setRules((now) => now.map((rule) => (rule.id === changed.id ? changed : rule)));
        return action.hours === 0 ? "Alert unmuted." : "Alert muted for 24 hours.";
      },
      "That alert could not be changed. Please try again.",
    );
  }

  function save(next: AlertSettings) {
    void run(
      "settings",
      async () => {
        setSettings(await alertCalls.alertSettings(next));
        return "Alert settings saved.";
      },
      "Your alert settings could not be saved. Please try again.",
    );
  }

  return { rules, settings, busy, said, act, save, refuse: (message: string) => setSaid({ message }) };
}
