/**
 * Agencies, Agente Pro, contact forms and phone over HTTP (issue 12), on each database: the agency
 * finder and pages, the agency/agentPro API, leads (API and the no-JavaScript form) stored in the
 * database, phone reveals recorded, bad input, unknown ids and floods.
 */
import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadsForPublisher, phoneCallsForPublisher } from "../db/leads.ts";
import { withdrawListing } from "../db/listing-writes.ts";
import type { Database } from "../db/schema.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { startTestPortal } from "../test/portal.ts";
import { msUntilClearOfWindowEdge } from "../test/rate-windows.ts";
import { loggedInClient } from "../test/users.ts";

const MINUTE = 60_000;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/** A request from a chosen loopback address (127.0.0.N), so each test has its own rate-limit budget. */
function send(
  portalUrl: string,
  method: string,
  path: string,
  options: { body?: string; type?: string; from?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const url = new URL(path, portalUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress: options.from ?? "127.0.0.1",
        headers: {
          ...(options.body !== undefined
            ? { "content-type": options.type ?? "application/json", "content-length": Buffer.byteLength(options.body) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            /* a page */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

describe.each(databaseTargets)("agencies, contact and phone on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let db: Kysely<Database>;
  let agency: {
    id: number;
    name: string;
    slug: string;
    agents: number;
    listings: number;
    showPhoneNumber: boolean;
    website: string | null;
  };
  let agentPro: { id: number; name: string; slug: string; parentName: string };
  let listing: { id: number; publisherId: number; propertyType: string };
  let privateListing: { id: number; publisherId: number; phone: string };
  let blockedAuction: { id: number; publisherId: number } | undefined;
  const get = (path: string, from?: string) => send(portal.url, "GET", path, { from });
  const post = (path: string, body: unknown, from?: string) =>
    send(portal.url, "POST", path, { body: typeof body === "string" ? body : JSON.stringify(body), from });
  const api = (path: string, body: unknown, from?: string) => post(`/portal-srp/api/v1/${path}`, body, from);
  // The contact limits count in windows of 10 minutes and an hour that start on the clock's multiples
  // (server/rate-window.ts). A flood test moves the portal's clock on, when it must, so that its requests fall
  // in one window of each and an hour's Retry-After is more than a minute (a run at 16:59:27 got 33 s).
  let clockOffset = 0;
  const clearOfRateWindowEdges = () => {
    clockOffset += msUntilClearOfWindowEdge(60 * MINUTE, Date.now() + clockOffset, 5 * MINUTE);
    clockOffset += msUntilClearOfWindowEdge(10 * MINUTE, Date.now() + clockOffset, 2 * MINUTE);
  };

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, { clock: () => Date.now() + clockOffset });
    db = portal.database.db as unknown as Kysely<Database>;
    const a = await sql<typeof agency>`
      SELECT p.id, p.name, p.slug, p.show_phone_number AS "showPhoneNumber", p.website,
        (SELECT count(*)::int FROM publishers g WHERE g.parent_id = p.id) AS agents,
        (SELECT count(*)::int FROM listings l WHERE l.publisher_id = p.id) AS listings
      FROM publishers p WHERE p.kind = 'agency' ORDER BY agents DESC, listings DESC, p.id LIMIT 1`.execute(db);
    agency = { ...a.rows[0]!, id: Number(a.rows[0]!.id) };
    const pro = await sql<typeof agentPro>`
      SELECT a.id, a.name, a.slug, p.name AS "parentName" FROM publishers a JOIN publishers p ON p.id = a.parent_id
      WHERE a.is_agent_pro AND EXISTS (SELECT 1 FROM listings l WHERE l.agent_id = a.id) ORDER BY a.id LIMIT 1`.execute(db);
    agentPro = { ...pro.rows[0]!, id: Number(pro.rows[0]!.id) };
    const l = await sql<typeof listing>`
      SELECT l.id, l.publisher_id AS "publisherId", l.property_type AS "propertyType" FROM listings l JOIN publishers p ON p.id = l.publisher_id
      WHERE p.kind = 'agency' AND p.show_phone_number AND NOT l.is_auction ORDER BY l.id LIMIT 1`.execute(db);
    listing = { ...l.rows[0]!, id: Number(l.rows[0]!.id), publisherId: Number(l.rows[0]!.publisherId) };
    const pl = await sql<typeof privateListing>`
      SELECT l.id, l.publisher_id AS "publisherId", p.phone FROM listings l JOIN publishers p ON p.id = l.publisher_id WHERE p.kind = 'private' ORDER BY l.id LIMIT 1`.execute(
      db,
    );
    privateListing = { ...pl.rows[0]!, id: Number(pl.rows[0]!.id), publisherId: Number(pl.rows[0]!.publisherId) };
    const ba = await sql<{ id: number; publisherId: number }>`
      SELECT l.id, l.publisher_id AS "publisherId" FROM listings l JOIN publishers p ON p.id = l.publisher_id
      WHERE l.is_auction AND p.disable_auctions ORDER BY l.id LIMIT 1`.execute(db);
    blockedAuction = ba.rows[0] ? { id: Number(ba.rows[0].id), publisherId: Number(ba.rows[0].publisherId) } : undefined;
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  const agencyPath = () => `/agenzie/${agency.id}-${agency.slug}/`;

  it("has demo agencies with agents, flags and an Agente Pro with listings", () => {
    expect(blockedAuction).toBeDefined();
    expect(agency.agents).toBeGreaterThanOrEqual(5);
    expect(agency.listings).toBeGreaterThan(12);
    expect(agentPro.id).toBeGreaterThan(0);
  });

  it("shows the agency home 'Agenzie immobiliari' without a pager, and finds agencies by town and by name", async () => {
    const home = await get("/trova-agenzia/");
    expect(home.status).toBe(200);
    expect(home.text).toContain("<title>Agenzie immobiliari</title>");
    expect(home.text).toMatch(/href="\/agenzie\/\d+-[a-z0-9-]+\/"/);
    expect(home.text).not.toContain('rel="next"');
    const byName = await get(`/trova-agenzia/?nome=${encodeURIComponent(agency.name.split(" ").slice(-1)[0]!)}`);
    expect(byName.status).toBe(200);
    expect(byName.text).toContain(`href="${agencyPath()}"`);
    expect(byName.text).toContain(`href="/srp/?pId=${agency.id}"`);
    const none = await get("/trova-agenzia/?nome=zzzzqqq");
    expect(none.text).toContain("Al momento non ci sono agenzie in questa località");
  });

  it("renders an agency page: header, agents strip, buttons, listings, SEO, and never the phone number", async () => {
    const res = await get(agencyPath());
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).toContain(`<h1>${agency.name.replace(/'/g, "&#x27;")}</h1>`);
    expect(html).toMatch(/class="publisher-logo" src="\/media\/publisher\/\d+\/logo.svg" alt="[^"]+" width="12[05]" height="60"/);
    expect(html).toContain(`${agency.agents} agenti immobiliari per`);
    expect(html).toContain(`immobili per`);
    expect(html).toContain(`href="${agencyPath()}agenti/"`);
    expect(html).toContain(">I nostri agenti<");
    expect(html).toContain(`>+${agency.agents - 4}<`);
    expect(html).toContain("Contatta l&#x27;agenzia");
    expect(html.includes('data-testid="phone-button"')).toBe(agency.showPhoneNumber);
    if (agency.website) expect(html).toMatch(/class="website-button" href="https?:\/\//);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^/"]+${agencyPath()}"/>`));
    expect(html).toContain('"@type":"RealEstateAgent"');
    expect(html).toContain("Come ordiniamo i risultati");
    expect(html).toContain('aria-label="Pagine"');
    const phone = (await sql<{ phone: string }>`SELECT phone FROM publishers WHERE id = ${agency.id}`.execute(db)).rows[0]!.phone;
    expect(html).not.toContain(phone);
  });

  it("shows no phone button for an agency that hides its number, and no contact on auctions of agencies that disable them", async () => {
    const hidden = (
      await sql<{
        id: number;
        slug: string;
      }>`SELECT id::int AS id, slug FROM publishers WHERE kind = 'agency' AND NOT show_phone_number ORDER BY id LIMIT 1`.execute(db)
    ).rows[0]!;
    const page = await get(`/agenzie/${hidden.id}-${hidden.slug}/`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="contact-button"');
    expect(page.text).not.toContain('data-testid="phone-button"');
    expect((await api("phonecall", { publisherId: hidden.id, device: "PD" }, "127.0.0.22")).json).toEqual({
      error: { status: 403, message: "Il numero di telefono non è disponibile" },
    });
    const auction = await get(`/annunci/${blockedAuction!.id}/`);
    expect(auction.status).toBe(200);
    expect(auction.text).not.toContain('data-testid="contact-button"');
    expect(auction.text).not.toContain('data-testid="phone-button"');
    expect(auction.text).toContain("L&#x27;inserzionista non accetta contatti per questa asta");
  });

  it("pages and sorts an agency's listings, with '- pagina N' at the end of the title", async () => {
    const page2 = await get(`${agencyPath()}?pagina=2`);
    expect(page2.status).toBe(200);
    expect(page2.text).toMatch(/<title>[^<]+ \| Casa - pagina 2<\/title>/);
    expect(page2.text).toContain('aria-current="page" class="pub-pager__current">2<');
    const cheap = await get(`${agencyPath()}?ordine=prezzo-crescente`);
    const prices = [...cheap.text.matchAll(/class="compact-card-price">([^<]+)</g)]
      .map((m) => m[1]!)
      .filter((t) => /\d/.test(t))
      .map((t) => Number(t.split(" - ")[0]!.replace(/\D/g, "")));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
  });

  it("redirects a stale slug and answers 'Agenzia non trovata' with a 404", async () => {
    const stale = await get(`/agenzie/${agency.id}-vecchio-nome/`);
    expect(stale.status).toBe(301);
    expect(stale.headers.location).toBe(agencyPath());
    for (const path of ["/agenzie/999999999-nessuna/", "/agenzie/abc/", `/agenzie/${listing.id}-x/`]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain("Agenzia non trovata");
    }
  });

  it("lists the agents and shows an Agente Pro page", async () => {
    const agents = await get(`${agencyPath()}agenti/`);
    expect(agents.status).toBe(200);
    expect(agents.text).toContain(`${agency.agents} agenti immobiliari per`);
    expect(agents.text.match(/class="agent-card"/g)).toHaveLength(agency.agents);
    const pro = await get(`/agenti/${agentPro.id}-${agentPro.slug}/`);
    expect(pro.status).toBe(200);
    expect(pro.text).toContain("Agente Pro");
    expect(pro.text).toContain(`Vedi tutti gli annunci dell&#x27;agenzia ${agentPro.parentName.replace(/'/g, "&#x27;")}`);
    expect(pro.text).toContain("Contatta l&#x27;agente");
    expect(pro.text).toMatch(
      /<img class="avatar" src="\/media\/publisher\/\d+\/photo.svg" alt="[^"]+" width="100" height="100"|class="avatar avatar--initials" role="img" aria-label="[^"]+" style="width:100px;height:100px/,
    );
    expect((await get(`/agenti/${agency.id}-${agency.slug}/`)).status).toBe(404);
  });

  it("sends 'Vedi tutti' (/srp/?pId=) to the search results of that publisher", async () => {
    const res = await get(`/srp/?pId=${agency.id}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(new RegExp(`^/(vendita|affitto|affitto-breve)/[a-z-]+/\\?(.*&)?pId=${agency.id}`));
    const results = await get(res.headers.location as string);
    expect(results.status).toBe(200);
    expect((await get("/srp/?pId=999999999")).status).toBe(404);
    expect((await get("/srp/?pId=abc")).status).toBe(404);
  });

  it("answers the agency and availableresultsagency endpoints", async () => {
    const res = await api("agency", {
      site: "casa",
      domain: "casa.it",
      locale: "it",
      apireq: { pId: agency.id, page: 2, sortType: "prezzo-decrescente" },
    });
    expect(res.status).toBe(200);
    expect(res.json.publisher).toMatchObject({
      publisherId: agency.id,
      publisherName: agency.name,
      publisherUrl: agencyPath(),
      publisherPhone: null,
      showPhoneNumber: agency.showPhoneNumber,
      hasAgents: true,
      agentList: { total: agency.agents },
      isAgentPro: false,
    });
    expect(res.json.publisher.agentList.shown).toHaveLength(4);
    expect(res.json).toMatchObject({ total: agency.listings, page: 2, sortType: "prezzo_decrescente" });
    expect(res.json.paginator.currentPage).toBe(2);
    // Private negotiations show no price (null): the others come in descending order.
    const prices = res.json.listings
      .map((l: { features: { price: { marker: { price: number | null } } } }) => l.features.price.marker.price)
      .filter((p: number | null) => p !== null);
    expect(prices).toEqual([...prices].sort((x: number, y: number) => y - x));
    expect((await api("agency", { uri: `${agencyPath()}?pagina=1` })).json.publisher.publisherId).toBe(agency.id);
    expect((await api("agency/availableresultsagency", { apireq: { pId: agency.id } })).json).toEqual({ total: agency.listings });
  });

  it("refuses bad agency requests with the error shape", async () => {
    expect((await api("agency", {})).json).toEqual({
      error: { status: 400, message: expect.stringContaining("pId"), field: "apireq.pId" },
    });
    expect((await api("agency", { apireq: { pId: agency.id, sortType: "a-caso" } })).json.error).toMatchObject({
      status: 400,
      field: "apireq.sortType",
    });
    expect((await api("agency", { apireq: { pId: "uno" } })).json.error).toMatchObject({ status: 400, field: "apireq.pId" });
    expect((await api("agency", { apireq: { pId: agency.id, page: 0 } })).json.error).toMatchObject({ status: 400, field: "apireq.page" });
    expect((await api("agency", "{not json")).json.error.status).toBe(400);
    const unknown = await api("agency", { apireq: { pId: 999999999 } });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: { status: 404, message: "Agenzia non trovata", field: "apireq.pId" } });
    expect((await api("agency/availableresultsagency", { apireq: { pId: 999999999 } })).status).toBe(404);
    expect((await get("/portal-srp/api/v1/agency")).status).toBe(405);
  });

  it("answers agentPro and agentPro/search", async () => {
    const res = await api("agentPro", { apireq: { pId: agentPro.id } });
    expect(res.status).toBe(200);
    expect(res.json.publisher).toMatchObject({
      publisherId: agentPro.id,
      isAgentPro: true,
      publisherParent: { name: agentPro.parentName },
    });
    expect(res.json.total).toBeGreaterThan(0);
    const search = await api("agentPro/search", {
      apireq: { pId: agentPro.id, sortType: "data-decrescente" },
      uri: `/agenti/${agentPro.id}-${agentPro.slug}/`,
    });
    expect(search.status).toBe(200);
    expect(search.json.publisher).toBeUndefined();
    expect(search.json.total).toBe(res.json.total);
    expect((await api("agentPro", { apireq: { pId: agency.id } })).status).toBe(404);
    expect((await api("agentPro/search", {})).status).toBe(400);
  });

  it("answers the agency and agentPro endpoints in the body's locale: English headings and /en/ links for en, Italian by default", async () => {
    const from = "127.0.4.2";
    const italian = await api("agency", { apireq: { pId: agency.id } }, from);
    expect(italian.json.headings).toEqual({
      agents: `${agency.agents} agenti immobiliari per ${agency.name}`,
      listings: `${agency.listings} immobili per ${agency.name}`,
    });
    expect(italian.json.publisher.publisherUrl).toBe(agencyPath());
    expect(italian.json.listings[0].uri).toMatch(/^\/annunci\/\d+\/$/);

    const english = await api("agency", { locale: "en", apireq: { pId: agency.id, page: 1 } }, from);
    expect(english.status).toBe(200);
    expect(english.json.headings).toEqual({
      agents: `${agency.agents} estate agents at ${agency.name}`,
      listings: `${agency.listings} properties from ${agency.name}`,
    });
    expect(english.json.publisher.publisherUrl).toBe(`/en${agencyPath()}`);
    expect(english.json.publisher.agentList.shown.every((a: { url: string | null }) => a.url === null || a.url.startsWith("/en/"))).toBe(
      true,
    );
    expect(english.json.listings.every((l: { uri: string }) => /^\/en\/annunci\/\d+\/$/.test(l.uri))).toBe(true);
    if (english.json.paginator.nextLink !== null) expect(english.json.paginator.nextLink).toMatch(/^\/en\/agenzie\//);
    // Without a locale, an English page's uri answers in English too.
    expect((await api("agency", { uri: `/en${agencyPath()}` }, from)).json.headings.listings).toBe(english.json.headings.listings);

    const pro = await api("agentPro", { locale: "en", apireq: { pId: agentPro.id } }, from);
    expect(pro.json.headings.listings).toBe(`${pro.json.total} ${pro.json.total === 1 ? "property" : "properties"} from ${agentPro.name}`);
    expect(pro.json.publisher.publisherParent.url).toMatch(/^\/en\/agenzie\//);
    const proItalian = await api("agentPro", { apireq: { pId: agentPro.id } }, from);
    expect(proItalian.json.headings.listings).toBe(
      `${pro.json.total} ${pro.json.total === 1 ? "immobile" : "immobili"} per ${agentPro.name}`,
    );

    for (const endpoint of ["agency", "agency/availableresultsagency", "agentPro", "agentPro/search"]) {
      const unsupported = await api(endpoint, { locale: "fr", apireq: { pId: agency.id } }, from);
      expect([endpoint, unsupported.status, unsupported.json.error.field]).toEqual([endpoint, 400, "locale"]);
    }
  });

  it("reveals a phone through phonecall only: number, QR code as SVG, and a stored call record", async () => {
    const res = await api(
      "phonecall",
      { publisherId: privateListing.publisherId, listingId: privateListing.id, jwt: "", device: "PM" },
      "127.0.0.20",
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      publisherId: privateListing.publisherId,
      phone: privateListing.phone,
      tel: `tel:${privateListing.phone.replace(/[^\d+]/g, "")}`,
    });
    expect(res.json.qrCode).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const calls = await phoneCallsForPublisher(db, privateListing.publisherId);
    expect(calls).toEqual([expect.objectContaining({ id: res.json.callId, device: "PM", listingId: privateListing.id, userId: null })]);
    // The private seller's number is nowhere in its listing's page.
    expect((await get(`/annunci/${privateListing.id}/`)).text).not.toContain(privateListing.phone);
  });

  it("refuses bad phonecall requests", async () => {
    const from = "127.0.0.21";
    expect((await api("phonecall", { publisherId: 999999999, jwt: "", device: "PD" }, from)).json).toEqual({
      error: { status: 404, message: "Inserzionista non trovato", field: "publisherId" },
    });
    expect((await api("phonecall", { publisherId: listing.publisherId, listingId: privateListing.id, device: "PD" }, from)).status).toBe(
      404,
    );
    expect((await api("phonecall", { jwt: "" }, from)).json.error).toMatchObject({ status: 400, field: "publisherId" });
    expect((await api("phonecall", { publisherId: 1, device: "TV" }, from)).json.error).toMatchObject({ status: 400, field: "device" });
    expect(
      (await api("phonecall", { publisherId: blockedAuction!.publisherId, listingId: blockedAuction!.id, device: "PD" }, from)).status,
    ).toBe(403);
  });

  it("stores a specific lead with the default message when none is given, and the generic and agency leads", async () => {
    const from = "127.0.0.30";
    const res = await api(
      "mycasa/searchSpecific",
      { listingId: listing.id, name: "Maria Rossi", email: "maria@example.it", telephone: "333 123 4567" },
      from,
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ sent: 1, recipients: [{ publisherId: listing.publisherId }] });
    const stored = (await leadsForPublisher(db, listing.publisherId)).find((l) => l.id === res.json.leadIds[0]);
    expect(stored).toMatchObject({
      kind: "specific",
      publisherId: listing.publisherId,
      listingId: listing.id,
      name: "Maria Rossi",
      email: "maria@example.it",
      phone: "+393331234567", // as typed "333 123 4567", stored in E.164 (decision 076)
      userId: null,
      context: "info",
    });
    expect(stored!.message).toMatch(/^Buongiorno, .*quest[ao] /);
    expect(stored!.clientKey).not.toContain("127.0.0");
    // No SMTP_URL here: the publisher's mail goes through the queue into the dev outbox, with Reply-To the seeker.
    const publisherEmail = (await sql<{ email: string }>`SELECT email FROM publishers WHERE id = ${listing.publisherId}`.execute(db))
      .rows[0]!.email;
    await expect
      .poll(
        async () =>
          (
            await sql<{ replyTo: string; textBody: string }>`
      SELECT reply_to AS "replyTo", text_body AS "textBody" FROM mail_outbox WHERE recipient = ${publisherEmail} AND text_body LIKE ${"%+393331234567%"}`.execute(
              db,
            )
          ).rows,
        { timeout: 5000 },
      )
      .toEqual([{ replyTo: "maria@example.it", textBody: expect.stringContaining("Maria Rossi") }]);

    const generic = await api(
      "mycasa/searchGeneric",
      { listingId: listing.id, name: "Maria Rossi", email: "maria@example.it", message: "Cerco casa simile" },
      from,
    );
    expect(generic.status).toBe(201);
    expect(generic.json.recipients.map((r: { publisherId: number }) => r.publisherId)).not.toContain(listing.publisherId);

    const toAgency = await api("mycasa/searchAgency", { publisherId: agency.id, name: "Luca Bianchi", email: "luca@example.it" }, from);
    expect(toAgency.status).toBe(201);
    const agencyLead = await sql<{
      message: string;
      kind: string;
    }>`SELECT message, kind FROM leads WHERE id = ${toAgency.json.leadIds[0]}`.execute(db);
    expect(agencyLead.rows[0]).toEqual({ kind: "agency", message: expect.stringContaining("ricontattato") });
  });

  it("shows an agency its leads and phone calls at /area-agenzia/, and no one else's", async () => {
    const from = "127.0.0.40";
    const lead = await api(
      "mycasa/searchSpecific",
      { listingId: listing.id, name: "Giorgio Verdi", email: "giorgio@example.it", message: "Vorrei visitarlo <b>sabato</b>" },
      from,
    );
    expect(lead.status).toBe(201);
    // The demo data gives every agency an account (README): agenzia{id}@casa.example / CasaAgenzia2026.
    const own = await loggedInClient(portal.url, { email: `agenzia${listing.publisherId}@casa.example`, password: "CasaAgenzia2026" });
    const inbox = await (await own.get("/area-agenzia/", { accept: "text/html" })).text();
    const leadItem = new RegExp(`<li data-lead-id="${lead.json.leadIds[0]}">[\\s\\S]*?</li>`).exec(inbox)?.[0] ?? "";
    expect(leadItem).toContain("Giorgio Verdi");
    expect(leadItem).toContain("Vorrei visitarlo &lt;b&gt;sabato&lt;/b&gt;"); // escaped, never markup
    expect(leadItem).toContain(`href="/annunci/${listing.id}/"`);
    const account = await (await own.get("/account/", { accept: "text/html" })).text();
    expect(account).toContain('href="/area-agenzia/"');
    const english = await own.get("/en/area-agenzia/", { accept: "text/html" });
    expect(await english.text()).toContain("Contact requests (");

    // Another agency's account sees its own inbox, never this lead; a seeker's account is refused.
    const otherAgency = (
      await sql<{
        id: number;
      }>`SELECT id::int AS id FROM publishers WHERE kind = 'agency' AND id <> ${listing.publisherId} ORDER BY id LIMIT 1`.execute(db)
    ).rows[0]!.id;
    const other = await loggedInClient(portal.url, { email: `agenzia${otherAgency}@casa.example`, password: "CasaAgenzia2026" });
    const theirs = await (await other.get("/area-agenzia/", { accept: "text/html" })).text();
    expect(theirs).toContain("Area agenzia");
    expect(theirs).not.toContain("Vorrei visitarlo");
    const seeker = await loggedInClient(portal.url, { email: "demo@casa.example", password: "CasaDemo2026" });
    const refused = await seeker.get("/area-agenzia/", { accept: "text/html" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Quest&#x27;area è riservata agli account delle agenzie.");
    const visitor = await get("/area-agenzia/");
    expect([visitor.status, visitor.headers.location]).toEqual([302, "/accedi/?redirect=%2Farea-agenzia%2F"]);
  });

  it("refuses invalid leads with the messages of seed 001 §5", async () => {
    const from = "127.0.0.31";
    const base = { listingId: listing.id, name: "Maria Rossi", email: "maria@example.it", message: "Ciao" };
    const cases: Array<[object, string, string]> = [
      [{ ...base, email: "maria@" }, "email", "L'indirizzo email non è valido"],
      [
        { ...base, email: "x@privaterelay.appleid.com" },
        "email",
        "A quest'email non è possibile ricevere le risposte dell'inserzionista. Usane un'altra.",
      ],
      [{ ...base, name: "<script>alert(1)</script>" }, "name", "Il nome inserito non è valido"],
      [{ ...base, telephone: "12" }, "telephone", "Il numero di telefono inserito non è valido"],
    ];
    for (const [body, field, message] of cases) {
      expect((await api("mycasa/searchSpecific", body, from)).json).toEqual({ error: { status: 400, message, field } });
    }
    expect((await api("mycasa/searchSpecific", { ...base, listingId: 999999999 }, "127.0.0.32")).json).toEqual({
      error: { status: 404, message: "Annuncio non trovato", field: "listingId" },
    });
    expect((await api("mycasa/searchAgency", { ...base, listingId: undefined, publisherId: 999999999 }, "127.0.0.32")).status).toBe(404);
    expect((await api("mycasa/searchSpecific", { name: "x" }, "127.0.0.32")).json.error).toMatchObject({ status: 400, field: "listingId" });
    expect((await api("mycasa/searchSpecific", { ...base, extra: 1 }, "127.0.0.32")).status).toBe(400);
    expect((await api("mycasa/searchSpecific", { ...base, listingId: blockedAuction!.id }, "127.0.0.32")).status).toBe(403);
  });

  it("takes the contact form without JavaScript: errors on the page with 400, then a 303 to the confirmation", async () => {
    const from = "127.0.0.40";
    const page = await get(`/contatta/?annuncio=${listing.id}`, from);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<form [^>]*method="post"/);
    expect(page.text).toContain("Premendo «Invia» accetti");
    const form = (fields: Record<string, string>) =>
      send(portal.url, "POST", `/contatta/?annuncio=${listing.id}`, {
        body: new URLSearchParams(fields).toString(),
        type: "application/x-www-form-urlencoded",
        from,
      });
    const bad = await form({ name: "Maria", email: "", telephone: "", message: "Salve" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Inserisci un indirizzo mail valido");
    expect(bad.text).toContain('value="Maria"');
    const before = Number(
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM leads WHERE listing_id = ${listing.id}`.execute(db)).rows[0]!.n,
    );
    const ok = await form({ name: "Maria Verdi", email: "maria.verdi@example.it", telephone: "", message: "Salve, è ancora disponibile?" });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe(`/contatta/?annuncio=${listing.id}&inviato=1`);
    expect((await get(ok.headers.location as string, from)).text).toContain("Messaggio inviato");
    const after = Number(
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM leads WHERE listing_id = ${listing.id}`.execute(db)).rows[0]!.n,
    );
    expect(after).toBe(before + 1);
    expect((await get("/contatta/?annuncio=999999999", from)).status).toBe(404);
  });

  it("reveals the phone without JavaScript only on POST, with the QR code", async () => {
    const from = "127.0.0.41";
    const path = `/telefono/?inserzionista=${privateListing.publisherId}&annuncio=${privateListing.id}`;
    const page = await get(path, from);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(privateListing.phone);
    const shown = await send(portal.url, "POST", path, { body: "", type: "application/x-www-form-urlencoded", from });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(privateListing.phone);
    expect(shown.text).toContain("<svg");
  });

  it("refuses leads and phone reveals another site sends: 403 with the error shape and nothing stored; the portal's own pages and forms pass", async () => {
    const from = "127.0.0.60";
    const foreign = { origin: "https://evil.example" };
    // `send` connects to 127.0.0.1: without PUBLIC_URL that Host is the portal's origin (docs/decisions/078).
    const ours = { origin: `http://127.0.0.1:${new URL(portal.url).port}` };
    const crossSite = { error: { status: 403, message: "Richiesta non consentita da un altro sito" } };
    const stored = async () =>
      (
        await sql<{ leads: number; calls: number }>`
        SELECT (SELECT count(*)::int FROM leads) AS leads, (SELECT count(*)::int FROM phone_calls) AS calls`.execute(db)
      ).rows[0]!;
    const lead = { listingId: listing.id, name: "Maria Rossi", email: "maria@example.it", message: "Ciao" };
    const requests: Array<[string, object]> = [
      ["mycasa/searchSpecific", lead],
      ["mycasa/searchGeneric", lead],
      ["mycasa/searchAgency", { publisherId: agency.id, name: "Maria Rossi", email: "maria@example.it" }],
      ["phonecall", { publisherId: privateListing.publisherId, listingId: privateListing.id, device: "PD" }],
    ];
    const formBody = new URLSearchParams({ name: "Maria Rossi", email: "maria@example.it", telephone: "", message: "Ciao" }).toString();
    const contactForm = (headers: Record<string, string>) =>
      send(portal.url, "POST", `/contatta/?annuncio=${listing.id}`, {
        body: formBody,
        type: "application/x-www-form-urlencoded",
        from,
        headers,
      });
    const phoneForm = (headers: Record<string, string>) =>
      send(portal.url, "POST", `/telefono/?inserzionista=${privateListing.publisherId}&annuncio=${privateListing.id}`, {
        body: "",
        type: "application/x-www-form-urlencoded",
        from,
        headers,
      });

    const before = await stored();
    for (const [endpoint, body] of requests) {
      const res = await send(portal.url, "POST", `/portal-srp/api/v1/${endpoint}`, { body: JSON.stringify(body), from, headers: foreign });
      expect([endpoint, res.status, res.json]).toEqual([endpoint, 403, crossSite]);
      expect(res.text).not.toContain(privateListing.phone);
      // A browser that sends no Origin still says where the request comes from.
      const noOrigin = await send(portal.url, "POST", `/portal-srp/api/v1/${endpoint}`, {
        body: JSON.stringify(body),
        from,
        headers: { "sec-fetch-site": "cross-site" },
      });
      expect([endpoint, noOrigin.status, noOrigin.json]).toEqual([endpoint, 403, crossSite]);
    }
    // The forms: a foreign Origin is already refused by React Router's own action check (400) before the
    // route runs; a browser that sends no Origin but says cross-site meets the same rule as the API.
    for (const headers of [foreign, { "sec-fetch-site": "cross-site" }]) {
      const refusedForm = await contactForm(headers);
      expect(refusedForm.status).toBeOneOf([400, 403]);
      const refusedPhone = await phoneForm(headers);
      expect(refusedPhone.status).toBeOneOf([400, 403]);
      expect(refusedPhone.text).not.toContain(privateListing.phone);
    }
    const bySecFetchSite = await contactForm({ "sec-fetch-site": "cross-site" });
    expect(bySecFetchSite.status).toBe(403);
    expect(bySecFetchSite.text).toContain("Richiesta non consentita da un altro sito");
    const phoneBySecFetchSite = await phoneForm({ "sec-fetch-site": "cross-site" });
    expect(phoneBySecFetchSite.status).toBe(403);
    expect(phoneBySecFetchSite.text).toContain("Richiesta non consentita da un altro sito");
    expect(await stored()).toEqual(before);

    const statuses: number[] = [];
    for (const [endpoint, body] of requests) {
      statuses.push(
        (await send(portal.url, "POST", `/portal-srp/api/v1/${endpoint}`, { body: JSON.stringify(body), from, headers: ours })).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 200]);
    expect((await contactForm(ours)).status).toBe(303);
    const shown = await phoneForm(ours);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(privateListing.phone);
  });

  it("reveals a private seller's number only from one of their online listings, caps reveals per seller and records each", async () => {
    clearOfRateWindowEdges();
    const sellers = await sql<{ id: number; publisherId: number; phone: string }>`
      SELECT l.id::int AS id, l.publisher_id::int AS "publisherId", p.phone FROM listings l JOIN publishers p ON p.id = l.publisher_id
      WHERE p.kind = 'private' AND p.show_phone_number AND p.phone IS NOT NULL AND l.publisher_id <> ${privateListing.publisherId}
      ORDER BY l.id LIMIT 2`.execute(db);
    const [capped, withdrawn] = sellers.rows;
    const needsListing = {
      error: { status: 400, message: "Il numero di un privato si mostra solo dal suo annuncio", field: "listingId" },
    };
    // By id alone (ids are sequential): refused, nothing revealed, nothing recorded.
    const byId = await api("phonecall", { publisherId: capped!.publisherId, jwt: "", device: "PD" }, "127.0.5.1");
    expect(byId.json).toEqual(needsListing);
    expect(byId.text).not.toContain(capped!.phone);
    const page = await send(portal.url, "POST", `/telefono/?inserzionista=${capped!.publisherId}`, {
      body: "",
      type: "application/x-www-form-urlencoded",
      from: "127.0.5.1",
    });
    expect(page.status).toBe(400);
    expect(page.text).toContain("Il numero di un privato si mostra solo dal suo annuncio");
    expect(page.text).not.toContain(capped!.phone);
    // Another seller's listing, or a listing no longer online: not theirs to show.
    expect(
      (await api("phonecall", { publisherId: capped!.publisherId, listingId: withdrawn!.id, device: "PD" }, "127.0.5.1")).json.error,
    ).toMatchObject({ status: 404, field: "listingId" });
    await withdrawListing(db, withdrawn!.id);
    expect(
      (await api("phonecall", { publisherId: withdrawn!.publisherId, listingId: withdrawn!.id, device: "PD" }, "127.0.5.1")).json,
    ).toEqual({ error: { status: 404, message: "Annuncio non trovato", field: "listingId" } });
    expect(await phoneCallsForPublisher(db, capped!.publisherId)).toEqual([]);
    expect(await phoneCallsForPublisher(db, withdrawn!.publisherId)).toEqual([]);

    // From its listing: shown and recorded, 30 times an hour across addresses (each address may ask 20 times), then 429.
    const statuses: number[] = [];
    let last: Reply | null = null;
    for (let i = 0; i < 31; i++) {
      last = await api("phonecall", { publisherId: capped!.publisherId, listingId: capped!.id, device: "PD" }, `127.0.5.${2 + (i % 3)}`);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(last!.text).not.toContain(capped!.phone);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(60);
    const calls = await phoneCallsForPublisher(db, capped!.publisherId);
    expect(calls).toHaveLength(30);
    expect(calls.every((c) => c.listingId === capped!.id)).toBe(true);
  });

  it("takes '+39 333 123 4567' as a phone number and stores it as +393331234567", async () => {
    const res = await api(
      "mycasa/searchSpecific",
      { listingId: listing.id, name: "Anna Greco", email: "anna.greco@example.it", telephone: "+39 333 123 4567", message: "Ciao" },
      "127.0.0.62",
    );
    expect(res.status).toBe(201);
    const stored = await sql<{ phone: string }>`SELECT phone FROM leads WHERE id = ${res.json.leadIds[0]}`.execute(db);
    expect(stored.rows).toEqual([{ phone: "+393331234567" }]);
  });

  it("limits lead floods per address with 429 and Retry-After, whatever X-Client-Address says", async () => {
    clearOfRateWindowEdges();
    const from = "127.0.0.50";
    const statuses: number[] = [];
    let last: Reply | null = null;
    for (let i = 0; i < 8; i++) {
      last = await send(portal.url, "POST", "/portal-srp/api/v1/mycasa/searchSpecific", {
        body: JSON.stringify({ listingId: listing.id, name: "Spam Bot", email: `spam${i}@example.it`, message: "Compra" }),
        from,
        headers: { "x-client-address": `10.0.0.${i}` },
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 6)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    expect(last!.json.error.status).toBe(429);
    // Another address is not affected.
    expect(
      (
        await api(
          "mycasa/searchSpecific",
          { listingId: listing.id, name: "Maria Rossi", email: "m@example.it", message: "Ciao" },
          "127.0.0.51",
        )
      ).status,
    ).toBe(201);
  });

  it("says a hidden price in the page's language on the agency's cards", async () => {
    // A small agency (one page of cards) whose first sale becomes a private negotiation for this test.
    const found = await sql<{ id: number; slug: string; listingId: number }>`
      SELECT p.id, p.slug, min(l.id) AS "listingId" FROM publishers p JOIN listings l ON l.publisher_id = p.id
      WHERE p.kind = 'agency' AND p.id <> ${agency.id} AND l.channel = 'vendita'
      GROUP BY p.id, p.slug HAVING (SELECT count(*) FROM listings x WHERE x.publisher_id = p.id) <= 12 ORDER BY count(*) DESC, p.id LIMIT 1`.execute(
      db,
    );
    const { id, slug, listingId } = found.rows[0]!;
    const was = await sql<{ flag: boolean }>`SELECT is_private_negotiation AS flag FROM listings WHERE id = ${listingId}`.execute(db);
    await sql`UPDATE listings SET is_private_negotiation = true WHERE id = ${listingId}`.execute(db);
    try {
      const prices = async (path: string) => [...(await get(path)).text.matchAll(/class="compact-card-price">([^<]+)</g)].map((m) => m[1]!);
      expect(await prices(`/agenzie/${id}-${slug}/`)).toContain("Trattativa riservata");
      const english = await prices(`/en/agenzie/${id}-${slug}/`);
      expect(english).toContain("Price on request");
      expect(english.join(" ")).not.toMatch(/Trattativa|mese/);
    } finally {
      await sql`UPDATE listings SET is_private_negotiation = ${was.rows[0]!.flag} WHERE id = ${listingId}`.execute(db);
    }
  });

  it("answers the agency, agents, Agente Pro, contact and phone pages in English, with English texts and /en/ links", async () => {
    const from = "127.0.4.1";
    const italian =
      /\b(Ordina per|immobili per|agenti immobiliari|espandi|I nostri agenti|Contatta l'|Chiama|Vedi tutti|Successiva|Nome e cognome|Telefono \(facoltativo\)|Messaggio|Invia|Annulla|Torna a|Percorso)\b/;
    const visible = (html: string) =>
      html
        .replace(/<script[\s\S]*?<\/script>/g, " ")
        .replace(/<style[\s\S]*?<\/style>/g, " ")
        .replace(/<[^>]+>/g, " ");
    const links = (html: string) =>
      [...html.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((m) => m[1]!).filter((h) => !h.startsWith("/media/"));

    const page = await get(`/en${agencyPath()}`, from);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="en"');
    expect(page.text).toContain(`${agency.agents} estate agents at `);
    expect(page.text).toContain(`${agency.listings} properties from `);
    expect(page.text).toContain("Our agents");
    expect(page.text).toContain("Contact the agency");
    expect(visible(page.text)).not.toMatch(italian);
    const enLinks = links(page.text);
    expect(enLinks.filter((h) => !h.startsWith("/en/"))).toEqual([agencyPath()]); // only the language switch leads to Italian
    expect(enLinks).toContain(`/en/contatta/?agenzia=${agency.id}`);
    expect(enLinks).toContain(`/en${agencyPath()}agenti/`);
    expect(enLinks.some((h) => /^\/en\/annunci\/\d+\/$/.test(h))).toBe(true);
    // Page 2 keeps its English path, and a stale slug redirects within /en/.
    const second = await get(`/en${agencyPath()}?pagina=2`, from);
    expect(second.status).toBe(200);
    expect(/<title>([^<]*)<\/title>/.exec(second.text)?.[1]).toMatch(/ - page 2$/);
    const stale = await get(`/en/agenzie/${agency.id}-vecchio-nome/`, from);
    expect([stale.status, stale.headers.location]).toEqual([301, `/en${agencyPath()}`]);
    const missing = await get("/en/agenzie/999999999-nessuna/", from);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("Agency not found");

    const agents = await get(`/en${agencyPath()}agenti/`, from);
    expect(agents.status).toBe(200);
    expect(visible(agents.text)).not.toMatch(italian);
    expect(agents.text).toMatch(/\d properties?</);
    const pro = await get(`/en/agenti/${agentPro.id}-${agentPro.slug}/`, from);
    expect(pro.status).toBe(200);
    expect(pro.text).toContain(`See all the listings of the agency ${agentPro.parentName}`);
    expect(pro.text).toContain("Contact the agent");

    const contact = await get(`/en/contatta/?annuncio=${listing.id}`, from);
    expect(contact.status).toBe(200);
    expect(visible(contact.text)).not.toMatch(italian);
    expect(contact.text).toContain("Full name");
    expect(contact.text).toContain("Hello, I am interested in this property");
    const form = (fields: Record<string, string>) =>
      send(portal.url, "POST", `/en/contatta/?annuncio=${listing.id}`, {
        body: new URLSearchParams(fields).toString(),
        type: "application/x-www-form-urlencoded",
        from,
      });
    const bad = await form({ name: "Jane Doe", email: "jane@", telephone: "", message: "Hello" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("The email address is not valid");
    const ok = await form({ name: "Jane Doe", email: "jane.doe@example.com", telephone: "", message: "Is it still available?" });
    expect([ok.status, ok.headers.location]).toEqual([303, `/en/contatta/?annuncio=${listing.id}&inviato=1`]);
    const sent = await get(ok.headers.location as string, from);
    expect(sent.text).toContain("Message sent");
    expect(sent.text).toContain(`href="/en/annunci/${listing.id}/"`);

    const phone = await get(`/en/telefono/?inserzionista=${privateListing.publisherId}&annuncio=${privateListing.id}`, from);
    expect(phone.status).toBe(200);
    expect(phone.text).toContain("Show the number");
    const shown = await send(
      portal.url,
      "POST",
      `/en/telefono/?inserzionista=${privateListing.publisherId}&annuncio=${privateListing.id}`,
      { body: "", type: "application/x-www-form-urlencoded", from },
    );
    expect(shown.text).toContain(privateListing.phone);
    expect(shown.text).toContain("QR code to call");
  });

  it("limits leads per listing across addresses, and phone reveals per address, with 429 and Retry-After (server/rate-limit.ts)", async () => {
    clearOfRateWindowEdges();
    const other = await sql<{ id: number }>`
      SELECT l.id::int AS id FROM listings l JOIN publishers p ON p.id = l.publisher_id
      WHERE NOT l.is_auction AND l.id <> ${listing.id} ORDER BY l.id DESC LIMIT 1`.execute(db);
    const target = other.rows[0]!.id;
    const statuses: number[] = [];
    let last: Reply | null = null;
    // 6 addresses × 6 leads: the per-address budget (6) never runs out, the listing's (30) does.
    for (let a = 0; a < 6; a++) {
      for (let i = 0; i < 6; i++) {
        last = await api(
          "mycasa/searchSpecific",
          { listingId: target, name: "Spam Bot", email: `flood${a}x${i}@example.it`, message: "Compra" },
          `127.0.3.${a + 1}`,
        );
        statuses.push(last.status);
      }
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(60);
    expect(last!.json.error).toMatchObject({ status: 429 });
    // The agency page's leads count per publisher, apart from the listing.
    expect(
      (await api("mycasa/searchAgency", { publisherId: agency.id, name: "Maria Rossi", email: "m@example.it" }, "127.0.3.7")).status,
    ).toBe(201);

    const reveals: number[] = [];
    let lastReveal: Reply | null = null;
    for (let i = 0; i < 21; i++) {
      lastReveal = await api(
        "phonecall",
        { publisherId: privateListing.publisherId, listingId: privateListing.id, device: "PD" },
        "127.0.3.8",
      );
      reveals.push(lastReveal.status);
    }
    expect(reveals.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(reveals[20]).toBe(429);
    expect(Number(lastReveal!.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("answers random bodies on every publisher, lead and phone endpoint with a 2xx or a 4xx carrying a message", async () => {
    const endpoints = [
      "agency",
      "agency/availableresultsagency",
      "agentPro",
      "agentPro/search",
      "phonecall",
      "mycasa/searchSpecific",
      "mycasa/searchGeneric",
      "mycasa/searchAgency",
    ];
    const hostile = fc.constantFrom(
      "<script>alert(1)</script>",
      "x\r\nBcc: a@b.it",
      "' OR 1=1 --",
      "",
      "0",
      "-1",
      "1e309",
      "🏠",
      "a".repeat(5000),
      String(agency.id),
      String(listing.id),
    );
    const field = fc.oneof(hostile, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(hostile, { maxLength: 3 }));
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          publisherId: field,
          listingId: field,
          name: field,
          email: field,
          telephone: field,
          message: field,
          context: field,
          device: field,
          jwt: field,
          uri: field,
          apireq: fc.oneof(field, fc.record({ pId: field, page: field, sortType: field, size: field }, { requiredKeys: [] })),
        },
        { requiredKeys: [] },
      ),
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), body, async (endpoint, payload) => {
        // A fresh address per request: the floods are tested above, here every body reaches validation.
        const from = `127.0.${10 + Math.floor(n / 250)}.${1 + (n++ % 250)}`;
        const res = await api(endpoint, JSON.stringify(payload) ?? "null", from);
        expect(res.status, `${endpoint} ${JSON.stringify(payload)?.slice(0, 300)} → ${res.text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.json.error.message).toEqual(expect.any(String));
      }),
      { numRuns: 300, seed: 20261123 },
    );
  });
});
