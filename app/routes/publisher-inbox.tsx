/**
 * /area-agenzia/ (and /en/area-agenzia/): an agency's inbox — the leads and phone-call records it received,
 * newest first, with the listing each concerns (issue 12 §6). Only for an account that stands for a
 * publisher (demo agencies: agenzia{id}@casa.example, README); anyone else is sent to log in or told no.
 */
import { data, Form, redirect } from "react-router";
import { IntentButton } from "../ui/intent-button.tsx";
import { z } from "zod";
import { formatDateTime } from "../../core/format.ts";
import { leadsForPublisher, phoneCallsForPublisher } from "../../db/leads.ts";
import { deleteFeedSource, getFeedSource, setFeedSource } from "../../db/feed-sources.ts";
import { feedPhotoCounts } from "../../db/feed-photos.ts";
import { findPublisher } from "../../db/publishers.ts";
import { barChartPath, lastDays } from "../../core/listing/price-history.ts";
import {
  confirmOwnListings,
  dashboardListings,
  insertApiKey,
  listApiKeys,
  listFeedImports,
  publisherKind,
  revokeApiKey,
} from "../../db/publishing.ts";
import type { FeedReport } from "../../core/publisher/feed.ts";
import { formAction, formCsrfToken, type FormResult } from "../account/form.server.ts";
import { feedAddressRefusal, feedSourceForm } from "../publisher/feed-source.server.ts";
import { newApiKey } from "../publisher/publishing.server.ts";
import { FeedSourceSection } from "../ui/feed-source-section.tsx";
import { inboxTexts } from "../i18n/publisher-inbox.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { requestInfo, services } from "../services.ts";
import type { Route } from "./+types/publisher-inbox";
import "../ui/account.css";

