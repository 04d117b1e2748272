/** Parts of the contact and phone modals (publisher-contact.tsx): the thanks after a lead, the revealed number. */
import type { Locale } from "../i18n/locale.ts";
import { contactTexts } from "../i18n/publisher.ts";

/** The offer to send the lead to similar listings' advertisers: offered, sending, sent to n, or none. */
export type GenericLead = "offer" | "sending" | { sent: number } | null;

export interface Revealed {
  phone: string;
  tel: string;
  qrCode: string;
}

/** After the lead: thanks, the offer to send it to similar listings' advertisers, and to save the search. */
export function LeadFeedback({
  locale,
  recipient,
  email,
  generic,
  saveSearchHref,
  onSendGeneric,
  onClose,
}: {
  locale: Locale;
  recipient: string;
  email: string;
  generic: GenericLead;
  saveSearchHref: string | null;
  onSendGeneric(): void;
  onClose(): void;
}) {
  const t = contactTexts[locale];
  return (
    <div className="lead-feedback" data-testid="lead-feedback" role="status">
      <p>
        {t.thanks}
        <strong>{recipient}</strong>
        {t.willAnswer(email)}
      </p>
      {generic === "offer" && (
        <div className="lead-generic">
          <p>{t.genericOffer}</p>
          <button type="button" className="primary-button" onClick={onSendGeneric}>
            {t.genericButton}
          </button>
        </div>
      )}
      {generic === "sending" && <p>{t.sending}</p>}
      {generic !== null && typeof generic === "object" && <p data-testid="lead-generic-sent">{t.genericSent(generic.sent)}</p>}
      {saveSearchHref && (
        <p className="lead-save-search" data-testid="lead-save-search">
          <a href={saveSearchHref}>{t.saveSearchOffer}</a>
        </p>
      )}
      <button type="button" className="secondary-button" onClick={onClose}>
        {t.close}
      </button>
    </div>
  );
}

/** The revealed number with its QR code, or why it could not be shown. */
export function PhoneReveal({ locale, revealed, error }: { locale: Locale; revealed: Revealed | null; error: string | null }) {
  const t = contactTexts[locale];
  return (
    <>
      {revealed ? (
        <div className="phone-reveal" data-testid="phone-reveal">
          <p className="phone-number">
            <a href={revealed.tel}>{revealed.phone}</a>
          </p>
          <div
            className="phone-qr"
            role="img"
            aria-label={t.qrLabel(revealed.phone)}
            dangerouslySetInnerHTML={{ __html: revealed.qrCode }}
          />
          <p>{t.qrHint}</p>
        </div>
      ) : (
        <p role="alert">{error}</p>
      )}
    </>
  );
}
