/** A hash router of a few lines: `#/sessions/sesn_…` is the route ["sessions", "sesn_…"]. */
import { useEffect, useState } from "preact/hooks";

const parse = (hash: string): string[] =>
  hash
    .replace(/^#\/?/, "")
    .split("?")[0]
    ?.split("/")
    .filter(Boolean)
    .map((part) => decodeURIComponent(part)) ?? [];

export function useRoute(): string[] {
  const [route, setRoute] = useState(() => parse(location.hash));
  useEffect(() => {
    const changed = () => setRoute(parse(location.hash));
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  return route;
}

/** The href of a route: `href("sessions", id)` is `#/sessions/<id>`. */
export const href = (...parts: string[]): string => `#/${parts.map(encodeURIComponent).join("/")}`;

export const navigate = (...parts: string[]): void => {
  location.hash = href(...parts);
};
