/**
 * The marketing home as a chunk of its own: a prerendered `/` shows it from its HTML, and the app takes it
 * over once this chunk has arrived, after the entry; the sections below its first screen are another chunk.
 */
export { HomePage } from '../../features/public';
