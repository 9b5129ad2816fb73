import type { ComponentType } from "react";
import type { LoaderFunction } from "react-router";
import type { PUBLIC_PATHS } from "./route-paths.ts";

export type PublicPath = (typeof PUBLIC_PATHS)[number];

/** What a public page's module gives the route: its component, and its loader when it has data. */
export interface PublicPageModule {
  Component: ComponentType;
  loader?: LoaderFunction;
}

export interface PublicPage {
  /** The route's id: where its loader's data sits in the hydration data. */
  id: string;
  load(): Promise<PublicPageModule>;
}

/**
 * The public pages (docs/product.md, Route table), each loaded on demand. The route tree
 * (client/routes.tsx) and the public pages' lighter start (client/boot/public-app.tsx) both read
 * this list, so a page renders the same through either.
 */
export const PUBLIC_PAGES: Record<PublicPath, PublicPage> = {
  "/": { id: "landing", load: () => import("./pages/public/landing.tsx").then((m) => ({ Component: m.LandingPage })) },
  "/nigeria": { id: "nigeria", load: () => import("./pages/public/nigeria.tsx").then((m) => ({ Component: m.NigeriaPage, loader: m.loader })) },
  "/kenya": { id: "kenya", load: () => import("./pages/public/kenya.tsx").then((m) => ({ Component: m.KenyaPage })) },
  "/ghana": { id: "ghana", load: () => import("./pages/public/ghana.tsx").then((m) => ({ Component: m.GhanaPage })) },
  "/about": { id: "about", load: () => import("./pages/info/about.tsx").then((m) => ({ Component: m.AboutPage })) },
  "/terms": { id: "terms", load: () => import("./pages/info/terms.tsx").then((m) => ({ Component: m.TermsPage })) },
  "/privacy": { id: "privacy", load: () => import("./pages/info/privacy.tsx").then((m) => ({ Component: m.PrivacyPage })) },
  "/responsible-gambling": {
    id: "responsible-gambling",
    load: () => import("./pages/info/responsible-gambling.tsx").then((m) => ({ Component: m.ResponsibleGamblingPage })),
  },
};

export const isPublicPath = (pathname: string): pathname is PublicPath => Object.hasOwn(PUBLIC_PAGES, pathname);
