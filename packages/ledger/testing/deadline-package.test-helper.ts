import { defineTemplate } from '../src/dsl/template.ts';
import { examplePackages } from '../src/examples/examples-package.ts';
import { definePackage } from '../src/packages/package.ts';
import { t } from '../src/values/builder.ts';

// Test support: a ticket whose claims check the ledger time the three ways a choice can, so
// the ledger time bounds of prepared transactions can be seen at work.

const id = (entity: string) => ({ packageName: 'pocketnet-time-tests', module: 'Time', entity });
const claimReference = '#pocketnet-time-tests:Time:Claim';

export const ticketTemplate = '#pocketnet-time-tests:Time:Ticket';

/** What a successful claim creates: which check let it through. */
const claim = defineTemplate({
  id: id('Claim'),
  fields: { holder: t.party(), how: t.text() },
  signatories: ({ holder }) => [holder],
});

const ticket = defineTemplate({
  id: id('Ticket'),
  fields: { holder: t.party() },
  signatories: ({ holder }) => [holder],
  choices: (choice) => ({
    // Splice's assertWithinDeadline: the ledger time must be before the deadline.
    Ticket_ClaimBefore: choice({
      controllers: ({ holder }) => [holder],
      consuming: false,
      argument: { deadline: t.time() },
      result: t.contractId(claimReference),
      body: (tx, self, { deadline }) => {
        if (!tx.isLedgerTimeLT(deadline)) tx.fail(`the deadline ${deadline} has passed`);
        return tx.create(claimReference, { holder: self.payload.holder, how: 'before' });
      },
    }),
    // Splice's assertDeadlineExceeded: the ledger time must have reached `from`.
    Ticket_ClaimFrom: choice({
      controllers: ({ holder }) => [holder],
      consuming: false,
      argument: { from: t.time() },
      result: t.contractId(claimReference),
      body: (tx, self, { from }) => {
        if (!tx.isLedgerTimeGE(from)) tx.fail(`${from} has not come yet`);
        return tx.create(claimReference, { holder: self.payload.holder, how: 'from' });
      },
    }),
    // A deadline checked by reading the time (Daml's getTime).
    Ticket_ClaimByReading: choice({
      controllers: ({ holder }) => [holder],
      consuming: false,
      argument: { deadline: t.time() },
      result: t.contractId(claimReference),
      body: (tx, self, { deadline }) => {
        if (tx.now() >= deadline) tx.fail(`the deadline ${deadline} has passed`);
        return tx.create(claimReference, { holder: self.payload.holder, how: 'reading' });
      },
    }),
  }),
});

export const timePackages = [
  ...examplePackages,
  definePackage({ name: 'pocketnet-time-tests', version: '0.1.0', templates: [ticket, claim] }),
];
