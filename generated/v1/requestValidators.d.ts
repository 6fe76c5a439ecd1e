/* DO NOT EDIT: generated from openapi/v1/ by `npm run generate`. */

/** A compiled Ajv validator: true or false, and the errors of the last call that failed. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: { keyword: string; instancePath: string; params: Record<string, unknown>; message?: string }[] | null;
}

export interface AnthropicQueryParameter {
  /** The schema's type: an integer or boolean is read from its text before validation. */
  type: string;
  validate: CompiledValidator;
}

export interface AnthropicOperation {
  /** Lower case: get, post, put, patch, delete. */
  method: string;
  /** The documented path (`/v1/agents/{agent_id}`). */
  template: string;
  regex: RegExp;
  /** The declared query parameters by name, as the SDK sends them (`created_at[gte]`). */
  query: Partial<Record<string, AnthropicQueryParameter>>;
  /** The operation takes an application/json body. */
  jsonBody: boolean;
}

export declare const operations: AnthropicOperation[];
