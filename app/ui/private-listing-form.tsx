/**
 * The private seller's listing form (docs/decisions/139): a plain POST form that works without JavaScript,
 * every field labelled, its hint and error tied by aria-describedby, and what was typed kept after an error.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { propertyTypeLabels } from "../../core/listing/labels.ts";
import { PRIVATE_SELLER_LIMITS, type ListingFormValues } from "../../core/publisher/private-seller.ts";
import { energyClasses, propertyTypeGroups } from "../../core/search/vocabulary.ts";
import { englishValues } from "../i18n/listing.ts";
import type { Locale } from "../i18n/locale.ts";
import { privateSellerTexts } from "../i18n/private-seller.ts";
import { propertyGroupLabels } from "../i18n/property-groups.ts";
import { Field, FormMessages } from "./account-form.tsx";

/** The groups a private seller offers, each with its types (new builds are a developer's, not a person's). */
const offeredGroups = (Object.keys(propertyTypeGroups) as Array<keyof typeof propertyTypeGroups>).filter((g) => g !== "nuove-costruzioni");

function SelectField(props: { name: string; label: string; error?: string; hint?: string; value: string; children: ReactNode }) {
  const id = `campo-${props.name}`;
  const described = [props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint && (
        <p className="form-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      <select
        id={id}
        name={props.name}
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
      >
        {props.children}
      </select>
      {props.error && (
        <p className="form-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

export function PrivateListingForm(props: {
  locale: Locale;
  csrf: string;
  values: ListingFormValues;
  errors: Record<string, string>;
  submitLabel: string;
}) {
  const { locale, values, errors } = props;
  const t = privateSellerTexts[locale];
  const typeLabel = (type: string) =>
    (locale === "en" ? englishValues.propertyType?.[type] : undefined) ?? propertyTypeLabels[type] ?? type;
  return (
    <Form method="post" className="account-form private-listing-form" noValidate data-testid="private-listing-form">
      <FormMessages errors={errors} />
      <input type="hidden" name="csrf" value={props.csrf} />
      <input type="hidden" name="intent" value="save-listing" />
      <SelectField name="channel" label={t.contract} value={values.channel} error={errors.channel}>
        <option value="">{t.choose}</option>
        {PRIVATE_SELLER_LIMITS.channels.map((c) => (
          <option key={c} value={c}>
            {t.channel(c)}
          </option>
        ))}
      </SelectField>
      <SelectField name="propertyType" label={t.propertyType} value={values.propertyType} error={errors.propertyType}>
        <option value="">{t.choose}</option>
        {offeredGroups.map((group) => (
          <optgroup key={group} label={propertyGroupLabels[locale][group]}>
            {propertyTypeGroups[group].map((type) => (
              <option key={type} value={type}>
                {typeLabel(type)}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <Field name="town" label={t.town} hint={t.townHint} required maxLength={80} defaultValue={values.town} error={errors.town} />
      <Field
        name="street"
        label={t.street}
        hint={t.streetHint}
        required
        maxLength={120}
        autoComplete="address-line1"
        defaultValue={values.street}
        error={errors.street}
      />
      <Field
        name="streetNumber"
        label={t.streetNumber}
        required
        maxLength={12}
        defaultValue={values.streetNumber}
        error={errors.streetNumber}
      />
      <Field name="surface" label={t.surface} required inputMode="numeric" defaultValue={values.surface} error={errors.surface} />
      <Field name="rooms" label={t.rooms} inputMode="numeric" defaultValue={values.rooms} error={errors.rooms} />
      <Field name="baths" label={t.baths} inputMode="numeric" defaultValue={values.baths} error={errors.baths} />
      <Field name="floor" label={t.floor} hint={t.floorHint} inputMode="numeric" defaultValue={values.floor} error={errors.floor} />
      <Field
        name="price"
        label={t.price}
        hint={t.priceHint}
        required
        inputMode="numeric"
        defaultValue={values.price}
        error={errors.price}
      />
      <fieldset className="form-group">
        <legend>{t.energyGroup}</legend>
        <p className="form-hint">{t.energyHint}</p>
        <SelectField name="energyClass" label={t.energyClass} value={values.energyClass} error={errors.energyClass}>
          <option value="">{t.choose}</option>
          {energyClasses.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <Field name="energyIndex" label={t.energyIndex} inputMode="decimal" defaultValue={values.energyIndex} error={errors.energyIndex} />
      </fieldset>
      <div className="form-field">
        <label htmlFor="campo-description">{t.description}</label>
        <p className="form-hint" id="campo-description-hint">
          {t.descriptionHint}
        </p>
        <textarea
          id="campo-description"
          name="description"
          rows={8}
          maxLength={10_000}
          required
          defaultValue={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? "campo-description-hint campo-description-error" : "campo-description-hint"}
        />
        {errors.description && (
          <p className="form-error" id="campo-description-error">
            {errors.description}
          </p>
        )}
      </div>
      <button type="submit" className="account-button">
        {props.submitLabel}
      </button>
    </Form>
  );
}

/** Empty values for a new listing. */
export const emptyListingForm: ListingFormValues = {
  channel: "",
  propertyType: "",
  town: "",
  street: "",
  streetNumber: "",
  surface: "",
  rooms: "",
  baths: "",
  floor: "",
  price: "",
  energyClass: "",
  energyIndex: "",
  description: "",
};
