import { defineTemplate } from '../dsl/template.ts';
import { t } from '../values/builder.ts';

const registrationReference = '#pocketnet-examples:Iou:CurrencyRegistration';

/** The key of a registration: the issuer and the currency code. */
const registrationKey = t.record({ _1: t.party(), _2: t.text() }, 'DA.Types:Tuple2');

/**
 * `Iou:CurrencyRegistration`: an issuer's description of a currency it issues, keyed by
 * (issuer, currency) so an issuer registers each currency once.
 */
export const currencyRegistration = defineTemplate({
  id: { packageName: 'pocketnet-examples', module: 'Iou', entity: 'CurrencyRegistration' },
  fields: {
    issuer: t.party(),
    currency: t.text(),
    description: t.text(),
    observers: t.list(t.party()),
  },
  signatories: ({ issuer }) => [issuer],
  observers: ({ observers }) => observers,
  key: {
    type: registrationKey,
    of: ({ issuer, currency }) => ({ _1: issuer, _2: currency }),
    maintainers: (key) => [key._1],
  },
  choices: (choice) => ({
    CurrencyRegistration_Describe: choice({
      controllers: ({ issuer }) => [issuer],
      argument: { description: t.text() },
      result: t.contractId(registrationReference),
      body: (tx, self, { description }) =>
        tx.create(registrationReference, { ...self.payload, description }),
    }),
    /** The description of another currency of the same issuer, if registered. */
    CurrencyRegistration_LookUp: choice({
      controllers: ({ issuer }) => [issuer],
      consuming: false,
      argument: { currency: t.text() },
      result: t.optional(t.text()),
      body: (tx, self, { currency }) => {
        const key = { _1: self.payload.issuer, _2: currency };
        if (tx.lookupByKey(registrationReference, key) === null) return null;
        const found = tx.fetchByKey(registrationReference, key);
        return String(found.payload.description);
      },
    }),
  }),
});
