/** The guided flow's first question as form fields (docs/decisions/102): the contract and the home type. */
import type { GuidedState } from "../../core/guided/flow.ts";
import { homeTypes } from "../../core/guided/steps.ts";
import { propertyTypeLabels } from "../../core/listing/labels.ts";
import { guidedTexts } from "../i18n/guided.ts";
import type { Locale } from "../i18n/locale.ts";

export function GuidedParamsFields({ locale, state }: { locale: Locale; state: GuidedState }) {
  const t = guidedTexts[locale];
  return (
    <>
      <fieldset className="guided-choices">
        <legend>{t.contract}</legend>
        {(["vendita", "affitto"] as const).map((c) => (
          <label key={c} className="guided-choice">
            <input type="radio" name="contratto" value={c} defaultChecked={state.contratto === c} /> {c === "vendita" ? t.sale : t.rent}
          </label>
        ))}
      </fieldset>
      <div className="form-field">
        <label htmlFor="guided-tipologia">{t.homeType}</label>
        <select id="guided-tipologia" name="tipologia" defaultValue={state.tipologia ?? ""}>
          <option value="">{t.anyType}</option>
          {homeTypes.map((type) => (
            <option key={type} value={type}>
              {propertyTypeLabels[type]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
