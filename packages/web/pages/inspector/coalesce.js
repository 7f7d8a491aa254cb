// Runs an async task at most once at a time; asks made while it runs fold into one more run.
// A burst of transitions (a round change moves many actors) costs two reloads, not hundreds.

/**
 * `schedule()` runs `task` now, or once more after the run in progress.
 * @param {() => Promise<unknown>} task
 * @param {(error: unknown) => void} onError
 * @returns {() => void}
 */
export function createCoalescer(task, onError) {
  /** @type {Promise<unknown> | null} */
  let running = null;
  let again = false;
  const schedule = () => {
    if (running) {
      again = true;
      return;
    }
    running = task()
      .catch(onError)
      .finally(() => {
        running = null;
        if (!again) return;
        again = false;
        schedule();
      });
  };
  return schedule;
}
