import { describe, expect, it } from "vitest";
import {
  bet9jaEventUrl,
  betkingEventUrl,
  bookmakerLink,
  FOOTBALL_PAGES,
  nairabetEventUrl,
  onexbetEventUrl,
  slug,
  sportybetEventUrl,
  type LinkInput,
} from "./bookmaker-links.ts";

const input = (externalId: string, home: string, away: string, competitionId = 1): LinkInput => ({ externalId, home, away, competitionId });

/** Ids and names a hostile or broken feed might send: none may reach a URL. */
const HOSTILE_IDS = ["", "12a", "-1", "1.5", "1e9", " 123", "123 ", "123/../admin", "123?ref=x", "123#x", "https://evil.example/1", "１２３", "1".repeat(16)];

describe("bookmaker event URLs, against each site's real pattern", () => {
  it("builds Bet9ja's event page from the event's ID", () => {
    expect(bet9jaEventUrl(input("243311467", "Arsenal", "Chelsea"))).toEqual({ url: "https://sports.bet9ja.com/event/243311467", exact: true });
  });

  it("builds SportyBet's event page from the league, its team names and the Sportradar match id", () => {
    expect(sportybetEventUrl(input("sr:match:50850623", "Liverpool", "Everton"))).toEqual({
      url: "https://www.sportybet.com/ng/sport/football/England/Premier_League/Liverpool_vs_Everton/sr:match:50850623",
      exact: true,
    });
    expect(sportybetEventUrl(input("sr:match:61300945", "Real Madrid", "Atletico Madrid", 2)).url).toBe(
      "https://www.sportybet.com/ng/sport/football/Spain/LaLiga/Real_Madrid_vs_Atletico_Madrid/sr:match:61300945",
    );
    expect(sportybetEventUrl(input("sr:match:1", "Inter", "Milan", 3)).url).toContain("/Italy/Serie_A/");
    expect(sportybetEventUrl(input("sr:match:1", "Bayern", "Dortmund", 4)).url).toContain("/Germany/Bundesliga/");
  });

  it("builds BetKing's event page from the ItemID and the event name as a slug", () => {
    expect(betkingEventUrl(input("48310987", "Arsenal", "Chelsea"))).toEqual({ url: "https://m.betking.com/sports/prematch/48310987/arsenal-chelsea", exact: true });
    expect(betkingEventUrl(input("48310988", "Brighton & Hove Albion", "Man. Utd")).url).toBe("https://m.betking.com/sports/prematch/48310988/brighton-hove-albion-man-utd");
  });

  it("builds NairaBet's event page from the Altenar event id", () => {
    expect(nairabetEventUrl(input("14758410", "Arsenal", "Chelsea"))).toEqual({ url: "https://nairabet.com/event/14758410", exact: true });
  });

  it("builds 1xBet's event page from the championship, the game id and both team slugs", () => {
    expect(onexbetEventUrl(input("262196524", "Liverpool", "Everton"))).toEqual({
      url: "https://1xbet.ng/en/line/football/88637-england-premier-league/262196524-liverpool-everton",
      exact: true,
    });
    expect(onexbetEventUrl(input("1", "Bayern München", "Borussia Mönchengladbach", 4)).url).toBe(
      "https://1xbet.ng/en/line/football/96463-germany-bundesliga/1-bayern-munchen-borussia-monchengladbach",
    );
    expect(onexbetEventUrl(input("1", "A", "B", 2)).url).toContain("/127733-spain-la-liga/");
    expect(onexbetEventUrl(input("1", "A", "B", 3)).url).toContain("/110163-italy-serie-a/");
  });
});

