/**
 * The social login prompt of the home and results pages (seed 001 §2, docs/decisions/069): waits for the
 * rule of core/account/social-prompt.ts, then loads the card (its own chunk, with its texts and CSS). Until
 * then this is a timer, a storage read and a focus listener; nothing is rendered on the server.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import {
  consentWaitLeft,
  parseDismissedAt,
  SOCIAL_PROMPT_DISMISSED_KEY,
  shouldShowSocialPrompt,
} from "../../core/account/social-prompt.ts";
import { CONSENT_EVENT } from "../../core/consent/cookie-consent.ts";
import type { Locale } from "../i18n/locale.ts";
import { requestLogin } from "./login-modal-host.tsx";

const SocialPromptCard = lazy(() => import("./social-prompt.tsx"));

/** Kept for this document too: with storage blocked, a closed card still stays closed across client navigations. */
let closedAt: number | null = null;

function readDismissedAt(): number | null {
  try {
    return parseDismissedAt(window.localStorage.getItem(SOCIAL_PROMPT_DISMISSED_KEY)) ?? closedAt;
  } catch {
    return closedAt;
  }
}

function rememberDismissal(): void {
  closedAt = Date.now();
  try {
    window.localStorage.setItem(SOCIAL_PROMPT_DISMISSED_KEY, String(closedAt));
  } catch {
    // storage blocked: remembered for this document only
  }
}

/** A native <dialog> opened with showModal() (login, terms, search tools): the page's modals. */
function isInModal(node: EventTarget | null): boolean {
  return node instanceof Element && node.closest("dialog")?.matches(":modal") === true;
}

export function SocialPrompt({ locale }: { locale: Locale }) {
  const root = useRouteLoaderData("root") as { user?: unknown; social?: string[]; consent?: unknown } | undefined;
  const social = root?.social ?? [];
  const loggedIn = Boolean(root?.user);
  // Checked: the page hydrated on the server's session check. Returning from the back-forward cache or a hidden
  // tab re-checks login (§4); until that answers a card not yet shown waits, and one shown stays (no flicker).
  const idle = useRevalidator().state === "idle";
  const shown = useRef(false);
  const [waitOver, setWaitOver] = useState(false);
  const [modalSeen, setModalSeen] = useState(false);
  const [hidden, setHidden] = useState(false);
  // The cookie banner answered: by an earlier visit (the root loader's choice) or on this page (its event).
  const [consentChosen, setConsentChosen] = useState(Boolean(root?.consent));
  useEffect(() => {
    const onConsent = () => setConsentChosen(true);
    window.addEventListener(CONSENT_EVENT, onConsent);
    return () => window.removeEventListener(CONSENT_EVENT, onConsent);
  }, []);

  useEffect(() => {
    if (loggedIn || social.length === 0) return;
    const onFocus = (e: FocusEvent) => {
      if (isInModal(e.target)) setModalSeen(true);
    };
    const onLogin = () => setModalSeen(true);
    document.addEventListener("focusin", onFocus);
    window.addEventListener("casa:login", onLogin);
    const timer = window.setTimeout(() => {
      if (document.querySelector(":modal")) setModalSeen(true);
      setWaitOver(true);
    }, consentWaitLeft(performance.now()));
    return () => {
      document.removeEventListener("focusin", onFocus);
      window.removeEventListener("casa:login", onLogin);
      window.clearTimeout(timer);
    };
  }, [loggedIn, social.length]);

  const show =
    waitOver &&
    !hidden &&
    shouldShowSocialPrompt({
      checked: idle || shown.current,
      loggedIn,
      providers: social.length,
      consentChosen: consentChosen || Boolean(root?.consent),
      sinceLoadMs: performance.now(),
      dismissedAt: readDismissedAt(),
      now: Date.now(),
      modalSeen,
    });
  shown.current = show;
  // What the rule decided, on <body data-social-prompt> (waiting, hidden or shown): a test reads the decision
  // instead of guessing how long to wait for a card that should not come.
  const decision = show ? "shown" : waitOver || loggedIn || social.length === 0 ? "hidden" : "waiting";
  useEffect(() => {
    document.body.dataset.socialPrompt = decision;
  }, [decision]);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SocialPromptCard
        locale={locale}
        providers={social}
        onClose={() => {
          rememberDismissal();
          setHidden(true);
        }}
        onEmail={() => {
          setHidden(true);
          requestLogin({});
        }}
      />
    </Suspense>
  );
}
