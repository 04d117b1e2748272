/** schema.org structured data shared by pages (docs/decisions/090); the listing and agency pages build their own. */

/** A BreadcrumbList: the trail as the page's visible breadcrumbs show it, with absolute URLs, the page last. */
export function breadcrumbListJsonLd(trail: ReadonlyArray<{ name: string; url: string }>) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, i) => ({ "@type": "ListItem", position: i + 1, name: step.name, item: step.url })),
  };
}
