import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { builtinCons, builtinFunctions, builtinTypes } from '../src/index.ts';
import { lfTypes } from '../src/protobuf/lf-root.ts';

const specDir = fileURLToPath(new URL('../../../../shared/specs/daml-lf/', import.meta.url));

function loadSpec(): protobuf.Root {
  const root = new protobuf.Root();
  for (const file of ['daml_lf.proto', 'daml_lf2.proto']) {
    protobuf.parse(readFileSync(`${specDir}${file}`, 'utf8'), root);
  }
  root.resolveAll();
  return root;
}

function ourTypes(namespace: protobuf.NamespaceBase): protobuf.Type[] {
  return namespace.nestedArray.flatMap((nested) => [
    ...(nested instanceof protobuf.Type ? [nested] : []),
    ...(nested instanceof protobuf.Namespace || nested instanceof protobuf.Type
      ? ourTypes(nested)
      : []),
  ]);
}

function ourEnums(namespace: protobuf.NamespaceBase): protobuf.Enum[] {
  return namespace.nestedArray.flatMap((nested) => [
    ...(nested instanceof protobuf.Enum ? [nested] : []),
    ...(nested instanceof protobuf.Namespace || nested instanceof protobuf.Type
      ? ourEnums(nested)
      : []),
  ]);
}

const typeName = (field: protobuf.Field) =>
  field.resolvedType ? field.resolvedType.fullName : field.type;

describe('our DALF schema agrees with the published Daml-LF .proto files', () => {
  const spec = loadSpec();
  const lfRoot = lfTypes().root;
  lfRoot.resolveAll();

  it('gives every field we read the number, type and repetition the spec gives it', () => {
    const types = ourTypes(lfRoot);
    expect(types.length).toBeGreaterThan(90);
    for (const ours of types) {
      const theirs = spec.lookupType(ours.fullName);
      for (const field of ours.fieldsArray) {
        const specField = theirs.fields[field.name];
        expect(specField, `${ours.fullName}.${field.name}`).toBeDefined();
        expect(specField?.id, `${ours.fullName}.${field.name}`).toBe(field.id);
        expect(specField && typeName(specField), `${ours.fullName}.${field.name}`).toBe(
          typeName(field),
        );
        expect(specField?.repeated, `${ours.fullName}.${field.name}`).toBe(field.repeated);
      }
      for (const oneof of ours.oneofsArray) {
        expect(theirs.oneofs[oneof.name]?.oneof, `${ours.fullName}.${oneof.name}`).toEqual(
          oneof.oneof,
        );
      }
    }
  });

  it('numbers every enum value as the spec does', () => {
    for (const ours of ourEnums(lfRoot)) {
      const theirs = spec.lookupEnum(ours.fullName);
      expect(ours.values, ours.fullName).toEqual(theirs.values);
    }
  });

  it('names the AST builtins after the spec enums', () => {
    const names = (name: string) => Object.keys(spec.lookupEnum(name).values);
    expect([...builtinFunctions].sort()).toEqual(names('daml_lf_2.BuiltinFunction').sort());
    expect([...builtinTypes].sort()).toEqual(names('daml_lf_2.BuiltinType').sort());
    expect([...builtinCons]).toEqual(names('daml_lf_2.BuiltinCon'));
  });
});
