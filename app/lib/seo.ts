import type { MetaDescriptor } from "react-router";
import { BRAND } from "./brand";

/** The site's public origin, put in the root loader's data from APP_URL. */
export interface RootSeoData {
  appUrl: string;
}

export type Matches = readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[];

export function appUrlFrom(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as RootSeoData | undefined;
  return data?.appUrl ?? "";
}

/** Title, description, canonical and Open Graph for a page, in one place. */
export function pageMeta({
  matches,
  title,
  description,
  path,
  image,
  type = "website",
  noindex = false,
}: {
  matches: Matches;
  title: string;
  description: string;
  path: string;
  image?: string | null;
  type?: "website" | "product" | "article";
  noindex?: boolean;
}): MetaDescriptor[] {
  const origin = appUrlFrom(matches);
  const url = `${origin}${path}`;
  const fullTitle = title.includes(BRAND.name) ? title : `${title} | ${BRAND.fullName}`;
  const meta: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: BRAND.fullName },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) meta.push({ property: "og:image", content: image.startsWith("/") ? `${origin}${image}` : image });
  if (noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}

/** A page whose address holds a working key (a mailed link's token): kept out of indexes, and no Referer to other sites. */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
}

/** A JSON-LD block for the page's meta (React Router renders it as a script of type application/ld+json). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

export function breadcrumbs(matches: Matches, trail: { name: string; path: string }[]): MetaDescriptor {
  const origin = appUrlFrom(matches);
  return jsonLd({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: `${origin}${step.path}`,
    })),
  });
}