const SHOWN = 100;
/** The dashboard's listings come in pages of this many (`?pagina=N`): a demo agency has hundreds. */
const LISTINGS_PAGE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const svc = services(context);
  const user = await svc.accounts.sessions.currentUser(requestInfo(context).session);
  if (!user) throw redirect(`${localizePath("/accedi/", locale)}?redirect=${encodeURIComponent(localizePath("/area-agenzia/", locale))}`);
  const publisher = user.publisherId === null ? null : await findPublisher(svc.database.readDb, user.publisherId);
  if (!publisher) return data({ locale, inbox: null }, { status: 403 });
  // A private seller publishes from their own page, without keys or feeds (docs/decisions/139).
  if (publisher.kind === "private") throw redirect(localizePath("/pubblica-annuncio/", locale));
  const now = new Date(svc.clock());
  const requested = Number(new URL(request.url).searchParams.get("pagina") ?? "1");
  const pageNumber = Number.isSafeInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const [leads, calls, keys, listings, imports, feedSource, feedPhotos] = await Promise.all([
    leadsForPublisher(svc.database.readDb, publisher.id, SHOWN),
    phoneCallsForPublisher(svc.database.readDb, publisher.id, SHOWN),
    listApiKeys(svc.database.db, publisher.id),
    dashboardListings(svc.database.readDb, publisher.id, new Date(now.getTime() - 30 * 86_400_000), {
      limit: LISTINGS_PAGE,
      offset: (pageNumber - 1) * LISTINGS_PAGE,
    }),
    listFeedImports(svc.database.db, publisher.id, 10),
    getFeedSource(svc.database.db, publisher.id),
    feedPhotoCounts(svc.database.readDb, publisher.id),
  ]);
  const days = lastDays(now, 30);
  const pages = Math.max(1, Math.ceil(listings.total / LISTINGS_PAGE));
  const pageHref = (n: number) => localizePath(n === 1 ? "/area-agenzia/" : `/area-agenzia/?pagina=${n}`, locale);
  // The latest import's rejected listings head the first page: they never reached the portal, so they have no id.
  const latestReport = (imports.find((i) => i.status !== "running")?.report ?? null) as FeedReport | null;
  const rejected = pageNumber === 1 ? (latestReport?.rejected ?? []).slice(0, 50) : [];
  return {
    locale,
    csrf: formCsrfToken(request, context),
    inbox: {
      agency: publisher.name,
      listingsTotal: listings.total,
      listingsPage: {
        page: Math.min(pageNumber, pages),
        pages,
        previous: pageNumber > 1 ? pageHref(Math.min(pageNumber, pages) - 1) : null,
        next: pageNumber < pages ? pageHref(pageNumber + 1) : null,
      },
      rejected: rejected.map((r) => ({
        uniqueId: r.uniqueId,
        reasons: r.problems.map((p) => `${p.field}: ${p[locale]}`).join("; "),
      })),
      listings: listings.listings.map((l) => {
        const views = days.map((d) => l.views.get(d) ?? 0);
        const contacts = days.map((d) => l.contacts.get(d) ?? 0);
        return {
          id: l.listingId,
          title: l.title,
          status: l.status,
          externalId: l.externalId,
          href: l.status === "online" ? localizePath(`/annunci/${l.listingId}/`, locale) : null,
          verified: l.confirmedAt ? formatDateTime(l.confirmedAt, locale) : null,
          confirmable: l.status === "online" && l.confirmedAt !== null,
          views: views.reduce((a, b) => a + b, 0),
          contacts: contacts.reduce((a, b) => a + b, 0),
          viewBars: barChartPath(views, 120, 24),
          contactBars: barChartPath(contacts, 120, 24),
        };
      }),
      imports: imports.map((i) => {
        const report = i.report as FeedReport | null;
        return {
          id: Number(i.id),
          at: formatDateTime(new Date(i.startedAt), locale),
          status: i.status,
          counts: report?.counts ?? null,
          error: report?.error ? report.error[locale] : null,
          rejected: (report?.rejected ?? []).slice(0, 50).map((r) => ({
            uniqueId: r.uniqueId,
            reasons: r.problems.map((p) => `${p.field}: ${p[locale]}`).join("; "),
          })),
        };
      }),
      feedPhotos: feedPhotos.wanted > 0 ? feedPhotos : null,
      feedSource: feedSource && {
        url: feedSource.url,
        format: feedSource.format,
        intervalMinutes: feedSource.intervalMinutes,
        nextPull: formatDateTime(feedSource.nextPullAt, locale),
        lastPull: feedSource.lastPullAt ? formatDateTime(feedSource.lastPullAt, locale) : null,
        lastStatus: feedSource.lastStatus,
        lastError: feedSource.lastError,
      },
      keys: keys.map((k) => ({
        id: Number(k.id),
        label: k.label,
        prefix: `casa_pk_${k.prefix}_…`,
        created: formatDateTime(new Date(k.createdAt), locale),
        lastUsed: k.lastUsedAt ? formatDateTime(new Date(k.lastUsedAt), locale) : null,
        revoked: k.revokedAt ? formatDateTime(new Date(k.revokedAt), locale) : null,
      })),
      leads: leads.map((l) => ({
        id: l.id,
        kind: l.kind,
        at: formatDateTime(l.createdAt, locale),
        name: l.name,
        email: l.email,
        phone: l.phone,
        message: l.message,
        listing: l.listingId === null ? null : { href: localizePath(`/annunci/${l.listingId}/`, locale), title: l.listingTitle },
      })),
      calls: calls.map((c) => ({
        id: c.id,
        at: formatDateTime(c.createdAt, locale),
        device: c.device,
        listing: c.listingId === null ? null : { href: localizePath(`/annunci/${c.listingId}/`, locale), title: c.listingTitle },
      })),
    },
  };
}

const dashboardForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-key"), label: z.string().trim().min(1).max(60) }),
  z.object({ intent: z.literal("confirm-listing"), listingId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("revoke-key"), keyId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("set-feed-source") }),
  z.object({ intent: z.literal("remove-feed-source") }),
]);

/**
 * The dashboard's forms, only for the account's own publisher: create (shown once) or revoke an API key,
 * confirm a listing, set or remove the feed address.
 */
