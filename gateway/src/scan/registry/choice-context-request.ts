import { decodeBody } from '../../http/decode-body.ts';
import {
  type ChoiceContextRequest,
  choiceContextRequestSchema,
} from './registry-requests.schema.ts';

/** A choice-context request; wallets may post none at all, which asks for nothing special. */
export function decodeChoiceContextRequest(body: unknown): ChoiceContextRequest {
  return body === undefined ? {} : decodeBody(choiceContextRequestSchema, body);
}
