// The host-speed canary (host-speed.ts starts it): every 200 ms, one fixed piece of integer arithmetic, timed,
// sent to the parent as { at, ms }. A unit during which the scheduler took the core away (its involuntary
// context switches moved) is dropped, so waiting for a core does not count; a core running slower (another
// machine on its other hyperthread, a lower clock, the hypervisor) does. The time is the wall clock's: the CPU
// clocks Node can read (process.threadCpuUsage(), /proc/thread-self/schedstat) move in whole ticks here, too
// coarse for a unit of a few milliseconds.
import fs from 'node:fs';

const ROUNDS = 1_000_000;
const EVERY_MS = 200;
const WARM_UP_UNITS = 20; // until V8 has optimised the loop

let sink = 0;
function unit(): number | null {
  const switches = preemptions();
  const started = process.hrtime.bigint();
  let x = sink | 1;
  for (let i = 0; i < ROUNDS; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
  sink = x;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return preemptions() === switches ? ms : null;
}

function preemptions(): string {
  const status = fs.readFileSync('/proc/thread-self/status', 'utf8');
  return /nonvoluntary_ctxt_switches:\s*(\d+)/.exec(status)?.[1] ?? '';
}

for (let i = 0; i < WARM_UP_UNITS; i++) unit();
const timer = setInterval(() => {
  const ms = unit();
  if (ms !== null) process.send?.({ at: Date.now(), ms });
}, EVERY_MS);
process.on('disconnect', () => clearInterval(timer));
process.on('error', () => clearInterval(timer)); // the parent went away between two units
