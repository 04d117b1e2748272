import { describe, expect, it } from "vitest";
import { BounceAddresses, mailFromDomain } from "./bounce-listener.ts";
import { ConfigError, loadConfig } from "./config.ts";

describe("signed bounce addresses (decision 131)", () => {
  const addresses = new BounceAddresses(Buffer.alloc(32, 7), "Bounce.Casa.example");
  it("name their mail, whatever case a server gives them back", () => {
    const a = addresses.for(42);
    expect(a).toMatch(/^bounce-42-[0-9a-f]{20}@bounce\.casa\.example$/);
    expect(addresses.mailOf(a)).toBe(42);
    expect(addresses.mailOf(a.toUpperCase())).toBe(42);
  });
  it("refuse another mail's signature, another key, another domain and anything else", () => {
    const a = addresses.for(42);
    const sig = /^bounce-42-([0-9a-f]+)@/.exec(a)![1]!;
    expect(addresses.mailOf(`bounce-43-${sig}@bounce.casa.example`)).toBeNull();
    expect(new BounceAddresses(Buffer.alloc(32, 8), "bounce.casa.example").mailOf(a)).toBeNull();
    expect(addresses.mailOf(a.replace("bounce.casa.example", "altro.example"))).toBeNull();
    expect(addresses.mailOf(`bounce-42-${sig.slice(0, 10)}@bounce.casa.example`)).toBeNull();
    expect(addresses.mailOf("noreply@bounce.casa.example")).toBeNull();
  });
  it("default to MAIL_FROM's domain", () => {
    expect(mailFromDomain("casa.it <noreply@casa.example>")).toBe("casa.example");
    expect(mailFromDomain("noreply@Posta.Casa.it")).toBe("posta.casa.it");
  });
});

describe("BOUNCE_SMTP_PORT and BOUNCE_DOMAIN", () => {
  it("are optional; a port and a domain name when set", () => {
    expect(loadConfig({}).BOUNCE_SMTP_PORT).toBeUndefined();
    expect(loadConfig({ BOUNCE_SMTP_PORT: "" }).BOUNCE_SMTP_PORT).toBeUndefined();
    expect(loadConfig({ BOUNCE_SMTP_PORT: "2525", BOUNCE_DOMAIN: "bounce.casa.example" })).toMatchObject({
      BOUNCE_SMTP_PORT: 2525,
      BOUNCE_DOMAIN: "bounce.casa.example",
    });
    expect(() => loadConfig({ BOUNCE_SMTP_PORT: "70000" })).toThrow(ConfigError);
    expect(() => loadConfig({ BOUNCE_DOMAIN: "not a domain" })).toThrow(/BOUNCE_DOMAIN/);
    expect(() => loadConfig({ BOUNCE_DOMAIN: "a@b.it" })).toThrow(/BOUNCE_DOMAIN/);
  });

  it("take STARTTLS's certificate and key together or not at all", () => {
    expect(loadConfig({ BOUNCE_TLS_CERT_FILE: "/etc/casa/bounce.crt", BOUNCE_TLS_KEY_FILE: "/etc/casa/bounce.key" })).toMatchObject({
      BOUNCE_TLS_CERT_FILE: "/etc/casa/bounce.crt",
      BOUNCE_TLS_KEY_FILE: "/etc/casa/bounce.key",
    });
    expect(() => loadConfig({ BOUNCE_TLS_CERT_FILE: "/etc/casa/bounce.crt" })).toThrow(/set both/);
    expect(() => loadConfig({ BOUNCE_TLS_KEY_FILE: "/etc/casa/bounce.key" })).toThrow(/set both/);
  });
});
