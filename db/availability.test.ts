/** Which failures mean "the database is gone", and how the monitor goes down and comes back. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { DatabaseAvailability, isDatabaseFailure, isDatabaseUnavailable, isStatementTimeout } from "./availability.ts";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("failure kinds", () => {
  it.each([
    ["refused connection", withCode("ECONNREFUSED")],
    ["refused on IPv4 and IPv6 (localhost)", new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], "")],
    ["admin shutdown", withCode("57P01", "terminating connection due to administrator command")],
    ["starting up", withCode("57P03")],
    ["connection exception class 08", withCode("08006")],
    ["too many clients", withCode("53300")],
    ["pg's dropped connection", new Error("Connection terminated unexpectedly")],
    ["pool connect timeout", new Error("timeout exceeded when trying to connect")],
    ["wrapped in a cause", new Error("query failed", { cause: withCode("ECONNRESET") })],
  ])("%s is unavailable", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseFailure(error)).toBe(true);
  });

  it("a statement timeout is a failure but not an outage", () => {
    const error = withCode("57014", "canceling statement due to statement timeout");
    expect(isStatementTimeout(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseFailure(error)).toBe(true);
  });

  it.each([
    ["syntax error", withCode("42601")],
    ["unique violation", withCode("23505")],
    ["a plain bug", new TypeError("x is undefined")],
    ["not an error", "boom"],
  ])("%s is neither", (_, error) => {
    expect(isDatabaseFailure(error)).toBe(false);
  });
});

describe("DatabaseAvailability", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("goes down on an outage error, polls each second, and comes back on the first answer", async () => {
    vi.useFakeTimers();
    let answering = false;
    const changes: boolean[] = [];
    const ping = vi.fn(async () => {
      if (!answering) throw withCode("ECONNREFUSED");
    });
    const monitor = new DatabaseAvailability({ ping, onChange: (up) => changes.push(up) }).start();
    expect(monitor.available).toBe(true);

    monitor.report(withCode("42601")); // a bad query says nothing about the server
    expect(monitor.available).toBe(true);
    monitor.report(withCode("ECONNREFUSED"));
    expect(monitor.available).toBe(false);
    monitor.report(withCode("ECONNREFUSED")); // reported once
    expect(changes).toEqual([false]);

    await vi.advanceTimersByTimeAsync(3000);
    expect(ping.mock.calls.length).toBe(3);
    expect(monitor.available).toBe(false);

    answering = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(monitor.available).toBe(true);
    expect(changes).toEqual([false, true]);

    // Up again: checks slow down to every 5 s, and notice an outage without any traffic.
    const calls = ping.mock.calls.length;
    await vi.advanceTimersByTimeAsync(4900);
    expect(ping.mock.calls.length).toBe(calls);
    answering = false;
    await vi.advanceTimersByTimeAsync(200);
    expect(monitor.available).toBe(false);
    monitor.stop();
  });
});
