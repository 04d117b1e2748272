/**
 * §9 cookie domain: the last two host labels ("www.casa.example" → "casa.example"), or for a dev host
 * the part from the "dev" label on ("a.b.dev.casa.example" → "dev.casa.example"); none for localhost
 * and IP addresses, where browsers refuse a Domain attribute.
 */
export function cookieDomain(host: string): string | undefined {
  const name = host
    .replace(/:\d+$/, "")
    .replace(/^\[|\]$/g, "")
    .toLowerCase();
  if (name === "" || name === "localhost" || name.endsWith(".localhost")) return undefined;
  if (/^[\d.]+$/.test(name) || name.includes(":")) return undefined;
  const labels = name.split(".");
  if (labels.length < 2) return undefined;
  const dev = labels.indexOf("dev");
  if (dev >= 0 && dev < labels.length - 1) return labels.slice(dev).join(".");
  return labels.slice(-2).join(".");
}
