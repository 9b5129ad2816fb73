import type { JSX } from "react";
import { PageMeta } from "../../components/page-meta.tsx";
import { TextPage, type TextSection } from "../../components/text-page.tsx";

const SECTIONS: TextSection[] = [
  {
    title: "What Responsible Gambling Means",
    body: (
      <p>
        Betting should be a bit of fun on top of the football, not a way to make money or escape problems.
        Responsible gambling means staying in control: betting only what you can afford to lose, knowing when
        to stop, and never letting it harm your family, work or health. Betting is for adults aged 18 and over
        only.
      </p>
    ),
  },
  {
    title: "Warning Signs",
    body: (
      <ul>
        <li>Betting more than you planned, or more than you can afford to lose.</li>
        <li>Chasing losses: betting again to win back what you lost.</li>
        <li>Borrowing money, using money meant for bills or food, or selling things to bet.</li>
        <li>Hiding your betting from family and friends, or lying about it.</li>
        <li>Feeling worried, angry or low when you are not betting or when you lose.</li>
      </ul>
    ),
  },
  {
    title: "Limits and Self-Exclusion Tools",
    body: (
      <p>
        Most licensed bookmakers let you set deposit, loss and time limits on your account, take a short
        break, or exclude yourself for months or longer. Look in your account settings or the bookmaker&apos;s
        responsible gambling page, or ask their customer support. If you bet with several bookmakers, set
        limits with each of them.
      </p>
    ),
  },
  {
    title: "Tips for Staying in Control",
    body: (
      <ul>
        <li>Set a budget before you bet and stick to it. Treat that money as spent.</li>
        <li>Never bet with borrowed money or money you need for rent, school fees or food.</li>
        <li>Decide on a time limit and take regular breaks.</li>
        <li>Do not bet when you are drunk, angry or upset.</li>
        <li>Comparing odds gets you more value, but no odds guarantee a win.</li>
      </ul>
    ),
  },
  {
    title: "Getting Help",
    body: (
      <>
        <p>If betting is causing you problems, you are not alone, and help is available.</p>
        <ul>
          <li>Talk to someone you trust: family, a friend, or a religious or community leader.</li>
          <li>
            See a doctor, counsellor or mental health professional; many hospitals can refer you to support
            services.
          </li>
          <li>
            Ask your bookmaker&apos;s customer support to close or limit your account. In Nigeria, licensed
            bookmakers are overseen by state gaming regulators and the National Lottery Regulatory Commission,
            which you can contact about a bookmaker&apos;s conduct.
          </li>
          <li>
            International services such as Gamblers Anonymous, GamCare and BeGambleAware offer free,
            confidential advice and online support.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: "Gambling Is Entertainment",
    body: (
      <p>
        Remember: betting is entertainment, not income. The bookmaker always keeps a margin, so over time most
        bettors lose. Enjoy the game, bet for fun, and walk away when it stops being fun.
      </p>
    ),
  },
];

export function ResponsibleGamblingPage(): JSX.Element {
  return (
    <>
      <PageMeta
        title="Responsible Gambling"
        description="Stay in control of your betting: warning signs, limits, tips and where to get help."
      />
      <TextPage
        title="Responsible Gambling"
        intro={<p>AfriOdds helps you find better odds, but we want betting to stay fun and safe for you.</p>}
        sections={SECTIONS}
      />
    </>
  );
}
