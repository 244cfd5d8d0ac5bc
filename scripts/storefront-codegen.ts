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
  astFromValue,
  buildClientSchema,
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  GraphQLError,
  Kind,
  NoDeprecatedCustomRule,
  parse,
  print,
  specifiedRules,
  TypeInfo,
  typeFromAST,
  validate,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type IntrospectionQuery,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export const PATHS = {
  schema: root("node_modules/@shopify/hydrogen-react/storefront.schema.json"),
  schemaPackage: root("node_modules/@shopify/hydrogen-react/package.json"),
  documents: root("app/modules/catalogue/storefront.graphql"),
  operations: root("app/modules/catalogue/storefront-operations.generated.ts"),
  subset: root("app/modules/built-in-store/storefront-subset-schema.generated.ts"),
};

/**
 * Input fields the boutique sends. Only these enter the generated variable
 * types and the built-in schema, so nothing can be sent that the built-in
 * storefront would silently ignore.
 */
const INPUT_FIELDS: Record<string, readonly string[]> = {
  CartInput: ["lines"],
  CartLineInput: ["merchandiseId", "quantity"],
};

/** Shopify's scalars as they arrive in JSON. */
const SCALARS: Record<string, string> = {
  ID: "string",
  String: "string",
  Int: "number",
  Float: "number",
  Boolean: "boolean",
  Decimal: "string",
  URL: "string",
  HTML: "string",
  DateTime: "string",
  Color: "string",
  UnsignedInt64: "string",
  JSON: "unknown",
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
// Result and variable types

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const map = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) map.set(d.name.value, d);
  return map;
}

interface CollectedField {
  name: string;
  field: GraphQLField<unknown, unknown> | null;
  selectionSets: SelectionSetNode[];
}

function appliesTo(schema: GraphQLSchema, condition: GraphQLNamedType | undefined | null, type: GraphQLObjectType): boolean {
  if (!condition) return true;
  if (condition === type) return true;
  return isAbstractType(condition) && schema.isSubType(condition, type);
}

function collectFields(
  schema: GraphQLSchema,
  fragments: Map<string, FragmentDefinitionNode>,
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  out: Map<string, CollectedField>,
): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      const name = selection.name.value;
      const entry = out.get(key) ?? { name, field: name === "__typename" ? null : (type.getFields()[name] ?? null), selectionSets: [] };
      if (selection.selectionSet) entry.selectionSets.push(selection.selectionSet);
      out.set(key, entry);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : null;
      if (appliesTo(schema, condition, type)) collectFields(schema, fragments, type, selection.selectionSet, out);
    } else {
      const fragment = fragments.get(selection.name.value);
      if (!fragment) throw new Error(`unknown fragment ${selection.name.value}`);
      if (appliesTo(schema, schema.getType(fragment.typeCondition.name.value), type))
        collectFields(schema, fragments, type, fragment.selectionSet, out);
    }
  }
}

function indent(depth: number): string {
  return "  ".repeat(depth);
}

function renderLeaf(type: GraphQLNamedType): string {
  // Enums are emitted once as named unions (see renderOperations).
  if (isEnumType(type)) return type.name;
  if (isScalarType(type)) {
    const mapped = SCALARS[type.name];
    if (!mapped) throw new Error(`no TypeScript type for the scalar ${type.name}: add it to SCALARS`);
    return mapped;
  }
  throw new Error(`${type.name} is not a leaf type`);
}

function renderObject(
  schema: GraphQLSchema,
  fragments: Map<string, FragmentDefinitionNode>,
  type: GraphQLObjectType,
  sets: SelectionSetNode[],
  depth: number,
): string {
  const fields = new Map<string, CollectedField>();
  for (const set of sets) collectFields(schema, fragments, type, set, fields);
  if (fields.size === 0) return "{}";
  const lines = [...fields].map(([key, entry]) => {
    const rendered = entry.field
      ? renderOutput(schema, fragments, entry.field.type, entry.selectionSets, depth + 1)
      : JSON.stringify(type.name);
    return `${indent(depth + 1)}${key}: ${rendered};`;
  });
  return `{\n${lines.join("\n")}\n${indent(depth)}}`;
}

function renderComposite(
  schema: GraphQLSchema,
  fragments: Map<string, FragmentDefinitionNode>,
  type: GraphQLCompositeType,
  sets: SelectionSetNode[],
  depth: number,
): string {
  if (isObjectType(type)) return renderObject(schema, fragments, type, sets, depth);
  const shapes = [...new Set(schema.getPossibleTypes(type).map((t) => renderObject(schema, fragments, t, sets, depth)))];
  return shapes.length === 1 ? shapes[0]! : shapes.map((s) => `(${s})`).join(" | ");
}

