/**
 * The save-search modal (seed 001 §2 "Saved-search panels"): alerts per channel and their frequency,
 * the search's summary, an optional title, auctions excluded; save, update or delete through the
 * MyCasa API. Opened by the save-search button (app/ui/save-search-button.tsx); its own chunk, loaded
 * when the modal first opens.
 */
import { useEffect, useId, useState } from "react";
import { channelFrequency, type AlertFrequency, type Notifications, type SearchAlert } from "../../core/search/saved-search-alerts.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { frequencyLabel, savedSearchTexts } from "../i18n/saved-searches.ts";
import { usePushSwitch } from "./push-subscription.ts";
import type { SaveSearchState } from "./save-search-button.tsx";
import { leaveTo } from "./modal-history.ts";
import { SearchModal } from "./search-modal.tsx";

async function post(path: string, body: unknown): Promise<{ ok: boolean; json: Record<string, unknown> }> {
  const res = await fetch(`/portal-srp/api/v1/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: res.ok && json.statusCode === 200, json };
}

export function SaveSearchModal({
  state,
  saved,
  locale,
  onClose,
  onSaved,
  onSummary,
}: {
  state: SaveSearchState;
  saved: SaveSearchState["saved"];
  locale: Locale;
  onClose: () => void;
  onSaved: (saved: SaveSearchState["saved"], searchUrl?: string) => void;
  onSummary: () => void;
}) {
  const t = savedSearchTexts[locale];
  const formId = useId();
  const initial = saved?.notifications ?? { hasPush: false, pushFrequency: "never", hasEmail: true, emailFrequency: "daily" };
  const [pushOn, setPushOn, pushNotice] = usePushSwitch(initial.hasPush, t);
  const [pushFrequency, setPushFrequency] = useState<AlertFrequency>(initial.pushFrequency);
  const [emailOn, setEmailOn] = useState(initial.hasEmail);
  const [emailFrequency, setEmailFrequency] = useState<AlertFrequency>(initial.emailFrequency);
  const [title, setTitle] = useState(saved?.customTitle ?? "");
  const [excludeAuctions, setExcludeAuctions] = useState(false);
  const [alertsOpen, setAlertsOpen] = useState(true);
  const [busy, setBusy] = useState<"save" | "delete" | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Opened after mounting (the dialog exists then), closed before unmounting (its history entry is popped).
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  const closeThen = (then: () => void) => {
    setShown(false);
    window.setTimeout(then, 0);
  };

  const notifications = (): Notifications => ({
    hasPush: pushOn,
    pushFrequency: channelFrequency(pushOn, pushFrequency),
    hasEmail: emailOn,
    emailFrequency: channelFrequency(emailOn, emailFrequency),
  });

  const submit = async () => {
    setBusy("save");
    setError(null);
    try {
      const n = notifications();
      if (saved) {
        const { ok, json } = await post("mycasa/searches/updateBoomark", {
          bookmarkData: { searchId: saved.id },
          searchTitle: title,
          notifications: n,
        });
        if (!ok) throw new Error(String((json.error as { message?: string } | undefined)?.message ?? t.saveError));
        const next = { ...saved, customTitle: title.trim() || null, notifications: n, alerts: alertsOf(n, saved.alerts) };
        closeThen(() => onSaved(next));
      } else {
        const { ok, json } = await post("mycasa/searches/upsert", {
          searchData: { uri: state.uri },
          title,
          notifications: n,
          excludeAuctions: state.auctionAllowed && excludeAuctions,
          locale,
        });
        if (!ok) throw new Error(String((json.error as { message?: string } | undefined)?.message ?? t.saveError));
        const next = { id: Number(json.searchId), customTitle: title.trim() || null, notifications: n, alerts: alertsOf(n, []) };
        const searchUrl = String(json.searchUrl ?? state.uri);
        // Auctions excluded: the saved search is another address; go there (replacing the modal's history entry).
        if (searchUrl !== state.uri) {
          onSaved(next, searchUrl);
          await leaveTo(localizePath(searchUrl, locale));
        }
        closeThen(() => onSaved(next));
      }
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t.saveError);
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!saved) return;
    setBusy("delete");
    setError(null);
    const { ok, json } = await post("mycasa/searches/deleteBoomark", { data: { searchType: "bookmark", id: [saved.id] } }).catch(() => ({
      ok: false,
      json: {} as Record<string, unknown>,
    }));
    if (!ok) {
      setError(String((json.error as { message?: string } | undefined)?.message ?? t.saveError));
      setBusy(null);
      return;
    }
    closeThen(() => onSaved(null));
  };

  const toggle = (
    id: string,
    label: string,
    on: boolean,
    setOn: (v: boolean) => void,
    frequency: AlertFrequency,
    setFrequency: (f: AlertFrequency) => void,
  ) => (
    <div className="ssm-channel">
      <div className="ssm-switch">
        <input
          type="checkbox"
          role="switch"
          id={`${formId}-${id}`}
          checked={on}
          onChange={(e) => {
            setOn(e.target.checked);
            // Turning a channel on sets it to immediately (§4).
            if (e.target.checked) setFrequency("immediately");
          }}
        />
        <label htmlFor={`${formId}-${id}`}>{label}</label>
      </div>
      {on && (
        <div className="ssm-frequency">
          <label htmlFor={`${formId}-${id}-f`}>
            {t.frequencyLabel}
            <span className="visually-hidden">{` (${label})`}</span>
          </label>
          <select
            id={`${formId}-${id}-f`}
            value={frequency === "never" ? "immediately" : frequency}
            onChange={(e) => setFrequency(e.target.value as AlertFrequency)}
          >
            {(["immediately", "daily"] as const).map((f) => (
              <option key={f} value={f}>
                {frequencyLabel(f, locale)}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );

  return (
    <SearchModal
      open={shown}
      onClose={() => closeThen(onClose)}
      title={saved ? t.modalTitleEdit : t.modalTitleNew}
      closeLabel={t.close}
      className="st-modal--save-search"
      footer={
        <div className="ssm-footer">
          {saved && (
            <button type="button" className="button-secondary ssm-delete" onClick={() => void remove()} disabled={busy !== null}>
              {busy === "delete" && <span className="ssm-spinner" aria-hidden="true" />}
              {t.deleteSearch}
            </button>
          )}
          <button type="button" className="button-secondary" onClick={() => closeThen(onClose)}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="button-primary" disabled={busy !== null} aria-busy={busy === "save"}>
            {busy === "save" && <span className="ssm-spinner" aria-hidden="true" />}
            {busy === "save" ? <span className="visually-hidden">{t.saving}</span> : null}
            {t.submit}
          </button>
        </div>
      }
    >
      <form
        id={formId}
        className="ssm-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <section className="ssm-section">
          <h3 className="ssm-heading">
            <button
              type="button"
              className="ssm-accordion"
              aria-expanded={alertsOpen}
              aria-controls={`${formId}-alerts`}
              onClick={() => setAlertsOpen(!alertsOpen)}
            >
              {t.notificationsTitle}
            </button>
          </h3>
          <div id={`${formId}-alerts`} hidden={!alertsOpen}>
            <div className="ssm-switch ssm-switch--all">
              <input
                type="checkbox"
                role="switch"
                id={`${formId}-all`}
                checked={pushOn || emailOn}
                onChange={(e) => {
                  // The switch for all notifications sets both channels (§4), on at immediately.
                  const on = e.target.checked;
                  if (on !== pushOn) setPushOn(on);
                  setEmailOn(on);
                  if (on) {
                    setPushFrequency("immediately");
                    setEmailFrequency("immediately");
                  }
                }}
              />
              <label htmlFor={`${formId}-all`}>{t.allNotifications}</label>
            </div>
            {toggle("push", t.pushLabel, pushOn, setPushOn, pushFrequency, setPushFrequency)}
            {pushNotice && (
              <p className="saved-search-delivery" role="status">
                {pushNotice}
              </p>
            )}
            {toggle("email", t.emailLabel, emailOn, setEmailOn, emailFrequency, setEmailFrequency)}
            {!(state.delivery.email && state.delivery.push) && <p className="saved-search-delivery">{t.deliveryOff}</p>}
          </div>
        </section>
        <section className="ssm-section">
          <h3 className="ssm-heading">{t.summaryTitle}</h3>
          <button type="button" className="ssm-summary" onClick={() => closeThen(onSummary)}>
            <strong>{state.defaultTitle}</strong>
            <span>{state.summary}</span>
            <span className="ssm-summary__edit">{t.summaryBack}</span>
          </button>
        </section>
        <section className="ssm-section">
          <h3 className="ssm-heading">
            <label htmlFor={`${formId}-title`}>{t.nameTitle}</label>
          </h3>
          <input
            id={`${formId}-title`}
            className="ssm-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t.namePlaceholder}
            maxLength={100}
          />
        </section>
        {state.auctionAllowed && !saved && (
          <div className="ssm-check">
            <input
              type="checkbox"
              id={`${formId}-auctions`}
              checked={excludeAuctions}
              onChange={(e) => setExcludeAuctions(e.target.checked)}
            />
            <label htmlFor={`${formId}-auctions`}>{t.excludeAuctions}</label>
          </div>
        )}
        {error && (
          <p className="form-error-summary" role="alert">
            {error}
          </p>
        )}
      </form>
    </SearchModal>
  );
}

/** The alerts a save leaves: the existing ids kept per channel (the server's are authoritative after revalidation). */
function alertsOf(n: Notifications, previous: SearchAlert[]): SearchAlert[] {
  return (["mail", "push"] as const).map((channel) => ({
    alertType: channel,
    alertFrequency: channel === "mail" ? n.emailFrequency : n.pushFrequency,
    searchAlertId: previous.find((a) => a.alertType === channel)?.searchAlertId ?? 0,
  }));
}
