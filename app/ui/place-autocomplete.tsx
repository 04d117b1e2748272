/**
 * Place autocomplete (issue 4 part 3; seed 000 §4, §5, §9): an ARIA 1.2 combobox over
 * POST /portal-srp/api/v1/smartsuggest/suggest. From 2 characters, 350 ms debounce, 5 entries;
 * arrows move and wrap, Enter selects, hover highlights, Escape closes; blur rules and the maps prompt
 * as in core/search/autocomplete.ts. Without JavaScript it is a plain text input named "q" inside
 * the surrounding GET form, and the server resolves the text (db/place-search.ts resolvePlaceQuery).
 * `kind="address"` is the map's address field (app/ui/map-address-panel.tsx): from 3 characters,
 * throttled at 100 ms, places and streets, 'Indirizzo non trovato, riprova.' and no maps prompt.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { useLocation } from "react-router";
import {
  ADDRESS_AUTOCOMPLETE,
  ADDRESS_PACING,
  AUTOCOMPLETE,
  blurAction,
  createThrottle,
  LOCALITY_PACING,
  moveHighlight,
  promptKind,
  shouldSuggest,
  suggestDelay,
} from "../../core/search/autocomplete.ts";
import { autocompleteTexts } from "../i18n/autocomplete.ts";
import { localeFromPath } from "../i18n/locale.ts";
import "./autocomplete.css";
import { fetchSuggestions, type SuggestedPlace, type View } from "./place-suggestions.ts";

export interface PlaceAutocompleteProps {
  id: string;
  label: string;
  placeholder?: string;
  channel?: string;
  defaultValue?: string;
  onSelect(place: SuggestedPlace): void;
  /** Name of a hidden input carrying the selected place id, for forms submitted without JavaScript. */
  name?: string;
  /** "locality" (default): the search's places; "address": the map's address field (seed 000 §5). */
  kind?: "locality" | "address";
  /** The label is read by assistive technology only (the placeholder says the same on screen). */
  labelHidden?: boolean;
  /** The field was focused or clicked (the map's address panel opens). */
  onActivate?(): void;
  /** Every change of the typed text. */
  onQueryChange?(text: string): void;
  /** The map's view when suggestions are asked for: the towns in it are suggested first (docs/decisions/080). */
  view?(): View | null;
}

type Status = "idle" | "loading" | "done" | "error";

export function PlaceAutocomplete(props: PlaceAutocompleteProps) {
  const {
    id,
    label,
    placeholder,
    channel,
    defaultValue = "",
    onSelect,
    name,
    kind = "locality",
    labelHidden,
    onActivate,
    onQueryChange,
    view,
  } = props;
  const address = kind === "address";
  const minChars = address ? ADDRESS_AUTOCOMPLETE.minChars : AUTOCOMPLETE.minChars;
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
  /** When suggestions were last asked for (the address field's throttle). */
  const askedAt = useRef(Number.NEGATIVE_INFINITY);

  useEffect(
    () => () => {
      abort.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function request(text: string, wantMore: boolean, delay: number) {
    if (timer.current) clearTimeout(timer.current);
    abort.current?.abort();
    if (!shouldSuggest(text, minChars)) {
      setItems([]);
      setOpen(false);
      setStatus("idle");
      setHighlighted(-1);
      return;
    }
    setStatus("loading");
    setOpen(true);
    timer.current = setTimeout(() => {
      askedAt.current = Date.now();
      const controller = new AbortController();
      abort.current = controller;
      fetchSuggestions(text, channel, wantMore, view?.() ?? null, controller.signal).then(
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
      <label htmlFor={id} className={labelHidden ? "visually-hidden" : "place-autocomplete__label"}>
        {label}
      </label>
      <div className="place-autocomplete__field">
        <input
          id={id}
          name={address ? undefined : "q"}
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
            onQueryChange?.(text);
            request(text, false, suggestDelay(address ? ADDRESS_PACING : LOCALITY_PACING, askedAt.current, Date.now()));
          }}
          onKeyDown={onKeyDown}
          onClick={onActivate}
          onFocus={() => {
            onActivate?.();
            if (items.length > 0 && !selected) setOpen(true);
          }}
        />
        {status === "loading" && <span className="place-autocomplete__spinner" aria-hidden="true" />}
      </div>
      {name && <input type="hidden" name={name} value={selected?.id ?? ""} />}
      <div id={statusId} className="visually-hidden" role="status" aria-live="polite">
        {status === "loading"
          ? t.loading
          : status === "done" && open
            ? items.length > 0
              ? t.available(items.length)
              : address
                ? t.noAddress
                : t.noResults
            : status === "error"
              ? t.failed
              : ""}
      </div>
      <div className="place-autocomplete__popup" hidden={!showPopup}>
        {showList && (
          <ul
            id={listId}
            role="listbox"
            aria-label={t.listLabel}
            // While a newer answer is on its way the options shown are the previous text's (and a highlight is reset when it lands).
            aria-busy={status === "loading" || undefined}
            className="place-autocomplete__list"
            data-more={more || undefined}
          >
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
        {status === "done" && items.length === 0 && (
          <p className="place-autocomplete__empty" data-testid="autocomplete-empty">
            {address ? t.noAddress : t.noResults}
          </p>
        )}
        {status === "error" && <p className="place-autocomplete__empty">{t.failed}</p>}
        {status === "done" && !more && !address && (
          <div className="place-autocomplete__prompt">
            <span>{prompt}</span>
            <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={showMore}>
              {t.promptAction}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
