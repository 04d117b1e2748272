import { expect, it } from "vitest";
import { parseCsv } from "./csv.ts";

it("parses quoted fields, doubled quotes, commas and CRLF", () => {
  expect(parseCsv('a,b,c\r\n1,"x, y","say ""hi"""\r\n2,,\n')).toEqual([
    { a: "1", b: "x, y", c: 'say "hi"' },
    { a: "2", b: "", c: "" },
  ]);
});
