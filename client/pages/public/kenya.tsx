import type { JSX } from "react";
import { KENYA_BOOKMAKERS } from "../../components/bookmakers.ts";
import { ComingSoonPage } from "../info/coming-soon.tsx";

export function KenyaPage(): JSX.Element {
  return <ComingSoonPage country="Kenya" demonym="Kenyan" bookmakers={KENYA_BOOKMAKERS} />;
}
