/** /valutazione-immobile/ (and /en/): a GET form that estimates a home's value from comparable listings. */
import { data } from "react-router";
import { z } from "zod";
import { formatEuro } from "../../core/format.ts";
import { conditionLabels, propertyTypeLabels } from "../../core/listing/labels.ts";
import { PlaceLevel } from "../../core/places.ts";
import { propertyTypeGroups } from "../../core/search/vocabulary.ts";
import { estimateValue } from "../../core/valuation/estimate.ts";
import { resolveTown, townLabel } from "../../core/valuation/town-input.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { findComparablePrices } from "../../db/valuation.ts";
import { englishValues } from "../i18n/listing.ts";
import { htmlLang, localeFromPath, localizePath } from "../i18n/locale.ts";
import { valuationTexts } from "../i18n/valuation.ts";
import { placeResultsPath } from "../listing/present.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/valuation";
import "../ui/valuation.css";

const homeTypes = propertyTypeGroups.case;
const conditions = Object.keys(conditionLabels) as [string, ...string[]];

const fields = {
  comune: z.string().trim().min(1).max(80),
  superficie: z.coerce.number().int().min(10).max(2000),
  tipologia: z.union([z.literal(""), z.enum(homeTypes as unknown as [string, ...string[]])]),
  stato: z.union([z.literal(""), z.enum(conditions)]),
};

type Field = keyof typeof fields;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const t = valuationTexts[locale];
  const raw = {
    comune: url.searchParams.get("comune") ?? "",
    superficie: url.searchParams.get("superficie") ?? "",
    tipologia: url.searchParams.get("tipologia") ?? "",
    stato: url.searchParams.get("stato") ?? "",
  };
  const base = { locale, values: raw, errors: {} as Partial<Record<Field, string>>, result: null as null | ValuationResult };
  if (![...url.searchParams.keys()].some((k) => k in fields)) return data(base);

  const errors: Partial<Record<Field, string>> = {};
  const surface = fields.superficie.safeParse(raw.superficie.replace(/\./g, "").replace(",", "."));
  if (!surface.success) errors.superficie = t.errorSurface;
  const type = fields.tipologia.safeParse(raw.tipologia);
  if (!type.success) errors.tipologia = t.errorType;
  const condition = fields.stato.safeParse(raw.stato);
  if (!condition.success) errors.stato = t.errorCondition;
  const db = services(context).database.readDb;
  const directory = await getPlaceDirectory(db);
  const townName = fields.comune.safeParse(raw.comune);
  const town = townName.success ? resolveTown(townName.data, directory.atLevel(PlaceLevel.town)) : null;
  if (!town) errors.comune = t.errorTown;
  if (Object.keys(errors).length > 0 || !town || !surface.success || !type.success || !condition.success) {
    return data({ ...base, errors }, { status: 400 });
  }

  const province = directory.ancestorAt(town.id, PlaceLevel.province);
  const comparables = await findComparablePrices(db, {
    townId: town.id,
    provinceId: province?.id ?? "",
    surface: surface.data,
    propertyType: type.data || null,
    condition: condition.data || null,
  });
  const valuation = estimateValue(comparables.pricesPerMq, surface.data);
  const scope = comparables.scope === "town" ? t.scopeTown(town.name) : t.scopeProvince(province?.name ?? "");
  const result: ValuationResult = {
    town: townLabel(town),
    townName: town.name,
    salePath: localizePath(placeResultsPath(directory, "vendita", "case", town.id), locale),
    status: valuation.status,
    count: valuation.count,
    scope,
    ...(valuation.status === "ok"
      ? {
          estimate: formatEuro(valuation.estimate, locale),
          range: `${formatEuro(valuation.low, locale)} - ${formatEuro(valuation.high, locale)}`,
          perMq: `${formatEuro(valuation.medianPerMq, locale)}/m²`,
          perMqRange: `${formatEuro(valuation.lowPerMq, locale)} - ${formatEuro(valuation.highPerMq, locale)}/m²`,
          values: { estimate: valuation.estimate, low: valuation.low, high: valuation.high, medianPerMq: valuation.medianPerMq },
        }
      : {}),
  };
  return data({ ...base, values: { ...raw, comune: townLabel(town) }, result });
}

interface ValuationResult {
  town: string;
  townName: string;
  salePath: string;
  status: "ok" | "too-few";
  count: number;
  scope: string;
  estimate?: string;
  range?: string;
  perMq?: string;
  perMqRange?: string;
  values?: { estimate: number; low: number; high: number; medianPerMq: number };
}

export function meta({ location }: Route.MetaArgs) {
  const locale = localeFromPath(location.pathname);
  const t = valuationTexts[locale];
  return [
    { title: t.title },
    { name: "description", content: t.intro },
    { tagName: "link", rel: "canonical", href: localizePath("/valutazione-immobile/", locale) },
    { tagName: "link", rel: "alternate", hrefLang: htmlLang.it, href: "/valutazione-immobile/" },
    { tagName: "link", rel: "alternate", hrefLang: htmlLang.en, href: "/en/valutazione-immobile/" },
  ];
}

