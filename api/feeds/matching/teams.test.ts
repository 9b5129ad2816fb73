import { describe, expect, it } from "vitest";
import { CLUBS, canonicalClub, clubsOf, foldText, normaliseTeamName } from "./teams.ts";

const idOf = (name: string, competitionId?: number) => canonicalClub(name, competitionId)?.id;

describe("foldText", () => {
  it("folds accents, case and punctuation but keeps every word as written", () => {
    expect(foldText("  Bayern MÜNCHEN ")).toBe("bayern munchen");
    expect(foldText("Barça")).toBe("barca");
    expect(foldText("Borussia M'gladbach")).toBe("borussia mgladbach");
    expect(foldText("Man. Utd")).toBe("man utd");
    expect(foldText("FC St. Pauli")).toBe("fc st pauli");
    expect(foldText("Brighton & Hove")).toBe("brighton and hove");
    expect(foldText("Gießen")).toBe("giessen");
    expect(foldText("?!")).toBe("");
  });
});

describe("normaliseTeamName", () => {
  it("strips accents from Atlético, Köln and München and folds München to Munich", () => {
    expect(normaliseTeamName("Atlético de Madrid")).toBe("atletico madrid");
    expect(normaliseTeamName("1. FC Köln")).toBe("koln");
    expect(normaliseTeamName("Bayern München")).toBe("bayern munich");
  });

  it("folds letters that have no accent to strip", () => {
    expect(normaliseTeamName("Gießen Ørn")).toBe("giessen orn");
  });

  it("drops legal-form tokens and founding years", () => {
    expect(normaliseTeamName("TSG 1899 Hoffenheim")).toBe("hoffenheim");
    expect(normaliseTeamName("1. FSV Mainz 05")).toBe("mainz");
    expect(normaliseTeamName("SSC Napoli")).toBe("napoli");
    expect(normaliseTeamName("Genoa CFC")).toBe("genoa");
    expect(normaliseTeamName("VfB Stuttgart")).toBe("stuttgart");
    expect(normaliseTeamName("AFC Bournemouth")).toBe("bournemouth");
    expect(normaliseTeamName("Como 1907")).toBe("como");
    expect(normaliseTeamName("RB Leipzig")).toBe("leipzig");
  });

  it("writes out utd, st and nottm", () => {
    expect(normaliseTeamName("Man Utd")).toBe("man united");
    expect(normaliseTeamName("FC St. Pauli")).toBe("saint pauli");
    expect(normaliseTeamName("Nott'm Forest")).toBe("nottingham forest");
  });

  it("turns an ampersand into 'and' and punctuation into spaces", () => {
    expect(normaliseTeamName("Brighton & Hove Albion")).toBe("brighton and hove albion");
    expect(normaliseTeamName("Borussia M.Gladbach")).toBe("borussia m gladbach");
    expect(normaliseTeamName("  Real   Madrid  ")).toBe("real madrid");
  });

  it("keeps a name made only of noise tokens rather than emptying it", () => {
    expect(normaliseTeamName("FC")).toBe("fc");
  });
});

