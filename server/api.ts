/** Wire types of the API, generated from the OpenAPI description. */
import type { components } from "../generated/api.d.ts";

export type Schemas = components["schemas"];
export type Schema<K extends keyof Schemas> = Schemas[K];
