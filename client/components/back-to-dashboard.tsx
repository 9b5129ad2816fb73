import type { JSX } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { dashboardReturn } from "./came-from.ts";

/**
 * "← Back to the dashboard": Back, when the bettor came from the dashboard, so its league, market
 * and scroll are as they left them (docs/product.md, Back keeps your place); otherwise a link to
 * the last dashboard this tab showed.
 */
export function BackToDashboard(): JSX.Element {
  const location = useLocation();
  const navigate = useNavigate();
  // Where this entry came from is noted after it renders: asked at the tap, not here.
  const { to } = dashboardReturn(location.key);
  return (
    <Link
      to={to}
      onClick={(event) => {
        if (!dashboardReturn(location.key).back || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate(-1);
      }}
    >
      &larr; Back to the dashboard
    </Link>
  );
}
