/** Whether a session event type is not a model-request span (test/runtime/usage.test.ts checks those): for event lists that leave them out. */
export const notSpan = (type: string): boolean => !type.startsWith("span.");
