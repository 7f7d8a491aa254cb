import { defineTemplate } from '../dsl/template.ts';
import type { Package } from '../packages/package.ts';
import { definePackage } from '../packages/package.ts';
import { t } from '../values/builder.ts';

/**
 * `Canton.Internal.Ping:Ping`, of the admin-workflow package every Canton participant carries:
 * clients ping with it to check that a party can submit (the wallet SDK's `utils.ping`), so a
 * node without it refuses their first command.
 */
export const ping = defineTemplate({
  id: {
    packageName: 'canton-builtin-admin-workflow-ping',
    module: 'Canton.Internal.Ping',
    entity: 'Ping',
  },
  fields: { id: t.text(), initiator: t.party(), responder: t.party() },
  signatories: ({ initiator }) => [initiator],
  observers: ({ responder }) => [responder],
  choices: (choice) => ({
    Respond: choice({
      controllers: ({ responder }) => [responder],
      argument: {},
      result: t.unit(),
      body: () => ({}),
    }),
    AbortPing: choice({
      controllers: (_ping, { anyone }) => [anyone],
      argument: { anyone: t.party() },
      result: t.unit(),
      body: () => ({}),
    }),
  }),
});

export const adminWorkflowPingPackage: Package = definePackage({
  name: 'canton-builtin-admin-workflow-ping',
  version: '3.4.0',
  templates: [ping],
  interfaces: [],
});

/** The packages a Canton participant is born with. */
export const cantonBuiltinPackages: readonly Package[] = [adminWorkflowPingPackage];
