/**
 * Whether the app is rendering a prerendered page for the first time: on the server (src/prerender), and in
 * the browser from taking such a page over (hydrating it, main.tsx) until the visitor moves to another page:
 * the page's own part may hydrate well after the rest, when its chunk has arrived.
 * A component whose first render on a live visit differs on purpose (e.g. the nutritionist list draws its
 * cards in steps) renders the whole page then: the HTML must be complete without JavaScript, and the
 * browser's first render must match it.
 */
import { useEffect, useRef } from 'react';

let takingOver = false;

export const startTakingOver = () => {
  takingOver = true;
};

/** Ends the take-over at the first move to another address (root-layout.tsx). */
export const useTakeOverEndsOnNavigation = (address: string) => {
  const first = useRef(address);
  useEffect(() => {
    if (address !== first.current) takingOver = false;
  }, [address]);
};

export const isRenderingPrerenderedPage = () => import.meta.env.SSR || takingOver;
