/**
 * Contact and phone buttons of a listing or a publisher page (seed 001 §4 "Contact and phone").
 * Without JavaScript both are links to plain pages (/contatta/, /telefono/). With it:
 * - the contact button opens the lead modal (800×482; 458+38 for a publisher lead), validated in the
 *   browser by the same zod module as the server; after sending, a feedback panel and, for a listing,
 *   the offer to send the same request to similar listings' advertisers (generic after specific);
 * - the phone button asks POST /portal-srp/api/v1/phonecall (which records the call): on a desktop the
 *   first click shows the number and a QR code, later clicks dial; on a phone it dials at once.
 *   Clicks closer than 750 ms (mobile) or 500 ms (desktop) to the previous one are ignored;
 * - "Chiama" inside the form closes it and opens the phone modal 450 ms later
 *   (both timings: core/contact/phone-timing.ts).
 */
import { useEffect, useRef, useState } from "react";
import type { ContactField } from "../../core/contact/form.ts";
import { createClickGuard, openPhoneModalLater } from "../../core/contact/phone-timing.ts";
import { deviceClass } from "../../core/device.ts";
import { contactMessage, contactTexts } from "../i18n/publisher.ts";
import type { Locale } from "../i18n/locale.ts";
import { ContactFormFields, type ContactValues } from "./contact-form-fields.tsx";
import { type GenericLead, LeadFeedback, PhoneReveal, type Revealed } from "./publisher-contact-parts.tsx";
import { SearchModal } from "./search-modal.tsx";

const loadContactRules = () => import("../../core/contact/form.ts");

export interface PublisherContactProps {
  /** The page's language: every text, and the messages the endpoints answer, in it. */
  locale: Locale;
  leadKind: "specific" | "agency";
  listingId: number | null;
  publisherId: number;
  publisherName: string;
  /** Who the lead reaches, as the form's 'A:' line and its thanks name it (core/listing/contact.ts contactRecipient). */
  recipient: string;
  contactLabel: string;
  defaultMessage: string;
  messageContext: string;
  showPhone: boolean;
  showContact: boolean;
  website: string | null;
  contactHref: string;
  phoneHref: string;
  /** A listing with a virtual tour offers to ask for one (seed 001 §5 default messages). */
  virtualTour?: { message: string; href: string } | null;
  /** After the lead, the offer to save the search the seeker came from (seed 001 §4), when it applies. */
  saveSearchHref?: string | null;
}

function isMobileDevice(): boolean {
  return deviceClass({ width: window.innerWidth, height: window.innerHeight, touch: window.matchMedia("(pointer: coarse)").matches })
    .isMobile;
}

