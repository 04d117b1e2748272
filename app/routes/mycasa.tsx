/**
 * /mycasa/ (and /en/mycasa/): a logged-in user's MyCasa (issue 11 item 6, seed 001 §2): tabs for
 * favourites (with the price change since saved), saved searches (/mycasa/ricerche/), hidden ads,
 * addresses and commute points, search history; 'Scarica i miei dati'. Server-rendered; reading and
 * deleting are plain forms with a CSRF token, so the page works without JavaScript. Visitors are sent
 * to the login page, which brings them back here.
 */
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { formatDate, formatEuro } from "../../core/format.ts";
import { COMMUTE_MINUTES, HOME_POINT_ID, TRAVEL_MODES, WORK_POINT_ID, type StoredCommutePoint } from "../../core/mycasa/commute.ts";
import { ADDRESS_NAMES } from "../../core/mycasa/records.ts";
import { formAction, formCsrfToken, type FormResult } from "../account/form.server.ts";
import { safeRedirect } from "../account/api.server.ts";
import { hiddenAdsTexts } from "../i18n/hidden-ads.ts";
import { mycasaTexts } from "../i18n/mycasa.ts";
import { localeFromPath, localizePath, type Locale } from "../i18n/locale.ts";
import { formErrorMessage, loadTab, runFormCommand, type TabData } from "../mycasa/page.server.ts";
import { MYCASA_TABS, SAVED_SEARCHES_PATH, tabPath, type MycasaTab } from "../mycasa/tabs.ts";
import { requestInfo, services } from "../services.ts";
import { CompactCard } from "../ui/compact-card.tsx";
import { FormMessages } from "../ui/account-form.tsx";
import type { Route } from "./+types/mycasa";
import "../ui/listing.css";
import "../ui/account.css";
import "../ui/favourites.css";
import "../ui/mycasa.css";

function tabOf(param: string | undefined): MycasaTab | null {
  const key = param ?? "";
  return Object.hasOwn(MYCASA_TABS, key) ? MYCASA_TABS[key as keyof typeof MYCASA_TABS] : null;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const tab = tabOf(params.tab);
  if (!tab) throw data("not found", { status: 404 });
  const svc = services(context);
  const user = await svc.accounts.sessions.currentUser(requestInfo(context).session);
  if (!user) throw redirect(`${localizePath("/accedi/", locale)}?redirect=${encodeURIComponent(localizePath(tabPath[tab], locale))}`);
  const page = Number(url.searchParams.get("pagina") ?? "1");
  const notice = url.searchParams.get("avviso");
  return {
    locale,
    csrf: formCsrfToken(request, context),
    name: user.displayName,
    notice: notice === "saved" || notice === "removed" ? notice : null,
    data: await loadTab(svc.database.readDb, user.id, tab, Number.isSafeInteger(page) ? page : 1),
  };
}

export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, info, svc }): Promise<Response | FormResult> => {
    const locale = localeFromPath(new URL(args.request.url).pathname);
    const user = await svc.accounts.sessions.currentUser(info.session);
    const tab = tabOf(args.params.tab) ?? "favourites";
    if (!user) throw redirect(`${localizePath("/accedi/", locale)}?redirect=${encodeURIComponent(localizePath(tabPath[tab], locale))}`);
    try {
      const outcome = await runFormCommand(svc.database.db, svc.database.readDb, user.id, form, new Date());
      const back = safeRedirect(form.get("back"));
      if (back) return redirect(back, 303);
      const page = Number(form.get("pagina") ?? "1");
      return redirect(`${localizePath(tabPath[tab], locale)}?avviso=${outcome}${page > 1 ? `&pagina=${page}` : ""}`, 303);
    } catch (error) {
      const message = formErrorMessage(error);
      if (message === null) throw error;
      return { errors: { form: message }, values };
    }
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: mycasaTexts[loaderData?.locale ?? "it"].title }, { name: "robots", content: "noindex" }];
}

