/** The Publisher entity of seed 001 §3, as the publisher pages and the agency/agentPro API show it. */
import { PlaceLevel } from "../../core/places.ts";
import { agentsStrip, initials, logoSize, publisherPath, websiteHref } from "../../core/publisher/page.ts";
import type { AgentSummary, PublisherDetail } from "../../db/publishers.ts";
import type { PlaceDirectory } from "../../db/place-directory.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";

export interface AgentView {
  id: number;
  name: string;
  initials: string;
  photo: string | null;
  isAgentPro: boolean;
  url: string | null;
  listings: number;
}

export function presentAgent(a: AgentSummary, locale: Locale): AgentView {
  const url = publisherPath({ id: a.id, kind: "agent", slug: a.slug, isAgentPro: a.isAgentPro });
  return {
    id: a.id,
    name: a.name,
    initials: initials(a.name),
    photo: a.hasPhoto ? `/media/publisher/${a.id}/photo.svg` : null,
    isAgentPro: a.isAgentPro,
    url: url && localizePath(url, locale),
    listings: a.listings,
  };
}

/**
 * Publisher fields (seed 001 §3), with the pages' paths in `locale`. The phone number is never part of it
 * (publisherPhone is always null here): it is revealed only through POST /portal-srp/api/v1/phonecall,
 * which records the call.
 */
export function presentPublisher(p: PublisherDetail, agents: AgentSummary[], directory: PlaceDirectory, locale: Locale) {
  const town = p.townId ? directory.get(p.townId) : undefined;
  const province = p.townId ? directory.ancestorAt(p.townId, PlaceLevel.province) : undefined;
  const path = publisherPath(p);
  const url = path ? localizePath(path, locale) : "";
  const agentViews = agents.map((a) => presentAgent(a, locale));
  const strip = agentsStrip(agentViews);
  return {
    publisherId: p.id,
    publisherType: p.kind,
    publisherName: p.name,
    publisherSlug: p.slug,
    description: p.description,
    publisherAddress: {
      street: p.street,
      town: town?.name ?? null,
      province: province?.short ?? null,
      state: "Italia",
      postcode: p.postalCode,
    },
    publisherUrl: url,
    publisherPhone: null,
    showPhoneNumber: p.showPhoneNumber && p.phone !== null,
    publisherWebsite: websiteHref(p.website),
    hasCrossSubscription: p.hasCrossSubscription,
    disableAuctions: p.disableAuctions,
    hasAgents: agents.length > 0,
    agentList: { list: agentViews, total: agents.length, shown: strip.shown, more: strip.more },
    isAgentPro: p.isAgentPro,
    publisherLogo: p.kind === "agency" ? `/media/publisher/${p.id}/logo.svg` : null,
    logoSize: logoSize(p.hasCrossSubscription),
    publisherInitials: initials(p.name),
    publisherParent: p.parent
      ? {
          id: p.parent.id,
          name: p.parent.name,
          url: localizePath(publisherPath({ id: p.parent.id, kind: "agency", slug: p.parent.slug, isAgentPro: false })!, locale),
        }
      : null,
    publisherPhoto: p.hasPhoto ? `/media/publisher/${p.id}/photo.svg` : null,
  };
}

export type PublisherView = ReturnType<typeof presentPublisher>;

/** schema.org RealEstateAgent for an agency page (no phone: it is revealed on request only). */
export function realEstateAgentJsonLd(p: PublisherView, origin: string, listings: number) {
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    name: p.publisherName,
    url: `${origin}${p.publisherUrl}`,
    ...(p.publisherLogo ? { logo: `${origin}${p.publisherLogo}`, image: `${origin}${p.publisherLogo}` } : {}),
    ...(p.description ? { description: p.description } : {}),
    ...(p.publisherWebsite ? { sameAs: [p.publisherWebsite] } : {}),
    address: {
      "@type": "PostalAddress",
      ...(p.publisherAddress.street ? { streetAddress: p.publisherAddress.street } : {}),
      ...(p.publisherAddress.town ? { addressLocality: p.publisherAddress.town } : {}),
      ...(p.publisherAddress.province ? { addressRegion: p.publisherAddress.province } : {}),
      ...(p.publisherAddress.postcode ? { postalCode: p.publisherAddress.postcode } : {}),
      addressCountry: "IT",
    },
    ...(p.agentList.total > 0 ? { employee: p.agentList.list.map((a) => ({ "@type": "Person", name: a.name })) } : {}),
    makesOffer: { "@type": "AggregateOffer", offerCount: listings },
  };
}
