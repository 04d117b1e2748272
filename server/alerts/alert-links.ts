/**
 * Signing and reading the links of alert mails (docs/decisions/091) with the account keys' `alertLinks`
 * sub-key (app/account/tokens.server.ts): a link made for one person's alert cannot be turned into another's,
 * and a session token is no alert link (and the reverse).
 */
import { randomBytes } from "node:crypto";
import { alertLinkExpiry, readAlertLinkClaims, type AlertLinkChannel, type AlertLinkClaims } from "../../core/alerts/alert-links.ts";
import { signClaims, verifyClaims } from "../../app/account/tokens.server.ts";

export class AlertLinks {
  readonly #key: Buffer;
  readonly #now: () => number;

  constructor(key: Buffer, now: () => number = Date.now) {
    this.#key = key;
    this.#now = now;
  }

  sign(userId: number, savedSearchId: number, channel: AlertLinkChannel): string {
    const claims: AlertLinkClaims = {
      u: userId,
      s: savedSearchId,
      c: channel,
      j: randomBytes(12).toString("base64url"),
      exp: alertLinkExpiry(this.#now()),
    };
    return signClaims(claims, this.#key);
  }

  /** The claims of a genuine, unexpired link; null for a forged, altered, expired or malformed one. */
  read(token: string | null | undefined): AlertLinkClaims | null {
    return readAlertLinkClaims(verifyClaims(token ?? undefined, this.#key, this.#now()));
  }
}
