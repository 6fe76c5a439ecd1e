/**
 * The pieces every page is made of. Every text that comes from the API (an agent's message, a
 * tool's output, a name) is a child of an element, so Preact sets it as a text node: it is never
 * parsed as HTML (nothing here sets innerHTML).
 */
import { type ComponentChildren, createContext } from "preact";
import { useCallback, useContext, useEffect, useRef, useState } from "preact/hooks";
import { type CloudAgentsClient, describeError } from "./api.ts";

export const ClientContext = createContext<CloudAgentsClient | null>(null);

export function useClient(): CloudAgentsClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error("no client: the console is not logged in");
  return client;
}

export interface Async<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` now and whenever `deps` change (or `reload()` is called); the newest call wins. */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]): Async<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const call = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => call === latest.current && setState({ data, error: undefined, loading: false }),
      (error: unknown) => call === latest.current && setState({ data: undefined, error, loading: false }),
    );
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

export function ErrorNote({ error }: { error: unknown }) {
  if (error === undefined || error === null) return null;
  return (
    <p class="error" role="alert">
      {describeError(error)}
    </p>
  );
}

/** A page's body: its loading state, its error, or `children(data)`. */
export function Loaded<T>({ state, children }: { state: Async<T>; children: (data: T) => ComponentChildren }) {
  if (state.error !== undefined) return <ErrorNote error={state.error} />;
  if (state.data === undefined) return <p class="muted">Loading…</p>;
  return <>{children(state.data)}</>;
}

export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ComponentChildren;
  children: ComponentChildren;
}) {
  useEffect(() => {
    document.title = `${title} · Cloud Agents console`;
  }, [title]);
  return (
    <section class="page" aria-labelledby="page-title">
      <header class="page-head">
        <h1 id="page-title">{title}</h1>
        {actions ? <div class="actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

const UNITS: [number, string][] = [
  [86_400, "d"],
  [3_600, "h"],
  [60, "min"],
  [1, "s"],
];

/** "3 min ago", with the full time as its title. */
export function Age({ at }: { at: string | null | undefined }) {
  if (!at) return <span class="muted">—</span>;
  const seconds = Math.round((Date.now() - Date.parse(at)) / 1000);
  const abs = Math.abs(seconds);
  const [size, unit] = UNITS.find(([s]) => abs >= s) ?? [1, "s"];
  const n = Math.floor(abs / size);
  return (
    <time dateTime={at} title={at}>
      {seconds >= 0 ? `${n} ${unit} ago` : `in ${n} ${unit}`}
    </time>
  );
}

/** A value as indented JSON in a collapsed block (open with `open`). */
export function Json({ value, label, open = false }: { value: unknown; label: string; open?: boolean }) {
  return (
    <details class="json" open={open}>
      <summary>{label}</summary>
      <pre>{typeof value === "string" ? value : JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

export function Status({ value }: { value: string | null | undefined }) {
  return <span class={`status status-${(value ?? "none").replace(/[^a-z_]/g, "")}`}>{value ?? "—"}</span>;
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ComponentChildren;
}

export function Table<T>({
  rows,
  columns,
  caption,
  empty,
}: {
  rows: T[];
  columns: Column<T>[];
  caption: string;
  empty?: string;
}) {
  if (rows.length === 0) return <p class="muted">{empty ?? "Nothing here yet."}</p>;
  return (
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.header} data-label={c.header}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A page of a list: `page` the cursor (undefined: the first page). */
export interface ListPage<T> {
  data: T[];
  next_page: string | null;
  has_more: boolean;
}

/** Paging over cursors: the pages seen before, to step back. */
export function usePager(): {
  page: string | undefined;
  next: (cursor: string) => void;
  previous: (() => void) | null;
  reset: () => void;
} {
  const [stack, setStack] = useState<string[]>([]);
  return {
    page: stack.at(-1),
    next: (cursor) => setStack((s) => [...s, cursor]),
    previous: stack.length > 0 ? () => setStack((s) => s.slice(0, -1)) : null,
    reset: () => setStack([]),
  };
}

export function Pager({ list, pager }: { list: ListPage<unknown>; pager: ReturnType<typeof usePager> }) {
  if (!pager.previous && !list.has_more) return null;
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={!pager.previous} onClick={() => pager.previous?.()}>
        Previous page
      </button>
      <button
        type="button"
        disabled={!list.has_more || !list.next_page}
        onClick={() => list.next_page && pager.next(list.next_page)}
      >
        Next page
      </button>
    </nav>
  );
}

/** A button that runs an action, disabled while it runs, with its error shown beside it. */
export function ActionButton({
  label,
  name,
  run,
  done,
  kind,
}: {
  label: string;
  /** The accessible name, when the label alone does not say what it acts on. */
  name?: string;
  run: () => Promise<unknown>;
  done?: () => void;
  kind?: "danger" | "primary";
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  return (
    <span class="action">
      <button
        type="button"
        class={kind}
        aria-label={name}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(undefined);
          run().then(
            () => {
              setBusy(false);
              done?.();
            },
            (err: unknown) => {
              setBusy(false);
              setError(err);
            },
          );
        }}
      >
        {label}
      </button>
      <ErrorNote error={error} />
    </span>
  );
}

/** Saves a Blob under a name (a link to an object URL, clicked, then let go). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const bytes = (n: number): string =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;
