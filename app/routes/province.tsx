/**
 * The province hubs (seed 001 §2 Hub pages; docs/decisions/101): /immobili/{region}/{province}/ for homes
 * for sale, then …/affitto/, …/affitto-breve/, …/aste/ (court auctions) and …/agenzie/ (estate agencies).
 * Every municipality with its count in three columns, under each its first 3 zones and 'vedi tutte le zone'
 * (a <details>: no JavaScript needed); tabs by rooms, property type and licence group picked by the URL hash
 * (an unknown hash shows the default tab); per town the median asking €/m² and its 12-month trend.
 */
import { useEffect, useState, type MouseEvent } from "react";
import { data, redirect, useFetcher } from "react-router";
import {
  channelWord,
  hubKindOf,
  hubKinds,
  hubTabs,
  intoColumns,
  splitZones,
  tabForHash,
  titleVariant,
  type HubKind,
} from "../../core/hubs/hub.ts";
import { breadcrumbListJsonLd } from "../../core/seo/structured-data.ts";
import { hubPath, type HubPageView, type HubTown } from "../hubs/hub-data.ts";
import { cachedHubPage, findHubProvince, hubView } from "../hubs/hub-page.server.ts";
import { hubTexts, provinceHubTexts } from "../i18n/hubs.ts";
import { localeFromPath, localizePath, type Locale } from "../i18n/locale.ts";
import { services } from "../services.ts";
import { PriceTrend } from "../ui/price-trend.tsx";
import type { Route } from "./+types/province";
import "../ui/hubs.css";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = hubTexts[locale];
  const kind = hubKindOf(params.kind);
  if (!kind) throw data(t.provinceNotFound, { status: 404 });
  const { database, counts } = services(context);
  const found = await findHubProvince(database.readDb, params.province);
  if (!found) throw data(t.provinceNotFound, { status: 404 });
  if (found.region.slug !== params.region) throw redirect(hubPath(found.region, found.province, kind, locale), 301);
  const hub = await cachedHubPage(counts, database.readDb, found, kind, locale);
  // Only the shown tab's towns: the default, or the one a tab link names in `?tab=` (the links' no-JavaScript
  // form; with JavaScript the hash picks the tab and the page fetches it from here). Unknown keys: the default.
  const url = new URL(request.url);
  const tab = tabForHash(hubTabs(kind), url.searchParams.get("tab") ?? "");
  return { locale, origin: url.origin, hub: hubView(hub, tab.key) };
}

/** The channel as the titles write it: 'affitti' shown as 'affitto', short rent with ' breve' (§2). */
function channelOf(kind: HubKind): string {
  return channelWord(kind === "affitto" ? "affitti" : kind === "affitto-breve" ? "affitto-breve" : "vendita");
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: hubTexts.it.notFoundTitle }];
  const { hub, locale, origin } = loaderData;
  const t = provinceHubTexts[locale];
  const variant = titleVariant(hub.kind);
  const url = (path: string) => `${origin}${path}`;
  return [
    { title: t.title(variant, channelOf(hub.kind), hub.province.name) },
    { name: "description", content: t.description(variant, channelOf(hub.kind), hub.tabs[0]!.totalCount, hub.province.name) },
    { tagName: "link", rel: "canonical", href: url(hubPath(hub.region, hub.province, hub.kind, locale)) },
    {
      "script:ld+json": breadcrumbListJsonLd([
        { name: hubTexts[locale].home, url: url(localizePath("/", locale)) },
        { name: hub.region.name, url: url(localizePath(`/immobili/${hub.region.slug}/`, locale)) },
        { name: hub.province.name, url: url(hubPath(hub.region, hub.province, hub.kind, locale)) },
      ]),
    },
  ];
}

/**
 * The hub as shown: the tab the URL hash names (unknown hashes: the default tab), fetched from this route's
 * loader when it is not the one the page came with; without a hash, the page's own tab.
 */
