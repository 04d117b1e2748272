/**
 * Listings that arrive while the demo runs (issue 23 item 8, docs/decisions/093): with DEMO_LIVE_PER_MINUTE
 * set (`npm run demo:live` sets 6), one process publishes generated listings and lowers prices at that
 * rate through db/listing-writes.ts — the one write path, so the triggers record their events and the
 * alert matcher mails whoever saved a matching search. Each new listing copies a random demo listing's
 * place and kind with a new street number, price and title; every fourth action is a 5 % price drop of a
 * listing this publisher made.
 */
import { sql, type Kysely } from "kysely";
import { publishListing, repriceListing, type NewListing } from "../db/listing-writes.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "./logger.ts";

export class DemoLive {
  readonly #db: Kysely<Database>;
  readonly #logger: Logger;
  readonly #timer: NodeJS.Timeout;
  readonly #mine: number[] = [];
  #count = 0;
  #running: Promise<void> | null = null;

  constructor(db: Kysely<Database>, logger: Logger, perMinute: number) {
    this.#db = db;
    this.#logger = logger;
    this.#timer = setInterval(
      () => {
        this.#running ??= this.tick()
          .then(() => undefined)
          .catch((error: unknown) => logger.warn({ err: error }, "demo-live: no listing published this time"))
          .finally(() => {
            this.#running = null;
          });
      },
      Math.max(100, Math.round(60_000 / perMinute)),
    );
    this.#timer.unref();
    logger.info({ perMinute }, "demo-live: publishing generated listings and price drops");
  }

  /** One action: a price drop every fourth time (when there is a listing of ours), else a new listing. */
  async tick(): Promise<{ kind: "new" | "price_drop"; id: number }> {
    this.#count++;
    if (this.#count % 4 === 0 && this.#mine.length > 0) {
      const id = this.#mine[Math.floor(Math.random() * this.#mine.length)]!;
      const row = await this.#db.selectFrom("listings").select("price").where("id", "=", id).executeTakeFirst();
      if (row) {
        const price = Math.max(1000, Math.round((Number(row.price) * 0.95) / 1000) * 1000);
        await repriceListing(this.#db, id, price);
        this.#logger.info({ listingId: id, price }, "demo-live: price lowered");
        return { kind: "price_drop", id };
      }
    }
    const template = await this.#db
      .selectFrom("listings")
      .selectAll()
      .where("isAuction", "=", false)
      .orderBy(sql`random()`)
      .limit(1)
      .executeTakeFirstOrThrow();
    const { id: _id, pricePerMq: _g, shownPrice: _s, shownPricePerMq: _sm, ...rest } = template;
    const price = Math.round((Number(template.price) * (0.85 + Math.random() * 0.3)) / 1000) * 1000;
    const listing: NewListing = {
      ...rest,
      streetNumber: String(100 + Math.floor(Math.random() * 900)),
      price,
      originalPrice: null,
      publishedAt: new Date(),
      title: `${template.title} (nuovo)`,
    };
    const id = await publishListing(this.#db, listing);
    this.#mine.push(id);
    if (this.#mine.length > 200) this.#mine.shift();
    this.#logger.info({ listingId: id, price }, "demo-live: listing published");
    return { kind: "new", id };
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}
