/** A tiny HTTP client with a cookie jar, as a browser would keep cookies for one site. */
export class CookieClient {
  readonly jar = new Map<string, string>();
  readonly base: string;
  /** Origin header sent with every request (browsers send it on POST); null sends none. */
  origin: string | null;

  /** X-Forwarded-For to send (a portal with TRUST_PROXY=1 then sees this client address). */
  ip: string | null;

  constructor(base: string, origin: string | null = base, ip: string | null = null) {
    this.base = base;
    this.origin = origin;
    this.ip = ip;
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(
    path: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.jar.size) headers.cookie = this.cookieHeader();
    if (this.origin && init.method && init.method !== "GET") headers.origin ??= this.origin;
    if (this.ip) headers["x-forwarded-for"] ??= this.ip;
    let body = init.body;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    }
    const res = await fetch(`${this.base}${path}`, { method: init.method ?? "GET", headers, body, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || attrs.some((a) => a.trim().toLowerCase() === "max-age=0")) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }

  post(path: string, json: unknown, headers?: Record<string, string>) {
    return this.request(path, { method: "POST", json, headers });
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request(path, { headers });
  }
}
