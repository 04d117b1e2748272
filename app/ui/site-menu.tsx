/**
 * The header's navigation (issue 8 item 7): a row of links from 768 px, and under it (phones) a
 * 'Menu' disclosure — a native <details>, so it opens without JavaScript and with the keyboard.
 * With JavaScript, Escape and a click outside close it too. More links (login) go in as children.
 */
import { useEffect, useRef, type ReactNode } from "react";

export function SiteMenu({ label, navLabel, children }: { label: string; navLabel: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);
  return (
    <details className="site-menu" ref={ref}>
      <summary className="site-menu__toggle">
        <svg aria-hidden="true" width="18" height="14" viewBox="0 0 18 14" focusable="false">
          <path d="M0 1h18M0 7h18M0 13h18" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span>{label}</span>
      </summary>
      <nav aria-label={navLabel} className="site-nav">
        {children}
      </nav>
    </details>
  );
}
