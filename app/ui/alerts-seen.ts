/**
 * Marks a saved search's alerts seen once its results page has shown them (docs/decisions/117). The page's
 * loader only reads which listings are new ('Nuovo per te'); this effect, which runs only in a page that was
 * rendered in a browser (never for a prefetch, a crawler or a mail scanner), POSTs up to which alert they were
 * shown. A failure changes nothing: the listings stay new until a later visit marks them.
 */
import { useEffect } from "react";

export function useMarkAlertsSeen(seen: { searchId: number; until: string } | null): void {
  const searchId = seen?.searchId;
  const until = seen?.until;
  useEffect(() => {
    if (searchId === undefined || until === undefined) return;
    void fetch("/portal-srp/api/v1/mycasa/searches/alertsSeen", {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ searchId, until }),
    }).catch(() => {});
  }, [searchId, until]);
}
