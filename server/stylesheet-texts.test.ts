import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readStylesheetTexts } from "./stylesheet-texts.ts";

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("readStylesheetTexts", () => {
  it("reads every stylesheet of the build's assets by the address the manifest names, and nothing else", () => {
    dir = mkdtempSync(join(tmpdir(), "casa-css-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "assets", "shell-AbC123.css"), ".a{color:red}");
    writeFileSync(join(dir, "assets", "shell-AbC123.css.br"), "compressed");
    writeFileSync(join(dir, "assets", "root-XyZ.js"), "export{}");
    expect(readStylesheetTexts(dir)).toEqual(new Map([["/assets/shell-AbC123.css", ".a{color:red}"]]));
  });

  it("is empty without a client build", () => {
    dir = mkdtempSync(join(tmpdir(), "casa-css-"));
    expect(readStylesheetTexts(join(dir, "missing")).size).toBe(0);
  });
});
