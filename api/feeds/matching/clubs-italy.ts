import type { Club } from "./club.ts";

const SERIE_A = 3;

/**
 * 2025-26 Serie A plus the Serie B clubs most likely to come up. Inter and Milan keep
 * separate alias lists on purpose: "Inter Milan" is Inter, a bare "Milan" is AC Milan.
 */
export const ITALIAN_CLUBS: readonly Club[] = [
  {
    id: "atalanta",
    name: "Atalanta",
    aliases: ["Atalanta BC", "Atalanta Bergamo", "Atalanta Bergamasca Calcio"],
  },
  { id: "bologna", name: "Bologna", aliases: ["Bologna FC", "Bologna FC 1909"] },
  { id: "cagliari", name: "Cagliari", aliases: ["Cagliari Calcio"] },
  { id: "como", name: "Como", aliases: ["Como 1907", "Calcio Como"] },
  { id: "cremonese", name: "Cremonese", aliases: ["US Cremonese"] },
  { id: "fiorentina", name: "Fiorentina", aliases: ["ACF Fiorentina", "AC Fiorentina"] },
  { id: "genoa", name: "Genoa", aliases: ["Genoa CFC"] },
  { id: "hellas-verona", name: "Hellas Verona", aliases: ["Verona", "Hellas Verona FC", "H. Verona"] },
  {
    id: "inter",
    name: "Inter Milan",
    aliases: ["Inter", "Internazionale", "FC Internazionale Milano", "Inter Milano", "FC Inter"],
  },
  { id: "juventus", name: "Juventus", aliases: ["Juve", "Juventus FC", "Juventus Turin"] },
  { id: "lazio", name: "Lazio", aliases: ["SS Lazio", "Lazio Roma", "Lazio Rome"] },
  { id: "lecce", name: "Lecce", aliases: ["US Lecce"] },
  { id: "milan", name: "AC Milan", aliases: ["Milan", "AC Milano", "Milan AC"] },
  { id: "napoli", name: "Napoli", aliases: ["SSC Napoli", "Naples"] },
  { id: "parma", name: "Parma", aliases: ["Parma Calcio", "Parma Calcio 1913"] },
  { id: "pisa", name: "Pisa", aliases: ["AC Pisa", "AC Pisa 1909", "Pisa SC"] },
  { id: "roma", name: "Roma", aliases: ["AS Roma"] },
  { id: "sassuolo", name: "Sassuolo", aliases: ["US Sassuolo", "Sassuolo Calcio"] },
  { id: "torino", name: "Torino", aliases: ["Torino FC"] },
  { id: "udinese", name: "Udinese", aliases: ["Udinese Calcio"] },
  { id: "empoli", name: "Empoli", aliases: ["Empoli FC"] },
  { id: "venezia", name: "Venezia", aliases: ["Venezia FC", "Venice"] },
  { id: "monza", name: "Monza", aliases: ["AC Monza"] },
  { id: "palermo", name: "Palermo", aliases: ["Palermo FC", "US Palermo"] },
  { id: "spezia", name: "Spezia", aliases: ["Spezia Calcio", "La Spezia"] },
  { id: "sampdoria", name: "Sampdoria", aliases: ["UC Sampdoria"] },
  { id: "frosinone", name: "Frosinone", aliases: ["Frosinone Calcio"] },
  { id: "modena", name: "Modena", aliases: ["Modena FC"] },
].map((club) => ({ ...club, competitionId: SERIE_A }));
