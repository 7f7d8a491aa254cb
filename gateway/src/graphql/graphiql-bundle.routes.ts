import { createHash } from 'node:crypto';
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

type Piece = { readonly body: Buffer; readonly type: string; readonly etag: string };

/**
 * `/graphql/assets/<piece>`: GraphiQL's code for the GraphQL page. The bundle is 9 MB of
 * JavaScript in strings, so it is imported on the first request for it, not when the node
 * starts; each piece is encoded once, and a browser that has it is answered 304 by its ETag.
 */
export function graphiqlBundleRoutes(): Router {
  let bundle: Promise<Bundle> | undefined;
  const encoded = new Map<string, Piece>();
  const pieceOf = async (name: string): Promise<Piece | undefined> => {
    const known = encoded.get(name);
    if (known) return known;
    const piece = pieces[name];
    if (!piece) return undefined;
    bundle ??= import('@graphql-yoga/render-graphiql/graphiql');
    const body = Buffer.from((await bundle)[piece[0]]);
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
    const made = { body, type: piece[1], etag };
    encoded.set(name, made);
    return made;
  };
  const router = Router();
  router.get('/graphql/assets/:name', async (req, res, next) => {
    const piece = await pieceOf(req.params.name);
    if (!piece) return next();
    res.set({
      'Content-Type': piece.type,
      'Cache-Control': 'no-cache',
      ETag: piece.etag,
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.headers['if-none-match'] === piece.etag) return void res.status(304).end();
    res.end(piece.body);
  });
  return router;
}
