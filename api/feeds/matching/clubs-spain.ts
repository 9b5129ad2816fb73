import type { Club } from "./club.ts";

const LA_LIGA = 2;

/** 2025-26 La Liga plus the Segunda clubs most likely to come up. */
export const SPANISH_CLUBS: readonly Club[] = [
  {
    id: "athletic-club",
    name: "Athletic Club",
    aliases: [
      "Athletic Bilbao",
      "Athletic Club Bilbao",
      "Athletic Club de Bilbao",
      "Ath Bilbao",
      "Ath. Bilbao",
      "Athletic",
      "Bilbao",
    ],
  },
  {
    id: "atletico-madrid",
    name: "Atlético Madrid",
    aliases: [
      "Atletico Madrid",
      "Atlético de Madrid",
      "Club Atlético de Madrid",
      "Atl. Madrid",
      "Atl Madrid",
      "Atleti",
      "Atletico",
      "A. Madrid",
    ],
  },
  { id: "barcelona", name: "Barcelona", aliases: ["FC Barcelona", "Barça", "Barca"] },
  {
    id: "celta-vigo",
    name: "Celta Vigo",
    aliases: ["Celta", "Celta de Vigo", "RC Celta", "RC Celta de Vigo"],
  },
  { id: "alaves", name: "Alavés", aliases: ["Deportivo Alavés", "Deportivo Alaves", "D. Alaves"] },
  { id: "elche", name: "Elche", aliases: ["Elche CF"] },
  {
    id: "espanyol",
    name: "Espanyol",
    aliases: ["RCD Espanyol", "Espanyol Barcelona", "RCD Espanyol de Barcelona"],
  },
  { id: "getafe", name: "Getafe", aliases: ["Getafe CF"] },
  { id: "girona", name: "Girona", aliases: ["Girona FC"] },
  { id: "levante", name: "Levante", aliases: ["Levante UD"] },
  { id: "mallorca", name: "Mallorca", aliases: ["RCD Mallorca", "Real Mallorca"] },
  { id: "osasuna", name: "Osasuna", aliases: ["CA Osasuna", "Osasuna Pamplona"] },
  { id: "rayo-vallecano", name: "Rayo Vallecano", aliases: ["Rayo", "Rayo Vallecano de Madrid"] },
  {
    id: "real-betis",
    name: "Real Betis",
    aliases: ["Betis", "Real Betis Balompié", "Real Betis Sevilla", "Betis Sevilla"],
  },
  { id: "real-madrid", name: "Real Madrid", aliases: ["Real Madrid CF", "R. Madrid"] },
  { id: "real-oviedo", name: "Real Oviedo", aliases: ["Oviedo"] },
  {
    id: "real-sociedad",
    name: "Real Sociedad",
    aliases: ["Real Sociedad de Fútbol", "R. Sociedad", "Sociedad", "Real Sociedad San Sebastian", "La Real"],
  },
  { id: "sevilla", name: "Sevilla", aliases: ["Sevilla FC", "FC Sevilla", "Seville"] },
  { id: "valencia", name: "Valencia", aliases: ["Valencia CF"] },
  { id: "villarreal", name: "Villarreal", aliases: ["Villarreal CF", "Villareal"] },
  { id: "real-valladolid", name: "Real Valladolid", aliases: ["Valladolid", "Real Valladolid CF"] },
  { id: "las-palmas", name: "Las Palmas", aliases: ["UD Las Palmas"] },
  { id: "leganes", name: "Leganés", aliases: ["CD Leganés", "Leganes"] },
  {
    id: "racing-santander",
    name: "Racing Santander",
    aliases: ["Racing de Santander", "Real Racing Club", "Racing"],
  },
  {
    id: "deportivo-la-coruna",
    name: "Deportivo La Coruña",
    aliases: [
      "Deportivo",
      "Depor",
      "RC Deportivo",
      "RC Deportivo La Coruña",
      "Deportivo Coruña",
      "La Coruña",
    ],
  },
  { id: "almeria", name: "Almería", aliases: ["UD Almería"] },
  { id: "sporting-gijon", name: "Sporting Gijón", aliases: ["Sporting de Gijón", "Real Sporting"] },
  { id: "granada", name: "Granada", aliases: ["Granada CF"] },
  { id: "cadiz", name: "Cádiz", aliases: ["Cádiz CF"] },
  { id: "malaga", name: "Málaga", aliases: ["Málaga CF"] },
].map((club) => ({ ...club, competitionId: LA_LIGA }));
