// Storefront codegen (scripts/storefront-codegen.ts): each operation's result and variables types.
import {
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
  Kind,
  print,
  TypeInfo,
  typeFromAST,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

/**
 * Input fields the boutique sends. Only these enter the generated variable
 * types and the built-in schema, so nothing can be sent that the built-in
 * storefront would silently ignore.
 */
export const INPUT_FIELDS: Record<string, readonly string[]> = {
  CartInput: ["lines"],
  CartLineInput: ["merchandiseId", "quantity"],
};

/** Shopify's scalars as they arrive in JSON. */
export const SCALARS: Record<string, string> = {
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

export function inputFieldsOf(type: GraphQLNamedType) {
  if (!isInputObjectType(type)) return [];
  const allowed = INPUT_FIELDS[type.name];
  return Object.values(type.getFields()).filter((f) => !allowed || allowed.includes(f.name));
}

export function collectInputTypes(type: GraphQLInputType, seen: Map<string, GraphQLNamedType>): void {
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

export function renderOperations(schema: GraphQLSchema, document: DocumentNode): string {
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
