/* DO NOT EDIT: generated from openapi/ by `npm run generate`. */

/** A compiled Ajv validator: true or false, and the errors of the last call that failed. */
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

/** What express-openapi-validator does to one parameter before validation. */
export interface ParamStep {
  /** Where the parameter is read: query, headers, params or cookies. */
  field: "query" | "headers" | "params" | "cookies";
  name: string;
  /** The raw query value may not hold reserved characters ("comma": but for commas). */
  reserved?: "plain" | "comma";
  /** "wrap": a lone value becomes a one-element array; "split": a string is split on the delimiter. */
  action?: "wrap" | "split";
  delimiter?: string;
}

export interface GeneratedOperation {
  method: string;
  /** The path template relative to the base path. */
  template: string;
  /** Checks the parameters (query, headers, params; strings coerced to their types). */
  general: CompiledValidator;
  /** The media types the operation takes, each with its body validator. */
  bodies: [string, CompiledValidator][];
  /** The requestBody's `required` (null when the operation takes no body or does not say). */
  bodyRequired: boolean | null;
  /** The body validator used when the operation documents no body for the request. */
  noBody: CompiledValidator;
  steps: ParamStep[];
  /** The documented query parameters (null: any is accepted) and those that may be empty. */
  query: string[] | null;
  allowEmpty: string[];
  /** The operation takes multipart/form-data. */
  multipart: boolean;
  /** Multipart fields parsed as JSON before validation. */
  multipartJson: string[];
}

export interface GeneratedRoute {
  regexp: RegExp;
  keys: string[];
  methods: Partial<Record<string, GeneratedOperation>>;
}

export declare const operations: GeneratedOperation[];
/** In the order the routes are tried. */
export declare const routes: GeneratedRoute[];
export declare const basePaths: string[];
/** The JSON body validators by the component schema the body is (they check `{ body }`). */
export declare const bodiesBySchema: Partial<Record<string, CompiledValidator>>;
