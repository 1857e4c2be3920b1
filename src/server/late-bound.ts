// A function one module calls and another module provides, handed over when the app starts (wire-modules.ts).
// For a read that a lower module shows but a higher one answers: the higher module already imports the
// lower one, so the lower may not import it back (docs/decisions/019-module-boundaries.md).
export type LateBound<F extends (...args: never[]) => unknown> = {
  provide(implementation: F): void;
  call: F;
};

export function lateBound<F extends (...args: never[]) => unknown>(name: string): LateBound<F> {
  let implementation: F | undefined;
  const call = ((...args: Parameters<F>) => {
    if (!implementation) throw new Error(`${name} has no provider: wireModules() was not called`);
    return implementation(...args);
  }) as F;
  return { provide: (f) => void (implementation = f), call };
}
