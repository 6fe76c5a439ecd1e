/* DO NOT EDIT: generated from openapi/ by `npm run generate`. */

/** A compiled Ajv validator (all errors): true or false, and the errors of the last call that failed. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: {
    keyword: string;
    instancePath: string;
    schemaPath: string;
    params: Record<string, unknown>;
    message?: string;
  }[] | null;
}

/** Validators by media type; an empty object: the response has no body. */
export type ResponseContent = Partial<Record<string, CompiledValidator>>;

/** Each operation (`GET /skills/{skill_id}`): its documented responses by status (`200`, `4XX`, `default`). */
export declare const operations: Partial<Record<string, Partial<Record<string, ResponseContent>>>>;
