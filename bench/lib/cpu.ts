// CPU time of a process and its descendants (nginx's worker is a child of its master), from /proc.
import { readFileSync } from 'node:fs';

// Linux reports utime/stime in clock ticks; USER_HZ is 100 on every mainstream kernel build.
const TICKS_PER_SECOND = 100;

function ownSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, so 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Seconds of CPU used so far by `pid` and its live descendants; null where /proc is unavailable. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    let total = ownSeconds(pid);
    for (const child of children(pid)) total += cpuSeconds(child) ?? 0;
    return total;
  } catch {
    return null;
  }
}

/** The whole machine's CPU seconds so far from /proc/stat: busy (user to softirq, steal left out) and stolen by the hypervisor. */
export function machineSeconds(): { busy: number; steal: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal …
    const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number) as number[];
    return { busy: (user! + nice! + system! + irq! + softirq!) / TICKS_PER_SECOND, steal: (steal ?? 0) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}
