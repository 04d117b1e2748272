/**
 * The contents of 'Scegli il luogo' (app/ui/search-locality.tsx): the checkbox tree of places, loaded
 * from GET /lh/v2/{level}/{slug}, and 'Applica'. Its own chunk, loaded when the modal first opens.
 */
import { useEffect, useRef, useState } from "react";
import { formatInteger } from "../../core/format.ts";
import { lookupPathByLevel, PlaceLevel } from "../../core/places.ts";
import { attachChildren, checkState, selectedPlaceIds, toggleNode, type TreeNode } from "../../core/search/checkbox-tree.ts";
import { localizePath } from "../i18n/locale.ts";
import { searchToolPanelTexts } from "../i18n/search-tool-panels.ts";
import { searchToolsTexts } from "../i18n/search-tools.ts";
import { childLevel, childrenOf, fetchLookup, loadRoot, type NodeInfo, toNodes } from "./locality-lookup.ts";
import type { LocalityButtonProps } from "./search-locality.tsx";
import { leaveTo } from "./modal-history.ts";
import { searchUrl } from "./search-url.ts";

export function LocalityTree({ query, places, locale, onDone }: LocalityButtonProps & { onDone: () => void }) {
  const t = searchToolsTexts[locale];
  const pt = searchToolPanelTexts[locale];
  // The tree hangs from a province or a town; regions, all of Italy and map areas have none (docs/decisions/030).
  const first = places.find((p) => p.id === query.places[0]);
  // Several towns of one province: the province's tree, with those towns ticked.
  const towns = query.places.map((id) => places.find((p) => p.id === id)).filter((p) => p?.level === PlaceLevel.town);
  const province = towns.length > 1 ? places.find((p) => p.level === PlaceLevel.province && p.id === towns[0]!.parentId) : undefined;
  const primary = province ?? (first && lookupPathByLevel[first.level] !== undefined ? first : undefined);
  const [status, setStatus] = useState<"loading" | "ready" | "error" | "none">(primary ? "loading" : "none");
  const [root, setRoot] = useState<NodeInfo | null>(null);
  const [roots, setRoots] = useState<TreeNode[]>([]);
  const [checked, setChecked] = useState<Set<string>>(() => new Set(query.places));
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [loadingIds, setLoadingIds] = useState<Set<string>>(() => new Set());
  const [applyError, setApplyError] = useState(false);
  const [applying, setApplying] = useState(false);
  const info = useRef(new Map<string, NodeInfo>());
  const treeRef = useRef({ roots, checked });
  treeRef.current = { roots, checked };

  for (const p of places) if (!info.current.has(p.id)) info.current.set(p.id, { ...p, count: null, hasChildren: false });

  async function loadChildren(id: string): Promise<void> {
    const node = info.current.get(id);
    if (!node) return;
    setLoadingIds((s) => new Set(s).add(id));
    try {
      const answer = await fetchLookup(node.level, node.qslug, query.channel);
      const children = childrenOf(answer, node);
      for (const c of children) info.current.set(c.id, c);
      const next = attachChildren(treeRef.current.roots, treeRef.current.checked, id, toNodes(children));
      treeRef.current = next;
      setRoots(next.roots);
      setChecked(next.checked);
      setApplyError(false);
    } catch {
      setApplyError(true);
    } finally {
      setLoadingIds((s) => {
        const n = new Set(s);
        n.delete(id);
        return n;
      });
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the tree is built once per opening, when this component mounts
  useEffect(() => {
    if (!primary) return;
    const controller = new AbortController();
    loadRoot(primary, query.channel, controller.signal)
      .then(async ({ root: r, answer, ancestors }) => {
        for (const a of ancestors) info.current.set(a.id, a);
        info.current.set(r.id, r);
        const children = childrenOf(answer, r);
        for (const c of children) info.current.set(c.id, c);
        const initial = new Set(query.places.filter((id) => id !== r.id));
        treeRef.current = { roots: toNodes(children), checked: initial };
        setRoot(r);
        setRoots(treeRef.current.roots);
        setChecked(initial);
        setStatus("ready");
        // Selected places one level further down (blocks of a zone, zones of a town in a province): open their parent.
        const parentsToOpen = new Set<string>();
        for (const id of initial) {
          const p = places.find((x) => x.id === id);
          if (p?.parentId && p.parentId !== r.id && children.some((c) => c.id === p.parentId)) parentsToOpen.add(p.parentId);
        }
        for (const id of parentsToOpen) {
          setExpanded((s) => new Set(s).add(id));
          await loadChildren(id);
        }
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error(error);
          setStatus("error");
        }
      });
    return () => controller.abort();
    // The tree is built once per opening (this component mounts when the modal opens).
  }, []);

  function onToggle(id: string) {
    const next = toggleNode(roots, checked, id);
    setChecked(next);
    const node = info.current.get(id);
    // Checking a parent opens it (and loads its children, which arrive checked).
    if (next.has(id) && node?.hasChildren && childLevel[node.level] !== undefined) {
      setExpanded((s) => new Set(s).add(id));
      const treeNode = findNode(roots, id);
      if (treeNode && !treeNode.children) {
        treeRef.current = { roots, checked: next };
        void loadChildren(id);
      }
    }
  }

  function onExpand(id: string) {
    const isOpen = expanded.has(id);
    setExpanded((s) => {
      const n = new Set(s);
      if (isOpen) n.delete(id);
      else n.add(id);
      return n;
    });
    const treeNode = findNode(roots, id);
    if (!isOpen && treeNode && !treeNode.children) void loadChildren(id);
  }

  async function apply() {
    if (!root) return;
    setApplying(true);
    setApplyError(false);
    try {
      const ids = selectedPlaceIds(roots, checked, root.id);
      const url = await searchUrl({ ...query, places: ids.sort(), page: 1 }, [...info.current.values()]);
      await leaveTo(localizePath(url, locale));
    } catch (error) {
      console.error(error);
      setApplyError(true);
      setApplying(false);
    }
  }

  function renderNodes(nodes: TreeNode[], depth: number) {
    return (
      <ul className={depth === 0 ? "st-tree" : "st-tree__group"} role={depth === 0 ? undefined : "group"}>
        {nodes.map((n) => {
          const node = info.current.get(n.id);
          if (!node) return null;
          const state = checkState(n, checked);
          const canOpen = node.hasChildren && childLevel[node.level] !== undefined;
          const isOpen = expanded.has(n.id);
          const inputId = `st-place-${n.id}`;
          return (
            <li key={n.id} className="st-tree__item">
              <div className="st-tree__row">
                <input
                  id={inputId}
                  type="checkbox"
                  className="st-check"
                  checked={state === "checked"}
                  aria-checked={state === "indeterminate" ? "mixed" : state === "checked"}
                  ref={(el) => {
                    if (el) el.indeterminate = state === "indeterminate";
                  }}
                  onChange={() => onToggle(n.id)}
                />
                <label htmlFor={inputId} className="st-tree__label">
                  {node.name}
                  {node.count !== null ? <span className="st-count"> ({formatInteger(node.count, locale)})</span> : null}
                </label>
                {canOpen ? (
                  <button
                    type="button"
                    className="st-tree__toggle"
                    aria-expanded={isOpen}
                    aria-label={isOpen ? pt.collapse(node.name) : pt.expand(node.name)}
                    onClick={() => onExpand(n.id)}
                  >
                    <span aria-hidden="true">{isOpen ? "−" : "+"}</span>
                  </button>
                ) : null}
              </div>
              {canOpen && isOpen ? (
                n.children ? (
                  renderNodes(n.children, depth + 1)
                ) : loadingIds.has(n.id) ? (
                  <p className="st-muted" role="status">
                    {t.loading}
                  </p>
                ) : null
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="st-locality">
      {status === "none" ? <p className="st-muted">{pt.localityPickProvince}</p> : null}
      {status === "loading" ? (
        <p className="st-muted" role="status">
          {t.loading}
        </p>
      ) : null}
      {status === "error" ? (
        <p className="st-error" role="alert">
          {t.failure}
        </p>
      ) : null}
      {status === "ready" && root ? (
        <>
          <p className="st-locality__root">{root.name}</p>
          {roots.length === 0 ? <p className="st-muted">{pt.noChoices}</p> : renderNodes(roots, 0)}
        </>
      ) : null}
      {applyError ? (
        <p className="st-error" role="alert">
          {t.failure}
        </p>
      ) : null}
      <div className="st-actions">
        <button type="button" className="st-secondary" onClick={onDone}>
          {pt.cancel}
        </button>
        <button
          type="button"
          className="st-primary"
          onClick={() => void apply()}
          disabled={status !== "ready" || applying}
          aria-busy={applying}
        >
          {pt.apply}
        </button>
      </div>
    </div>
  );
}

function findNode(nodes: readonly TreeNode[], id: string): TreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = n.children ? findNode(n.children, id) : undefined;
    if (found) return found;
  }
  return undefined;
}
