import type { JSX } from "react";
import { Link } from "react-router";
import { PageMeta } from "../../components/page-meta.tsx";
import { TextPage, type TextSection } from "../../components/text-page.tsx";

const SECTIONS: TextSection[] = [
  {
    title: "Acceptance of Terms",
    body: (
      <p>
        By using AfriOdds you agree to these terms. If you do not agree, please do not use the site. You must
        be 18 or older to create an account.
      </p>
    ),
  },
  {
    title: "Description of Service",
    body: (
      <p>
        AfriOdds compares football betting odds published by bookmakers, starting with Nigerian bookmakers. We
        are not a bookmaker: we do not take bets, hold money or pay out winnings.
      </p>
    ),
  },
  {
    title: "No Liability",
    body: (
      <p>
        The site is provided &quot;as is&quot;. Any bet you place is your own decision, made with the
        bookmaker of your choice. AfriOdds is not responsible for losses, missed bets or disputes with a
        bookmaker.
      </p>
    ),
  },
  {
    title: "Accuracy of Data",
    body: (
      <p>
        We update odds frequently, but bookmakers change prices all the time and a price may have moved by the
        time you see it. Always check the odds on the bookmaker&apos;s own site before you bet.
      </p>
    ),
  },
  {
    title: "Free Service",
    body: (
      <p>
        AfriOdds is free to use. We reserve the right to add optional premium features in future; we will give
        you notice before any such change, and we will never charge you without your agreement.
      </p>
    ),
  },
  {
    title: "User Responsibilities",
    body: (
      <p>
        Keep your password safe, give true details when you register, and do not misuse the site, for example
        by copying our data in bulk or trying to break its security. You are responsible for following the
        betting laws where you live.
      </p>
    ),
  },
  {
    title: "Third-Party Links",
    body: (
      <p>
        We name and may link to bookmakers and other sites we do not control. Their own terms and privacy
        policies apply there, and we are not responsible for their content or conduct.
      </p>
    ),
  },
  {
    title: "Changes to These Terms",
    body: (
      <p>
        We may update these terms from time to time. We will show important changes on the site, and using
        AfriOdds after a change means you accept the new terms.
      </p>
    ),
  },
  {
    title: "Contact Us",
    body: (
      <p>
        Questions about these terms? Log in and send us a message through the Feedback page. Our{" "}
        <Link to="/privacy">Privacy Policy</Link> explains how we handle your data.
      </p>
    ),
  },
];

export function TermsPage(): JSX.Element {
  return (
    <>
      <PageMeta
        title="Terms of Service"
        description="The terms for using AfriOdds, the free football odds comparison site."
      />
      <TextPage
        title="Terms of Service"
        intro={<p>These terms explain the rules for using AfriOdds. We have kept them short and plain.</p>}
        sections={SECTIONS}
        numbered
      />
    </>
  );
}
