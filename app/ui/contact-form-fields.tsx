/**
 * The contact form's fields (seed 001 §3 "Contact form"): name, e-mail, telephone, message and the
 * consent text. Rendered by the modal (with JavaScript) and by the /contatta/ page (without), so both
 * look and read the same; errors come from core/contact/form.ts either way.
 */
import type { ContactField } from "../../core/contact/form.ts";
import type { Locale } from "../i18n/locale.ts";
import { contactMessage, contactTexts } from "../i18n/publisher.ts";

export interface ContactValues {
  name: string;
  email: string;
  telephone: string;
  message: string;
}

export function ContactFormFields({
  locale,
  idPrefix,
  values,
  errors,
  onChange,
}: {
  locale: Locale;
  idPrefix: string;
  values: ContactValues;
  errors: Partial<Record<ContactField, string>>;
  /** With JavaScript the fields are controlled; without, they are plain inputs with default values. */
  onChange?: (field: ContactField, value: string) => void;
}) {
  const t = contactTexts[locale];
  const field = (name: ContactField, input: (props: Record<string, unknown>) => React.ReactNode) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name] ? contactMessage(errors[name], locale) : undefined;
    const props: Record<string, unknown> = {
      id,
      name,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-errore` : undefined,
      ...(onChange
        ? {
            value: values[name],
            onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(name, e.target.value),
          }
        : { defaultValue: values[name] }),
    };
    return (
      <div className={`contact-field contact-field--${name}`}>
        <label htmlFor={id}>{t.fieldLabels(name)}</label>
        {input(props)}
        {error && (
          <p id={`${id}-errore`} className="form-error" role="alert" data-testid={`errore-${name}`}>
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <>
      <div className="contact-row">
        {field("name", (p) => (
          <input {...p} type="text" autoComplete="name" maxLength={120} />
        ))}
        {field("email", (p) => (
          <input {...p} type="email" autoComplete="email" maxLength={254} />
        ))}
        {field("telephone", (p) => (
          <input {...p} type="tel" autoComplete="tel" maxLength={40} />
        ))}
      </div>
      {field("message", (p) => (
        <textarea {...p} rows={4} maxLength={3000} />
      ))}
      <p className="contact-consent">{t.consent}</p>
    </>
  );
}