function useHashTab(page: HubPageView): HubPageView {
  const [hash, setHash] = useState("");
  const fetcher = useFetcher<typeof loader>();
  useEffect(() => {
    const read = () => setHash(window.location.hash);
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  const wanted = hash === "" ? page.shown.key : tabForHash(hubTabs(page.kind), hash).key;
  const fetched = fetcher.data?.hub;
  const have = fetched && fetched.province.id === page.province.id && fetched.kind === page.kind ? fetched : undefined;
  const { load } = fetcher;
  useEffect(() => {
    if (wanted === page.shown.key) return;
    void load(`${window.location.pathname}?tab=${encodeURIComponent(wanted)}`);
  }, [wanted, page.shown.key, load]);
  if (wanted === page.shown.key) return page;
  return have && have.shown.key === wanted ? have : page;
}

export default function Province({ loaderData }: Route.ComponentProps) {
  const { hub: page, locale } = loaderData;
  const t = provinceHubTexts[locale];
  const variant = titleVariant(page.kind);
  const hub = useHashTab(page);
  const selected = hub.shown;
  const [first, ...others] = page.tabs;
  const offered = others.filter((d) => d.totalCount > 0);
  // A tab link: a real link to the page with that tab (no JavaScript), with JavaScript a change of hash.
  const pickTab = (key: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.location.hash = key;
  };
  return (
    <div className="page hub-page">
      <nav className="breadcrumb" aria-label={hubTexts[locale].breadcrumb}>
        <ol>
          <li>
            <a href={localizePath("/", locale)}>{hubTexts[locale].home}</a>
          </li>
          <li>
            <a href={localizePath(`/immobili/${page.region.slug}/`, locale)}>{page.region.name}</a>
          </li>
          <li aria-current="page">{page.province.name}</li>
        </ol>
      </nav>
      <h1>{t.title(variant, channelOf(page.kind), page.province.name)}</h1>
      <nav className="hub-kinds" aria-label={t.kindNav}>
        <ul>
          {hubKinds.map((k) => (
            <li key={k}>
              <a href={hubPath(page.region, page.province, k, locale)} aria-current={k === page.kind ? "page" : undefined}>
                {t.kind(k)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {page.kind !== "agenzie" && first && (
        <nav className="hub-tabs" aria-label={t.tabsLabel}>
          <ul>
            <li>
              <a
                href={hubPath(page.region, page.province, page.kind, locale)}
                onClick={pickTab("")}
                aria-current={selected.key === "" ? "true" : undefined}
              >
                {first.label}
              </a>
            </li>
            {offered.map((d) => (
              <li key={d.key}>
                <a
                  href={`?tab=${encodeURIComponent(d.key)}#${d.key}`}
                  onClick={pickTab(d.key)}
                  aria-current={selected.key === d.key ? "true" : undefined}
                >
                  {d.label} <span className="count">({d.totalCount})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <section className="hub-panel" aria-labelledby="hub-panel-title" data-tab={selected.key || "default"}>
        <h2 id="hub-panel-title">{selected.label}</h2>
        <div className="hub-columns">
          {intoColumns(selected.towns).map((column, i) => (
            <ul className="hub-column" key={i}>
              {column.map((town) => (
                <TownEntry key={town.slugs.qslug} town={town} hub={hub} locale={locale} />
              ))}
            </ul>
          ))}
        </div>
      </section>
    </div>
  );
}

function TownEntry({ town, hub, locale }: { town: HubTown; hub: HubPageView; locale: Locale }) {
  const t = provinceHubTexts[locale];
  const { shown, more } = splitZones(town.zones);
  const trend = Object.hasOwn(hub.prices, town.slugs.qslug) ? hub.prices[town.slugs.qslug] : undefined;
  return (
    <li className="hub-town">
      <div className="hub-town__head">
        <a href={town.href}>{town.name}</a>
        <span className="count">{hub.kind === "agenzie" ? t.agencyCount(town.count) : hubTexts[locale].listingCount(town.count)}</span>
      </div>
      {trend && trend.count > 0 && (
        <div className="hub-town__price">
          <span>{t.medianPrice(trend.median)}</span>
          {trend.months.length > 1 && <PriceTrend months={trend.months} label={t.trendLabel(town.name)} />}
        </div>
      )}
      {shown.length > 0 && (
        <ul className="hub-zones">
          {shown.map((z) => (
            <li key={z.slug}>
              <a href={z.href}>{z.name}</a> <span className="count">{z.count}</span>
            </li>
          ))}
        </ul>
      )}
      {more.length > 0 && (
        <details className="hub-more-zones">
          <summary>{t.moreZones}</summary>
          <ul className="hub-zones">
            {more.map((z) => (
              <li key={z.slug}>
                <a href={z.href}>{z.name}</a> <span className="count">{z.count}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
