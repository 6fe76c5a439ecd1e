/**
 * A load made by its first caller and shared by every caller while it runs and after it succeeded.
 * A load that fails fails the callers that waited for it, and the next call loads again (a module
 * loaded on first use rather than at start: the server keeps serving without a restart).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
}
