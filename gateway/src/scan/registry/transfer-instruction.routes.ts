import type { ScanService, TransferInstructionAction } from '@pocketnet/runtime';
import { Router } from 'express';
import { decodeBody } from '../../http/decode-body.ts';
import { renderChoiceContext } from './choice-context.render.ts';
import { decodeChoiceContextRequest } from './choice-context-request.ts';
import { transferFactoryRequestSchema } from './registry-requests.schema.ts';

const actions: readonly TransferInstructionAction[] = ['accept', 'reject', 'withdraw'];

/** `/registry/transfer-instruction/v1`: the transfer factory and the instructions' contexts. */
export function transferInstructionRoutes({ scan }: { readonly scan: ScanService }): Router {
  const router = Router();
  const registry = () => scan.registry;
  router.post('/transfer-factory', (req, res) => {
    const { choiceArguments, excludeDebugFields } = decodeBody(
      transferFactoryRequestSchema,
      req.body,
    );
    const factory = registry().transferFactory(choiceArguments.transfer);
    res.json({
      factoryId: factory.factoryId,
      transferKind: factory.transferKind,
      choiceContext: renderChoiceContext(factory.choiceContext, { excludeDebugFields }),
    });
  });
  for (const action of actions) {
    router.post(`/:transferInstructionId/choice-contexts/${action}`, (req, res) => {
      const { excludeDebugFields } = decodeChoiceContextRequest(req.body);
      const context = registry().transferInstructionContext(
        req.params.transferInstructionId,
        action,
      );
      res.json(renderChoiceContext(context, { excludeDebugFields }));
    });
  }
  return router;
}
