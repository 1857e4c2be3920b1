// Work a route does after it has answered, so that how long the answer takes says nothing about that work
// (forgot password: whether the address has an account). Tracked, so that shutdown waits for it before the
// database closes and a test can wait for it; a failure is logged, never thrown at anyone.
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    afterAnswer: AfterAnswer;
  }
}

export type AfterAnswer = {
  /** Starts `task` once the current request has moved on; never awaited by the handler. */
  run: (name: string, task: () => Promise<void>) => void;
  /** Resolves when every task started so far has finished. */
  idle: () => Promise<void>;
};

export function registerAfterAnswer(app: FastifyInstance): void {
  const pending = new Set<Promise<void>>();
  const afterAnswer: AfterAnswer = {
    run(name, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => app.log.error({ err, task: name }, 'after answer: task failed'))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
  app.decorate('afterAnswer', afterAnswer);
  app.addHook('onClose', () => afterAnswer.idle());
}
