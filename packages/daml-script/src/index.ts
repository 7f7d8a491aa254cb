// Daml Script: running a DAR's scripts against a ledger, as Daml's script runner does.

export { findScripts, type ScriptEntry, scriptName } from './find-scripts.ts';
export {
  createJsonApiLedger,
  type JsonApiLedgerOptions,
  LedgerApiError,
} from './json-api-ledger.ts';
export { createScriptRunner, type ScriptRunner, scriptSignature } from './run-script.ts';
export { ScriptFailure, type ScriptLocation } from './script-failure.ts';
export type {
  ScriptContract,
  ScriptLedger,
  ScriptPackageRef,
  ScriptSubmission,
  ScriptUser,
  ScriptUserRight,
  SubmitFailure,
  SubmitOutcome,
} from './script-ledger.ts';
export {
  loadScriptPackages,
  type ScriptPackages,
  ScriptSetupError,
  withScriptsOf,
} from './script-packages.ts';
export { createScriptParticipants, type ScriptParticipants } from './script-participants.ts';
