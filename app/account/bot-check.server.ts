/**
 * The proof-of-work bot check (ALTCHA): the server hands out signed challenges and verifies the
 * solution on registration. No third party is involved. A solved challenge is accepted once.
 */
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

const CHALLENGE_TTL_SECONDS = 10 * 60;

export class BotCheck {
  private used = new Map<string, number>();

  private readonly hmacKey: string;
  private readonly cost: number;
  private readonly now: () => number;

  constructor(hmacKey: string, cost: number, now: () => number) {
    this.hmacKey = hmacKey;
    this.cost = cost;
    this.now = now;
  }

  async challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: "PBKDF2/SHA-256",
      cost: this.cost,
      counter: randomInt(200, 2_000),
      deriveKey,
      expiresAt: Math.floor(this.now() / 1000) + CHALLENGE_TTL_SECONDS,
      hmacSignatureSecret: this.hmacKey,
      hmacKeySignatureSecret: this.hmacKey,
    });
  }

  /** True for a fresh, correctly solved challenge of ours, given as the widget sends it (base64 JSON). */
  async verify(encoded: string | undefined): Promise<boolean> {
    if (!encoded || encoded.length > 4000) return false;
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as Payload;
    } catch {
      return false;
    }
    const signature = payload?.challenge?.signature;
    if (typeof signature !== "string" || !payload.solution || this.used.has(signature)) return false;
    const expiresAt = payload.challenge.parameters?.expiresAt;
    if (typeof expiresAt !== "number" || expiresAt * 1000 < this.now()) return false;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.hmacKey,
        hmacKeySignatureSecret: this.hmacKey,
      });
      if (!result.verified) return false;
    } catch {
      return false;
    }
    this.forgetExpired();
    this.used.set(signature, expiresAt * 1000);
    return true;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [signature, expires] of this.used) if (expires < now) this.used.delete(signature);
  }
}