export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, info, svc }): Promise<FormResult> => {
    const locale = localeFromPath(new URL(args.request.url).pathname);
    const t = inboxTexts[locale];
    const user = await svc.accounts.sessions.currentUser(info.session);
    if (!user || user.publisherId === null) throw new Response(t.notPublisher, { status: 403 });
    // Keys, feeds and confirmations are an agency's: a private seller has none of them (docs/decisions/139).
    const kind = await publisherKind(svc.database.db, user.publisherId);
    if (kind === null || kind === "private") throw new Response(t.notPublisher, { status: 403 });
    const parsed = dashboardForm.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      // Only the key's name is typed; every other field is the page's own, so a wrong one is a stale or forged form.
      if (form.get("intent") === "create-key") return { errors: { label: t.keyLabelInvalid }, values };
      throw new Response(t.formInvalid, { status: 400 });
    }
    const now = new Date(svc.clock());
    if (parsed.data.intent === "set-feed-source") {
      const fields = feedSourceForm.safeParse({
        url: form.get("url"),
        format: form.get("format") ?? undefined,
        intervalMinutes: form.get("intervalMinutes"),
      });
      if (!fields.success) {
        const wrong = new Set(fields.error.issues.map((issue) => issue.path[0]));
        return {
          errors: {
            ...(wrong.has("url") || wrong.has("format") ? { url: t.feedUrlInvalid } : {}),
            ...(wrong.has("intervalMinutes") ? { intervalMinutes: t.feedIntervalInvalid } : {}),
          },
          values,
        };
      }
      const refused = feedAddressRefusal(fields.data.url, svc.feedPull.allowPrivate, locale);
      if (refused) return { errors: { url: refused }, values };
      await setFeedSource(svc.database.db, user.publisherId, fields.data, now);
      svc.feedPull.wake();
      return { errors: {}, values: {}, notice: t.feedSaved };
    }
    if (parsed.data.intent === "remove-feed-source") {
      await deleteFeedSource(svc.database.db, user.publisherId);
      return { errors: {}, values: {}, notice: t.feedRemoved };
    }
    if (parsed.data.intent === "confirm-listing") {
      const confirmed = await confirmOwnListings(svc.database.db, user.publisherId, [parsed.data.listingId], now);
      if (confirmed === 0) throw new Response(t.listingNotFound, { status: 404 });
      return { errors: {}, values: {}, notice: t.listingConfirmed };
    }
    if (parsed.data.intent === "revoke-key") {
      const revoked = await revokeApiKey(svc.database.db, user.publisherId, parsed.data.keyId, now);
      if (!revoked) throw new Response(t.keyNotFound, { status: 404 });
      return { errors: {}, values: {}, notice: t.keyRevoked };
    }
    const made = newApiKey();
    const row = await insertApiKey(svc.database.db, {
      publisherId: user.publisherId,
      label: parsed.data.label,
      prefix: made.prefix,
      keyHash: made.keyHash,
      createdBy: user.id,
      now,
    });
    if (!row) return { errors: { label: t.tooManyKeys }, values };
    return { errors: {}, values: {}, notice: t.keyCreated, shownOnce: made.key };
  });
}

function ListingLink({ listing, gone }: { listing: { href: string; title: string | null } | null; gone: string }) {
  if (!listing) return null;
  return listing.title ? <a href={listing.href}>{listing.title}</a> : <span>{gone}</span>;
}

