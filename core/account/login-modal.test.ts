import { describe, expect, it } from "vitest";
import { afterLoginModal, backFrom, firstPanel, resetFor, WELCOME_MODAL_MS, type LoginPanel } from "./login-modal.ts";

describe("login modal panels (seed 001 §2)", () => {
  it("starts each flow on its panel", () => {
    expect(firstPanel("default", null)).toBe("incipit");
    expect(firstPanel("lastLogin", "a@casa.example")).toBe("existingAccount");
    expect(firstPanel("lastLogin", null)).toBe("incipit");
    expect(firstPanel("loginToSave", null)).toBe("loginAction");
    expect(firstPanel("registerToSave", null)).toBe("registerToSave");
    expect(firstPanel("mycasaFakeVerify", "a@casa.example")).toBe("otpVerify");
    expect(firstPanel("mycasaFakeVerify", null)).toBe("insertEmail");
  });
  it("goes back towards the father panel, which has no back button", () => {
    const path: LoginPanel[] = [];
    let at: LoginPanel | null = "otpVerify";
    while (at) {
      path.push(at);
      at = backFrom(at);
    }
    expect(path).toEqual(["otpVerify", "existingAccount", "insertEmail", "incipit"]);
    expect(resetFor("incipit")).toEqual(["email", "password", "registration", "loginType"]);
  });
  it("welcomes new accounts at once and returning users after 305 ms", () => {
    expect(afterLoginModal(true)).toEqual({ modal: "welcome", delayMs: 0 });
    expect(afterLoginModal(false)).toEqual({ modal: "welcomeback", delayMs: WELCOME_MODAL_MS });
    expect(WELCOME_MODAL_MS).toBe(305);
  });
});
