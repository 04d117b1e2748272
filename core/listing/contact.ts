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
