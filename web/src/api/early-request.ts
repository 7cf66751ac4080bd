/**
 * The early route script (app/early) and the API client share one value on `window`: the request the script
 * started for a deep link's data. The client adopts it once (the first GET of that URL); any later load
 * fetches anew.
 */
export interface EarlyRequest {
  url: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __nutriEarlyRequest?: EarlyRequest;
  }
}

export const leaveEarlyRequest = (request: EarlyRequest) => {
  window.__nutriEarlyRequest = request;
};

/** The early request's response for `url`, at most once; null when the script did not request it. */
export const takeEarlyResponse = (url: string): Promise<Response> | null => {
  const early = typeof window === 'undefined' ? undefined : window.__nutriEarlyRequest;
  if (early?.url !== url) return null;
  delete window.__nutriEarlyRequest;
  return early.response;
};
