import type { LfValue } from '@pocketnet/daml-lf';
import type { AnswerContext, Answers } from './answers.ts';
import { textField } from './script-commands.ts';
import type { ScriptUser, ScriptUserRight } from './script-ledger.ts';
import { participantField } from './script-participants.ts';
import {
  fieldsOf,
  listOf,
  listValue,
  noneValue,
  optionalOf,
  partyOf,
  partyValue,
  record,
  someValue,
  unitValue,
  variant,
  variantOf,
} from './script-values.ts';

/** Canton's user id syntax (Ref.UserId): 1 to 128 of these characters. */
const userIdPattern = /^[a-zA-Z0-9@^$.!`\-#+'~_|:()]{1,128}$/;

/** User management: `None` answers a user that does not exist, as the runner answers it. */
export function userAnswers({ types, participants }: AnswerContext): Answers {
  // Each question's last field names the participant (`…On` variants), the default one if None.
  const ledgerFor = (payload: LfValue) => {
    const fields = fieldsOf(payload, 'a user question');
    return participants.ledgerOf(participantField(fields[fields.length - 1]));
  };
  const rightOf = (right: LfValue): ScriptUserRight => {
    const { constructor: kind, value } = variantOf(right, 'a UserRight');
    switch (kind) {
      case 'ParticipantAdmin':
        return { kind: 'participantAdmin' };
      case 'CanActAs':
        return { kind: 'canActAs', party: partyOf(value) };
      case 'CanReadAs':
        return { kind: 'canReadAs', party: partyOf(value) };
      default:
        return { kind: 'canReadAsAnyParty' };
    }
  };
  const rightValue = (right: ScriptUserRight): LfValue => {
    switch (right.kind) {
      case 'participantAdmin':
        return variant(types.userRight, 'ParticipantAdmin', 0, unitValue);
      case 'canActAs':
        return variant(types.userRight, 'CanActAs', 1, partyValue(right.party));
      case 'canReadAs':
        return variant(types.userRight, 'CanReadAs', 2, partyValue(right.party));
      case 'canReadAsAnyParty':
        return variant(types.userRight, 'CanReadAsAnyParty', 3, unitValue);
    }
  };
  const userIdOf = (payload: LfValue) =>
    textField(fieldsOf(payload, 'a user question')[0] as LfValue, 0, 'UserId');
  const rightsOf = (payload: LfValue) =>
    listOf(fieldsOf(payload, 'a user question')[1] as LfValue).map(rightOf);
  const userValue = (user: ScriptUser) =>
    record(types.user, [
      record(types.userId, [user.userId]),
      user.primaryParty === null ? noneValue : someValue(partyValue(user.primaryParty)),
    ]);
  const rightsValue = (rights: readonly ScriptUserRight[] | null) =>
    rights === null ? noneValue : someValue(listValue(rights.map(rightValue)));
  return {
    async ValidateUserId(payload) {
      const name = textField(payload, 0, 'ValidateUserId');
      if (userIdPattern.test(name)) return noneValue;
      return someValue(`User ID "${name}" does not match regex "${userIdPattern.source}"`);
    },
    async CreateUser(payload) {
      const [user, rights] = fieldsOf(payload, 'CreateUser') as [LfValue, LfValue];
      const [userId, primary] = fieldsOf(user, 'User') as [LfValue, LfValue];
      const primaryParty = optionalOf(primary);
      const outcome = await ledgerFor(payload).createUser(
        {
          userId: textField(userId, 0, 'UserId'),
          primaryParty: primaryParty === null ? null : partyOf(primaryParty),
        },
        listOf(rights).map(rightOf),
      );
      return outcome === 'ok' ? someValue(unitValue) : noneValue;
    },
    async GetUser(payload) {
      const user = await ledgerFor(payload).getUser(userIdOf(payload));
      return user === null ? noneValue : someValue(userValue(user));
    },
    async ListAllUsers(payload) {
      return listValue((await ledgerFor(payload).listUsers()).map(userValue));
    },
    async DeleteUser(payload) {
      return (await ledgerFor(payload).deleteUser(userIdOf(payload)))
        ? someValue(unitValue)
        : noneValue;
    },
    async GrantUserRights(payload) {
      return rightsValue(
        await ledgerFor(payload).grantUserRights(userIdOf(payload), rightsOf(payload)),
      );
    },
    async RevokeUserRights(payload) {
      return rightsValue(
        await ledgerFor(payload).revokeUserRights(userIdOf(payload), rightsOf(payload)),
      );
    },
    async ListUserRights(payload) {
      return rightsValue(await ledgerFor(payload).listUserRights(userIdOf(payload)));
    },
  };
}
