/** What the listing page's contact and phone buttons need (seed 001 §4, §6; seed 000 §5), in the page's language. */
import { defaultMessageContext } from "../../core/contact/default-message.ts";
import { contactLabel, contactRecipient, contactTarget } from "../../core/listing/contact.ts";
import { canContactOnListing, publisherPath } from "../../core/publisher/page.ts";
import type { ListingContact } from "../../db/publishers.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { contactMessage, startMessage } from "../i18n/publisher.ts";
import type { PublisherContactProps } from "../ui/publisher-contact.tsx";

export function listingContactProps(
  l: ListingContact,
  locale: Locale,
): PublisherContactProps & { blockedText: string; publisherUrl: string | null } {
  const target = contactTarget(l.publisherKind, l.agentIsPro);
  const allowed = canContactOnListing(l, l);
  const context = defaultMessageContext(l);
  const publisherUrl = publisherPath({ id: l.publisherId, kind: l.publisherKind, slug: l.publisherSlug, isAgentPro: false });
  return {
    locale,
    leadKind: "specific",
    listingId: l.id,
    // An Agente Pro's listing calls the agent; every other listing the advertiser.
    publisherId: l.agentIsPro && l.agentId ? l.agentId : l.publisherId,
    publisherName: l.agentIsPro && l.agentName ? l.agentName : l.publisherName,
    recipient: contactRecipient(l.publisherName, l.agentName),
    contactLabel: contactLabel(target, locale),
    defaultMessage: startMessage(context, l, locale),
    messageContext: context,
    showPhone: allowed && l.showPhoneNumber && l.publisherPhone !== null,
    showContact: allowed,
    website: null,
    contactHref: localizePath(`/contatta/?annuncio=${l.id}`, locale),
    phoneHref: localizePath(`/telefono/?inserzionista=${l.agentIsPro && l.agentId ? l.agentId : l.publisherId}&annuncio=${l.id}`, locale),
    virtualTour:
      allowed && l.hasVirtualTour
        ? {
            message: startMessage("virtual-tour", l, locale),
            href: localizePath(`/contatta/?annuncio=${l.id}&motivo=virtual-tour`, locale),
          }
        : null,
    blockedText: contactMessage("L'inserzionista non accetta contatti per questa asta", locale),
    publisherUrl: publisherUrl ? localizePath(publisherUrl, locale) : null,
  };
}
