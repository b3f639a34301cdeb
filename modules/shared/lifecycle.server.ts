/**
 * State tied to the open database and connections (caches, clients built from the environment) is
 * dropped by shutdown(), so a process that opens another database afterwards never sees the last
 * one's: a test worker running its next file (vitest `isolate: false`, decision 231), or a script
 * that re-initialises. Each owner registers its reset once, when its module loads.
 */
const resets = new Set<() => void>();

export function onShutdown(reset: () => void) {
  resets.add(reset);
}

export function runShutdownResets() {
  for (const reset of resets) reset();
}
