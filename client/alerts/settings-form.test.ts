import { describe, expect, it } from "vitest";
import { QUIET_HOURS_BOTH_MESSAGE, QUIET_HOURS_TIME_MESSAGE, settingsOfForm, TIME_ZONE_MESSAGE } from "./settings-form.ts";

const fields = (over: Partial<Parameters<typeof settingsOfForm>[0]> = {}) => ({ timeZone: "Africa/Lagos", quietFrom: "22:00", quietTo: "07:00", email: "on", ...over });

describe("the Alerts page's settings form", () => {
  it("reads quiet hours in a zone and e-mail on, or none and e-mail off (an unticked box sends nothing)", () => {
    expect(settingsOfForm(fields())).toEqual({ ok: true, settings: { timeZone: "Africa/Lagos", quietFrom: "22:00", quietTo: "07:00", emailOff: false } });
    expect(settingsOfForm(fields({ quietFrom: "", quietTo: " ", email: "", timeZone: "Africa/Nairobi" }))).toEqual({ ok: true, settings: { timeZone: "Africa/Nairobi", quietFrom: null, quietTo: null, emailOff: true } });
  });

  it("says what is wrong: one end of quiet hours, a time that is not HH:MM, a zone nobody knows", () => {
    expect(settingsOfForm(fields({ quietTo: "" }))).toEqual({ ok: false, message: QUIET_HOURS_BOTH_MESSAGE });
    for (const time of ["24:00", "7:00", "22:60", "ten"]) expect(settingsOfForm(fields({ quietFrom: time })), time).toEqual({ ok: false, message: QUIET_HOURS_TIME_MESSAGE });
    for (const zone of ["", "Mars/Olympus", "x".repeat(65)]) expect(settingsOfForm(fields({ timeZone: zone })), zone).toEqual({ ok: false, message: TIME_ZONE_MESSAGE });
  });
});
