/**
 * Refuses common and guessable passwords (docs/decisions/075): zxcvbn-ts with its common passwords and
 * words, plus the Italian names and words of the demo generator's vocabulary (and the listings' room names) and what the user typed
 * in the form. Server only: the dictionaries (about 1 MB) load on the first check, never in a page.
 */
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { AccountError } from "../../core/account/account-error.ts";
import { passwordGuessableMessage } from "../../core/account/messages.ts";
import { apartmentRoomNames } from "../../core/listing/labels.ts";
import { agencyNamePatterns, firstNames, streetNames, surnames } from "../../etl/demo/vocabulary.ts";

/** zxcvbn's scale is 0–4; 3 means about 10^8 guesses or more ("safely unguessable" for an online attack with limits). */
export const MIN_PASSWORD_SCORE = 3;

/** The generator's Italian names and words, lower case, as one dictionary (street and agency names split into words). */
export function italianWords(): string[] {
  const words = [...firstNames, ...surnames, ...streetNames, ...agencyNamePatterns, ...Object.values(apartmentRoomNames), "casa"]
    .flatMap((phrase) => phrase.replace(/\{\w+\}/g, " ").split(/[\s&']+/))
    .map((word) => word.toLowerCase())
    .filter((word) => /^\p{L}{3,}$/u.test(word));
  return [...new Set(words)];
}

let checker: Promise<ZxcvbnFactory> | null = null;

function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([{ ZxcvbnFactory }, common]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, italian: italianWords() },
        graphs: common.adjacencyGraphs,
      }),
  );
  return checker;
}

/**
 * True when the password is too easy to guess: a common password, a name or word with digits around it,
 * a keyboard or date pattern, or built from `userInputs` (the e-mail, its local part, the display name).
 */
export async function isGuessablePassword(password: string, userInputs: readonly string[] = []): Promise<boolean> {
  const zxcvbn = await loadChecker();
  const inputs = userInputs.flatMap((input) => [input, ...input.toLowerCase().split(/[\s@.+_-]+/)]).filter((input) => input.length >= 3);
  return zxcvbn.check(password, inputs).score < MIN_PASSWORD_SCORE;
}

/** Refuses a common or guessable password (registration, reset, completing a registration): 400 on the field. */
export async function assertStrongPassword(password: string, user: { email: string; displayName: string } | null): Promise<void> {
  if (await isGuessablePassword(password, user ? [user.email, user.displayName] : []))
    throw new AccountError(400, passwordGuessableMessage, "password");
}
