/**
 * Mounted once in the page frame. Opens the login modal (loaded on first use) from the header's 'Accedi'
 * link or a `casa:login` event, and re-checks login when the page returns from the back-forward cache or
 * a hidden tab (§4 "User lifecycle"). Without JavaScript the link simply leads to /accedi/.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { LoginFlow, LoginReason } from "../../core/account/last-session.ts";
import type { Locale } from "../i18n/locale.ts";

const LoginModal = lazy(() => import("./login-modal.tsx"));

export interface LoginRequest {
  flow?: LoginFlow;
  reason?: LoginReason;
  /** The action that asked for login (save a search, a note…), run once the user is logged in (§4 "After login"). */
  then?: () => void;
}

/** Asks for the login modal from anywhere (for example "save this search" while logged out). */
export function requestLogin(detail: LoginRequest = {}): void {
  window.dispatchEvent(new CustomEvent<LoginRequest>("casa:login", { detail }));
}

export function LoginModalHost({ locale, social }: { locale: Locale; social: string[] }) {
  // Each request has its own number, so a modal asked for again while the last one is closing opens afresh
  // (the same instance kept, its dialog already closed, would stay hidden).
  const [request, setRequest] = useState<(LoginRequest & { n: number }) | null>(null);
  const requests = useRef(0);
  const revalidator = useRevalidator();

  useEffect(() => {
    const asked = (detail: LoginRequest) => setRequest({ ...detail, n: ++requests.current });
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.("[data-login-link]");
      if (!link || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      asked({});
    };
    const onRequest = (e: Event) => asked((e as CustomEvent<LoginRequest>).detail ?? {});
    document.addEventListener("click", onClick);
    window.addEventListener("casa:login", onRequest);
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("casa:login", onRequest);
    };
  }, []);

  useEffect(() => {
    const recheck = () => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    };
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) recheck();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") recheck();
    };
    window.addEventListener("pageshow", onShow);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("pageshow", onShow);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [revalidator]);

  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal
        key={request.n}
        locale={locale}
        social={social}
        request={request}
        onClosed={() => setRequest(null)}
        onLoggedIn={() => {
          void revalidator.revalidate();
          request.then?.();
        }}
      />
    </Suspense>
  );
}
