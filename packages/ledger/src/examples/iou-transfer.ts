import { defineTemplate } from '../dsl/template.ts';
import { t } from '../values/builder.ts';
import { iou, iouRecord } from './iou.ts';

/** `Iou:IouTransfer`: the owner offers an Iou to a new owner, who accepts or rejects it. */
export const iouTransfer = defineTemplate({
  id: { packageName: 'pocketnet-examples', module: 'Iou', entity: 'IouTransfer' },
  fields: { iou: iouRecord, newOwner: t.party() },
  signatories: ({ iou: offered }) => [offered.issuer, offered.owner],
  observers: ({ newOwner }) => [newOwner],
  choices: (choice) => ({
    IouTransfer_Accept: choice({
      controllers: ({ newOwner }) => [newOwner],
      argument: {},
      result: t.contractId('#pocketnet-examples:Iou:Iou'),
      body: (tx, self) => tx.create(iou, { ...self.payload.iou, owner: self.payload.newOwner }),
    }),
    IouTransfer_Reject: choice({
      controllers: ({ newOwner }) => [newOwner],
      argument: {},
      result: t.contractId('#pocketnet-examples:Iou:Iou'),
      body: (tx, self) => tx.create(iou, self.payload.iou),
    }),
    IouTransfer_Cancel: choice({
      controllers: ({ iou: offered }) => [offered.owner],
      argument: {},
      result: t.contractId('#pocketnet-examples:Iou:Iou'),
      body: (tx, self) => tx.create(iou, self.payload.iou),
    }),
  }),
});
