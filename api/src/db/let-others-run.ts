import { setImmediate } from 'node:timers/promises';

/**
 * Waits until the requests already waiting on the event loop have had their turn. libSQL on a file
 * runs each statement synchronously on this thread, and awaiting it only queues a microtask, so a
 * run of statements with nothing between them holds every other request (GET /api/health included)
 * until the last one is done; a work that reads many statements calls this between them.
 */
export function letOthersRun(): Promise<void> {
  return setImmediate();
}
