// Live changes over GraphQL subscriptions (graphql-ws on the node's /graphql WebSocket): every
// update the wallet's party sees, and every transition of the workflow actors it may see. A lost
// connection is retried with backoff and resumes the updates after the last offset received, so
// no change is missed.

const updatesQuery = `subscription WalletUpdates($after: Offset!, $party: String!) {
  updates(beginExclusive: $after, filter: { parties: [$party] }) {
    ... on Transaction { offset updateId }
    ... on TopologyTransaction { offset updateId }
  }
}`;

const transitionsQuery = `subscription WalletWorkflows {
  actorTransitions { actorId machine from to event at }
}`;

const maxBackoffMs = 10_000;

/**
 * @import { ActorTransition } from '@pocketnet/client/types'
 * @typedef {{
 *   update: (offset: number) => void,
 *   transition: (transition: ActorTransition) => void,
 *   status: (status: string) => void,
 *   resumed: () => void,
 *   reverted?: (reason: string) => void,
 *   problem?: (message: string) => void,
 * }} LiveListener
 * A graphql-ws message as the wallet reads it.
 * @typedef {{
 *   id?: string,
 *   type: string,
 *   payload?: {
 *     data?: { updates?: { offset: number }, actorTransitions?: ActorTransition },
 *   } & Array<{ message?: string }>,
 * }} WsMessage
 */

/**
 * Starts listening: `on.update(offset)` per update, `on.transition(transition)` per actor
 * transition, `on.status('live' | 'connecting' | 'closed')`, `on.resumed()` after a reconnect
 * (the caller refreshes what it shows), `on.reverted(reason)` when the node was put back to a
 * snapshot. Returns `stop()`.
 * @param {{ token: string, party: string, after: number }} session
 * @param {LiveListener} on
 * @returns {() => void}
 */
export function startLive({ token, party, after }, on) {
  let offset = after;
  /** @type {WebSocket | null} */
  let socket = null;
  let stopped = false;
  let backoff = 500;
  let reconnects = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;

  /** @param {object} message */
  const send = (message) =>
    socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message));
  const subscribe = () => {
    send({
      id: 'updates',
      type: 'subscribe',
      payload: { query: updatesQuery, variables: { after: offset, party } },
    });
    send({ id: 'workflows', type: 'subscribe', payload: { query: transitionsQuery } });
  };
  /** @type {Record<string, ((message: WsMessage) => void) | undefined>} */
  const handlers = {
    connection_ack: () => {
      backoff = 500;
      on.status('live');
      subscribe();
      if (reconnects > 0) on.resumed();
    },
    ping: () => send({ type: 'pong' }),
    next: (message) => {
      const data = message.payload?.data;
      if (message.id === 'updates' && data?.updates) {
        offset = data.updates.offset;
        on.update(offset);
      } else if (message.id === 'workflows' && data?.actorTransitions) {
        on.transition(data.actorTransitions);
      }
    },
    error: (message) => on.problem?.(message.payload?.[0]?.message ?? 'subscription failed'),
    complete: () => socket?.close(),
  };

  const connect = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/graphql`, 'graphql-transport-ws');
    socket.addEventListener('open', () =>
      send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }),
    );
    socket.addEventListener('message', (event) => {
      /** @type {WsMessage} */
      const message = JSON.parse(event.data);
      handlers[message.type]?.(message);
    });
    socket.addEventListener('close', (event) => {
      socket = null;
      if (stopped) return;
      // 4401/4403: the token was refused; retrying with it cannot help.
      if (event.code === 4401 || event.code === 4403) return on.status('closed');
      // 1012: the node was reverted (or reset) to a snapshot; its reason names the ledger end
      // now, and the updates after it are another history: resume there and reload at once.
      const reverted = event.code === 1012 ? /ledger end (\d+)/.exec(event.reason) : null;
      if (reverted) {
        offset = Math.min(offset, Number(reverted[1]));
        backoff = 500;
        on.reverted?.(event.reason);
      }
      on.status('connecting');
      reconnects += 1;
      timer = setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, maxBackoffMs);
    });
  };

  on.status('connecting');
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
    on.status('idle');
  };
}
