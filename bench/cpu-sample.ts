/**
 * CPU time of a group of processes between two readings of /proc, for bench:processes. Summing the group's
 * CPU at each reading and subtracting goes negative when a process of the group exits in between (its CPU
 * leaves the sum), which PostgreSQL backends and other clusters' processes on a shared machine do. So each
 * process is compared with itself, known by pid and start time (a pid can be reused), and the CPU of a process
 * that exited is found where the kernel puts it: in its parent's reaped-children time.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface ProcessCpu {
  pid: number;
  ppid: number;
  /** Clock ticks since boot when the process started: with the pid, tells a reused pid from the same process. */
  start: number;
  name: string;
  /** CPU seconds the process itself spent (user + system). */
  own: number;
  /** CPU seconds of its children that exited and that it reaped (cutime + cstime). */
  reaped: number;
}

/** One line of /proc/<pid>/stat; null when it cannot be read as one. */
export function parseStat(stat: string): ProcessCpu | null {
  const open = stat.indexOf("(");
  const close = stat.lastIndexOf(")");
  if (open < 0 || close < open) return null;
  // Fields from the 3rd (state) on; the numbers below are proc(5)'s field numbers minus 3.
  const f = stat.slice(close + 2).split(" ");
  const ticks = (i: number) => Number(f[i]) / 100; // USER_HZ is 100 on Linux
  const sample: ProcessCpu = {
    pid: Number(stat.slice(0, open).trim()),
    ppid: Number(f[1]),
    start: Number(f[19]),
    name: stat.slice(open + 1, close),
    own: ticks(11) + ticks(12),
    reaped: ticks(13) + ticks(14),
  };
  return Object.values(sample).every((v) => typeof v === "string" || Number.isFinite(v)) ? sample : null;
}

/** Every process on this machine now. */
export function readProcesses(): ProcessCpu[] {
  const all: ProcessCpu[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const sample = parseStat(readFileSync(`/proc/${entry}/stat`, "utf8"));
      if (sample) all.push(sample);
    } catch {
      // the process ended while the directory was read
    }
  }
  return all;
}

/** The process `rootPid` and every process below it. */
export function processTree(all: readonly ProcessCpu[], rootPid: number): ProcessCpu[] {
  const children = new Map<number, ProcessCpu[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const tree: ProcessCpu[] = [];
  const visit = (p: ProcessCpu) => {
    tree.push(p);
    for (const child of children.get(p.pid) ?? []) visit(child);
  };
  const root = all.find((p) => p.pid === rootPid);
  if (root) visit(root);
  return tree;
}

/**
 * CPU seconds a group of processes spent between two readings of it:
 * - a process in both readings: what it spent since the first (its own time and its reaped children's);
 * - a process that started in between: all it spent;
 * - a process that exited in between and was reaped by one in both readings: its parent's reaped time holds all
 *   it ever spent, so what it had spent by the first reading is taken off again. One whose parent is not in
 *   both readings is left out: its CPU is nowhere to be read, and guessing it would be no better.
 * Never negative: no term is.
 */
export function cpuSpent(before: readonly ProcessCpu[], after: readonly ProcessCpu[]): number {
  const key = (p: ProcessCpu) => `${p.pid}@${p.start}`;
  const earlier = new Map(before.map((p) => [key(p), p]));
  const later = new Set(after.map(key));
  let spent = 0;
  const reapedBy = new Map<number, number>(); // pid of a parent in both readings → growth of its reaped time
  for (const p of after) {
    const was = earlier.get(key(p));
    if (!was) {
      spent += p.own + p.reaped;
      continue;
    }
    spent += Math.max(0, p.own - was.own);
    reapedBy.set(p.pid, Math.max(0, p.reaped - was.reaped));
  }
  const counted = new Map<number, number>(); // what the exited children of a parent had spent by the first reading
  for (const p of before) {
    if (later.has(key(p)) || !reapedBy.has(p.ppid)) continue;
    counted.set(p.ppid, (counted.get(p.ppid) ?? 0) + p.own + p.reaped);
  }
  for (const [parent, growth] of reapedBy) spent += Math.max(0, growth - (counted.get(parent) ?? 0));
  return spent;
}
