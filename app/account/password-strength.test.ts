/** Common and guessable passwords (docs/decisions/075): zxcvbn-ts with its common lists, the generator's Italian words and the user's own inputs. */
import { describe, expect, it } from "vitest";
import { isValidPassword } from "../../core/account/validation.ts";
import { isGuessablePassword, italianWords } from "./password-strength.server.ts";

describe("isGuessablePassword", () => {
  it.each(["Password1", "Qwerty123", "Abc12345", "Iloveyou1", "Juventus1", "Roma2024!"])(
    "refuses %s, which passes the form rule: a common password or pattern",
    async (password) => {
      expect(isValidPassword(password)).toBe(true);
      expect(await isGuessablePassword(password)).toBe(true);
    },
  );

  // Strong for zxcvbn's own lists (score 4), guessable once the generator's Italian names and words are known.
  it.each(["Marchetti2024", "Quadrilocale1", "Carducci2020", "Immobiliare1", "Donizetti12"])(
    "refuses %s: an Italian name or word of the vocabulary with digits",
    async (password) => {
      expect(await isGuessablePassword(password)).toBe(true);
    },
  );

  it("refuses a password made of the user's own e-mail or name", async () => {
    expect(await isGuessablePassword("Zelinda2026", [])).toBe(false);
    expect(await isGuessablePassword("Zelinda2026", ["zelinda.f@casa.example", "Zelinda Fabbri"])).toBe(true);
    expect(await isGuessablePassword("Fabbri2026!", ["zelinda.f@casa.example", "Zelinda Fabbri"])).toBe(true);
  });

  it.each(["Tetto-Giallo-Lontano-7", "Scala-Mobile-93", "Qx7!mV2#pL9z", "CasaDemo2026", "Segreta123"])("accepts %s", async (password) => {
    expect(await isGuessablePassword(password, ["mario@casa.example", "Mario Rossi"])).toBe(false);
  });

  it("takes the vocabulary's names, surnames and words in lower case, once each", () => {
    const words = italianWords();
    expect(words).toEqual(expect.arrayContaining(["giuseppe", "rossi", "marchetti", "garibaldi", "immobiliare", "trilocale", "casa"]));
    expect(words.every((w) => w === w.toLowerCase() && w.length >= 3)).toBe(true);
    expect(new Set(words).size).toBe(words.length);
  });
});
