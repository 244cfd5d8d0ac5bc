/**
 * Storefront codegen: reads the catalogue's GraphQL documents and Shopify's
 * published Storefront API schema (2025-07, shipped in @shopify/hydrogen-react
 * 2025.7.x) and writes
 *  - storefront-operations.generated.ts: each operation's text, result type
 *    and variables type, derived from the schema (never written by hand);
 *  - storefront-subset-schema.generated.ts: the slice of Shopify's schema
 *    those documents touch, which the built-in storefront executes against.
 *
 *   npm run codegen:storefront           regenerate
 *   npm run codegen:storefront -- --check fail if the committed files are stale
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  buildClientSchema,
  GraphQLError,
  Kind,
  NoDeprecatedCustomRule,
  parse,
  specifiedRules,
  validate,
  type GraphQLSchema,
  type IntrospectionQuery,
} from "graphql";
import { renderOperations } from "./storefront-codegen-types";
import { renderSubset } from "./storefront-codegen-subset";

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export const PATHS = {
  schema: root("node_modules/@shopify/hydrogen-react/storefront.schema.json"),
  schemaPackage: root("node_modules/@shopify/hydrogen-react/package.json"),
  documents: root("app/modules/catalogue/storefront.graphql"),
  operations: root("app/modules/catalogue/storefront-operations.generated.ts"),
  subset: root("app/modules/built-in-store/storefront-subset-schema.generated.ts"),
};

export function loadShopifySchema(path = PATHS.schema): GraphQLSchema {
  const introspection = JSON.parse(readFileSync(path, "utf8")) as IntrospectionQuery | { data: IntrospectionQuery };
  return buildClientSchema("data" in introspection ? introspection.data : introspection);
}

/** Every rule of the GraphQL spec, plus: no deprecated field, argument, input field or enum value. */
export function checkDocuments(schema: GraphQLSchema, source: string): readonly GraphQLError[] {
  const document = parse(source);
  const errors: GraphQLError[] = [...validate(schema, document, [...specifiedRules, NoDeprecatedCustomRule])];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION && !definition.name) {
      errors.push(new GraphQLError("Every operation needs a name: the generated types are named after it.", { nodes: definition }));
    }
  }
  return errors;
}

export interface GeneratedCode {
  operations: string;
  subset: string;
}

export function generateStorefrontCode(schema: GraphQLSchema, source: string): GeneratedCode {
  const errors = checkDocuments(schema, source);
  if (errors.length > 0)
    throw new Error(`The storefront documents do not fit Shopify's schema:\n${errors.map((e) => `  - ${e.message}`).join("\n")}`);
  const document = parse(source);
  return { operations: renderOperations(schema, document), subset: renderSubset(schema, document) };
}

// ---------------------------------------------------------------------------

export function schemaPackageVersion(): string {
  return (JSON.parse(readFileSync(PATHS.schemaPackage, "utf8")) as { version: string }).version;
}

function main() {
  const check = process.argv.includes("--check");
  const version = schemaPackageVersion();
  if (!version.startsWith("2025.7."))
    throw new Error(`@shopify/hydrogen-react ${version} is installed; the documents target 2025-07 (2025.7.x)`);
  const code = generateStorefrontCode(loadShopifySchema(), readFileSync(PATHS.documents, "utf8"));
  const targets: [string, string][] = [
    [PATHS.operations, code.operations],
    [PATHS.subset, code.subset],
  ];
  if (check) {
    const stale = targets.filter(([path, text]) => {
      try {
        return readFileSync(path, "utf8") !== text;
      } catch {
        return true;
      }
    });
    if (stale.length) {
      process.stderr.write(`Stale: ${stale.map(([p]) => p).join(", ")}. Run npm run codegen:storefront.\n`);
      process.exit(1);
    }
    process.stdout.write("Storefront documents and generated code are up to date.\n");
    return;
  }
  for (const [path, text] of targets) writeFileSync(path, text);
  process.stdout.write(`Wrote ${targets.map(([p]) => p).join(" and ")}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
