import type { JSX } from "react";
import { GHANA_BOOKMAKERS } from "../../components/bookmakers.ts";
import { ComingSoonPage } from "../info/coming-soon.tsx";

export function GhanaPage(): JSX.Element {
  return <ComingSoonPage country="Ghana" demonym="Ghanaian" bookmakers={GHANA_BOOKMAKERS} />;
}
