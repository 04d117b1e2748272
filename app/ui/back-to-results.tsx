/**
 * "Torna ai risultati": back to the same place in the results list. The address comes from `?from=`
 * (validated on the server) or, in the browser, from a same-site referrer that is a results page.
 * When the previous history entry is that page, the click goes back in history, which restores the
 * list's scroll position; otherwise it is an ordinary link.
 */
import { useEffect, useState } from "react";
import { safeResultsPath } from "../../core/listing/back-link.ts";

function referrerResultsPath(): string | null {
  try {
    if (!document.referrer) return null;
    const ref = new URL(document.referrer);
    return ref.origin === window.location.origin ? safeResultsPath(`${ref.pathname}${ref.search}`) : null;
  } catch {
    return null;
  }
}

export function BackToResults({
  from,
  fallbackHref,
  backText,
  searchText,
}: {
  from: string | null;
  fallbackHref: string;
  backText: string;
  searchText: string;
}) {
  const [target, setTarget] = useState(from);
  useEffect(() => {
    if (!from) setTarget(referrerResultsPath());
  }, [from]);
  if (!target) return <a href={fallbackHref}>← {searchText}</a>;
  return (
    <a
      href={target}
      data-testid="back-to-results"
      onClick={(e) => {
        if (referrerResultsPath() === target.split("#")[0] && window.history.length > 1) {
          e.preventDefault();
          window.history.back();
        }
      }}
    >
      ← {backText}
    </a>
  );
}
