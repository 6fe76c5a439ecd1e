/** The server could not listen: the address and the cause, in words (exit 1, no loop started). */
export class ListenError extends Error {
  constructor(
    readonly address: string,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = "ListenError";
  }
}
