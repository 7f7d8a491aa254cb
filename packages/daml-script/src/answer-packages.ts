import type { LfValue } from '@pocketnet/daml-lf';
import type { AnswerContext, Answers } from './answers.ts';
import type { ScriptPackageRef } from './script-ledger.ts';
import { participantField } from './script-participants.ts';
import { fieldsOf, listOf, listValue, record, text, unitValue } from './script-values.ts';

/**
 * Package vetting (Daml.Script.Internal.Questions.Packages): packages named by name and version,
 * DARs by their main package's name, on the default participant or a named one.
 */
export function packageAnswers({ packages, participants }: AnswerContext): Answers {
  const packageName = packages.tycon(
    'daml-script',
    'Daml.Script.Internal.Questions.Packages',
    'PackageName',
  );
  const refOf = (value: LfValue): ScriptPackageRef => {
    const [name, version] = fieldsOf(value, 'PackageName') as [LfValue, LfValue];
    return { name: text(name, 'a package name'), version: text(version, 'a package version') };
  };
  const refsValue = (refs: readonly ScriptPackageRef[]) =>
    listValue(refs.map((ref) => record(packageName, [ref.name, ref.version])));
  // Later library versions add `participant : Optional Text` after the packages.
  const vetting = (operation: 'vet' | 'unvet') => async (payload: LfValue) => {
    const [refs, participant] = fieldsOf(payload, 'a vetting question');
    const ledger = participants.ledgerOf(participantField(participant));
    await ledger.updateVetting(operation, listOf(refs as LfValue).map(refOf));
    return unitValue;
  };
  // A DAR is named by its main package: every version of that name the participant knows.
  const darVetting = (operation: 'vet' | 'unvet') => async (payload: LfValue) => {
    const [darName, participant] = fieldsOf(payload, 'a DAR vetting question');
    const name = text(darName as LfValue, 'a DAR name');
    const ledger = participants.ledgerOf(participantField(participant));
    const known = (await ledger.listPackages('all')).filter((ref) => ref.name === name);
    if (known.length === 0) throw new Error(`No DAR with main package ${name} is known`);
    await ledger.updateVetting(operation, known);
    return unitValue;
  };
  const listing = (which: 'all' | 'vetted') => async (payload: LfValue) => {
    const [participant] = fieldsOf(payload, 'a package listing question');
    const ledger = participants.ledgerOf(participantField(participant));
    return refsValue(await ledger.listPackages(which));
  };
  return {
    VetPackages: vetting('vet'),
    UnvetPackages: vetting('unvet'),
    VetDar: darVetting('vet'),
    UnvetDar: darVetting('unvet'),
    ListVettedPackages: listing('vetted'),
    ListAllPackages: listing('all'),
  };
}
