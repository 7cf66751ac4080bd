/** What password.ts uses of hash-wasm, loaded on the first hash (a chunk of its own in the Lambda bundle). */
export { argon2id } from 'hash-wasm';
