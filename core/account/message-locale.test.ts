import { describe, expect, it } from "vitest";
import { accountMessageIn, accountMessagesEn } from "./message-locale.ts";
import { registrationSchema } from "./validation.ts";
import { accountMessages, passwordGuessableMessage } from "./messages.ts";

describe("account messages in English (decision 081)", () => {
  it("has an English text for every Italian message, and a page shows the one of its language", () => {
    expect(Object.keys(accountMessagesEn).sort()).toEqual(Object.keys(accountMessages).sort());
    expect(accountMessageIn(accountMessages.emailInvalid, "en")).toBe("Please enter a valid email address");
    expect(accountMessageIn(accountMessages.emailInvalid, "it")).toBe(accountMessages.emailInvalid);
    expect(accountMessageIn(accountMessages.tooManyAttempts(1), "en")).toBe("Too many attempts: try again in 1 minute");
    expect(accountMessageIn(accountMessages.tooManyAttempts(15), "en")).toBe("Too many attempts: try again in 15 minutes");
    expect(accountMessageIn(passwordGuessableMessage, "en")).toBe("This password is too common or easy to guess: choose another one");
    expect(accountMessageIn("Un altro messaggio", "en")).toBe("Un altro messaggio");
  });
  it("turns every message the registration rules give into English", () => {
    const parsed = registrationSchema.safeParse({ displayName: "", email: "x", password: "short", consent: false });
    expect(parsed.success).toBe(false);
    const english = parsed.error!.issues.map((i) => accountMessageIn(i.message, "en"));
    expect(english.every((m) => !Object.values(accountMessages).includes(m as never))).toBe(true);
  });
});
