import { defineInterface } from '../dsl/interface.ts';
import { t } from '../values/builder.ts';

/** `Iou:Asset`, a holding of some amount of a currency, implemented by `Iou:Iou`. */
export const asset = defineInterface({
  id: { packageName: 'pocketnet-examples', module: 'Iou', entity: 'Asset' },
  view: t.record({ owner: t.party(), amount: t.numeric(10), currency: t.text() }, 'Iou:AssetView'),
  choices: (choice) => ({
    /** Written once in the interface, against the view. */
    Asset_Describe: choice({
      controllers: (view) => [view.owner],
      consuming: false,
      argument: {},
      result: t.text(),
      body: (_tx, self) =>
        `${self.payload.amount} ${self.payload.currency} held by ${self.payload.owner}`,
    }),
    /** Each implementation says how its asset is offered to a new owner. */
    Asset_Transfer: choice({
      controllers: (view) => [view.owner],
      argument: { newOwner: t.party() },
      result: t.contractId(),
    }),
  }),
});
