import type { AllocationAction, ScanService } from '@pocketnet/runtime';
import { Router } from 'express';
import { decodeBody } from '../../http/decode-body.ts';
import { renderChoiceContext } from './choice-context.render.ts';
import { decodeChoiceContextRequest } from './choice-context-request.ts';
import { allocationFactoryRequestSchema } from './registry-requests.schema.ts';

const actions: readonly AllocationAction[] = ['execute-transfer', 'withdraw', 'cancel'];

/** `/registry/allocation-instruction/v1`: the allocation factory. */
export function allocationInstructionRoutes({ scan }: { readonly scan: ScanService }): Router {
  const router = Router();
  router.post('/allocation-factory', (req, res) => {
    const { excludeDebugFields } = decodeBody(allocationFactoryRequestSchema, req.body);
    const factory = scan.registry.allocationFactory();
    res.json({
      factoryId: factory.factoryId,
      choiceContext: renderChoiceContext(factory.choiceContext, { excludeDebugFields }),
    });
  });
  return router;
}

/** `/registry/allocations/v1`: the choice contexts of an allocation's settlement and abort. */
export function allocationRoutes({ scan }: { readonly scan: ScanService }): Router {
  const router = Router();
  for (const action of actions) {
    router.post(`/:allocationId/choice-contexts/${action}`, (req, res) => {
      const { excludeDebugFields } = decodeChoiceContextRequest(req.body);
      const context = scan.registry.allocationContext(req.params.allocationId, action);
      res.json(renderChoiceContext(context, { excludeDebugFields }));
    });
  }
  return router;
}
