/** A one-line progress bar on a terminal; plain lines every 10 % when output is not a terminal. */
export class ProgressBar {
  #stream: NodeJS.WriteStream;
  #lastPhase = "";
  #lastTenth = -1;
  #lastDraw = 0;

  constructor(stream: NodeJS.WriteStream) {
    this.#stream = stream;
  }

  update(phase: string, done: number, total: number): void {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    if (this.#stream.isTTY) {
      const now = Date.now();
      if (now - this.#lastDraw < 100 && done < total) return;
      this.#lastDraw = now;
      const width = 30;
      const filled = Math.round(ratio * width);
      this.#stream.write(
        `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${phase} ${done.toLocaleString("it-IT")}/${total.toLocaleString("it-IT")}   `,
      );
      return;
    }
    const tenth = Math.floor(ratio * 10);
    if (phase !== this.#lastPhase || tenth !== this.#lastTenth) {
      this.#stream.write(`caricamento ${phase}: ${Math.round(ratio * 100)}% (${done}/${total})\n`);
      this.#lastPhase = phase;
      this.#lastTenth = tenth;
    }
  }

  done(): void {
    if (this.#stream.isTTY) this.#stream.write("\n");
  }
}
