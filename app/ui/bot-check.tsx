/**
 * The ALTCHA proof-of-work widget, loaded only in the browser: it fetches a challenge from the server,
 * solves it and puts the payload in a hidden `botCheck` field. Without JavaScript the form is sent
 * without it (the server then applies a stricter per-address limit).
 */
import { useEffect, useRef } from "react";
// The widget's "external" build: its styles come as a stylesheet and its workers as files of our own
// origin, which the Content-Security-Policy allows (the default build injects a <style> element and
// starts its workers from blob: URLs, both refused).
import pbkdf2WorkerUrl from "altcha/workers/pbkdf2?url";
import shaWorkerUrl from "altcha/workers/sha?url";

type AltchaGlobal = { $altcha?: { algorithms: Map<string, () => Worker> } };

function registerWorkers(): void {
  const algorithms = (globalThis as AltchaGlobal).$altcha?.algorithms;
  if (!algorithms) return;
  algorithms.set("PBKDF2/SHA-256", () => new Worker(pbkdf2WorkerUrl, { name: "altcha-pbkdf2" }));
  for (const name of ["SHA-256", "SHA-384", "SHA-512"]) algorithms.set(name, () => new Worker(shaWorkerUrl, { name: "altcha-sha" }));
}

export function BotCheck({ language }: { language: "it" | "en" }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    Promise.all([
      import("altcha/external"),
      import("altcha/altcha.css"),
      language === "it" ? import("altcha/i18n/it") : Promise.resolve(),
    ]).then(() => {
      registerWorkers();
      if (cancelled || !host.current || host.current.firstChild) return;
      const widget = document.createElement("altcha-widget");
      widget.setAttribute("challenge", "/portal-srp/api/v1/user/botcheck");
      widget.setAttribute("name", "botCheck");
      widget.setAttribute("auto", "onload");
      widget.setAttribute("language", language);
      widget.setAttribute("hidelogo", "");
      host.current.appendChild(widget);
    });
    return () => {
      cancelled = true;
    };
  }, [language]);
  return <div ref={host} className="bot-check" data-testid="bot-check" />;
}
