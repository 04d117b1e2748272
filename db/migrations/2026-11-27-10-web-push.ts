// Why: alerts by web push (issue 23 item 5, docs/decisions/116). The portal's VAPID key pair is made at the
// first start and kept here, so every process and every restart signs with the same key (a browser's
// subscription is bound to the public key it was made with); each device a user allows is one
// `push_subscriptions` row (the push service's endpoint is the device); `push_messages` is the push queue:
// one row per alert delivery (channel 'push', the same unique key as e-mail) and device, claimed FOR UPDATE
// SKIP LOCKED with a lease, retried a bounded number of times, then given up with the reason recorded.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_vapid_keys (
      id smallint PRIMARY KEY CHECK (id = 1),
      public_key text NOT NULL,
      private_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE push_subscriptions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id)`.execute(db);
  await sql`
    CREATE TABLE push_messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      delivery_id bigint NOT NULL REFERENCES alert_deliveries (id) ON DELETE CASCADE,
      subscription_id bigint NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
      -- The notification as JSON (title, body, url, icon); encrypted for the device when sent.
      payload text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      gave_up_at timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT push_messages_once UNIQUE (delivery_id, subscription_id)
    )`.execute(db);
  await sql`CREATE INDEX push_messages_due ON push_messages (next_attempt_at) WHERE sent_at IS NULL AND gave_up_at IS NULL`.execute(db);
  await sql`CREATE INDEX push_messages_subscription ON push_messages (subscription_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE push_messages`.execute(db);
  await sql`DROP TABLE push_subscriptions`.execute(db);
  await sql`DROP TABLE push_vapid_keys`.execute(db);
}
