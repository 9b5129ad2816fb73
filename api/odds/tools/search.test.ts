import { describe, expect, it } from "vitest";
import type { EventHeading } from "#shared/contract.ts";
import { buildSearchIndex, searchEvents, teamPhrases } from "./search.ts";

const NOW = Date.UTC(2026, 10, 22, 8, 0);
const HOUR = 3_600_000;
let sequence = 0;

/** An event named the way the matcher stores it: the club table's canonical names. */
function heading(competitionId: number, home: string, away: string, hoursAhead = 24): EventHeading {
  sequence += 1;
  return { id: `c${competitionId}:${sequence}`, name: `${home} vs ${away}`, home, away, date: new Date(NOW + hoursAhead * HOUR).toISOString(), competitionId };
}

const EVENTS = [
  heading(1, "Manchester United", "Arsenal", 30),
  heading(1, "Manchester City", "Leeds United", 20),
  heading(1, "Tottenham Hotspur", "Wolverhampton Wanderers"),
  heading(1, "Arsenal", "Chelsea", 50),
  heading(1, "Aston Villa", "Nottingham Forest"),
  heading(1, "Crystal Palace", "Newcastle United"),
  heading(1, "Middlesbrough", "Brentford"),
  heading(2, "Barcelona", "Atlético Madrid"),
  heading(2, "Real Madrid", "Sevilla"),
  heading(2, "Real Betis", "Real Sociedad"),
  heading(2, "Real Betis", "Atlético Madrid", 60),
  heading(3, "Inter Milan", "Juventus"),
  heading(3, "AC Milan", "Roma"),
  heading(3, "Napoli", "Lazio"),
  heading(4, "Bayern Munich", "Borussia Dortmund"),
  heading(4, "Bayer Leverkusen", "Borussia Mönchengladbach"),
  heading(4, "1. FC Köln", "Fortuna Düsseldorf"),
];
const index = buildSearchIndex(EVENTS);
const find = (query: string, now = NOW) => searchEvents(index, query, now).map((e) => e.name);

describe("teamPhrases", () => {
  it("folds the listed name and every alias of its club, from each word on", () => {
    const phrases = teamPhrases("Tottenham Hotspur", 1);
    expect(phrases).toEqual(expect.arrayContaining(["tottenham hotspur", "hotspur", "spurs", "tottenham h", "h"]));
    expect(teamPhrases("Borussia Mönchengladbach", 4)).toEqual(expect.arrayContaining(["borussia monchengladbach", "gladbach", "mgladbach", "borussia mgladbach"]));
  });

  it("knows a team the club tables do not by its own words", () => {
    expect(teamPhrases("Enyimba International", 1)).toEqual(["enyimba international", "international"]);
  });
});

