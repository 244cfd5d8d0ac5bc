import { readFileSync } from "node:fs";
import { buildSchema, getNamedType, isInputObjectType, isInterfaceType, isObjectType, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import * as operations from "~/modules/catalogue/storefront-operations.generated";
import { STOREFRONT_SUBSET_SDL } from "~/modules/built-in-store/storefront-subset-schema.generated";
import {
  checkDocuments,
  generateStorefrontCode,
  loadShopifySchema,
  PATHS,
  schemaPackageVersion,
} from "../../../scripts/storefront-codegen";

/**
 * Our documents against Shopify's own published schema: the 2025-07
 * storefront.schema.json shipped in @shopify/hydrogen-react 2025.7.x.
 */
const shopify = loadShopifySchema();
const source = readFileSync(PATHS.documents, "utf8");
const documents = Object.entries(operations).filter(([name]) => name.endsWith("Document")) as [
  string,
  { operationName: string; query: string },
][];

describe("the storefront documents", () => {
  it("are checked against the 2025-07 schema of an exact 2025.7.x hydrogen-react", () => {
    expect(schemaPackageVersion()).toMatch(/^2025\.7\.\d+$/);
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    expect(pkg.devDependencies["@shopify/hydrogen-react"]).toMatch(/^2025\.7\.\d+$/);
    // The deprecation this schema version is known for, as a sanity check that we read the right file.
    expect(shopify.getQueryType()?.getFields().productByHandle?.deprecationReason).toMatch(/Use `product` instead/);
  });

  it("validate against Shopify's schema with no unknown and no deprecated field", () => {
    expect(checkDocuments(shopify, source).map((e) => e.message)).toEqual([]);
    expect(documents.map(([, d]) => d.operationName).sort()).toEqual([
      "CatalogueCartCreate",
      "CatalogueCollectionProducts",
      "CatalogueProduct",
      "CatalogueProducts",
      "CatalogueSearch",
    ]);
    for (const [, document] of documents) expect(checkDocuments(shopify, document.query).map((e) => e.message)).toEqual([]);
  });

  it("the check fails on an unknown field, a deprecated field, and an unnamed operation", () => {
    expect(checkDocuments(shopify, 'query A { product(handle: "x") { colour } }').map((e) => e.message)).toEqual([
      `Cannot query field "colour" on type "Product".`,
    ]);
    expect(checkDocuments(shopify, 'query A { productByHandle(handle: "x") { id } }')[0]?.message).toMatch(/productByHandle.*deprecated/);
    expect(checkDocuments(shopify, 'query A { product(handle: "x") { options { values } } }')[0]?.message).toMatch(
      /ProductOption.values.*deprecated/,
    );
    expect(checkDocuments(shopify, "{ shop { name } }")[0]?.message).toMatch(/needs a name/);
  });

  it("read what SPEC §3 and §9 ask: 5 images and 10 variants in lists, 10 and 20 on a product, up to 100 cart lines", () => {
    const text = (name: string) => documents.find(([, d]) => d.operationName === name)![1].query;
    expect(text("CatalogueProducts")).toMatch(/\$first: Int = 100/);
    for (const list of ["CatalogueProducts", "CatalogueCollectionProducts", "CatalogueSearch"]) {
      expect(text(list)).toContain("images(first: 5)");
      expect(text(list)).toContain("variants(first: 10)");
    }
    expect(text("CatalogueProduct")).toContain("product(handle: $handle)");
    expect(text("CatalogueProduct")).toContain("images(first: 10)");
    expect(text("CatalogueProduct")).toContain("variants(first: 20)");
    expect(text("CatalogueCartCreate")).toContain("lines(first: 100)");
    for (const field of ["checkoutUrl", "totalQuantity", "totalAmount", "userErrors"]) expect(text("CatalogueCartCreate")).toContain(field);
  });

  it("have generated code that is up to date (run npm run codegen:storefront after editing storefront.graphql)", () => {
    const generated = generateStorefrontCode(shopify, source);
    expect(readFileSync(PATHS.operations, "utf8")).toBe(generated.operations);
    expect(readFileSync(PATHS.subset, "utf8")).toBe(generated.subset);
  });
});

describe("the built-in storefront's schema", () => {
  const subset = buildSchema(STOREFRONT_SUBSET_SDL);

  it("accepts every document", () => {
    for (const [, document] of documents) expect(validate(subset, parse(document.query)).map((e) => e.message)).toEqual([]);
  });

  it("is a true slice of Shopify's: every type, field, argument and input field exists there with the same type", () => {
    const mismatches: string[] = [];
    for (const type of Object.values(subset.getTypeMap())) {
      if (type.name.startsWith("__")) continue;
      const theirs = shopify.getType(type.name);
      if (!theirs) {
        mismatches.push(`${type.name} is not in Shopify's schema`);
        continue;
      }
      if ((isObjectType(type) || isInterfaceType(type)) && (isObjectType(theirs) || isInterfaceType(theirs))) {
        for (const field of Object.values(type.getFields())) {
          const other = theirs.getFields()[field.name];
          if (!other) mismatches.push(`${type.name}.${field.name} is not in Shopify's schema`);
          else if (String(other.type) !== String(field.type))
            mismatches.push(`${type.name}.${field.name}: ${String(field.type)} vs ${String(other.type)}`);
          for (const arg of field.args) {
            const otherArg = other?.args.find((a) => a.name === arg.name);
            if (!otherArg || String(otherArg.type) !== String(arg.type)) mismatches.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
      if (isInputObjectType(type) && isInputObjectType(theirs)) {
        for (const field of Object.values(type.getFields())) {
          if (String(theirs.getFields()[field.name]?.type) !== String(field.type)) mismatches.push(`${type.name}.${field.name}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(getNamedType(subset.getQueryType()!.getFields().products!.type).name).toBe("ProductConnection");
  });
});