export default function MycasaPage() {
  const { locale, csrf, notice, data: d } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const t = mycasaTexts[locale];
  const link = (path: string) => localizePath(path, locale);
  const tabs: Array<[string, string, boolean]> = [
    [link(tabPath.favourites), t.tabFavourites, d.tab === "favourites"],
    [link(SAVED_SEARCHES_PATH), t.tabSearches, false],
    [link(tabPath.hidden), t.tabHidden, d.tab === "hidden"],
    [link(tabPath.addresses), t.tabAddresses, d.tab === "addresses"],
    [link(tabPath.history), t.tabHistory, d.tab === "history"],
  ];
  return (
    <section className="page mycasa-page">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <p>
        {t.sell} <a href={link("/pubblica-annuncio/")}>{t.sellLink}</a>
      </p>
      <nav aria-label={t.tabs} className="mycasa-tabs">
        <ul>
          {tabs.map(([href, label, current]) => (
            <li key={href}>
              <a href={href} aria-current={current ? "page" : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div aria-live="polite">
        {notice && !result && (
          <p className="form-notice" role="status">
            {notice === "saved" ? t.saved : t.removed}
          </p>
        )}
        <FormMessages errors={result?.errors ?? {}} />
      </div>
      {d.tab === "favourites" && <Favourites d={d} locale={locale} csrf={csrf} />}
      {d.tab === "hidden" && <Hidden d={d} locale={locale} csrf={csrf} />}
      {d.tab === "addresses" && <Addresses d={d} locale={locale} csrf={csrf} values={result?.values ?? {}} />}
      {d.tab === "history" && <History d={d} locale={locale} csrf={csrf} />}
      <p className="mycasa-download">
        <a href="/portal-srp/api/v1/mycasa/export" download="casa-i-miei-dati.json">
          {t.download}
        </a>{" "}
        <span>{t.downloadHint}</span>
      </p>
    </section>
  );
}

type Props<T extends TabData["tab"]> = { d: Extract<TabData, { tab: T }>; locale: Locale; csrf: string };

/** A one-button form: the command and the record it names. */
function CommandForm({
  csrf,
  intent,
  fields,
  label,
  ariaLabel,
  className,
}: {
  csrf: string;
  intent: string;
  fields: Record<string, string | number>;
  label: string;
  ariaLabel?: string;
  className?: string;
}) {
  return (
    <Form method="post" className="mycasa-command">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className={className ?? "secondary-button"} aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  );
}

function Favourites({ d, locale, csrf }: Props<"favourites">) {
  const t = mycasaTexts[locale];
  const from = localizePath(tabPath.favourites, locale);
  if (d.total === 0) return <p data-testid="mycasa-favourites-empty">{t.favouritesEmpty}</p>;
  return (
    <>
      <h2 data-testid="mycasa-favourites-count">{t.favouritesCount(d.total)}</h2>
      <ul className="compact-card-list">
        {d.items.map((f) => (
          <li key={f.listingId} data-testid="mycasa-favourite" data-listing-id={f.listingId}>
            {f.card ? (
              <CompactCard
                card={f.card}
                href={`${localizePath(f.card.uri, locale)}?from=${encodeURIComponent(from)}`}
                locale={locale}
                heart={false}
              />
            ) : (
              <p className="compact-card">{t.listingGone}</p>
            )}
            <p className="mycasa-note">
              {t.savedAt(formatDate(new Date(f.savedAt), locale))}
              {f.change && (
                <>
                  {" "}
                  ·{" "}
                  <span className={f.change.delta < 0 ? "price-down" : "price-up"}>
                    {(f.change.delta < 0 ? t.priceDown : t.priceUp)(
                      formatEuro(Math.abs(f.change.delta), locale),
                      `${f.change.percent > 0 ? "+" : ""}${f.change.percent.toLocaleString(locale === "it" ? "it-IT" : "en-GB")}%`,
                    )}
                  </span>
                </>
              )}
              {f.unchanged && <> · {t.priceSame}</>}
            </p>
            <CommandForm
              csrf={csrf}
              intent="remove-favourite"
              fields={{ listingId: f.listingId, pagina: d.page }}
              label={t.removeFavourite}
              ariaLabel={`${t.removeFavourite}: ${f.card?.title ?? f.listingId}`}
            />
          </li>
        ))}
      </ul>
      {d.pages > 1 && (
        <nav className="mycasa-pager" aria-label={t.pageOf(d.page, d.pages)}>
          {d.page > 1 && (
            <a href={`${from}?pagina=${d.page - 1}`} rel="prev">
              {t.previous}
            </a>
          )}
          <span>{t.pageOf(d.page, d.pages)}</span>
          {d.page < d.pages && (
            <a href={`${from}?pagina=${d.page + 1}`} rel="next">
              {t.next}
            </a>
          )}
        </nav>
      )}
    </>
  );
}

function Hidden({ d, locale, csrf }: Props<"hidden">) {
  const t = { ...mycasaTexts[locale], ...hiddenAdsTexts[locale] };
  if (d.items.length === 0) return <p data-testid="mycasa-hidden-empty">{t.hiddenEmpty}</p>;
  return (
    <>
      <h2>{t.hiddenCount(d.total)}</h2>
      <p>{t.hiddenIntro}</p>
      <ul className="compact-card-list">
        {d.items.map((h) => (
          <li key={h.listingId} data-testid="mycasa-hidden" data-listing-id={h.listingId}>
            {h.card ? (
              <CompactCard card={h.card} href={localizePath(h.card.uri, locale)} locale={locale} heart={false} />
            ) : (
              <p className="compact-card">{t.listingGone}</p>
            )}
            <CommandForm
              csrf={csrf}
              intent="unhide"
              fields={{ listingId: h.listingId }}
              label={t.unhide}
              ariaLabel={`${t.unhide}: ${h.card?.title ?? h.listingId}`}
            />
          </li>
        ))}
      </ul>
      {d.total > 1 && <CommandForm csrf={csrf} intent="unhide-all" fields={{}} label={t.unhideAll} />}
    </>
  );
}

function pointName(p: StoredCommutePoint, locale: Locale): string {
  const t = mycasaTexts[locale];
  return p.type === "home" ? t.pointHome : p.type === "work" ? t.pointWork : p.label;
}

function Addresses({ d, locale, csrf, values }: Props<"addresses"> & { values: Record<string, string> }) {
  const t = mycasaTexts[locale];
  const intent = values.intent;
  return (
    <>
      <h2>{t.addressesHeading}</h2>
      {d.addresses.length === 0 ? (
        <p>{t.addressesEmpty}</p>
      ) : (
        <ul className="mycasa-records">
          {d.addresses.map((a) => (
            <li key={a.id} data-testid="mycasa-address">
              <p>
                <strong>{a.name}</strong>
                {` · ${a.label}`}
              </p>
              <Form method="post" className="mycasa-inline-form">
                <input type="hidden" name="csrf" value={csrf} />
                <input type="hidden" name="intent" value="rename-address" />
                <input type="hidden" name="id" value={a.id} />
                <label>
                  <span className="visually-hidden">{t.renameLabel(a.name)}</span>
                  <input name="name" defaultValue={a.name} maxLength={40} required list="mycasa-address-names" />
                </label>
                <button type="submit" className="secondary-button">
                  {t.rename}
                </button>
              </Form>
              <CommandForm csrf={csrf} intent="delete-address" fields={{ id: a.id }} label={t.delete} ariaLabel={t.deleteLabel(a.name)} />
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="mycasa-form">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="add-address" />
        <label>
          {t.addressName}
          <input
            name="name"
            required
            maxLength={40}
            list="mycasa-address-names"
            defaultValue={intent === "add-address" ? values.name : ""}
          />
        </label>
        <datalist id="mycasa-address-names">
          {ADDRESS_NAMES.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <label>
          {t.addressText}
          <input
            name="address"
            required
            maxLength={200}
            aria-describedby="mycasa-address-hint"
            defaultValue={intent === "add-address" ? values.address : ""}
          />
        </label>
        <small id="mycasa-address-hint">{t.addressHint}</small>
        <button type="submit" className="account-button">
          {t.addAddress}
        </button>
      </Form>

      <h2>{t.pointsHeading}</h2>
      {d.points.length === 0 ? (
        <p>{t.pointsEmpty}</p>
      ) : (
        <ul className="mycasa-records">
          {d.points.map((p) => (
            <li key={p.id} data-testid="mycasa-point">
              <p>
                <strong>{pointName(p, locale)}</strong>
                {` · ${p.town && p.address !== p.town ? `${p.address}, ${p.town}` : p.address} · ${t.pointSummary(t.minutes(p.time_gap), t[`mode_${p.transport}`])}`}
              </p>
              <CommandForm
                csrf={csrf}
                intent="delete-point"
                fields={{ id: p.id }}
                label={t.delete}
                ariaLabel={t.deleteLabel(pointName(p, locale))}
              />
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="mycasa-form">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="add-point" />
        <label>
          {t.pointKind}
          <select name="kind" defaultValue={intent === "add-point" ? values.kind : HOME_POINT_ID}>
            <option value={HOME_POINT_ID}>{t.pointHome}</option>
            <option value={WORK_POINT_ID}>{t.pointWork}</option>
            <option value="custom">{t.pointCustom}</option>
          </select>
        </label>
        <label>
          {t.pointName}
          <input name="name" maxLength={40} placeholder="Punto condiviso" defaultValue={intent === "add-point" ? values.name : ""} />
        </label>
        <label>
          {t.addressText}
          <input
            name="address"
            required
            maxLength={200}
            aria-describedby="mycasa-point-hint"
            defaultValue={intent === "add-point" ? values.address : ""}
          />
        </label>
        <small id="mycasa-point-hint">{t.addressHint}</small>
        <label>
          {t.pointMode}
          <select name="mode" defaultValue={intent === "add-point" ? values.mode : "car"}>
            {TRAVEL_MODES.map((m) => (
              <option key={m} value={m}>
                {t[`mode_${m}`]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.pointMinutes}
          <select name="minutes" defaultValue={intent === "add-point" ? values.minutes : "15"}>
            {COMMUTE_MINUTES.map((m) => (
              <option key={m} value={m}>
                {t.minutes(m)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="account-button">
          {t.addPoint}
        </button>
      </Form>
    </>
  );
}

function History({ d, locale, csrf }: Props<"history">) {
  const t = mycasaTexts[locale];
  if (d.items.length === 0) return <p>{t.historyEmpty}</p>;
  return (
    <>
      <h2>{t.historyHeading}</h2>
      <ul className="mycasa-records">
        {d.items.map((h) => (
          <li key={h.id} data-testid="mycasa-history">
            <p>
              <a href={localizePath(h.uri, locale)}>
                <strong>{h.localities}</strong>
              </a>
              {` · ${h.filters}`}
            </p>
            <CommandForm
              csrf={csrf}
              intent="delete-history"
              fields={{ id: h.id }}
              label={t.delete}
              ariaLabel={t.deleteLabel(h.localities)}
            />
          </li>
        ))}
      </ul>
      <CommandForm csrf={csrf} intent="clear-history" fields={{}} label={t.clearHistory} />
    </>
  );
}
