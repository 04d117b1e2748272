/**
 * The dashboard's feed address (/area-agenzia/, docs/decisions/135): where the portal pulls the agency's feed
 * from, how the last pull went, and a form to set or remove it. Plain forms: it works without JavaScript.
 */
import { Form } from "react-router";
import type { FormResult } from "../account/form.server.ts";
import type { inboxTexts } from "../i18n/publisher-inbox.ts";
import { Field } from "./account-form.tsx";

export interface ShownFeedSource {
  url: string;
  format: "xml" | "jsonl";
  intervalMinutes: number;
  nextPull: string;
  lastPull: string | null;
  lastStatus: "done" | "failed" | null;
  lastError: string | null;
}

export function FeedSourceSection({
  source,
  csrf,
  result,
  t,
}: {
  source: ShownFeedSource | null;
  csrf: string;
  result: FormResult | undefined;
  t: (typeof inboxTexts)["it"];
}) {
  const errors = result?.errors ?? {};
  // After a refused save the form shows what was typed; otherwise the stored source.
  const typed = errors.url || errors.intervalMinutes ? result?.values : undefined;
  const formats = ["xml", "jsonl"] as const;
  return (
    <section aria-labelledby="feed-source-heading" className="publisher-feed-source">
      <h2 id="feed-source-heading">{t.feedHeading}</h2>
      <p>{t.feedIntro}</p>
      {source ? (
        <dl data-testid="feed-source">
          <dt>{t.feedUrl}</dt>
          <dd>
            <code>{source.url}</code>
          </dd>
          <dt>{t.feedFormat}</dt>
          <dd>
            {t.feedFormatName(source.format)}, {t.feedEvery(source.intervalMinutes)}
          </dd>
          <dt>{t.feedLastPull}</dt>
          <dd data-testid="feed-last-pull">
            {source.lastPull && source.lastStatus
              ? `${source.lastPull} · ${t.feedPullStatus(source.lastStatus)}${source.lastError ? `: ${source.lastError}` : ""}`
              : t.feedNeverPulled}
          </dd>
          <dt>{t.feedNextPull}</dt>
          <dd>{source.nextPull}</dd>
        </dl>
      ) : (
        <p data-testid="feed-source">{t.feedNotSet}</p>
      )}
      <Form method="post" className="feed-source-form">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="set-feed-source" />
        <Field
          name="url"
          label={t.feedUrl}
          type="url"
          required
          maxLength={2000}
          size={60}
          defaultValue={typed?.url ?? source?.url ?? ""}
          error={errors.url}
        />
        <div className="form-field">
          <label htmlFor="feed-format">{t.feedFormat}</label>
          <select id="feed-format" name="format" defaultValue={typed?.format ?? source?.format ?? "xml"}>
            {formats.map((f) => (
              <option key={f} value={f}>
                {t.feedFormatName(f)}
              </option>
            ))}
          </select>
        </div>
        <Field
          name="intervalMinutes"
          label={t.feedInterval}
          hint={t.feedIntervalHint}
          type="number"
          min={15}
          max={1440}
          step={1}
          required
          defaultValue={typed?.intervalMinutes ?? source?.intervalMinutes ?? 60}
          error={errors.intervalMinutes}
        />
        <button type="submit">{t.feedSave}</button>
      </Form>
      {source && (
        <Form method="post">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="intent" value="remove-feed-source" />
          <button type="submit">{t.feedRemove}</button>
        </Form>
      )}
    </section>
  );
}
