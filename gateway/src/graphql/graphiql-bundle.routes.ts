import { Router } from 'express';

type Bundle = typeof import('@graphql-yoga/render-graphiql/graphiql');

const javascript = 'text/javascript; charset=utf-8';

// GraphiQL as @graphql-yoga/render-graphiql bundles it (React, GraphiQL, Monaco and its workers),
// each piece a file of its own so the page loads nothing from elsewhere and runs no inline code.
const pieces: Readonly<Record<string, readonly [keyof Bundle, string]>> = {
  'graphiql.js': ['js', javascript],
  'graphiql.css': ['css', 'text/css; charset=utf-8'],
  'editor.worker.js': ['editorWorkerService', javascript],
  'json.worker.js': ['jsonWorker', javascript],
  'graphql.worker.js': ['graphqlWorker', javascript],
};

/**
 * `/graphql/assets/<piece>`: GraphiQL's code for the GraphQL page. The bundle is 9 MB of
 * JavaScript in strings, so it is imported on the first request for it, not when the node starts.
 */
export function graphiqlBundleRoutes(): Router {
  let bundle: Promise<Bundle> | undefined;
  const router = Router();
  router.get('/graphql/assets/:name', async (req, res, next) => {
    const piece = pieces[req.params.name];
    if (!piece) return next();
    bundle ??= import('@graphql-yoga/render-graphiql/graphiql');
    const [name, type] = piece;
    res.set({
      'Content-Type': type,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    res.send((await bundle)[name]);
  });
  return router;
}
