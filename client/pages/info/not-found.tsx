import type { JSX } from "react";
import { NotFoundContent } from "../../components/not-found-content.tsx";
import { PageMeta } from "../../components/page-meta.tsx";

export function NotFoundPage(): JSX.Element {
  return (
    <>
      <PageMeta title="Page Not Found" description="This page does not exist on AfriOdds." />
      <NotFoundContent />
    </>
  );
}