export default function ValuationPage({ loaderData }: Route.ComponentProps) {
  const { locale, values, errors, result } = loaderData;
  const t = valuationTexts[locale];
  const typeLabel = (k: string) => (locale === "it" ? propertyTypeLabels[k] : englishValues.propertyType?.[k]) ?? k;
  const conditionLabel = (k: string) => (locale === "it" ? conditionLabels[k] : englishValues.condition?.[k]) ?? k;
  const hasErrors = Object.keys(errors).length > 0;
  const describedBy = (f: Field, extra?: string) => [extra, errors[f] ? `errore-${f}` : null].filter(Boolean).join(" ") || undefined;

  return (
    <section className="page valuation-page">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      {result && (
        <section aria-labelledby="stima" className="valuation-result" data-testid="valuation-result">
          <h2 id="stima">
            {t.resultHeading}: {result.town}
          </h2>
          {result.status === "ok" ? (
            <>
              <dl className="valuation-figures">
                <div>
                  <dt>{t.estimateLabel}</dt>
                  <dd data-testid="valuation-estimate">{result.estimate}</dd>
                </div>
                <div>
                  <dt>{t.rangeLabel}</dt>
                  <dd data-testid="valuation-range">{result.range}</dd>
                </div>
                <div>
                  <dt>{t.perMqLabel}</dt>
                  <dd data-testid="valuation-permq">{result.perMq}</dd>
                </div>
                <div>
                  <dt>{t.perMqRange}</dt>
                  <dd>{result.perMqRange}</dd>
                </div>
              </dl>
              <p data-testid="valuation-basis">{t.basis(result.count, result.scope)}</p>
            </>
          ) : (
            <p data-testid="valuation-too-few">{t.tooFew(result.count, result.townName)}</p>
          )}
          <p>
            <a href={result.salePath}>{t.searchSale(result.townName)}</a>
          </p>
        </section>
      )}
      {hasErrors && (
        <p className="form-error-summary" role="alert">
          {t.errorSummary}
        </p>
      )}
      <form method="get" action={localizePath("/valutazione-immobile/", locale)} className="valuation-form" noValidate>
        <div className="form-field">
          <label htmlFor="comune">{t.town}</label>
          <input
            id="comune"
            name="comune"
            type="text"
            autoComplete="address-level2"
            required
            defaultValue={values.comune}
            aria-invalid={errors.comune ? true : undefined}
            aria-describedby={describedBy("comune", "comune-aiuto")}
          />
          <p id="comune-aiuto" className="form-hint">
            {t.townHint}
          </p>
          {errors.comune && (
            <p id="errore-comune" className="form-error">
              {errors.comune}
            </p>
          )}
        </div>
        <div className="form-field">
          <label htmlFor="superficie">{t.surface}</label>
          <input
            id="superficie"
            name="superficie"
            type="number"
            inputMode="numeric"
            min={10}
            max={2000}
            step={1}
            required
            defaultValue={values.superficie}
            aria-invalid={errors.superficie ? true : undefined}
            aria-describedby={describedBy("superficie")}
          />
          {errors.superficie && (
            <p id="errore-superficie" className="form-error">
              {errors.superficie}
            </p>
          )}
        </div>
        <div className="form-field">
          <label htmlFor="tipologia">{t.type}</label>
          <select
            id="tipologia"
            name="tipologia"
            defaultValue={values.tipologia}
            aria-invalid={errors.tipologia ? true : undefined}
            aria-describedby={describedBy("tipologia")}
          >
            <option value="">{t.anyType}</option>
            {homeTypes.map((k) => (
              <option key={k} value={k}>
                {typeLabel(k)}
              </option>
            ))}
          </select>
          {errors.tipologia && (
            <p id="errore-tipologia" className="form-error">
              {errors.tipologia}
            </p>
          )}
        </div>
        <div className="form-field">
          <label htmlFor="stato">{t.condition}</label>
          <select
            id="stato"
            name="stato"
            defaultValue={values.stato}
            aria-invalid={errors.stato ? true : undefined}
            aria-describedby={describedBy("stato")}
          >
            <option value="">{t.anyCondition}</option>
            {conditions.map((k) => (
              <option key={k} value={k}>
                {conditionLabel(k)}
              </option>
            ))}
          </select>
          {errors.stato && (
            <p id="errore-stato" className="form-error">
              {errors.stato}
            </p>
          )}
        </div>
        <button type="submit" className="primary-button">
          {t.submit}
        </button>
      </form>

      <p className="valuation-method">{t.method}</p>
    </section>
  );
}
