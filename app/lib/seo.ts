import type { MetaDescriptor } from "react-router";
import { BRAND } from "./brand";

export interface PageSeo {
  title: string;
  description: string;
  /** Absolute URL of the page (APP_URL plus its path), from the route's loader. */
  canonical?: string;
  image?: string;
}

/** Title, description, canonical link and the Open Graph basics for a page. */
export function pageMeta({ title, description, canonical, image }: PageSeo): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: BRAND.fullName },
  ];
  if (canonical) {
    tags.push({ tagName: "link", rel: "canonical", href: canonical });
    tags.push({ property: "og:url", content: canonical });
    if (image) tags.push({ property: "og:image", content: new URL(image, canonical).toString() });
  }
  return tags;
}
