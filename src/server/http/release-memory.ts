// Gives memory that only a burst needed back to the system. Start-up (loading some hundreds of modules,
// stripping the server's TypeScript, building the app) and a bulk CSV import each leave 100-200 MB of dead
// objects behind and V8's young generation grown to its maximum; V8 returns that only after a memory-reducing
// collection, which a server that is otherwise quiet may not run for hours. One such collection (tens of
// milliseconds) right after the burst returns it.
import v8 from 'node:v8';
import vm from 'node:vm';

export function releaseMemory(): void {
  collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** V8's gc(), without starting the process with --expose-gc: visible only in a context made for it. */
let gc: NonNullable<typeof globalThis.gc> | undefined;
function collector(): NonNullable<typeof globalThis.gc> {
  if (gc) return gc;
  if (globalThis.gc) return (gc = globalThis.gc);
  v8.setFlagsFromString('--expose-gc');
  try {
    return (gc = vm.runInNewContext('gc') as NonNullable<typeof globalThis.gc>);
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}
