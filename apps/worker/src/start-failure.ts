// What a process prints when its start fails: the API's main.ts and the standalone worker's.
/** Why the start failed, also for a rejection without an Error (a library rejecting with nothing). */
export function startFailure(error: unknown): string {
  if (!(error instanceof Error)) return error === undefined ? 'a step failed without saying why' : String(error);
  const cause = error.cause instanceof Error ? `\n  caused by: ${error.cause.message}` : '';
  return `${error.message || error.name}${cause}`;
}
