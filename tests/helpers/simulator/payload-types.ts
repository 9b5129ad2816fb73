/** The fields of each site's payload that the adapters read: what the tests hold the simulator to. */

export interface SportyOutcome {
  id: string;
  odds: string;
  isActive: number;
  desc: string;
  probability: string;
}
export interface SportyMarket {
  id: string;
  desc: string;
  specifier?: string;
  status: number;
  outcomes: SportyOutcome[];
}
export interface SportyEvent {
  eventId: string;
  estimateStartTime: number;
  status: number;
  homeTeamName: string;
  awayTeamName: string;
  markets: SportyMarket[];
}
export interface SportyList {
  bizCode: number;
  message: string;
  data: { totalNum: number; tournaments: { id: string; name: string; events: SportyEvent[] }[] } | null;
}

export interface Bet9jaEvent {
  ID: number;
  DS: string;
  GN: string;
  GID: number;
  SG: string;
  STARTDATE: string;
  STARTDATEUTC?: string;
  EXTID: string;
  O: Record<string, string>;
}
export interface Bet9jaList {
  R: string;
  D: { E: Bet9jaEvent[] };
}
export interface Bet9jaEventAnswer {
  R: string;
  D: Bet9jaEvent;
}

export interface BetkingOdds {
  OddsType: { OddsTypeID: number };
  SpecialBetValue: string;
  MatchOdds: { OddAttribute: { OddTypeID: number; OddName: string }; Outcome: { OddOutcome: number } }[];
}
export interface BetkingItem {
  ItemID: number;
  ItemName: string;
  ItemDate: string;
  TournamentName: string;
  CategoryName: string;
  ExtProvIDItem: string;
  OddsCollection: BetkingOdds[];
}
export interface BetkingList {
  AreaMatches: { Items: BetkingItem[] }[];
  TotalNoOfItems: number;
}

export interface AltenarOdd {
  id: number;
  typeId: number;
  price: number;
  oddStatus: number;
  competitorId?: number;
  name: string;
  /** GetEventDetails: the line on each odd of its one totals market. */
  sv?: string;
}
export interface AltenarMarket {
  id: number;
  typeId: number;
  name: string;
  oddIds: number[];
  sv?: string;
}
export interface AltenarEvent {
  id: number;
  name: string;
  startDate: string;
  champId: number;
  competitorIds: number[];
  marketIds: number[];
  extId: string;
}
export interface AltenarList {
  events: AltenarEvent[];
  markets: AltenarMarket[];
  odds: AltenarOdd[];
  competitors: { id: number; name: string }[];
  champs: { id: number; name: string }[];
  categories: { id: number; name: string; champIds: number[] }[];
}
/** GetEventDetails: the event's fields with its markets and odds. */
export type AltenarDetails = AltenarEvent & { markets: AltenarMarket[]; odds: AltenarOdd[] };

export interface XbetEntry {
  G: number;
  T: number;
  C: number;
  P?: number;
  B?: boolean;
}
export interface XbetHeader {
  I: number;
  O1: string;
  O2: string;
  S: number;
  L: string;
  LI: number;
}
export interface XbetList {
  Success: boolean;
  Value: (XbetHeader & { E: XbetEntry[]; AE: { G: number; ME: XbetEntry[] }[] })[];
}
export interface XbetGameAnswer {
  Success: boolean;
  Value: XbetHeader & { GE: { G: number; E: XbetEntry[][] }[] };
}
