import { describe, expect, it } from "vitest";
import { cpuSpent, parseStat, processTree, type ProcessCpu } from "./cpu-sample.ts";

const proc = (pid: number, ppid: number, own: number, reaped = 0, start = pid * 10): ProcessCpu => ({
  pid,
  ppid,
  start,
  name: "postgres",
  own,
  reaped,
});

/** What bench:processes did before: the group's CPU summed at each reading, subtracted. */
const sumDifference = (before: ProcessCpu[], after: ProcessCpu[]) =>
  after.reduce((s, p) => s + p.own, 0) - before.reduce((s, p) => s + p.own, 0);

describe("cpuSpent", () => {
  it("counts a backend that exited in between by its parent's reaped time, without going negative", () => {
    // The postmaster (1) has backends 2 and 3; 3 exits after spending 0.5 s more, 2 spends 0.25 s.
    const before = [proc(1, 0, 1), proc(2, 1, 4), proc(3, 1, 6)];
    const after = [{ ...proc(1, 0, 1.125), reaped: 6.5 }, proc(2, 1, 4.25)];
    expect(sumDifference(before, after)).toBeLessThan(0); // -5.625 s: the report's negative PostgreSQL CPU
    expect(cpuSpent(before, after)).toBeCloseTo(0.125 + 0.25 + 0.5, 9);
  });

  it("counts all of a backend that started in between, and of one that started and exited in between", () => {
    const before = [proc(1, 0, 1)];
    const after = [{ ...proc(1, 0, 1), reaped: 0.75 }, proc(7, 1, 0.25)];
    expect(cpuSpent(before, after)).toBeCloseTo(1, 9);
  });

  it("tells a reused pid from the process that had it", () => {
    const before = [proc(1, 0, 1), proc(5, 1, 9, 0, 100)];
    // 5 exited after 1 s more (reaped: 10 s); a new process got pid 5 and spent 0.5 s.
    const after = [{ ...proc(1, 0, 1), reaped: 10 }, proc(5, 1, 0.5, 0, 200)];
    expect(cpuSpent(before, after)).toBeCloseTo(1.5, 9);
  });

  it("leaves out a process whose CPU cannot be read any more, and whole clusters that went away", () => {
    // Another cluster (postmaster 20, backend 21) stopped in between; 30 spent 2 s.
    const before = [proc(20, 0, 3), proc(21, 20, 5), proc(30, 0, 1)];
    const after = [proc(30, 0, 3)];
    expect(sumDifference(before, after)).toBeLessThan(0);
    expect(cpuSpent(before, after)).toBeCloseTo(2, 9);
  });
});

describe("parseStat and processTree", () => {
  it("reads a /proc/<pid>/stat line whose name holds spaces and parentheses", () => {
    const line =
      "4242 (postgres: a (b) c) S 4200 4200 4200 0 -1 4194560 100 0 0 0 250 50 30 20 20 0 1 0 987654 100000 500 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";
    expect(parseStat(line)).toEqual({ pid: 4242, ppid: 4200, start: 987654, name: "postgres: a (b) c", own: 3, reaped: 0.5 });
    expect(parseStat("garbage")).toBeNull();
  });

  it("gathers a process and everything below it", () => {
    const all = [proc(1, 0, 0), proc(2, 1, 0), proc(3, 2, 0), proc(4, 0, 0)];
    expect(processTree(all, 1).map((p) => p.pid)).toEqual([1, 2, 3]);
    expect(processTree(all, 9)).toEqual([]);
  });
});
