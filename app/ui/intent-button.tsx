/**
 * A one-button form that asks the page's action for one thing on one record ('confirm-listing' of listing 12):
 * a plain POST with the form's CSRF token, so it works without JavaScript. The dashboards' row actions.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";

export function IntentButton({
  csrf,
  intent,
  record,
  label,
  className,
  children,
}: {
  csrf: string;
  intent: string;
  /** The record's field and id, e.g. ["listingId", 12]. */
  record: readonly [string, number];
  /** The button's accessible name, naming the record ('Conferma Trilocale in vendita a Milano'). */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={record[0]} value={record[1]} />
      <button type="submit" aria-label={label}>
        {children}
      </button>
    </Form>
  );
}
