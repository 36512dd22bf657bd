// How long a piece of work keeps this process busy: CPU time (user and system, every thread of the
// process), not the wall clock. A machine busy with other work stretches the wall clock many times
// over (a load of 30 on 2 cores did) but hardly the CPU time the work itself takes, so a bound on it
// fails for a stall or a pattern that backtracks (seconds to hours of work), not for a crowded machine.

/** Milliseconds of CPU time this process spent while `work` ran, and what it returned. */
export async function cpuTime<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const before = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(before);
  return { value, ms: (used.user + used.system) / 1000 };
}
