import { data, useSearchParams } from "react-router";
import type { Route } from "./+types/product";
import { requestContext, servicesContext } from "~/lib/context.server";
import { appUrlFrom, breadcrumbs, jsonLd, pageMeta } from "~/lib/seo";
import { collectionPageOf, selectedVariantFrom, variantSearch } from "~/modules/catalogue/catalogue";
import { ProductDetails, ProductNotFound } from "~/modules/catalogue/components/product-details";
import { StorefrontNoticeToast } from "~/modules/catalogue/components/storefront-notice";
import type { Product, StorefrontNotice } from "~/modules/catalogue/types";

export async function loader({ params, context }: Route.LoaderArgs) {
  let product: Product | null = null;
  let notice: StorefrontNotice | null = null;
  try {
    const found = await context.get(servicesContext).catalogue.getProduct(params.handle);
    product = found.product;
    notice = found.notice ?? null;
  } catch (error) {
    // SPEC §8: a failed product fetch is logged and reads as 'Product Not Found'.
    context.get(requestContext).logger.error({ err: error, handle: params.handle }, "product failed to load");
  }
  return data({ product, notice }, { status: product ? 200 : 404 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const product = loaderData?.product;
  if (!product) return [{ title: "Product Not Found | The Hive" }, { name: "robots", content: "noindex" }];
  const origin = appUrlFrom(matches);
  const path = `/product/${product.handle}`;
  const image = product.images[0]?.url ?? null;
  const variant = selectedVariantFrom(product, new URLSearchParams(location.search));
  return [
    ...pageMeta({ matches, title: product.title, description: product.description.slice(0, 155), path, image, type: "product" }),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.title,
      description: product.description,
      image: product.images.map((i) => (i.url.startsWith("/") ? `${origin}${i.url}` : i.url)),
      url: `${origin}${path}`,
      brand: { "@type": "Brand", name: "The Hive Bridal & Formal" },
      offers: {
        "@type": "Offer",
        url: `${origin}${path}${variant ? variantSearch(variant) : ""}`,
        price: Number.parseFloat((variant?.price ?? product.priceRange.minVariantPrice).amount).toFixed(2),
        priceCurrency: (variant?.price ?? product.priceRange.minVariantPrice).currencyCode,
        availability: variant?.availableForSale ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        itemCondition: "https://schema.org/NewCondition",
      },
    }),
    breadcrumbs(matches, [
      { name: "Home", path: "/" },
      // The gown's own collection: a prom gown is under Prom.
      collectionPageOf(product),
      { name: product.title, path },
    ]),
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, notice } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <>
      <StorefrontNoticeToast notice={notice} />
      {product ? <ProductDetails product={product} searchParams={searchParams} /> : <ProductNotFound />}
    </>
  );
}
