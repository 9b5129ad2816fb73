import type { JSX } from "react";

/** Title and description; React 19 hoists both into <head>. */
export function PageMeta({ title, description }: { title: string; description: string }): JSX.Element {
  return (
    <>
      <title>{`${title} | AfriOdds`}</title>
      <meta name="description" content={description} />
    </>
  );
}