function renderOutput(
  schema: GraphQLSchema,
  fragments: Map<string, FragmentDefinitionNode>,
  type: GraphQLOutputType,
  sets: SelectionSetNode[],
  depth: number,
): string {
  const nonNull = isNonNullType(type);
  const inner = nonNull ? type.ofType : type;
  let rendered: string;
  if (isListType(inner)) rendered = `Array<${renderOutput(schema, fragments, inner.ofType, sets, depth)}>`;
  else if (isObjectType(inner) || isInterfaceType(inner) || isUnionType(inner))
    rendered = renderComposite(schema, fragments, inner, sets, depth);
  else rendered = renderLeaf(inner);
  return nonNull ? rendered : `${rendered} | null`;
}

function renderInput(type: GraphQLInputType): string {
  const nonNull = isNonNullType(type);
  const inner = nonNull ? type.ofType : type;
  let rendered: string;
  if (isListType(inner)) rendered = `Array<${renderInput(inner.ofType)}>`;
  else if (isInputObjectType(inner)) rendered = inner.name;
  else rendered = renderLeaf(inner);
  return nonNull ? rendered : `${rendered} | null`;
}

function inputFieldsOf(type: GraphQLNamedType) {
  if (!isInputObjectType(type)) return [];
  const allowed = INPUT_FIELDS[type.name];
  return Object.values(type.getFields()).filter((f) => !allowed || allowed.includes(f.name));
}

function collectInputTypes(type: GraphQLInputType, seen: Map<string, GraphQLNamedType>): void {
  const named = getNamedType(type);
  if (seen.has(named.name) || !isInputObjectType(named)) return;
  seen.set(named.name, named);
  for (const field of inputFieldsOf(named)) collectInputTypes(field.type, seen);
}

function operationTypeName(operation: OperationDefinitionNode): string {
  return `${operation.name!.value}${operation.operation === "mutation" ? "Mutation" : "Query"}`;
}

/** The fragments an operation uses, directly or through other fragments, in document order. */
function fragmentsUsedBy(
  definition: OperationDefinitionNode | FragmentDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
): FragmentDefinitionNode[] {
  const used = new Set<string>();
  const walk = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        if (used.has(spread.name.value)) return;
        used.add(spread.name.value);
        walk(fragments.get(spread.name.value)!);
      },
    });
  walk(definition);
  return [...fragments.values()].filter((f) => used.has(f.name.value));
}

function renderOperations(schema: GraphQLSchema, document: DocumentNode): string {
  const fragments = fragmentsOf(document);
  const out: string[] = [
    "// Generated by scripts/storefront-codegen.ts from storefront.graphql and Shopify's",
    "// Storefront API 2025-07 schema. Do not edit: run `npm run codegen:storefront`.",
    "",
    "/** A GraphQL document that carries its result and variables types. */",
    "export interface StorefrontDocument<TResult, TVariables> {",
    "  readonly operationName: string;",
    "  readonly query: string;",
    "  /** Never set: only here so TypeScript can read the types back. */",
    "  readonly __types?: { result: TResult; variables: TVariables };",
    "}",
    "",
  ];

  const enums = new Set<string>();
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field() {
        const type = typeInfo.getType();
        if (type && isEnumType(getNamedType(type))) enums.add(getNamedType(type).name);
      },
    }),
  );
  for (const name of [...enums].sort()) {
    const type = schema.getType(name);
    if (isEnumType(type))
      out.push(
        `export type ${name} = ${type
          .getValues()
          .map((v) => JSON.stringify(v.name))
          .join(" | ")};`,
        "",
      );
  }

  for (const fragment of fragments.values()) {
    const type = schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType;
    out.push(`export type ${fragment.name.value}Fragment = ${renderComposite(schema, fragments, type, [fragment.selectionSet], 0)};`, "");
  }

  const inputs = new Map<string, GraphQLNamedType>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const variable of definition.variableDefinitions ?? []) {
      collectInputTypes(typeFromAST(schema, variable.type as never) as GraphQLInputType, inputs);
    }
  }
  for (const input of [...inputs.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const fields = inputFieldsOf(input).map((f) => {
      const optional = !isNonNullType(f.type) || f.defaultValue !== undefined;
      return `  ${f.name}${optional ? "?" : ""}: ${renderInput(f.type)};`;
    });
    out.push(`export interface ${input.name} {`, ...fields, "}", "");
  }

  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const name = operationTypeName(definition);
    const rootType = definition.operation === "mutation" ? schema.getMutationType()! : schema.getQueryType()!;
    out.push(`export type ${name} = ${renderObject(schema, fragments, rootType, [definition.selectionSet], 0)};`, "");
    const variables = (definition.variableDefinitions ?? []).map((v) => {
      const type = typeFromAST(schema, v.type as never) as GraphQLInputType;
      const optional = !isNonNullType(type) || v.defaultValue !== undefined;
      return `  ${v.variable.name.value}${optional ? "?" : ""}: ${renderInput(type)};`;
    });
    out.push(
      variables.length
        ? `export interface ${name}Variables {\n${variables.join("\n")}\n}`
        : `export type ${name}Variables = Record<string, never>;`,
      "",
    );
    const text = [definition, ...fragmentsUsedBy(definition, fragments)].map((d) => print(d)).join("\n\n");
    out.push(
      `export const ${definition.name!.value}Document: StorefrontDocument<${name}, ${name}Variables> = {`,
      `  operationName: ${JSON.stringify(definition.name!.value)},`,
      `  query: ${JSON.stringify(text)},`,
      "};",
      "",
    );
  }
  return `${out.join("\n").trimEnd()}\n`;
}