export default function PublisherInboxPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, inbox } = loaderData;
  const csrf = "csrf" in loaderData ? loaderData.csrf : "";
  const result = actionData as FormResult | undefined;
  const t = inboxTexts[locale];
  if (!inbox) {
    return (
      <section className="page account-page">
        <title>{`${t.title} - casa.it`}</title>
        <meta name="robots" content="noindex" />
        <h1>{t.title}</h1>
        <p role="alert">{t.notPublisher}</p>
        <p>
          <a href={localizePath("/account/", locale)}>{t.seeAccount}</a>
        </p>
      </section>
    );
  }
  return (
    <section className="page account-page publisher-inbox">
      <title>{`${t.title} - ${inbox.agency} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.title}</h1>
      <p>{t.intro(inbox.agency)}</p>
      {result?.notice && !result.shownOnce && (
        <p role="status" data-testid="dashboard-notice">
          {result.notice}
        </p>
      )}
      <section aria-labelledby="listings-heading" className="publisher-listings">
        <h2 id="listings-heading">{t.listingsHeading(inbox.listingsTotal)}</h2>
        {inbox.listings.length === 0 && inbox.rejected.length === 0 ? (
          <p>{t.noListings}</p>
        ) : (
          <table data-testid="publisher-listings">
            <caption className="visually-hidden">{t.listingsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.listingTitle}</th>
                <th scope="col">{t.listingStatus}</th>
                <th scope="col">{t.listingVerified}</th>
                <th scope="col">{t.last30Days}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {inbox.rejected.map((r, n) => (
                <tr key={`rejected-${n}`} data-rejected-id={r.uniqueId}>
                  <td>{r.uniqueId || "—"}</td>
                  <td data-testid="listing-status">
                    {t.status("rejected")}: {r.reasons}
                  </td>
                  <td>—</td>
                  <td />
                  <td />
                </tr>
              ))}
              {inbox.listings.map((l) => (
                <tr key={l.id} data-listing-id={l.id}>
                  <td>
                    {l.href ? <a href={l.href}>{l.title}</a> : l.title}
                    {l.externalId && (
                      <>
                        {" "}
                        <small>({l.externalId})</small>
                      </>
                    )}
                  </td>
                  <td data-testid="listing-status">{t.status(l.status)}</td>
                  <td>{l.verified ?? t.neverExpires}</td>
                  <td>
                    <svg
                      className="listing-stats-chart"
                      width="120"
                      height="24"
                      viewBox="0 0 120 24"
                      role="img"
                      aria-label={t.statsLabel(l.views, l.contacts)}
                    >
                      <title>{t.statsLabel(l.views, l.contacts)}</title>
                      {l.viewBars && <path d={l.viewBars} fill="#9fb3aa" />}
                      {l.contactBars && <path d={l.contactBars} fill="#0b6e4f" />}
                    </svg>{" "}
                    <span>{t.statsLabel(l.views, l.contacts)}</span>
                  </td>
                  <td>
                    {l.confirmable && (
                      <IntentButton csrf={csrf} intent="confirm-listing" record={["listingId", l.id]} label={t.confirmNamed(l.title)}>
                        {t.confirm}
                      </IntentButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {inbox.listingsPage.pages > 1 && (
          <nav aria-label={t.listingsPages} className="publisher-listings-pages">
            {inbox.listingsPage.previous && (
              <a href={inbox.listingsPage.previous} rel="prev">
                {t.previousPage}
              </a>
            )}{" "}
            <span data-testid="listings-page">{t.pageOf(inbox.listingsPage.page, inbox.listingsPage.pages)}</span>{" "}
            {inbox.listingsPage.next && (
              <a href={inbox.listingsPage.next} rel="next">
                {t.nextPage}
              </a>
            )}
          </nav>
        )}
      </section>
      <section aria-labelledby="imports-heading" className="publisher-imports">
        <h2 id="imports-heading">{t.importsHeading}</h2>
        {inbox.feedPhotos && <p data-testid="feed-photos">{t.feedPhotos(inbox.feedPhotos)}</p>}
        {inbox.imports.length === 0 ? (
          <p>{t.noImports}</p>
        ) : (
          <ol data-testid="feed-imports">
            {inbox.imports.map((i) => (
              <li key={i.id}>
                <p>
                  {i.at} · {t.importStatus(i.status)}
                  {i.counts && ` · ${t.importCounts(i.counts)}`}
                </p>
                {i.error && <p role="note">{i.error}</p>}
                {i.rejected.length > 0 && (
                  <details>
                    <summary>{t.rejectedHeading(i.counts?.rejected ?? i.rejected.length)}</summary>
                    <ul>
                      {i.rejected.map((r, n) => (
                        <li key={`${n}-${r.uniqueId}`}>
                          <strong>{r.uniqueId || "—"}</strong>: {r.reasons}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <FeedSourceSection source={inbox.feedSource} csrf={csrf} result={result} t={t} />
      <section aria-labelledby="api-keys-heading" className="publisher-keys">
        <h2 id="api-keys-heading">{t.keysHeading}</h2>
        <p>{t.keysIntro}</p>
        {result?.notice && result.shownOnce && (
          <p role="status" data-testid="key-notice">
            {result.notice}
          </p>
        )}
        {result?.shownOnce && (
          <p>
            <label htmlFor="new-api-key">{t.newKeyLabel}</label>{" "}
            <input id="new-api-key" data-testid="new-api-key" readOnly value={result.shownOnce} size={70} />
          </p>
        )}
        {inbox.keys.length > 0 && (
          <table data-testid="api-keys">
            <caption className="visually-hidden">{t.keysHeading}</caption>
            <thead>
              <tr>
                <th scope="col">{t.keyName}</th>
                <th scope="col">{t.keyPrefix}</th>
                <th scope="col">{t.keyCreatedAt}</th>
                <th scope="col">{t.keyLastUsed}</th>
                <th scope="col">{t.keyState}</th>
              </tr>
            </thead>
            <tbody>
              {inbox.keys.map((k) => (
                <tr key={k.id} data-key-id={k.id}>
                  <td>{k.label}</td>
                  <td>
                    <code>{k.prefix}</code>
                  </td>
                  <td>{k.created}</td>
                  <td>{k.lastUsed ?? t.never}</td>
                  <td>
                    {k.revoked ? (
                      t.revokedOn(k.revoked)
                    ) : (
                      <IntentButton csrf={csrf} intent="revoke-key" record={["keyId", k.id]} label={t.revokeNamed(k.label)}>
                        {t.revoke}
                      </IntentButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Form method="post" className="key-create">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="intent" value="create-key" />
          <label htmlFor="key-label">{t.keyName}</label>{" "}
          <input
            id="key-label"
            name="label"
            required
            maxLength={60}
            aria-describedby={result?.errors.label ? "key-label-error" : undefined}
          />{" "}
          <button type="submit">{t.createKey}</button>
          {result?.errors.label && (
            <span id="key-label-error" role="alert">
              {result.errors.label}
            </span>
          )}
        </Form>
      </section>
      <h2>{t.leadsHeading(inbox.leads.length)}</h2>
      {inbox.leads.length === 0 ? (
        <p>{t.noLeads}</p>
      ) : (
        <ol className="inbox-list" data-testid="inbox-leads">
          {inbox.leads.map((l) => (
            <li key={l.id} data-lead-id={l.id}>
              <p>
                <strong>{l.name}</strong> · <a href={`mailto:${l.email}`}>{l.email}</a>
                {l.phone && (
                  <>
                    {" "}
                    · <a href={`tel:${l.phone}`}>{l.phone}</a>
                  </>
                )}
              </p>
              <p>
                {t.received} {l.at} ·{" "}
                {l.kind === "generic" ? (
                  t.generic
                ) : l.kind === "agency" ? (
                  t.agencyLead
                ) : (
                  <ListingLink listing={l.listing} gone={t.listingGone} />
                )}
              </p>
              <blockquote aria-label={t.message}>{l.message}</blockquote>
            </li>
          ))}
        </ol>
      )}
      <h2>{t.callsHeading(inbox.calls.length)}</h2>
      {inbox.calls.length === 0 ? (
        <p>{t.noCalls}</p>
      ) : (
        <ol className="inbox-list" data-testid="inbox-calls">
          {inbox.calls.map((c) => (
            <li key={c.id}>
              {c.at} · {t.device(c.device)}
              {c.listing && (
                <>
                  {" "}
                  · <ListingLink listing={c.listing} gone={t.listingGone} />
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