describe("fallback to the bookmaker's football page", () => {
  const builders = [
    [1, bet9jaEventUrl, "243311467"],
    [2, betkingEventUrl, "48310987"],
    [3, sportybetEventUrl, "sr:match:50850623"],
    [4, nairabetEventUrl, "14758410"],
    [5, onexbetEventUrl, "262196524"],
  ] as const;

  it.each(builders)("bookmaker %i falls back for every id not of its site's form", (provider, build) => {
    for (const id of HOSTILE_IDS) {
      expect(build(input(id, "Arsenal", "Chelsea")), JSON.stringify(id)).toEqual({ url: FOOTBALL_PAGES[provider], exact: false });
    }
  });

  it("falls back for a Sportradar id at the sites whose ids are bare digits", () => {
    for (const [provider, build] of builders.filter(([provider]) => provider !== 3)) {
      expect(build(input("sr:match:50850623", "Arsenal", "Chelsea"))).toEqual({ url: FOOTBALL_PAGES[provider], exact: false });
    }
  });

  it("falls back for SportyBet ids that are not a Sportradar match", () => {
    for (const id of ["sr:match:", "sr:match:12x", "sr:competitor:123", "SR:MATCH:123", "sr:match:1/../x", "243311467"]) {
      expect(sportybetEventUrl(input(id, "Arsenal", "Chelsea"))).toEqual({ url: FOOTBALL_PAGES[3], exact: false });
    }
  });

  it("falls back where a league or a team name is unknown to the pattern", () => {
    expect(sportybetEventUrl(input("sr:match:1", "Arsenal", "Chelsea", 9)).exact).toBe(false);
    expect(onexbetEventUrl(input("1", "Arsenal", "Chelsea", 9)).exact).toBe(false);
    expect(onexbetEventUrl(input("1", "—", "Chelsea")).exact).toBe(false);
    expect(betkingEventUrl(input("1", "???", "!!!")).exact).toBe(false);
    expect(sportybetEventUrl(input("sr:match:1", " ", "Chelsea")).exact).toBe(false);
  });

  it("points every football page at the bookmaker's own site, with no parameters", () => {
    for (const url of Object.values(FOOTBALL_PAGES)) {
      const parsed = new URL(url);
      expect(parsed.protocol).toBe("https:");
      expect(parsed.search).toBe("");
      expect(parsed.hash).toBe("");
    }
  });
});

describe("hostile team names", () => {
  it("escapes what SportyBet's path keeps and slugs what the others keep, so a name never leaves its path segment", () => {
    const hostile = input("sr:match:7", "A/../../x?y=1#z", "B C");
    const sporty = new URL(sportybetEventUrl(hostile).url);
    expect(sporty.origin).toBe("https://www.sportybet.com");
    expect(sporty.search).toBe("");
    expect(sporty.hash).toBe("");
    expect(sporty.pathname).toBe("/ng/sport/football/England/Premier_League/A%2F..%2F..%2Fx%3Fy%3D1%23z_vs_B_C/sr:match:7");
    expect(betkingEventUrl(input("7", "A/../x?y=1", "<script>")).url).toBe("https://m.betking.com/sports/prematch/7/a-x-y-1-script");
    expect(onexbetEventUrl(input("7", "A/../x?y=1", "<script>")).url).toBe("https://1xbet.ng/en/line/football/88637-england-premier-league/7-a-x-y-1-script");
  });

  it("reduces names to lower-case ASCII slugs", () => {
    expect(slug("  Atlético Madrid ")).toBe("atletico-madrid");
    expect(slug("1. FC Köln")).toBe("1-fc-koln");
    expect(slug("---")).toBe("");
  });
});

describe("bookmakerLink", () => {
  it("names the provider and builds its URL, or its football page when nothing is known of its listing", () => {
    expect(bookmakerLink(1, input("243311467", "Arsenal", "Chelsea"))).toEqual({ provider: 1, url: "https://sports.bet9ja.com/event/243311467", exact: true });
    expect(bookmakerLink(4, undefined)).toEqual({ provider: 4, url: "https://nairabet.com/sports/soccer", exact: false });
    expect(bookmakerLink(6, input("1", "A", "B"))).toBeUndefined();
  });
});
