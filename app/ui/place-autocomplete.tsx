/**
 * Locality autocomplete (issue 4 part 3; seed 000 §4, §5, §9): an ARIA 1.2 combobox over
 * POST /portal-srp/api/v1/smartsuggest/suggest. From 2 characters, 350 ms debounce, 5 entries;
 * arrows move and wrap, Enter selects, hover highlights, Escape closes; blur rules and the maps prompt
 * as in core/search/autocomplete.ts. Without JavaScript it is a plain text input named "q" inside
 * the surrounding GET form, and the server resolves the text (db/place-search.ts resolvePlaceQuery).
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { useLocation } from "react-router";
import { AUTOCOMPLETE, blurAction, createThrottle, moveHighlight, promptKind, shouldSuggest } from "../../core/search/autocomplete.ts";
import { autocompleteTexts } from "../i18n/autocomplete.ts";
import { localeFromPath } from "../i18n/locale.ts";
import "./autocomplete.css";

export interface SuggestedPlace { id: string; name: string; label: string; level: number; qslug: string; type: string }

export interface PlaceAutocompleteProps {
  id: string;
  label: string;
  placeholder?: string;
  channel?: string;
  defaultValue?: string;
  onSelect(place: SuggestedPlace): void;
  /** Name of a hidden input carrying the selected place id, for forms submitted without JavaScript. */
  name?: string;
}

type Status = "idle" | "loading" | "done" | "error";

const SUGGEST_URL = "/portal-srp/api/v1/smartsuggest/suggest";

async function fetchSuggestions(qs: string, channel: string | undefined, more: boolean, signal: AbortSignal): Promise<SuggestedPlace[]> {
  const body = { qs, ...(channel ? { channel } : {}), ...(more ? { size: 10, extraLevels: [118, 120] } : {}) };
  const res = await fetch(SUGGEST_URL, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal, credentials: "same-origin" });
  if (!res.ok) throw new Error(`suggest answered ${res.status}`);
  const json = (await res.json()) as { data: SuggestedPlace[] };
  return json.data.map(({ id, name, label, level, qslug, type }) => ({ id, name, label, level, qslug, type }));
}

export function PlaceAutocomplete(props: PlaceAutocompleteProps) {
  const { id, label, placeholder, channel, defaultValue = "", onSelect, name } = props;
  const t = autocompleteTexts[localeFromPath(useLocation().pathname)];
  const listId = `${id}-listbox`;
  const statusId = useId();
  const [query, setQuery] = useState(defaultValue);
  const [items, setItems] = useState<SuggestedPlace[]>([]);
  const [highlighted, setHighlighted] = useState(-1);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>("idle");
  const [selected, setSelected] = useState<SuggestedPlace | null>(null);
  const [more, setMore] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const promptGate = useRef(createThrottle(AUTOCOMPLETE.promptThrottleMs));

  useEffect(() => () => {
    abort.current?.abort();
    if (timer.current) clearTimeout(timer.current);
  }, []);

  function request(text: string, wantMore: boolean, delay: number) {
    if (timer.current) clearTimeout(timer.current);
    abort.current?.abort();
    if (!shouldSuggest(text)) {
      setItems([]);
      setOpen(false);
      setStatus("idle");
      setHighlighted(-1);
      return;
    }
    setStatus("loading");
    setOpen(true);
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      abort.current = controller;
      fetchSuggestions(text, channel, wantMore, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setItems(found);
          setHighlighted(-1);
          setStatus("done");
        },
        () => {
          if (!controller.signal.aborted) setStatus("error");
        },
      );
    }, delay);
  }

  function choose(place: SuggestedPlace) {
    abort.current?.abort();
    if (timer.current) clearTimeout(timer.current);
    setSelected(place);
    setQuery(place.label);
    setOpen(false);
    setHighlighted(-1);
    setStatus("idle");
    onSelect(place);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open && items.length > 0) setOpen(true);
      setHighlighted((h) => moveHighlight(h, event.key as "ArrowDown" | "ArrowUp", items.length));
    } else if (event.key === "Enter") {
      if (open && highlighted >= 0 && items[highlighted]) {
        event.preventDefault();
        choose(items[highlighted]);
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setHighlighted(-1);
      }
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    // Moving between the field and the prompt's button is not leaving the autocomplete.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    const action = blurAction(query, highlighted, items.length);
    if (action.kind === "select" && open) choose(items[action.index]!);
    else {
      setOpen(false);
      setHighlighted(-1);
    }
  }

  function showMore() {
    if (!promptGate.current.allow(Date.now())) return;
    setMore(true);
    request(query, true, 0);
  }

  const showPopup = open && (status === "loading" || status === "done" || status === "error");
  // The listbox exists only with options in it (an empty listbox is an ARIA error).
  const showList = showPopup && items.length > 0;
  const activeId = highlighted >= 0 && items[highlighted] ? `${id}-option-${highlighted}` : undefined;
  const prompt = promptKind(query) === "address" ? t.promptAddress : t.promptLocality;

  return (
    <div className="place-autocomplete" onBlur={onBlur}>
      <label htmlFor={id} className="place-autocomplete__label">{label}</label>
      <div className="place-autocomplete__field">
        <input
          id={id}
          name="q"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={showList ? listId : undefined}
          aria-activedescendant={activeId}
          aria-describedby={statusId}
          placeholder={placeholder}
          value={query}
          onChange={(e) => {
            const text = e.target.value;
            setQuery(text);
            setSelected(null);
            setMore(false);
            request(text, false, AUTOCOMPLETE.debounceMs);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (items.length > 0 && !selected) setOpen(true);
          }}
        />
        {status === "loading" && <span className="place-autocomplete__spinner" aria-hidden="true" />}
      </div>
      {name && <input type="hidden" name={name} value={selected?.id ?? ""} />}
      <div id={statusId} className="visually-hidden" role="status" aria-live="polite">
        {status === "loading" ? t.loading : status === "done" && open ? (items.length > 0 ? t.available(items.length) : t.noResults) : status === "error" ? t.failed : ""}
      </div>
      <div className="place-autocomplete__popup" hidden={!showPopup}>
        {showList && (
        <ul id={listId} role="listbox" aria-label={t.listLabel} className="place-autocomplete__list" data-more={more || undefined}>
          {items.map((item, i) => (
            <li
              key={item.id}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === highlighted}
              className={i === highlighted ? "is-highlighted" : undefined}
              onMouseEnter={() => setHighlighted(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(item)}
            >
              <span className="place-autocomplete__name">{item.label}</span>
            </li>
          ))}
        </ul>
        )}
        {status === "done" && items.length === 0 && <p className="place-autocomplete__empty">{t.noResults}</p>}
        {status === "error" && <p className="place-autocomplete__empty">{t.failed}</p>}
        {status === "done" && !more && (
          <div className="place-autocomplete__prompt">
            <span>{prompt}</span>
            <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={showMore}>{t.promptAction}</button>
          </div>
        )}
      </div>
    </div>
  );
}
