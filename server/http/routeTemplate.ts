/**
 * Maps a request path onto its route template (`/api/v1/cloud/vaults/{vault_id}`), for the
 * access log and the request metrics: a label per template, never per id. Built from the spec's
 * paths, so a request that fails before any route runs (401, 400 from the validator) still gets
 * its template; a path the service does not have is `unmatched`. `templates` may be a function:
 * it is called by the first request (the documents are parsed then, not at start).
 */
export const UNMATCHED = "unmatched";

export function routeMatcher(templates: readonly string[] | (() => readonly string[])): (path: string) => string {
  let parsed: { template: string; segments: string[]; params: number }[] | null = null;
  const table = () => {
    if (parsed) return parsed;
    parsed = (typeof templates === "function" ? templates() : templates).map((template) => {
      const segments = template.split("/");
      return { template, segments, params: segments.filter((s) => s.startsWith("{")).length };
    });
    // Most specific first: `/skills/{id}/versions` is tried before `/skills/{id}/{x}` shapes.
    parsed.sort((a, b) => a.params - b.params);
    return parsed;
  };
  return (path) => {
    const segments = path.split("/");
    for (const route of table()) {
      if (route.segments.length !== segments.length) continue;
      if (route.segments.every((s, i) => (s.startsWith("{") ? (segments[i] ?? "") !== "" : s === segments[i]))) {
        return route.template;
      }
    }
    return UNMATCHED;
  };
}
