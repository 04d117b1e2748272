/** Who the contact button talks to (seed 000 §5): the agent, the agency or the private advertiser. */
export type ContactTarget = "agent" | "agency" | "private";

export function contactTarget(publisherKind: string, agentIsPro: boolean | null): ContactTarget {
  if (agentIsPro) return "agent"; // an Agente Pro flag forces agent
  if (publisherKind === "private") return "private";
  return publisherKind === "agent" ? "agent" : "agency";
}

export const contactLabels: Readonly<Record<ContactTarget, string>> = {
  agent: "Contatta l'agente",
  agency: "Contatta l'agenzia",
  private: "Contatta l'inserzionista",
};

export const contactLabelsEn: Readonly<Record<ContactTarget, string>> = {
  agent: "Contact the agent",
  agency: "Contact the agency",
  private: "Contact the advertiser",
};

/** On a publisher's own page (seed 001 §3 "Contact form"): an agency is written to as an agency, an agent (Agente Pro) as an agent. */
export function publisherContactTarget(publisher: { kind: string; isAgentPro: boolean }): ContactTarget {
  return contactTarget(publisher.kind, publisher.kind === "agent" && publisher.isAgentPro);
}

/**
 * Who a lead reaches, named the same on the contact modal and the /contatta/ page: the agent at the agency
 * ('Martina Gallo · La Chiave Melzo'), or the advertiser when no agent follows the listing (docs/decisions/076).
 */
export function contactRecipient(advertiser: string, agent: string | null): string {
  return agent ? `${agent} · ${advertiser}` : advertiser;
}

/** The contact button's label in the page's language. */
export function contactLabel(target: ContactTarget, locale: "it" | "en"): string {
  return (locale === "it" ? contactLabels : contactLabelsEn)[target];
}
