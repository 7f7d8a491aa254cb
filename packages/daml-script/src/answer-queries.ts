import { fromLedgerValue, type LfValue } from '@pocketnet/daml-lf';
import type { AnswerContext, Answers } from './answers.ts';
import { templateIdOf, tuple } from './script-commands.ts';
import type { ScriptContract } from './script-ledger.ts';
import {
  contractIdOf,
  contractIdValue,
  fieldsOf,
  listOf,
  listValue,
  noneValue,
  partyOf,
  record,
  ScriptValueError,
  someValue,
} from './script-values.ts';

/** The queries: what the parties see of a template's or an interface's active contracts. */
export function queryAnswers({ packages, types, participants }: AnswerContext): Answers {
  const payloadOf = (contract: ScriptContract) =>
    fromLedgerValue(
      packages.valueTypes.valueType(packages.typeOf(contract.templateId)),
      contract.payload,
    );
  const anyTemplate = (templateId: string, payload: LfValue) =>
    record(types.anyTemplate, [
      { tag: 'Any', type: { tag: 'Con', tycon: templateId }, value: payload },
    ]);
  const viewType = (interfaceId: string) => {
    const [packageId = '', module = '', name = ''] = interfaceId.split(':');
    const definition = packages.packages.get(packageId)?.modules.get(module)?.interfaces.get(name);
    if (definition === undefined) throw new ScriptValueError(`unknown interface ${interfaceId}`);
    return packages.valueTypes.valueType(definition.view);
  };
  const request = (payload: LfValue, what: string) => {
    const fields = fieldsOf(payload, what);
    return {
      parties: listOf(fields[0] as LfValue).map(partyOf),
      id: templateIdOf(fields[1] as LfValue),
      contractId: fields[2] === undefined ? null : contractIdOf(fields[2]),
    };
  };
  const views = async (payload: LfValue, what: string) => {
    const { parties, id, contractId } = request(payload, what);
    const type = viewType(id);
    const found = await participants.forParties(parties).queryInterface(parties, id);
    const value = (view: (typeof found)[number]['view']) =>
      view === null ? noneValue : someValue(fromLedgerValue(type, view));
    return { found, contractId, value };
  };
  return {
    async QueryACS(payload) {
      const { parties, id } = request(payload, 'QueryACS');
      const contracts = await participants.forParties(parties).query(parties, id);
      return listValue(
        contracts.map((contract) =>
          tuple(types, [
            contractIdValue(contract.contractId),
            anyTemplate(id, payloadOf(contract)),
          ]),
        ),
      );
    },
    async QueryContractId(payload) {
      const { parties, id, contractId } = request(payload, 'QueryContractId');
      const contracts = await participants.forParties(parties).query(parties, id);
      const found = contracts.find((contract) => contract.contractId === contractId);
      if (found === undefined) return noneValue;
      const templateTypeRep = record(types.templateTypeRep, [
        { tag: 'TypeRep', type: { tag: 'Con', tycon: id } },
      ]);
      return someValue(
        tuple(types, [anyTemplate(id, payloadOf(found)), templateTypeRep, found.createdEventBlob]),
      );
    },
    async QueryInterface(payload) {
      const { found, value } = await views(payload, 'QueryInterface');
      return listValue(
        found.map((entry) => tuple(types, [contractIdValue(entry.contractId), value(entry.view)])),
      );
    },
    async QueryInterfaceContractId(payload) {
      const { found, contractId, value } = await views(payload, 'QueryInterfaceContractId');
      const entry = found.find((candidate) => candidate.contractId === contractId);
      return entry === undefined ? noneValue : value(entry.view);
    },
  };
}
