import type { CompletionView } from '@pocketnet/runtime';

/** One element of the completions stream (CompletionStreamResponse). */
export function renderCompletion(completion: CompletionView) {
  const { submission } = completion;
  return {
    completionResponse: {
      Completion: {
        value: {
          commandId: submission.commandId,
          status: { code: completion.status.code, message: completion.status.message, details: [] },
          updateId: completion.updateId ?? '',
          userId: submission.userId,
          actAs: submission.actAs,
          submissionId: submission.submissionId,
          offset: completion.offset,
          synchronizerTime: {
            synchronizerId: completion.synchronizerId,
            recordTime: completion.recordTime,
          },
          traceContext: { traceparent: '', tracestate: '' },
        },
      },
    },
  };
}
