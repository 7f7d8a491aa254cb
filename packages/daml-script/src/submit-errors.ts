import { fromLedgerValue, type LfValue } from '@pocketnet/daml-lf';
import type { Value } from '@pocketnet/ledger';
import type { ScriptTypes } from './script-commands.ts';
import type { SubmitFailure } from './script-ledger.ts';
import type { ScriptPackages } from './script-packages.ts';
import {
  contractIdValue,
  listValue,
  noneValue,
  record,
  runtimeTypeOf,
  someValue,
  unitValue,
  variant,
} from './script-values.ts';

/**
 * A refused submission as the library's `SubmitError`, as Daml's runner converts Canton's error
 * (by its code and resources): the constructor the library version declares for that code, the
 * same fields, and `TruncatedError` when the error lacks the resources a constructor needs.
 * Constructors are found by name, so their ranks follow the library's own declaration.
 */
export function submitErrorValue(
  packages: ScriptPackages,
  types: ScriptTypes,
  failure: SubmitFailure,
): LfValue {
  const [packageId = '', module = '', name = ''] = types.submitError.split(':');
  const declared = packages.packages.get(packageId)?.modules.get(module)?.dataTypes.get(name);
  const constructors = declared?.tag === 'variant' ? declared.variants.map((v) => v.field) : [];
  const has = (kind: string) => constructors.includes(kind);
  const error = (kind: string, fields: readonly LfValue[] | null): LfValue => {
    const rank = constructors.indexOf(kind);
    if (rank < 0) return unknown();
    const payload = fields === null ? unitValue : record(types.submitErrorRecord(kind), fields);
    return variant(types.submitError, kind, rank, payload);
  };
  const unknown = () => {
    const rank = constructors.indexOf('UnknownError');
    const message = `${failure.code}: ${failure.message}`;
    return variant(
      types.submitError,
      'UnknownError',
      rank,
      record(types.submitErrorRecord('UnknownError'), [message]),
    );
  };
  const truncated = (kind: string) =>
    error('TruncatedError', [kind, `${failure.code}: ${failure.message}`]);
  const details = failure.details ?? {};
  const typeRep = (id: string) =>
    record(types.templateTypeRep, [{ tag: 'TypeRep', type: { tag: 'Con', tycon: id } }]);
  const anyContractId = (templateId: string, contractId: string) =>
    record(types.anyContractId, [typeRep(templateId), contractIdValue(contractId)]);
  const anyContractKey = (): LfValue | null => {
    const { templateId, contractKey } = details;
    if (templateId === undefined || contractKey === undefined) return null;
    const keyType = templateKeyType(packages, templateId);
    if (keyType === null) return null;
    const value = fromLedgerValue(
      packages.valueTypes.valueType(keyType.type),
      JSON.parse(contractKey) as Value,
    );
    return record(types.anyContractKey, [
      { tag: 'Any', type: keyType.runtime, value },
      typeRep(templateId),
    ]);
  };

  if (failure.exception !== undefined) {
    return error('UnhandledException', [someValue(failure.exception)]);
  }
  switch (failure.code) {
    case 'CONTRACT_NOT_FOUND':
    case 'CONTRACT_NOT_ACTIVE':
    case 'LOCAL_VERDICT_INACTIVE_CONTRACTS': {
      const ids = contractIdsOf(failure);
      if (ids.length === 0) return truncated('ContractNotFound');
      const [first, ...rest] = ids as [string, ...string[]];
      const nonEmpty = record(types.nonEmpty, [first, listValue(rest)]);
      return error('ContractNotFound', [nonEmpty, noneValue]);
    }
    case 'CONTRACT_KEY_NOT_FOUND':
    case 'INCONSISTENT_CONTRACT_KEY': {
      const key = anyContractKey();
      const kind =
        failure.code === 'CONTRACT_KEY_NOT_FOUND'
          ? 'ContractKeyNotFound'
          : 'InconsistentContractKey';
      return key === null ? truncated(kind) : error(kind, [key]);
    }
    // Canton can omit the key: then `None`, as Daml's runner answers.
    case 'DUPLICATE_CONTRACT_KEY': {
      const key = anyContractKey();
      return error('DuplicateContractKey', [key === null ? noneValue : someValue(key)]);
    }
    case 'DAML_AUTHORIZATION_ERROR':
      return error('AuthorizationError', [failure.message]);
    case 'INTERPRETATION_USER_ERROR':
      return error('UserError', [failure.message]);
    case 'WRONGLY_TYPED_CONTRACT': {
      const { contractId, templateId, actualTemplateId } = details;
      if (!contractId || !templateId || !actualTemplateId) return truncated('WronglyTypedContract');
      return error('WronglyTypedContract', [
        anyContractId(actualTemplateId, contractId),
        typeRep(templateId),
        typeRep(actualTemplateId),
      ]);
    }
    case 'CONTRACT_DOES_NOT_IMPLEMENT_INTERFACE': {
      const { contractId, templateId, interfaceId } = details;
      if (!contractId || !templateId || !interfaceId)
        return truncated('ContractDoesNotImplementInterface');
      return error('ContractDoesNotImplementInterface', [
        anyContractId(templateId, contractId),
        typeRep(templateId),
        typeRep(interfaceId),
      ]);
    }
    case 'LOCAL_VERDICT_LOCKED_CONTRACTS':
      return error('LocalVerdictLockedContracts', [listValue([])]);
    case 'LOCAL_VERDICT_LOCKED_KEYS':
      return error('LocalVerdictLockedKeys', [listValue([])]);
    case 'INTERPRETATION_UPGRADE_ERROR_VALIDATION_FAILED':
    case 'INTERPRETATION_UPGRADE_ERROR_DOWNGRADE_DROP_DEFINED_FIELD':
    case 'INTERPRETATION_UPGRADE_ERROR_DOWNGRADE_FAILED':
      // Library versions before `UpgradeError` report upgrade failures as a DevError.
      if (!has('DevError')) return unknown();
      return error('DevError', [devErrorType(packages, types, 'Upgrade'), failure.message]);
  }
  // Over the JSON API an unhandled exception arrives as its failure status, without its value.
  if (/UNHANDLED_EXCEPTION\//.test(failure.message))
    return error('UnhandledException', [noneValue]);
  return unknown();
}

function contractIdsOf(failure: SubmitFailure): string[] {
  const { contractId } = failure.details ?? {};
  if (contractId !== undefined) return [contractId];
  const found = /[0-9a-f]{66,}/.exec(failure.message)?.[0];
  return found === undefined ? [] : [found];
}

function templateKeyType(packages: ScriptPackages, templateId: string) {
  const [packageId = '', module = '', name = ''] = templateId.split(':');
  const key = packages.packages.get(packageId)?.modules.get(module)?.templates.get(name)?.key;
  return key === undefined ? null : { type: key.type, runtime: runtimeTypeOf(key.type) };
}

function devErrorType(packages: ScriptPackages, types: ScriptTypes, name: string): LfValue {
  const tycon = types.submitError.replace(/SubmitError$/, 'DevErrorType');
  const [packageId = '', module = '', typeName = ''] = tycon.split(':');
  const declared = packages.packages.get(packageId)?.modules.get(module)?.dataTypes.get(typeName);
  const rank = declared?.tag === 'enum' ? declared.constructors.indexOf(name) : -1;
  return { tag: 'Enum', tycon, constructor: name, rank } as LfValue;
}
