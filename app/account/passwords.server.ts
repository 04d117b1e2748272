/** Passwords stored as Argon2id hashes (docs/decisions/042), and checked in the same time whether or not there is one. */
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { newLinkToken } from "./tokens.server.ts";

let dummyHash: Promise<string> | null = null;

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password);
}

/**
 * Does the password match the stored hash? Without a hash (no such account, or one without a password) it
 * verifies against a throwaway hash and answers false, so a missing account costs the same Argon2id verify.
 */
export async function passwordMatches(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (storedHash) return argon2Verify(storedHash, password).catch(() => false);
  dummyHash ??= argon2Hash(newLinkToken());
  return argon2Verify(await dummyHash, password).then(
    () => false,
    () => false,
  );
}