export function PublisherContact(p: PublisherContactProps) {
  const t = contactTexts[p.locale];
  const [formOpen, setFormOpen] = useState(false);
  const [messageContext, setMessageContext] = useState(p.messageContext);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [values, setValues] = useState<ContactValues>({ name: "", email: "", telephone: "", message: p.defaultMessage });
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [status, setStatus] = useState<"editing" | "sending" | "sent">("editing");
  const [failure, setFailure] = useState<string | null>(null);
  const [generic, setGeneric] = useState<GenericLead>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const clickGuard = useRef(createClickGuard());
  const cancelPhoneModal = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelPhoneModal.current?.(), []);

  async function reveal(): Promise<Revealed | null> {
    const res = await fetch("/portal-srp/api/v1/phonecall", {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "include",
      body: JSON.stringify({
        publisherId: p.publisherId,
        listingId: p.listingId,
        jwt: "",
        device: deviceClass({ width: window.innerWidth, height: window.innerHeight, touch: window.matchMedia("(pointer: coarse)").matches })
          .code,
      }),
    });
    const body = (await res.json().catch(() => null)) as (Revealed & { error?: { message: string } }) | null;
    if (!res.ok || !body || body.error) {
      setPhoneError(contactMessage(body?.error?.message ?? "Il numero di telefono non è disponibile", p.locale));
      setPhoneOpen(true);
      return null;
    }
    const r = { phone: body.phone, tel: body.tel, qrCode: body.qrCode };
    setRevealed(r);
    return r;
  }

  async function onPhoneClick(event: React.MouseEvent<HTMLAnchorElement>) {
    const mobile = isMobileDevice();
    if (!clickGuard.current.accepts(mobile ? "mobile" : "desktop")) {
      event.preventDefault();
      return;
    }
    if (revealed) return; // later clicks: the link is tel: and dials
    event.preventDefault();
    const r = await reveal();
    if (!r) return;
    if (mobile) window.location.href = r.tel;
    else setPhoneOpen(true);
  }

  function callFromForm() {
    setFormOpen(false);
    cancelPhoneModal.current = openPhoneModalLater(async () => {
      const r = revealed ?? (await reveal());
      if (!r) return;
      if (isMobileDevice()) window.location.href = r.tel;
      else setPhoneOpen(true);
    });
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    // The form's rules (zod) load with the first send, or earlier when the form opens: not with the page.
    const { validateContact } = await loadContactRules();
    const checked = validateContact(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0];
      document.getElementById(`lead-${first}`)?.focus();
      return;
    }
    setErrors({});
    setStatus("sending");
    const endpoint = p.leadKind === "agency" ? "searchAgency" : "searchSpecific";
    const target = p.leadKind === "agency" ? { publisherId: p.publisherId } : { listingId: p.listingId };
    const res = await fetch(`/portal-srp/api/v1/mycasa/${endpoint}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "include",
      body: JSON.stringify({ ...target, ...values, context: messageContext, jwt: "" }),
    }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as { error?: { message: string; field?: string } } | null;
    if (!res || !res.ok) {
      setStatus("editing");
      const field = body?.error?.field as ContactField | undefined;
      if (field && field in values) setErrors({ [field]: body!.error!.message });
      else setFailure(res?.status === 429 ? t.tooMany : body?.error?.message ? contactMessage(body.error.message, p.locale) : t.failure);
      return;
    }
    setStatus("sent");
    if (p.leadKind === "specific") setGeneric("offer");
  }

  async function sendGeneric() {
    setGeneric("sending");
    const res = await fetch("/portal-srp/api/v1/mycasa/searchGeneric", {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "include",
      body: JSON.stringify({ listingId: p.listingId, ...values, jwt: "" }),
    }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as { sent?: number } | null;
    setGeneric({ sent: res?.ok ? (body?.sent ?? 0) : 0 });
  }

  function closeForm() {
    setFormOpen(false);
    if (status === "sent") {
      setStatus("editing");
      setGeneric(null);
      setValues((v) => ({ ...v, message: p.defaultMessage }));
    }
  }

  function openForm(context: string, message: string) {
    if (status !== "sent" && context !== messageContext) {
      setMessageContext(context);
      setValues((v) => ({ ...v, message }));
    }
    setFormOpen(true);
    void loadContactRules(); // ready by the time the visitor sends
  }

  return (
    <div className="publisher-actions">
      {/* The two main actions together: a phone bar on the listing page (listing.css), part of the row elsewhere. */}
      <div className="publisher-actions__main">
        {p.showContact && (
          <a
            className="contact-button primary-button"
            href={p.contactHref}
            data-testid="contact-button"
            onClick={(e) => {
              e.preventDefault();
              openForm(p.messageContext, p.defaultMessage);
            }}
          >
            {p.contactLabel}
          </a>
        )}
        {p.showPhone && (
          <a className="phone-button" href={revealed ? revealed.tel : p.phoneHref} data-testid="phone-button" onClick={onPhoneClick}>
            {revealed ? t.callNumber(revealed.phone) : t.call}
          </a>
        )}
      </div>
      {p.virtualTour && (
        <a
          className="phone-button"
          href={p.virtualTour.href}
          onClick={(e) => {
            e.preventDefault();
            openForm("virtual-tour", p.virtualTour!.message);
          }}
        >
          {t.virtualTour}
        </a>
      )}
      {p.website && (
        <a className="website-button" href={p.website} rel="noopener nofollow" target="_blank">
          {t.website}
          <span className="visually-hidden">{t.websiteHidden(p.publisherName)}</span>
        </a>
      )}

      <SearchModal
        open={formOpen}
        onClose={closeForm}
        title={status === "sent" ? t.sentTitle : p.contactLabel}
        closeLabel={t.close}
        className={`st-modal--lead${p.leadKind === "agency" ? " st-modal--lead-publisher" : ""}`}
      >
        {status === "sent" ? (
          <LeadFeedback
            locale={p.locale}
            recipient={p.recipient}
            email={values.email}
            generic={generic}
            saveSearchHref={p.saveSearchHref ?? null}
            onSendGeneric={sendGeneric}
            onClose={closeForm}
          />
        ) : (
          <form className="contact-form" noValidate onSubmit={submit} data-testid="lead-form">
            <p className="contact-to">{t.to(p.recipient)}</p>
            <ContactFormFields
              locale={p.locale}
              idPrefix="lead"
              values={values}
              errors={errors}
              onChange={(f, v) => setValues((old) => ({ ...old, [f]: v }))}
            />
            {failure && (
              <p className="form-error" role="alert">
                {failure}
              </p>
            )}
            <div className="contact-form-actions">
              <button type="submit" className="primary-button" disabled={status === "sending"}>
                {status === "sending" ? t.sending : t.send}
              </button>
              {p.showPhone && (
                <button type="button" className="secondary-button" onClick={callFromForm} data-testid="call-from-form">
                  {t.call}
                </button>
              )}
            </div>
          </form>
        )}
      </SearchModal>

      <SearchModal
        open={phoneOpen}
        onClose={() => setPhoneOpen(false)}
        title={t.phoneTitle(p.publisherName)}
        closeLabel={t.close}
        className="st-modal--phone"
      >
        <PhoneReveal locale={p.locale} revealed={revealed} error={phoneError} />
      </SearchModal>
    </div>
  );
}
