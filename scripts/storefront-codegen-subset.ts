// Storefront codegen (scripts/storefront-codegen.ts): the slice of Shopify's schema the built-in storefront executes.
import {
  astFromValue,
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
  print,
  TypeInfo,
  typeFromAST,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from "graphql";
import { inputFieldsOf, collectInputTypes } from "./storefront-codegen-types";

interface UsedType {
  fields: Map<string, Set<string>>;
}

export function renderSubset(schema: GraphQLSchema, document: DocumentNode): string {
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
