/**
 * The operator's list prices per model (MODEL_PRICES), read and checked once at start-up: a JSON
 * object from an agent's model name (`claude-sonnet-4-5`, `openai/llama3.2`, or a prefix ending
 * in `*`, such as `claude-*`) to its prices in US dollars per million tokens, for each of the four
 * counts of usage. Costs are kept in nano-dollars (10^-9 USD), where every price of at most three
 * decimals per million tokens is a whole number per token: sums never round.
 */

/** Nano-dollars per token for each count (a price of $3 per million tokens is 3,000 per token). */
export interface ModelPrice {
  input: number;
  output: number;
  cache_read: number;
  cache_write: number;
}

/** The price table: exact names first, then the longest matching `prefix*`. */
export interface PriceTable {
  exact: Map<string, ModelPrice>;
  prefixes: { prefix: string; price: ModelPrice }[];
}

export const EMPTY_PRICES: PriceTable = { exact: new Map(), prefixes: [] };

const FIELDS = ["input", "output", "cache_read", "cache_write"] as const;

/** The table of MODEL_PRICES, or a message saying what is wrong with it. */
export function parsePriceTable(raw: string | undefined): PriceTable | { problem: string } {
  if (raw === undefined || raw.trim() === "") return EMPTY_PRICES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {
      problem:
        'must be a JSON object such as {"claude-*": {"input": 3, "output": 15, "cache_read": 0.3, "cache_write": 3.75}}',
    };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    return { problem: "must be a JSON object of models" };
  const table: PriceTable = { exact: new Map(), prefixes: [] };
  for (const [model, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (model.length === 0 || model.length > 256) return { problem: `has a model name of ${model.length} characters` };
    if (model.indexOf("*") !== -1 && model.indexOf("*") !== model.length - 1)
      return { problem: `"${model}": a "*" may only end a model name` };
    if (!value || typeof value !== "object" || Array.isArray(value))
      return { problem: `"${model}" must be an object with ${FIELDS.join(", ")}` };
    const fields = value as Record<string, unknown>;
    const unknown = Object.keys(fields).filter((k) => !(FIELDS as readonly string[]).includes(k));
    if (unknown.length > 0) return { problem: `"${model}" has unknown fields: ${unknown.join(", ")}` };
    const price = {} as ModelPrice;
    for (const field of FIELDS) {
      const usd = fields[field];
      if (typeof usd !== "number" || !Number.isFinite(usd) || usd < 0 || usd > 1_000_000)
        return { problem: `"${model}".${field} must be a number of US dollars per million tokens, 0 to 1000000` };
      const nanos = usd * 1000;
      if (Math.abs(nanos - Math.round(nanos)) > 1e-6)
        return { problem: `"${model}".${field} may have at most three decimals (dollars per million tokens)` };
      price[field] = Math.round(nanos);
    }
    if (model.endsWith("*")) table.prefixes.push({ prefix: model.slice(0, -1), price });
    else table.exact.set(model, price);
  }
  table.prefixes.sort((a, b) => b.prefix.length - a.prefix.length);
  return table;
}

/** The price of an agent's model, or null when the table has none. */
export function priceOf(table: PriceTable, model: string): ModelPrice | null {
  return table.exact.get(model) ?? table.prefixes.find((p) => model.startsWith(p.prefix))?.price ?? null;
}