// ---------------------------------------------------------------------------
// The schema slice for the built-in storefront

interface UsedType {
  fields: Map<string, Set<string>>;
}

function renderSubset(schema: GraphQLSchema, document: DocumentNode): string {
  const used = new Map<string, UsedType>();
  const namedTypes = new Set<string>();
  const recordField = (typeName: string, fieldName: string, args: string[]) => {
    const entry = used.get(typeName) ?? { fields: new Map() };
    const argSet = entry.fields.get(fieldName) ?? new Set<string>();
    for (const a of args) argSet.add(a);
    entry.fields.set(fieldName, argSet);
    used.set(typeName, entry);
    namedTypes.add(typeName);
  };

  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        if (!parent || !field || node.name.value.startsWith("__")) return;
        const args = (node.arguments ?? []).map((a) => a.name.value);
        recordField(parent.name, field.name, args);
        // A field read through an interface is resolved on each concrete type.
        if (isInterfaceType(parent)) for (const t of schema.getPossibleTypes(parent)) recordField(t.name, field.name, args);
        const named = getNamedType(field.type);
        namedTypes.add(named.name);
        if (isAbstractType(named)) for (const t of schema.getPossibleTypes(named)) namedTypes.add(t.name);
      },
      VariableDefinition(node) {
        const inputs = new Map<string, GraphQLNamedType>();
        const type = typeFromAST(schema, node.type as never) as GraphQLInputType;
        collectInputTypes(type, inputs);
        namedTypes.add(getNamedType(type).name);
        for (const input of inputs.values()) {
          namedTypes.add(input.name);
          for (const f of inputFieldsOf(input)) namedTypes.add(getNamedType(f.type).name);
        }
      },
    }),
  );

  const query = schema.getQueryType()!;
  const mutation = schema.getMutationType()!;
  const blocks: string[] = [`schema {\n  query: ${query.name}\n  mutation: ${mutation.name}\n}`];
  const argumentList = (field: GraphQLField<unknown, unknown>, names: Set<string>) => {
    const args = field.args.filter((a) => names.has(a.name));
    if (args.length === 0) return "";
    return `(${args
      .map((a) => {
        const fallback = a.defaultValue !== undefined ? astFromValue(a.defaultValue, a.type) : null;
        return `${a.name}: ${String(a.type)}${fallback ? ` = ${print(fallback)}` : ""}`;
      })
      .join(", ")})`;
  };
  const fieldLines = (typeName: string, type: GraphQLObjectType | GraphQLInterfaceType) => {
    const entry = used.get(typeName);
    return [...(entry?.fields ?? new Map<string, Set<string>>())]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, args]) => {
        const field = type.getFields()[name]!;
        return `  ${name}${argumentList(field, args)}: ${String(field.type)}`;
      });
  };

  for (const name of [...namedTypes].sort()) {
    const type = schema.getType(name)!;
    if (isScalarType(type)) {
      if (!["String", "Int", "Float", "Boolean", "ID"].includes(name)) blocks.push(`scalar ${name}`);
    } else if (isEnumType(type)) {
      blocks.push(
        `enum ${name} {\n${type
          .getValues()
          .map((v) => `  ${v.name}`)
          .join("\n")}\n}`,
      );
    } else if (isInputObjectType(type)) {
      blocks.push(
        `input ${name} {\n${inputFieldsOf(type)
          .map((f) => `  ${f.name}: ${String(f.type)}`)
          .join("\n")}\n}`,
      );
    } else if (isUnionType(type)) {
      blocks.push(
        `union ${name} = ${type
          .getTypes()
          .map((t) => t.name)
          .join(" | ")}`,
      );
    } else if (isInterfaceType(type)) {
      blocks.push(`interface ${name} {\n${fieldLines(name, type).join("\n")}\n}`);
    } else if (isObjectType(type)) {
      const interfaces = type.getInterfaces().filter((i) => namedTypes.has(i.name));
      const lines = fieldLines(name, type);
      // A type reached only as a possible type (e.g. a union member) with no field read still needs one field to be valid SDL.
      if (lines.length === 0) lines.push(`  __placeholder: Boolean`);
      blocks.push(
        `type ${name}${interfaces.length ? ` implements ${interfaces.map((i) => i.name).join(" & ")}` : ""} {\n${lines.join("\n")}\n}`,
      );
    }
  }
  const sdl = `${blocks.join("\n\n")}\n`;
  return [
    "// Generated by scripts/storefront-codegen.ts: the part of Shopify's Storefront API 2025-07",
    "// schema that storefront.graphql uses. The built-in storefront executes against it.",
    "// Do not edit: run `npm run codegen:storefront`.",
    "",
    `export const STOREFRONT_SUBSET_SDL = ${JSON.stringify(sdl)};`,
    "",
  ].join("\n");
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
