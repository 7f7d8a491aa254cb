import { defineTemplate } from '../dsl/template.ts';
import { addNumeric, formatNumeric, parseNumeric, subNumeric } from '../numeric/numeric.ts';
import { t } from '../values/builder.ts';
import { asset } from './asset.ts';

// Bodies name the templates of this package by reference: the template being defined cannot
// refer to its own constant, and IouTransfer imports this module.
const iouReference = '#pocketnet-examples:Iou:Iou';
const iouTransferReference = '#pocketnet-examples:Iou:IouTransfer';

export const iouFields = {
  issuer: t.party(),
  owner: t.party(),
  currency: t.text(),
  amount: t.numeric(10),
  observers: t.list(t.party()),
};

/** The payload of an Iou as a record type, for templates that hold one (IouTransfer). */
export const iouRecord = t.record(iouFields, 'Iou:Iou');

/** `Iou:Iou`: the issuer owes the owner an amount of a currency. */
export const iou = defineTemplate({
  id: { packageName: 'pocketnet-examples', module: 'Iou', entity: 'Iou' },
  fields: iouFields,
  signatories: (payload) => [payload.issuer, payload.owner],
  observers: (payload) => payload.observers,
  ensure: (payload) => parseNumeric(payload.amount) > 0n || 'amount must be positive',
  choices: (choice) => ({
    Iou_Split: choice({
      controllers: (payload) => [payload.owner],
      argument: { splitAmount: t.numeric(10) },
      result: t.record({ _1: t.contractId(iouReference), _2: t.contractId(iouReference) }),
      body: (tx, self, { splitAmount }) => {
        const rest = subNumeric(parseNumeric(self.payload.amount), parseNumeric(splitAmount));
        const first = tx.create(iouReference, { ...self.payload, amount: splitAmount });
        const second = tx.create(iouReference, { ...self.payload, amount: formatNumeric(rest) });
        return { _1: first, _2: second };
      },
    }),
    Iou_Merge: choice({
      controllers: (payload) => [payload.owner],
      argument: { otherCid: t.contractId(iouReference) },
      result: t.contractId(iouReference),
      body: (tx, self, { otherCid }) => {
        const other = tx.fetch(iouReference, otherCid) as typeof self.payload;
        const mine = self.payload;
        if (
          other.issuer !== mine.issuer ||
          other.owner !== mine.owner ||
          other.currency !== mine.currency
        ) {
          tx.fail('Iou_Merge needs an Iou of the same issuer, owner and currency');
        }
        tx.archive(iouReference, otherCid);
        const amount = addNumeric(parseNumeric(mine.amount), parseNumeric(other.amount));
        return tx.create(iouReference, { ...mine, amount: formatNumeric(amount) });
      },
    }),
    Iou_Transfer: choice({
      controllers: (payload) => [payload.owner],
      argument: { newOwner: t.party() },
      result: t.contractId(iouTransferReference),
      body: (tx, self, { newOwner }) =>
        tx.create(iouTransferReference, { iou: self.payload, newOwner }),
    }),
    Iou_AddObserver: choice({
      controllers: (payload) => [payload.owner],
      argument: { newObserver: t.party() },
      result: t.contractId(iouReference),
      body: (tx, self, { newObserver }) =>
        tx.create(iouReference, {
          ...self.payload,
          observers: [newObserver, ...self.payload.observers],
        }),
    }),
  }),
  implements: (implement) => [
    implement(asset, {
      view: ({ owner, amount, currency }) => ({ owner, amount, currency }),
      choices: {
        Asset_Transfer: (tx, self, { newOwner }) =>
          tx.create(iouTransferReference, { iou: self.payload, newOwner }),
      },
    }),
  ],
});
