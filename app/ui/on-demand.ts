/**
 * Code a page needs only once the visitor acts — a modal's contents — kept out of the page's first
 * JavaScript (docs/BENCHMARKS.md, the results page's budget): loaded on the first use, or a little
 * earlier on a sign of intent (the pointer over its button, the focus on it), then kept.
 *
 * The host opens after `load()` settles and renders `loaded` synchronously, so the modal opens with its
 * contents in place (its focus rules see them); `loaded` still null then means the load failed (offline,
 * or a newer deployment replaced the chunk), and the host says so instead. Modal hosts use `useOnDemand`.
 */
import { useReducer, useState } from "react";

export interface OnDemand<T> {
  /** The module once loaded, else null. */
  readonly loaded: T | null;
  /** Loads the module, once; a failed load is tried again on the next call. */
  load(): Promise<T>;
  /** `load()` for hints of intent, whose failure only the real use reports. */
  preload(): void;
}

export function onDemand<T>(importModule: () => Promise<T>): OnDemand<T> {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  const load = () =>
    (pending ??= importModule().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  return {
    get loaded() {
      return loaded;
    },
    load,
    preload: () => void load().catch(() => {}),
  };
}

/**
 * Opens a modal host once `part` is loaded, or after `wait` ms with it still on the way (on a slow network
 * the modal opens saying it is loading rather than the button seeming dead): `show` runs once, `arrived`
 * when the module is there, `failed` when it could not load.
 */
export function openWhenLoaded<T>(
  part: OnDemand<T>,
  wait: number,
  on: { show: () => void; arrived: () => void; failed: () => void },
): void {
  let shown = false;
  const reveal = () => {
    if (shown) return;
    shown = true;
    on.show();
  };
  const timer = setTimeout(reveal, wait);
  part.load().then(
    () => {
      clearTimeout(timer);
      on.arrived();
      reveal();
    },
    () => {
      clearTimeout(timer);
      on.failed();
      reveal();
    },
  );
}

/** A modal host's side of `onDemand` (`openWhenLoaded`): the module once loaded (re-rendering when it arrives), and whether it failed. */
export function useOnDemand<T>(part: OnDemand<T>, wait = 300): { module: T | null; failed: boolean; open(show: () => void): void } {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const [failed, setFailed] = useState(false);
  const open = (show: () => void) =>
    openWhenLoaded(part, wait, {
      show,
      arrived: () => {
        setFailed(false);
        arrived();
      },
      failed: () => setFailed(true),
    });
  return { module: part.loaded, failed, open };
}
