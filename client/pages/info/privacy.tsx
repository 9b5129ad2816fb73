import type { JSX } from "react";
import { MINIMUM_AGE } from "#shared/constants.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { TextPage, type TextSection } from "../../components/text-page.tsx";

const SECTIONS: TextSection[] = [
  {
    title: "Who We Are",
    body: (
      <p>
        AfriOdds is a free football odds comparison site for African bettors. This policy explains what data
        we keep and why.
      </p>
    ),
  },
  {
    title: "Information We Collect",
    body: (
      <p>
        When you register: your username, e-mail address, password and country. When you use the site: when
        you registered and last logged in. We never ask for your bank or card details.
      </p>
    ),
  },
  {
    title: "How We Use Your Information",
    body: (
      <p>
        To run your account, send you verification and password-reset codes, keep the site secure, and improve
        the service. We do not send marketing e-mails without your permission.
      </p>
    ),
  },
  {
    title: "Cookies and Local Storage",
    body: (
      <>
        <p>We use only the cookies the site needs to work. There are no advertising cookies.</p>
        <ul>
          <li>
            Session cookies keep you logged in. They hold secure sign-in tokens your browser cannot read with
            scripts.
          </li>
          <li>
            A <code>tz</code> cookie stores your time zone (for example Africa/Lagos) so match kick-off times
            show in your local time.
          </li>
          <li>
            Your browser&apos;s local storage keeps your basic account details (such as your username and
            country) so the site remembers you between visits.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: "Analytics",
    body: (
      <p>
        We count page views and record error reports to find and fix problems. These records contain the page
        address and, for errors, a short description, not your name or e-mail.
      </p>
    ),
  },
  {
    title: "Feedback",
    body: (
      <p>
        Feedback you send is stored without your account details, so it stays anonymous unless you write them
        into the message.
      </p>
    ),
  },
  {
    title: "Sharing Your Information",
    body: (
      <p>
        We do not sell your data, and we do not share it with bookmakers. We use trusted providers only to
        host the site and send e-mail, and we may disclose data where the law requires it.
      </p>
    ),
  },
  {
    title: "Data Retention",
    body: (
      <p>We keep your account data while your account is open, and delete it once it is no longer needed.</p>
    ),
  },
  {
    title: "Data Security",
    body: (
      <p>
        Passwords are stored hashed, never as plain text, and sign-in tokens are kept in secure cookies. No
        system is perfectly secure, so please use a strong password you do not use elsewhere.
      </p>
    ),
  },
  {
    title: "Your Rights",
    body: (
      <p>
        You can ask to see the data we hold about you, correct it, or request deletion of your account and its
        data. Send your request through the Feedback page and include your username, since feedback is
        otherwise anonymous.
      </p>
    ),
  },
  {
    title: "Minimum Age",
    body: (
      <p>
        You must be at least {MINIMUM_AGE} years old to use AfriOdds. We do not knowingly collect data from
        anyone under {MINIMUM_AGE}; if we learn we have, we delete it.
      </p>
    ),
  },
  {
    title: "Changes and Contact",
    body: (
      <p>
        We may update this policy and will show important changes on the site. For questions, log in and write
        to us through the Feedback page.
      </p>
    ),
  },
];

export function PrivacyPage(): JSX.Element {
  return (
    <>
      <PageMeta
        title="Privacy Policy"
        description="What data AfriOdds keeps, why, and your rights over it."
      />
      <TextPage
        title="Privacy Policy"
        intro={<p>Your privacy matters to us. We collect as little as we can and never sell your data.</p>}
        sections={SECTIONS}
        numbered
      />
    </>
  );
}
