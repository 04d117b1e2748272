import { describe, expect, it } from "vitest";
import { headerText, leadMail } from "./lead-mail.tsx";

const seeker = { name: "Giulia Conti", email: "giulia@example.it", phone: null, message: "Ciao" };

describe("the publisher's lead mail", () => {
  it("keeps every header one line, whatever a field holds", () => {
    const hostile = "Villa\r\nBcc: evil@example.it\r\nSubject: x";
    const mail = leadMail({
      publisherName: "Agenzia",
      seeker: { ...seeker, name: hostile },
      listing: { id: 7, title: hostile },
      origin: "https://casa.example",
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe("Nuova richiesta per «Villa Bcc: evil@example.it Subject: x»");
    const agencyMail = leadMail({
      publisherName: "Agenzia",
      seeker: { ...seeker, name: hostile },
      listing: null,
      origin: "https://casa.example",
    });
    expect(agencyMail.subject).toBe("Nuova richiesta di contatto da Villa Bcc: evil@example.it Subject: x");
    expect(headerText("a\u2028b\u0000c\td")).toBe("a b c d");
    expect(headerText("x".repeat(300))).toHaveLength(180);
  });

  it("escapes the seeker's text in the HTML and links the listing on PUBLIC_URL", () => {
    const mail = leadMail({
      publisherName: "Agenzia <Rossi>",
      seeker: { ...seeker, message: "<img src=x onerror=alert(1)>" },
      listing: { id: 42, title: "Trilocale & box" },
      origin: "https://casa.example",
    });
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).toContain("Agenzia &lt;Rossi&gt;");
    expect(mail.html).toContain('href="https://casa.example/annunci/42/"');
    expect(mail.text).toContain("Telefono: non indicato");
    expect(mail.text).toContain("https://casa.example/annunci/42/");
  });
});
