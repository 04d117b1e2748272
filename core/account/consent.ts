/** Consent rules of seed 001 §4 "Terms-and-conditions consent modal" and §5 (marketing consent). */

/** §9: terms accepted before this (about 20 June 2025) must be accepted again. */
export const TERMS_THRESHOLD_SECONDS = 1750402800;

export interface TermsFacts {
  isAuthenticated: boolean;
  /** Last privacy acceptance, Unix seconds; null when never recorded. */
  lastPrivacyAcceptanceDt: number | null;
  /** The browser's local "accepted" flag (a Unix-seconds date, or null). */
  localAcceptanceFlag: number | null;
  trustedIdentity: boolean;
}

export function shouldShowTermsModal(f: TermsFacts): boolean {
  return (
    f.isAuthenticated &&
    f.lastPrivacyAcceptanceDt !== null &&
    f.lastPrivacyAcceptanceDt < TERMS_THRESHOLD_SECONDS &&
    f.localAcceptanceFlag === null &&
    !f.trustedIdentity
  );
}

/** The local flag is dropped once the server's acceptance date is later than the flag's. */
export function shouldDropLocalFlag(localAcceptanceFlag: number | null, lastPrivacyAcceptanceDt: number | null): boolean {
  return localAcceptanceFlag !== null && lastPrivacyAcceptanceDt !== null && lastPrivacyAcceptanceDt > localAcceptanceFlag;
}

/** §5: the consents whose being true counts as marketing consent. */
export const MARKETING_CONSENT_KINDS = ["marketing", "profiling", "third-party"] as const;

export function hasMarketingConsent(consents: Record<string, boolean>): boolean {
  return MARKETING_CONSENT_KINDS.some((k) => consents[k] === true);
}