describe("canonicalClub", () => {
  it("resolves the English short forms bookmakers use", () => {
    expect(idOf("Spurs")).toBe("tottenham-hotspur");
    expect(idOf("Tottenham")).toBe("tottenham-hotspur");
    expect(idOf("Man City")).toBe("manchester-city");
    for (const name of ["Man Utd", "Man United", "Manchester Utd", "Man. Utd"]) {
      expect(idOf(name)).toBe("manchester-united");
    }
    expect(idOf("Wolves")).toBe("wolverhampton-wanderers");
    expect(idOf("Nottm Forest")).toBe("nottingham-forest");
    expect(idOf("Nott'm Forest")).toBe("nottingham-forest");
    expect(idOf("Newcastle")).toBe("newcastle-united");
    expect(idOf("West Ham")).toBe("west-ham-united");
    expect(idOf("Brighton & Hove Albion")).toBe("brighton");
  });

  it("resolves Inter's spellings to Inter and a bare Milan to AC Milan", () => {
    for (const name of ["Inter", "Internazionale", "Inter Milan", "FC Internazionale Milano"]) {
      expect(idOf(name)).toBe("inter");
    }
    expect(idOf("AC Milan")).toBe("milan");
    expect(idOf("Milan")).toBe("milan");
  });

  it("resolves the Spanish short forms bookmakers use", () => {
    for (const name of ["Atleti", "Atletico Madrid", "Atl. Madrid", "Atlético de Madrid"]) {
      expect(idOf(name)).toBe("atletico-madrid");
    }
    expect(idOf("Athletic Bilbao")).toBe("athletic-club");
    expect(idOf("Athletic Club")).toBe("athletic-club");
    expect(idOf("Betis")).toBe("real-betis");
    expect(idOf("Real Betis Balompie")).toBe("real-betis");
    expect(idOf("Celta Vigo")).toBe("celta-vigo");
    expect(idOf("RC Celta")).toBe("celta-vigo");
    expect(idOf("Alaves")).toBe("alaves");
    expect(idOf("Deportivo Alaves")).toBe("alaves");
    expect(idOf("Barça")).toBe("barcelona");
  });

  it("resolves the German short forms bookmakers use", () => {
    for (const name of ["Gladbach", "Borussia M'gladbach", "Mönchengladbach", "Borussia Monchengladbach"]) {
      expect(idOf(name)).toBe("borussia-monchengladbach");
    }
    for (const name of ["Bayern Munich", "Bayern München", "FC Bayern"])
      expect(idOf(name)).toBe("bayern-munich");
    expect(idOf("Leverkusen")).toBe("bayer-leverkusen");
    expect(idOf("Bayer 04")).toBe("bayer-leverkusen");
    expect(idOf("Dortmund")).toBe("borussia-dortmund");
    expect(idOf("BVB")).toBe("borussia-dortmund");
    expect(idOf("Koln")).toBe("koln");
    expect(idOf("Cologne")).toBe("koln");
    expect(idOf("Hertha")).toBe("hertha-bsc");
    expect(idOf("St. Pauli")).toBe("st-pauli");
    expect(idOf("1. FC Heidenheim 1846")).toBe("heidenheim");
    expect(idOf("VfL Wolfsburg")).toBe("vfl-wolfsburg");
  });

  it("resolves the Italian short forms bookmakers use", () => {
    expect(idOf("Roma")).toBe("roma");
    expect(idOf("AS Roma")).toBe("roma");
    expect(idOf("Lazio")).toBe("lazio");
    expect(idOf("SSC Napoli")).toBe("napoli");
    expect(idOf("Juve")).toBe("juventus");
    expect(idOf("Juventus")).toBe("juventus");
    expect(idOf("Verona")).toBe("hellas-verona");
    expect(idOf("Hellas Verona")).toBe("hellas-verona");
  });

  it("knows recently relegated clubs so a promotion still matches", () => {
    expect(idOf("Leicester", 1)).toBe("leicester-city");
    expect(idOf("Ipswich", 1)).toBe("ipswich-town");
    expect(idOf("Southampton", 1)).toBe("southampton");
    expect(idOf("Valladolid", 2)).toBe("real-valladolid");
    expect(idOf("Leganés", 2)).toBe("leganes");
    expect(idOf("Empoli", 3)).toBe("empoli");
    expect(idOf("Venezia", 3)).toBe("venezia");
    expect(idOf("Holstein Kiel", 4)).toBe("holstein-kiel");
    expect(idOf("VfL Bochum 1848", 4)).toBe("vfl-bochum");
  });

  it("only considers the given competition's clubs", () => {
    expect(idOf("Valencia", 2)).toBe("valencia");
    expect(idOf("Valencia", 1)).toBeUndefined();
  });

  it("answers undefined for names that are unknown or could be several clubs", () => {
    expect(canonicalClub("Wycombe Wanderers")).toBeUndefined();
    expect(canonicalClub("Real")).toBeUndefined();
    expect(canonicalClub("Borussia")).toBeUndefined();
    expect(canonicalClub("Manchester")).toBeUndefined();
  });
});

describe("the club table", () => {
  it("resolves every club's name and aliases to that club alone", () => {
    for (const club of CLUBS) {
      for (const name of [club.name, ...club.aliases]) {
        expect(idOf(name), `${name} in ${club.id}`).toBe(club.id);
      }
    }
  });

  it("has unique kebab-case ids", () => {
    const ids = CLUBS.map((club) => club.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("lists more clubs per league than its top flight holds, for promotion candidates", () => {
    for (const competitionId of [1, 2, 3, 4]) {
      expect(clubsOf(competitionId).length).toBeGreaterThan(competitionId === 4 ? 18 : 20);
    }
  });
});
