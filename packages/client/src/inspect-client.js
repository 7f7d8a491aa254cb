/** @import { Caller } from './client-types.js' */
/**
 * @import { ActorDetail, ActorSummary, MachineDescription, MachineInfo,
 *   TransitionListener } from './inspect-types.js'
 */
import { segment } from './http-caller.js';

/**
 * `/api/inspect/v0`: the machines, the actors the token's user may see, their transitions.
 * @param {Caller} call
 */
export function inspectClient(call) {
  /**
   * @template T
   * @param {string} path
   * @returns {Promise<T>}
   */
  const get = (path) => call(`/api/inspect/v0${path}`);
  return {
    /** @returns {Promise<MachineInfo[]>} */
    machines: async () => (await get('/machines')).machines,
    /**
     * @param {string} id
     * @returns {Promise<MachineDescription>}
     */
    machine: (id) => get(`/machines/${segment(id)}`),
    /** @returns {Promise<ActorSummary[]>} */
    actors: async () => (await get('/actors')).actors,
    /**
     * @param {string} id
     * @returns {Promise<ActorDetail>}
     */
    actor: (id) => get(`/actors/${segment(id)}`),
    /**
     * Listens to transitions over an EventSource (a browser's, which sends no headers: the token
     * goes as `access_token`). Returns `stop()`.
     * @param {TransitionListener} on
     * @returns {() => void}
     */
    transitions(on) {
      const { baseUrl = '', token = '' } = call.options;
      const source = new EventSource(
        `${baseUrl}/api/inspect/v0/transitions?access_token=${encodeURIComponent(token)}`,
      );
      source.addEventListener('ready', () => {
        on.status('live');
        on.ready();
      });
      source.addEventListener('transition', (event) => on.transition(JSON.parse(event.data)));
      // The node was put back to a snapshot: what was shown is another history; the stream
      // reopens (and `ready` reloads) on its own.
      source.addEventListener('reverted', (event) =>
        on.reverted?.(JSON.parse(/** @type {MessageEvent<string>} */ (event).data).reason),
      );
      source.addEventListener('error', () => {
        on.status(source.readyState === EventSource.CLOSED ? 'closed' : 'connecting');
      });
      return () => source.close();
    },
  };
}
