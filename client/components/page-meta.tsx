import type { JSX } from "react";

/** Title and description; React 19 hoists both into <head>. A shared page's preview card is the server's (server/render/document.ts, PageCard). */
export function PageMeta({ title, description }: { title: string; description: string }): JSX.Element {
  return (
    <>
      <title>{`${title} | AfriOdds`}</title>
      <meta name="description" content={description} />
    </>
  );
}