describe("searchEvents", () => {
  it.each([
    ["Man U", "Manchester United vs Arsenal"],
    ["Man Utd", "Manchester United vs Arsenal"],
    ["Man City", "Manchester City vs Leeds United"],
    ["Spurs", "Tottenham Hotspur vs Wolverhampton Wanderers"],
    ["Wolves", "Tottenham Hotspur vs Wolverhampton Wanderers"],
    ["Villa", "Aston Villa vs Nottingham Forest"],
    ["Forest", "Aston Villa vs Nottingham Forest"],
    ["Palace", "Crystal Palace vs Newcastle United"],
    ["Newcastle", "Crystal Palace vs Newcastle United"],
    ["Boro", "Middlesbrough vs Brentford"],
    ["Barca", "Barcelona vs Atlético Madrid"],
    ["Barça", "Barcelona vs Atlético Madrid"],
    ["Atleti", "Barcelona vs Atlético Madrid"],
    ["Atletico", "Barcelona vs Atlético Madrid"],
    ["Real", "Real Madrid vs Sevilla"],
    ["La Real", "Real Betis vs Real Sociedad"],
    ["Inter", "Inter Milan vs Juventus"],
    ["Juve", "Inter Milan vs Juventus"],
    ["Milan", "AC Milan vs Roma"],
    ["Roma", "AC Milan vs Roma"],
    ["Napoli", "Napoli vs Lazio"],
    ["Bayern", "Bayern Munich vs Borussia Dortmund"],
    ["Dortmund", "Bayern Munich vs Borussia Dortmund"],
    ["BVB", "Bayern Munich vs Borussia Dortmund"],
    ["Leverkusen", "Bayer Leverkusen vs Borussia Mönchengladbach"],
    ["Gladbach", "Bayer Leverkusen vs Borussia Mönchengladbach"],
  ])("finds a club by its short name %s", (query, name) => {
    expect(find(query)).toContain(name);
  });

  it("tells Manchester United from Manchester City, also when City meets another United", () => {
    expect(find("man u")).toEqual(["Manchester United vs Arsenal"]);
    expect(find("man city")).toEqual(["Manchester City vs Leeds United"]);
    expect(find("man")).toEqual(["Manchester City vs Leeds United", "Manchester United vs Arsenal"]);
  });

  it("is blind to accents, case and punctuation", () => {
    for (const query of ["munchen", "München", "MÜNCHEN", "muenchen"]) expect(find(query), query).toEqual(["Bayern Munich vs Borussia Dortmund"]);
    expect(find("ATLÉTICO madrid")).toEqual(["Barcelona vs Atlético Madrid", "Real Betis vs Atlético Madrid"]);
    expect(find("m'gladbach")).toEqual(["Bayer Leverkusen vs Borussia Mönchengladbach"]);
    expect(find("Man. Utd")).toEqual(["Manchester United vs Arsenal"]);
    expect(find("köln")).toEqual(["1. FC Köln vs Fortuna Düsseldorf"]);
    expect(find("dusseldorf")).toEqual(["1. FC Köln vs Fortuna Düsseldorf"]);
  });

  it("matches the start of a word as the user types", () => {
    expect(find("tott")).toEqual(["Tottenham Hotspur vs Wolverhampton Wanderers"]);
    expect(find("hot")).toEqual(["Tottenham Hotspur vs Wolverhampton Wanderers"]);
    expect(find("otspur")).toEqual([]);
  });

  it("needs every word of a two-team query, in either order or as the listing names the match", () => {
    expect(find("arsenal chelsea")).toEqual(["Arsenal vs Chelsea"]);
    expect(find("chelsea arsenal")).toEqual(["Arsenal vs Chelsea"]);
    expect(find("Arsenal vs Chelsea")).toEqual(["Arsenal vs Chelsea"]);
    expect(find("spurs wolves")).toEqual(["Tottenham Hotspur vs Wolverhampton Wanderers"]);
    expect(find("arsenal sevilla")).toEqual([]);
  });

  it("reads a club's full name as one team, never as two halves of a match", () => {
    // Real (Betis) against (Atlético) Madrid is no Real Madrid match.
    expect(find("real madrid")).toEqual(["Real Madrid vs Sevilla"]);
    expect(find("inter milan")).toEqual(["Inter Milan vs Juventus"]);
  });

  it("lists upcoming events only, soonest first, at most 20", () => {
    expect(find("arsenal")).toEqual(["Manchester United vs Arsenal", "Arsenal vs Chelsea"]);
    expect(find("arsenal", NOW + 30 * HOUR)).toEqual(["Arsenal vs Chelsea"]);
    const many = buildSearchIndex(Array.from({ length: 25 }, (_, i) => heading(1, "Chelsea", `Club ${i}`, 25 - i)));
    const found = searchEvents(many, "chelsea", NOW);
    expect(found).toHaveLength(20);
    expect(found[0]!.away).toBe("Club 24");
  });

  it("finds nothing for text without letters or digits", () => {
    expect(find("?!")).toEqual([]);
  });
});
