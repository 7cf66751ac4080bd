/** The instant-login exchange as a chunk of its own (root-layout.tsx loads it when an address needs it). */
export { InstantLogin as default } from '../../features/auth';
