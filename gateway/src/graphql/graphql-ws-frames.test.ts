import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createFrameCache } from './graphql-ws-frames.ts';

/** What graphql-ws's `next` does: onNext, then stringify with the replacer, then send. */
function sendNext(frames: ReturnType<typeof createFrameCache>, id: string, result: object) {
  const payload = frames.payloadOf(result) ?? { ...result };
  const data = JSON.stringify({ id, type: 'next', payload }, frames.replacer);
  return frames.frameOf(data);
}

describe('the frame cache', () => {
  test.prop([fc.string(), fc.jsonValue()])(
    'sends exactly the frame graphql-ws would have built',
    (id, data) => {
      const frames = createFrameCache();
      const result = { data: { value: data, payload: data } };
      const expected = JSON.stringify({ id, type: 'next', payload: result });
      expect(sendNext(frames, id, result)).toBe(expected);
      expect(sendNext(frames, `${id}\u0000`, result)).toBe(
        JSON.stringify({ id: `${id}\u0000`, type: 'next', payload: result }),
      );
    },
  );

  it('leaves results with errors and other messages to graphql-ws', () => {
    const frames = createFrameCache();
    const failed = { data: null, errors: [{ message: 'no' }] };
    expect(frames.payloadOf(failed)).toBeUndefined();
    const complete = JSON.stringify({ id: '1', type: 'complete' }, frames.replacer);
    expect(frames.frameOf(complete)).toBe('{"id":"1","type":"complete"}');
  });
});
