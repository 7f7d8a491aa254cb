import { type NextFunction, type Request, type RequestHandler, type Response, raw } from 'express';
import { isCappedReadable, plainBodyLength, readCappedBody, readPlainBody } from './plain-body.ts';
import { invalidBody, RequestBodyError } from './request-body-error.ts';

/** Canton's JSON API refuses request bodies over 10 MiB. */
export const maxRequestBodyBytes = 10 * 1024 * 1024;

type ReadError = { type?: unknown; status?: unknown; expected?: unknown; message: string };

const isReadError = (error: unknown): error is ReadError =>
  error instanceof Error && typeof (error as { type?: unknown }).type === 'string';

// Pekko HTTP's words for an oversized entity, which is what Canton's clients see.
const declaredTooLarge = (declared: number, limit: number, cause?: unknown) =>
  new RequestBodyError(
    `Request Content-Length of ${declared} bytes exceeds the configured limit of ${limit} bytes`,
    { status: 413, cause },
  );

function tooLarge(error: ReadError, limit: number): RequestBodyError {
  if (typeof error.expected === 'number') return declaredTooLarge(error.expected, limit, error);
  const summary = `Aggregated data length of request entity exceeds the configured limit of ${limit} bytes`;
  return new RequestBodyError(summary, { status: 413, cause: error });
}

/** A Content-Length, when the request declares a well-formed one. */
function declaredLength(req: Request): number | null {
  const declared = req.headers['content-length'];
  return declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : null;
}

/** The body reader's own failures become plain-text client errors; anything else stays a bug. */
function fromReadError(error: unknown, limit: number): unknown {
  if (!isReadError(error)) return error;
  if (error.type === 'entity.too.large') return tooLarge(error, limit);
  const status = typeof error.status === 'number' ? error.status : 500;
  return status >= 400 && status < 500
    ? new RequestBodyError(error.message, { status, cause: error })
    : error;
}

function readBody(limit: number): RequestHandler {
  // Every content type: the official SDK posts its JSON without a Content-Type header.
  const readRaw = raw({ type: () => true, limit });
  return (req: Request, res: Response, next: NextFunction) => {
    // Refused before its end, a body is never read on: the answer closes the connection.
    const refuse = (error: RequestBodyError) => {
      if (!req.complete) res.set('Connection', 'close');
      next(error);
    };
    const store = (error: RequestBodyError | null, body: Buffer | null) => {
      if (error) return refuse(error);
      req.body = body;
      next();
    };
    const length = plainBodyLength(req, limit);
    if (length !== null) return readPlainBody(req, length, store);
    // Refused at once, from the headers and the first bytes past the limit: body-parser would
    // read the whole body first, however large, only to drop it.
    const declared = declaredLength(req);
    if (declared !== null && declared > limit) return refuse(declaredTooLarge(declared, limit));
    if (
      declared === null &&
      req.headers['transfer-encoding'] !== undefined &&
      isCappedReadable(req)
    ) {
      return readCappedBody(req, limit, store);
    }
    readRaw(req, res, (error?: unknown) => next(error ? fromReadError(error, limit) : undefined));
  };
}

/**
 * JSON numbers become JS numbers: int64 offsets lose nothing below 2^53, which no ledger of
 * ours reaches, so the standard parser is enough and values stay plain JSON.
 */
export function parseJsonBody(body: unknown): unknown {
  if (!Buffer.isBuffer(body) || body.length === 0) return undefined;
  const text = body.toString('utf8');
  let parsed: unknown;
  try {
    // Only a text that could spell the key (as is, or with \u escapes) pays for the reviver.
    parsed =
      text.includes('__proto__') || text.includes('\\u')
        ? JSON.parse(text, refuseProtoKey)
        : JSON.parse(text);
  } catch (error) {
    throw invalidBody(error instanceof Error ? error.message : String(error), error);
  }
  return parsed;
}

/**
 * JSON.parse keeps `__proto__` as an own key, but any later copy by assignment (a schema's
 * record parser, a merge) turns it into a prototype: the key is refused where the body is read,
 * as no field of the API is named so (Canton refuses it as an annotation key, too).
 */
function refuseProtoKey(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new SyntaxError('the key "__proto__" is not accepted');
  return value;
}

/**
 * Reads the whole body (up to `limitBytes`, 10 MiB by default) and parses it as JSON whatever
 * the Content-Type says; an empty body leaves `req.body` undefined.
 */
export function createJsonBodyParser(options: { limitBytes?: number } = {}): RequestHandler {
  const limit = options.limitBytes ?? maxRequestBodyBytes;
  const read = readBody(limit);
  return (req, res, next) => {
    read(req, res, (error?: unknown) => {
      if (error) return next(error);
      try {
        req.body = parseJsonBody(req.body);
      } catch (parseError) {
        return next(parseError);
      }
      next();
    });
  };
}

/** Reads the whole body as bytes (DAR uploads); an empty body leaves `req.body` undefined. */
export function createBinaryBodyParser(options: { limitBytes?: number } = {}): RequestHandler {
  const read = readBody(options.limitBytes ?? maxRequestBodyBytes);
  return (req, res, next) => {
    read(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (Buffer.isBuffer(req.body) && req.body.length === 0) req.body = undefined;
      next();
    });
  };
}
