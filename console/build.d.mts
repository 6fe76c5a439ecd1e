/** The console's files by name (index.html, console.js, console.css), built by console/build.mjs. */
export function buildConsole(): Promise<Record<string, Uint8Array>>;
