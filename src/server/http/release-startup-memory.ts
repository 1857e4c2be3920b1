// Start-up (loading some hundreds of modules, stripping the server's TypeScript, building the app) leaves
// about 150 MB of dead objects behind and V8's young generation grown to its maximum. V8 gives that memory
// back to the system only after a memory-reducing collection, which a server that is mostly idle may not run
// for hours. One such collection once the server listens returns it (about 50 ms, once per process).
import v8 from 'node:v8';
import vm from 'node:vm';

export function releaseStartupMemory(): void {
  collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** V8's gc(), without starting the process with --expose-gc: visible only in a context made for it. */
function collector(): NonNullable<typeof globalThis.gc> {
  if (globalThis.gc) return globalThis.gc;
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as NonNullable<typeof globalThis.gc>;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}
