/**
 * A request's media type as express-openapi-validator 5.6 reads it (its `ContentType` in
 * middlewares/util.js) and how it picks the documented media type of a request body
 * (`BodySchemaParser.toSchema`): exact match with the parameters but `boundary`, then the bare
 * media type or the type with `charset=utf-8`, then a documented wildcard (`application/*`).
 */
export class ContentType {
  readonly mediaType: string | null = null;
  readonly parameters: Record<string, string> = {};

  constructor(contentType: string | undefined) {
    if (!contentType) return;
    for (const match of contentType.matchAll(/;\s*([^=]+)=([^;]+)/g)) {
      const key = (match[1] ?? "").toLowerCase();
      let value = match[2] ?? "";
      // charset is case insensitive (RFC 2046, 4.1.2).
      if (key === "charset") value = value.toLowerCase();
      this.parameters[key] = value;
    }
    this.mediaType = (contentType.split(";")[0] ?? "").toLowerCase().trim();
  }

  normalize(excludeParams: string[] = ["boundary"]): string | undefined {
    let parameters = "";
    for (const key of Object.keys(this.parameters).sort()) {
      if (!excludeParams.includes(key)) parameters += `; ${key}=${this.parameters[key]}`;
    }
    return this.mediaType ? this.mediaType + parameters : undefined;
  }

  equivalents(): ContentType[] {
    if (!this.mediaType) return [];
    const types = [new ContentType(this.mediaType)];
    if (!this.parameters.charset) types.push(new ContentType(`${this.normalize(["charset"])}; charset=utf-8`));
    return types;
  }
}

/** The documented media type a request's Content-Type selects, or null. */
export function selectMediaType(declared: string[], contentType: ContentType): string | null {
  const normalized = contentType.normalize();
  for (const type of declared) {
    if (normalized === new ContentType(type).normalize()) return type;
  }
  const equivalents = contentType.equivalents();
  for (const type of declared) {
    const documented = new ContentType(type).normalize();
    if (equivalents.some((e) => documented === e.normalize())) return type;
  }
  for (const type of [...declared].sort().reverse()) {
    if (type === "*/*") return type;
    if (!/^[a-z]+\/\*$/.test(type)) continue;
    const [major] = type.split("/", 1);
    if (new RegExp(`^${major}/.+$`).test(normalized ?? "undefined")) return type;
  }
  return null;
}
